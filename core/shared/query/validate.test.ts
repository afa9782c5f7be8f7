import { VALIDATION_MESSAGE } from './testing/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PARSER_ERROR_CODES,
  QUERY_ERROR_CODES,
  QUERY_LIMITS,
  messageFragment,
  queryErrorCode,
  type QueryError,
} from './errors';
import { parseQuery } from './parser';
import { isSmartQuote, normaliseSmartQuotes, SMART_QUOTES } from './smartQuotes';
import { validateQuery } from './validate';

const e = (code: number, position: number, message: string): QueryError => ({ code, position, message });

describe('validateQuery: the rules of spec part 1 section 5, worded exactly', () => {
  it.each([
    ['', [e(0, 0, 'no query string provided')]],
    ['   \t\n', [e(0, 0, 'no query string provided')]],
    ['\u3000', [e(0, 0, 'no query string provided')]],
  ])('empty %j', (input, expected) => {
    expect(validateQuery(input)).toEqual(expected);
  });

  it('treats a missing value from a form as empty', () => {
    expect(validateQuery(undefined as unknown as string)).toEqual([e(0, 0, 'no query string provided')]);
  });

  it.each([
    ['climate AND "net zero', [e(1, 12, 'unbalanced quotes starting at position 12: "…imate AND "net zero"')]],
    ["'net zero", [e(1, 0, `unbalanced quotes starting at position 0: "'net zero"`)]],
    ['a "b" "c', [e(1, 6, 'unbalanced quotes starting at position 6: "a "b" "c"')]],
    ["dogs' toys", [e(1, 4, `unbalanced quotes starting at position 4: "dogs' toys"`)]],
    [
      'climate change AND emissions OR "net zero carbon by 2050 or later',
      [e(1, 32, 'unbalanced quotes starting at position 32: "…ssions OR "net zero carbon by …"')],
    ],
  ])('unbalanced quotes %j', (input, expected) => {
    expect(validateQuery(input)).toEqual(expected);
  });

  it.each([`"it's"`, `'say "hi'`, "don't stop", "'rock'n'roll'", "l'eau OR 'l'eau de vie'", '""'])(
    'accepts quotes that balance: %j',
    (input) => {
      expect(validateQuery(input)).toEqual([]);
    },
  );

  it.each([
    ['“net zero”', [e(2, 0, 'smart-quote found at position 0'), e(2, 9, 'smart-quote found at position 9')]],
    ['don’t', [e(2, 3, 'smart-quote found at position 3')]],
    ['«climat» OR „Klima“', [2, 0, 7, 12, 18].slice(1).map((p) => e(2, p, `smart-quote found at position ${p}`))],
    ['"a ‘b’ c"', [e(2, 3, 'smart-quote found at position 3'), e(2, 5, 'smart-quote found at position 5')]],
  ])('smart quotes %j', (input, expected) => {
    expect(validateQuery(input)).toEqual(expected);
  });

  it.each([
    ['climate and change', [e(3, 8, 'non-uppercase keyword found at position 8: "climate and change"')]],
    ['Not spam', [e(3, 0, 'non-uppercase keyword found at position 0: "Not spam"')]],
    ['a oR b', [e(3, 2, 'non-uppercase keyword found at position 2: "a oR b"')]],
    ['to be or not to be', [
      e(3, 6, 'non-uppercase keyword found at position 6: "to be or not to be"'),
      e(3, 9, 'non-uppercase keyword found at position 9: "to be or not to be"'),
    ]],
  ])('non-uppercase keyword %j', (input, expected) => {
    expect(validateQuery(input)).toEqual(expected);
  });

  it.each(['"climate and change"', "'to be or not to be'", 'android ORegon notary', 'AND_OR'])(
    'a keyword spelling inside quotes or inside a word is just text: %j',
    (input) => {
      expect(validateQuery(input)).toEqual([]);
    },
  );

  it.each([
    ['climate AND', [e(4, 8, 'keyword at position 8 is missing its right-hand side: "climate AND"')]],
    ['climate OR (change AND)', [e(4, 19, 'keyword at position 19 is missing its right-hand side: "…R (change AND)"')]],
    ['NOT', [e(4, 0, 'keyword at position 0 is missing its right-hand side: "NOT"')]],
    ['a AND NOT', [e(4, 6, 'keyword at position 6 is missing its right-hand side: "a AND NOT"')]],
    ['(AND)', [e(4, 1, 'keyword at position 1 is missing its right-hand side: "(AND)"')]],
  ])('keyword without right-hand side %j', (input, expected) => {
    expect(validateQuery(input)).toEqual(expected);
  });

  it.each([
    ['AND climate', [e(4, 0, 'keyword at position 0 is missing its left-hand side: "AND climate"')]],
    ['(OR a)', [e(4, 1, 'keyword at position 1 is missing its left-hand side: "(OR a)"')]],
  ])('keyword without left-hand side (not in the spec, same code) %j', (input, expected) => {
    expect(validateQuery(input)).toEqual(expected);
  });

  it.each([
    ['climate AND OR change', [e(5, 8, 'multiple keywords found starting at position 8: "climate AND OR change"')]],
    ['a NOT NOT b', [e(5, 2, 'multiple keywords found starting at position 2: "a NOT NOT b"')]],
    ['NOT AND a', [e(5, 0, 'multiple keywords found starting at position 0: "NOT AND a"')]],
    ['a AND NOT OR b', [e(5, 2, 'multiple keywords found starting at position 2: "a AND NOT OR b"')]],
    ['a OR OR', [e(5, 2, 'multiple keywords found starting at position 2: "a OR OR"')]],
  ])('two keywords in a row %j', (input, expected) => {
    expect(validateQuery(input)).toEqual(expected);
  });

  it.each(['a AND NOT b', 'a OR NOT b', 'NOT a', 'a NOT b', '(NOT a) AND NOT (b OR c)', 'NOT (NOT a)'])(
    'accepts NOT after AND/OR, at the start and between operands: %j',
    (input) => {
      expect(validateQuery(input)).toEqual([]);
    },
  );

  it.each([
    ['(climate OR change', [e(6, 0, 'unbalanced parentheses starting at position 0: "(climate OR change"')]],
    ['climate)', [e(6, 7, 'unbalanced parentheses starting at position 7: "climate)"')]],
    ['((a)', [e(6, 0, 'unbalanced parentheses starting at position 0: "((a)"')]],
    ['a) (b', [
      e(6, 1, 'unbalanced parentheses starting at position 1: "a) (b"'),
      e(6, 3, 'unbalanced parentheses starting at position 3: "a) (b"'),
    ]],
  ])('unbalanced parentheses %j', (input, expected) => {
    expect(validateQuery(input)).toEqual(expected);
  });

  it.each([
    ['()', [e(7, 0, 'empty parentheses found at position 0')]],
    ['a ( ) b', [e(7, 2, 'empty parentheses found at position 2')]],
    ['(())', [e(7, 1, 'empty parentheses found at position 1')]],
  ])('empty parentheses %j', (input, expected) => {
    expect(validateQuery(input)).toEqual(expected);
  });

  it('reports every problem, ordered by position', () => {
    expect(validateQuery('“a” and ()')).toEqual([
      e(2, 0, 'smart-quote found at position 0'),
      e(2, 2, 'smart-quote found at position 2'),
      e(3, 4, 'non-uppercase keyword found at position 4: "“a” and ()"'),
      e(7, 8, 'empty parentheses found at position 8'),
    ]);
  });

  it('positions are UTF-16 offsets, and fragments never cut an emoji in half', () => {
    expect(validateQuery('🎉🎉🎉🎉🎉🎉 and')).toEqual([
      e(3, 13, 'non-uppercase keyword found at position 13: "…🎉🎉🎉🎉🎉 and"'),
    ]);
    expect(messageFragment('a\nb', 0)).toBe(': "a b"');
  });
});

