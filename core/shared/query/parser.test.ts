import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { and, normaliseQuery, not, or, phrase, printQuery, term, type QueryNode } from './ast';
import { lexQuery } from './lexer';
import { QUERY_LIMITS } from './errors';
import { parseQuery, parseTokens } from './parser';
import { queryArb } from './testing/arbitraries';

function parsed(input: string): QueryNode {
  const result = parseQuery(input);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(input)} to parse: ${JSON.stringify(result.errors)}`);
  return result.ast;
}

const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(term) as [QueryNode, QueryNode, QueryNode, QueryNode];

describe('parseQuery', () => {
  it('returns the validator errors when the query is invalid', () => {
    expect(parseQuery('climate and change')).toEqual({
      ok: false,
      errors: [{ code: 3, position: 8, message: 'non-uppercase keyword found at position 8: "climate and change"' }],
    });
  });

  it('reads terms as typed and phrases without their quotes', () => {
    expect(parsed('Café')).toEqual(term('Café'));
    expect(parsed('"net zero"')).toEqual(phrase('net zero'));
    expect(parsed("'net zero'")).toEqual(phrase('net zero'));
    expect(parsed('"climate AND (change)"')).toEqual(phrase('climate AND (change)'));
    expect(parsed('#climate @bob https://vote.org/x?a=1')).toEqual(
      and(term('#climate'), term('@bob'), term('https://vote.org/x?a=1')),
    );
  });

  describe('precedence: NOT, then AND, then OR', () => {
    it.each([
      ['a OR b AND c', or(a, and(b, c))],
      ['a AND b OR c', or(and(a, b), c)],
      ['NOT a AND b', and(not(a), b)],
      ['NOT a OR b', or(not(a), b)],
      ['a OR NOT b AND c', or(a, and(not(b), c))],
      ['a AND b OR c AND d', or(and(a, b), and(c, d))],
    ])('%s', (input, expected) => {
      expect(parsed(input)).toEqual(expected);
    });

    it.each([
      ['(a OR b) AND c', and(or(a, b), c)],
      ['NOT (a OR b)', not(or(a, b))],
      ['a AND (b OR (c AND d))', and(a, or(b, and(c, d)))],
      ['((a))', a],
    ])('parentheses group: %s', (input, expected) => {
      expect(parsed(input)).toEqual(expected);
    });
  });

  describe('adjacent operands without a keyword mean AND', () => {
    it.each([
      ['a b', and(a, b)],
      ['a b c', and(a, b, c)],
      ['a OR b c', or(a, and(b, c))],
      ['a b OR c', or(and(a, b), c)],
      ['"net zero" climate', and(phrase('net zero'), term('climate'))],
      ['a (b OR c)', and(a, or(b, c))],
      ['(a)(b)', and(a, b)],
    ])('%s', (input, expected) => {
      expect(parsed(input)).toEqual(expected);
    });
  });

  describe('NOT is unary; after an operand it means AND NOT', () => {
    it.each([
      ['NOT spam', not(term('spam'))],
      ['a NOT b', and(a, not(b))],
      ['a AND NOT b', and(a, not(b))],
      ['a NOT b OR c', or(and(a, not(b)), c)],
      ['a OR NOT b', or(a, not(b))],
      ['NOT (NOT a)', not(not(a))],
      ['a NOT b NOT c', and(a, not(b), not(c))],
    ])('%s', (input, expected) => {
      expect(parsed(input)).toEqual(expected);
    });
  });

  it('flattens chains of the same operator, however they are grouped', () => {
    expect(parsed('a AND (b AND c) AND d')).toEqual(and(a, b, c, d));
    expect(parsed('(a OR b) OR (c OR d)')).toEqual(or(a, b, c, d));
  });

  it('parses nesting up to the limit (QUERY_LIMITS.maxDepth)', () => {
    const depth = QUERY_LIMITS.maxDepth;
    expect(parsed(`${'('.repeat(depth)}a${')'.repeat(depth)}`)).toEqual(a);
    expect(parsed(`${'a AND NOT ('.repeat(depth)}b${')'.repeat(depth)}`)).toMatchObject({ type: 'and' });
  });

  it('cannot overflow the stack: 5,000 nested parentheses handed to it unvalidated throw its own error', () => {
    const { tokens } = lexQuery(`${'('.repeat(5000)}a${')'.repeat(5000)}`);
    expect(() => parseTokens(tokens)).toThrow('query parser: parentheses nested deeper than 32 levels in a validated query');
    const nots = lexQuery(`${'NOT '.repeat(20_000)}a`).tokens;
    let node = parseTokens(nots);
    for (let i = 0; i < 20_000; i += 1) node = (node as { type: 'not'; child: QueryNode }).child;
    expect(node).toEqual(a);
  });
});

describe('printQuery', () => {
  it('prints canonical queries', () => {
    expect(printQuery(parsed('a b OR NOT (c OR d) "x y"'))).toBe('a AND b OR NOT (c OR d) AND "x y"');
    expect(printQuery(phrase('say "hi"'))).toBe(`'say "hi"'`);
    expect(printQuery(not(not(a)))).toBe('NOT (NOT a)');
  });

  it('round-trips: parsing a printed random tree gives back the same tree, normalised (property)', () => {
    fc.assert(
      fc.property(queryArb(4), (ast) => {
        expect(parsed(printQuery(ast))).toEqual(normaliseQuery(ast));
      }),
      { numRuns: 200 },
    );
  });

  it('is a fixed point: printing a parsed query and parsing it again changes nothing (property)', () => {
    const queryLike = fc
      .array(fc.constantFrom('a', 'b', '"x y"', 'AND', 'OR', 'NOT', '(', ')', '中文'), { maxLength: 12 })
      .map((pieces) => pieces.join(' '));
    fc.assert(
      fc.property(queryLike, (input) => {
        const first = parseQuery(input);
        if (!first.ok) return;
        expect(parsed(printQuery(first.ast))).toEqual(first.ast);
      }),
      { numRuns: 300 },
    );
  });
});
