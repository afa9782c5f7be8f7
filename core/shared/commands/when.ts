/**
 * `when` expressions of palette commands, read like VS Code's: `focusedPanelType == 'coordination.networkNavigator'
 * && selectionKind == 'account'`. Grammar (lowest precedence first):
 *
 *   or         := and ('||' and)*
 *   and        := unary ('&&' unary)*
 *   unary      := '!' unary | '(' or ')' | comparison
 *   comparison := key (('==' | '!=') value)?
 *   value      := 'quoted' | "quoted" | bare-word
 *
 * A bare key is true when its value is truthy (a missing key is undefined, so false); bare `true` and `false` are
 * constants (`when: 'false'` hides a command). As in VS Code, the right-hand side of `==`/`!=` is always a value,
 * never a key: `paneCount == 2` compares `String(2)` with `'2'`.
 */

export type ContextKeyValue = string | number | boolean | null | undefined;

export type WhenExpression =
  | { type: 'constant'; value: boolean }
  | { type: 'key'; key: string }
  | { type: 'equals'; key: string; value: string; negated: boolean }
  | { type: 'not'; operand: WhenExpression }
  | { type: 'and' | 'or'; operands: WhenExpression[] };

export class WhenSyntaxError extends Error {
  constructor(
    readonly source: string,
    readonly position: number,
    problem: string,
  ) {
    super(`${problem} at column ${position + 1} of when expression '${source}'`);
    this.name = 'WhenSyntaxError';
  }
}

type Token =
  | { type: 'op'; op: '==' | '!=' | '&&' | '||' | '!' | '(' | ')'; at: number }
  | { type: 'word'; text: string; at: number }
  | { type: 'string'; text: string; at: number }
  | { type: 'end'; at: number };

/** Keys and bare values: letters, digits and `_ . - : /` (keys such as `coordination.graphShown`). */
const WORD = /[A-Za-z0-9_.\-:/]/;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    const two = source.slice(i, i + 2);
    if (two === '==' || two === '!=' || two === '&&' || two === '||') {
      tokens.push({ type: 'op', op: two, at: i });
      i += 2;
    } else if (c === '!' || c === '(' || c === ')') {
      tokens.push({ type: 'op', op: c, at: i });
      i += 1;
    } else if (c === "'" || c === '"') {
      const start = i;
      let text = '';
      i += 1;
      while (i < source.length && source[i] !== c) {
        // A backslash keeps the next character, so 'it\'s' works.
        if (source[i] === '\\' && i + 1 < source.length) i += 1;
        text += source[i];
        i += 1;
      }
      if (i >= source.length) throw new WhenSyntaxError(source, start, 'Unterminated string');
      tokens.push({ type: 'string', text, at: start });
      i += 1;
    } else if (WORD.test(c)) {
      const start = i;
      while (i < source.length && WORD.test(source[i]!)) i += 1;
      tokens.push({ type: 'word', text: source.slice(start, i), at: start });
    } else {
      throw new WhenSyntaxError(source, i, `Unexpected character '${c}'`);
    }
  }
  tokens.push({ type: 'end', at: source.length });
  return tokens;
}

const describe = (token: Token) =>
  token.type === 'end' ? 'end of expression' : token.type === 'op' ? `'${token.op}'` : `'${token.text}'`;

/** Parses a `when` expression; throws `WhenSyntaxError` naming the column of the first problem. */
export function parseWhen(source: string): WhenExpression {
  const tokens = tokenize(source);
  let index = 0;
  const peek = () => tokens[index]!;
  const isOp = (op: string) => {
    const token = peek();
    return token.type === 'op' && token.op === op;
  };
  const fail = (expected: string): never => {
    const token = peek();
    throw new WhenSyntaxError(source, token.at, `Expected ${expected} but found ${describe(token)}`);
  };

  function parseOr(): WhenExpression {
    const operands = [parseAnd()];
    while (isOp('||')) {
      index += 1;
      operands.push(parseAnd());
    }
    return operands.length === 1 ? operands[0]! : { type: 'or', operands };
  }

  function parseAnd(): WhenExpression {
    const operands = [parseUnary()];
    while (isOp('&&')) {
      index += 1;
      operands.push(parseUnary());
    }
    return operands.length === 1 ? operands[0]! : { type: 'and', operands };
  }

  function parseUnary(): WhenExpression {
    if (isOp('!')) {
      index += 1;
      return { type: 'not', operand: parseUnary() };
    }
    if (isOp('(')) {
      index += 1;
      const inner = parseOr();
      if (!isOp(')')) fail("')'");
      index += 1;
      return inner;
    }
    const token = peek();
    if (token.type !== 'word') return fail('a context key');
    index += 1;
    if (isOp('==') || isOp('!=')) {
      const negated = isOp('!=');
      index += 1;
      const value = peek();
      if (value.type !== 'word' && value.type !== 'string') return fail('a value');
      index += 1;
      return { type: 'equals', key: token.text, value: value.text, negated };
    }
    if (token.text === 'true' || token.text === 'false') return { type: 'constant', value: token.text === 'true' };
    return { type: 'key', key: token.text };
  }

  if (peek().type === 'end') fail('a context key');
  const expression = parseOr();
  if (peek().type !== 'end') fail('end of expression');
  return expression;
}

/** Evaluates a parsed expression; `lookup` answers a key's current value (undefined when nobody set it). */
export function evaluateWhen(expression: WhenExpression, lookup: (key: string) => ContextKeyValue): boolean {
  switch (expression.type) {
    case 'constant':
      return expression.value;
    case 'key':
      return Boolean(lookup(expression.key));
    case 'equals': {
      const value = lookup(expression.key);
      const equal = value !== null && value !== undefined && String(value) === expression.value;
      return expression.negated ? !equal : equal;
    }
    case 'not':
      return !evaluateWhen(expression.operand, lookup);
    case 'and':
      return expression.operands.every((operand) => evaluateWhen(operand, lookup));
    case 'or':
      return expression.operands.some((operand) => evaluateWhen(operand, lookup));
  }
}