describe('size limits (not in the spec; README "Limits"): refused with a position, never a crash', () => {
  it('refuses 5,000 nested parentheses at the first ( over 32 levels, and parseQuery answers the same error', () => {
    const deep = `${'('.repeat(4999)}a${')'.repeat(4999)}`;
    const expected = [e(6, 32, `parentheses nested deeper than 32 levels starting at position 32: "…${'('.repeat(30)}…"`)];
    expect(validateQuery(deep)).toEqual(expected);
    expect(parseQuery(deep)).toEqual({ ok: false, errors: expected });
    expect(validateQuery('a OR NOT (b)'.replace('(b)', `${'('.repeat(33)}b${')'.repeat(33)}`))).toEqual([
      e(6, 41, 'parentheses nested deeper than 32 levels starting at position 41: "…(((((((((((b))))))))))))))))))…"'),
    ]);
  });

  it('refuses the 1,666-term `a AND a AND …` query at its 501st term', () => {
    const chain = Array(1666).fill('a').join(' AND ');
    const expected = [e(0, 3000, 'more than 500 terms found starting at position 3000: "…AND a AND a AND a AND a AND a …"')];
    expect(validateQuery(chain)).toEqual(expected);
    expect(parseQuery(chain)).toEqual({ ok: false, errors: expected });
  });

  it('refuses a query longer than 10,000 characters with that one error, whatever else is wrong with it', () => {
    expect(validateQuery('a '.repeat(6000))).toEqual([
      e(0, 10000, 'query string longer than 10000 characters at position 10000: "…a a a a a a a a a a a a a a a …"'),
    ]);
    expect(validateQuery('('.repeat(2_000_000))).toEqual([
      e(0, 10000, `query string longer than 10000 characters at position 10000: "…${'('.repeat(30)}…"`),
    ]);
  });

  it('accepts queries right at the limits, and the limits are the documented ones', () => {
    expect(QUERY_LIMITS).toEqual({ maxLength: 10_000, maxDepth: 32, maxTerms: 500 });
    const deepest = `${'('.repeat(32)}a${')'.repeat(32)}`;
    expect(validateQuery(deepest)).toEqual([]);
    expect(parseQuery(deepest)).toEqual({ ok: true, ast: { type: 'term', text: 'a' } });
    expect(validateQuery(Array(500).fill('"x y"').join(' OR '))).toEqual([]);
    const longest = `${'x'.repeat(9_990)} OR ${'y'.repeat(6)}`;
    expect(longest).toHaveLength(10_000);
    expect(validateQuery(longest)).toEqual([]);
  });

  it('counts only open parentheses: deep but sequential groups are fine, an unmatched ) does not go below 0', () => {
    expect(validateQuery(Array(300).fill('(a)').join(' OR '))).toEqual([]);
    expect(validateQuery(`${')'.repeat(40)}${'('.repeat(32)}a${')'.repeat(32)}`).filter((x) => x.message.startsWith('parentheses nested'))).toEqual([]);
  });
});

