/**
 * `parseQuery`: validated query string → tree.
 *
 * Grammar (precedence NOT, then AND, then OR; parentheses group):
 *
 *   query   = or
 *   or      = and { "OR" and }
 *   and     = unary { ["AND"] unary }      -- two operands side by side mean AND
 *   unary   = "NOT" unary | primary
 *   primary = term | phrase | "(" or ")"
 *
 * So `a b` is `a AND b`, `a OR b c` is `a OR (b AND c)`, and `a NOT b` is `a AND NOT b` (NOT is a unary prefix;
 * written after an operand it is that operand AND NOT the next one). `NOT NOT a` is refused by the validator as
 * "multiple keywords"; write `NOT (NOT a)`.
 */
import { and, not, or, phrase, term, type QueryNode } from './ast';
import { QUERY_LIMITS, type QueryError } from './errors';
import type { QueryToken } from './lexer';
import { checkQuery } from './validate';

export type ParseResult = { ok: true; ast: QueryNode } | { ok: false; errors: QueryError[] };

export function parseQuery(input: string): ParseResult {
  const { tokens, errors } = checkQuery(input);
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, ast: parseTokens(tokens) };
}

/** The tree of tokens `checkQuery` accepted. Throws (never overflows the stack) on tokens it did not accept. */
export function parseTokens(tokens: readonly QueryToken[]): QueryNode {
  return new Parser(tokens).parse();
}

/**
 * Recursive descent over tokens the validator accepted; a failure here is a bug in the validator. It recurses
 * only into parentheses, and checks the depth before it does, so no input can overflow the stack (the validator
 * refuses the same depth with a message first).
 */
class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: readonly QueryToken[]) {}

  parse(): QueryNode {
    const node = this.parseOr();
    if (this.index !== this.tokens.length) this.fail();
    return node;
  }

  private parseOr(): QueryNode {
    const children = [this.parseAnd()];
    while (this.isKeyword('OR')) {
      this.index += 1;
      children.push(this.parseAnd());
    }
    return or(...children);
  }

  private parseAnd(): QueryNode {
    const children = [this.parseUnary()];
    for (;;) {
      if (this.isKeyword('AND')) {
        this.index += 1;
        children.push(this.parseUnary());
      } else if (this.startsOperand()) {
        children.push(this.parseUnary());
      } else {
        return and(...children);
      }
    }
  }

  private parseUnary(): QueryNode {
    let negations = 0;
    while (this.isKeyword('NOT')) {
      this.index += 1;
      negations += 1;
    }
    let node = this.parsePrimary();
    for (; negations > 0; negations -= 1) node = not(node);
    return node;
  }

  private parsePrimary(): QueryNode {
    const token = this.tokens[this.index];
    this.index += 1;
    if (token?.type === 'term') return term(token.text);
    if (token?.type === 'phrase') return phrase(token.text);
    if (token?.type === 'open') {
      if (this.depth >= QUERY_LIMITS.maxDepth) {
        throw new Error(`query parser: parentheses nested deeper than ${QUERY_LIMITS.maxDepth} levels in a validated query`);
      }
      this.depth += 1;
      const inner = this.parseOr();
      this.depth -= 1;
      if (this.tokens[this.index]?.type !== 'close') this.fail();
      this.index += 1;
      return inner;
    }
    return this.fail();
  }

  private isKeyword(keyword: string): boolean {
    const token = this.tokens[this.index];
    return token?.type === 'keyword' && token.keyword === keyword;
  }

  private startsOperand(): boolean {
    const token = this.tokens[this.index];
    return token?.type === 'term' || token?.type === 'phrase' || token?.type === 'open' || this.isKeyword('NOT');
  }

  private fail(): never {
    throw new Error(`query parser: unexpected token at index ${this.index} of a validated query`);
  }
}