describe('error codes', () => {
  it('numbers parser codes 0-7 in the order of the spec and groups them into query codes 0-3', () => {
    expect(Object.values(PARSER_ERROR_CODES)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(Object.values(QUERY_ERROR_CODES)).toEqual([0, 1, 2, 3]);
    const family = (input: string) => validateQuery(input).map(queryErrorCode);
    expect(family('')).toEqual([QUERY_ERROR_CODES.EMPTY]);
    expect(family('"a')).toEqual([QUERY_ERROR_CODES.QUOTES]);
    expect(family('“a')).toEqual([QUERY_ERROR_CODES.QUOTES]);
    expect(family('a or b')).toEqual([QUERY_ERROR_CODES.KEYWORDS]);
    expect(family('a AND')).toEqual([QUERY_ERROR_CODES.KEYWORDS]);
    expect(family('a AND OR b')).toEqual([QUERY_ERROR_CODES.KEYWORDS]);
    expect(family('(a')).toEqual([QUERY_ERROR_CODES.PARENTHESES]);
    expect(family('()')).toEqual([QUERY_ERROR_CODES.PARENTHESES]);
  });
});

describe('normaliseSmartQuotes', () => {
  it('turns pasted curly quotes into straight ones, keeping positions, so the query becomes valid', () => {
    const pasted = '“net zero” OR ‘climate’ OR «Klima» OR „Wende“ OR don’t OR ＂中文＂';
    const fixed = normaliseSmartQuotes(pasted);
    expect(fixed).toBe(`"net zero" OR 'climate' OR "Klima" OR "Wende" OR don't OR "中文"`);
    expect(fixed).toHaveLength(pasted.length);
    expect(validateQuery(pasted).every((error) => error.code === PARSER_ERROR_CODES.SMART_QUOTE)).toBe(true);
    expect(validateQuery(fixed)).toEqual([]);
  });

  it('every smart quote the validator reports is one it converts', () => {
    for (const quote of Object.keys(SMART_QUOTES)) {
      expect(isSmartQuote(quote)).toBe(true);
      expect(validateQuery(`a ${quote}`)).toEqual([e(2, 2, 'smart-quote found at position 2')]);
      expect(isSmartQuote(normaliseSmartQuotes(quote))).toBe(false);
    }
  });
});

describe('validateQuery on any string (property)', () => {
  const MESSAGE = VALIDATION_MESSAGE;
  const queryLike = fc.string({
    unit: fc.constantFrom('a', 'b', ' ', '(', ')', '"', "'", 'AND ', 'OR ', 'NOT ', 'and ', '“', '’', '中', '🎉', '\n'),
    maxLength: 30,
  });
  const utf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)) });

  it.each([
    ['ascii', fc.string()],
    ['full unicode (code points)', fc.string({ unit: 'binary' })],
    ['graphemes', fc.string({ unit: 'grapheme' })],
    ['UTF-16 units, lone surrogates included', utf16],
    ['query-like', queryLike],
  ] as const)('never throws, and reports well-formed errors: %s', (_name, arbitrary) => {
    fc.assert(
      fc.property(arbitrary, (input) => {
        const errors = validateQuery(input);
        for (const error of errors) {
          expect(error.code).toBeGreaterThanOrEqual(0);
          expect(error.code).toBeLessThanOrEqual(7);
          expect(error.position).toBeGreaterThanOrEqual(0);
          expect(error.position).toBeLessThanOrEqual(input.length);
          expect(error.message).toMatch(MESSAGE);
          if (error.code !== PARSER_ERROR_CODES.EMPTY_QUERY) expect(error.message).toContain(`position ${error.position}`);
        }
        const positions = errors.map((error) => error.position);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        // The validator is the parser's gatekeeper: valid exactly when the parser succeeds.
        expect(parseQuery(input).ok).toBe(errors.length === 0);
      }),
      { numRuns: 200 },
    );
  });
});
