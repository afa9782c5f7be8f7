/**
 * Bounded fuzzing of the whole query pipeline (a few seconds): random and adversarial input (deep nesting, long
 * chains, inputs around the size limits, odd Unicode: lone surrogates, NUL, bidi and zero-width characters, full-
 * width parentheses) never makes validateQuery or parseQuery throw; every input gets either a tree or validation
 * errors, never both, never neither; and every accepted query compiles, runs in a real FTS5 index, matches and
 * prints back (within the length limit).
 */
import { expectWellFormedErrors } from './testing/messages';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printQuery } from './ast';
import { QUERY_LIMITS } from './errors';
import { toFts5 } from './fts5';
import { compileMatcher } from './matcher';
import { parseQuery } from './parser';
import { toSearchText } from './searchText';
import { createFts5Index, type Fts5Index } from './testing/databases';
import { toTsquery } from './tsquery';
import { validateQuery } from './validate';

/** Each property stops after this long (fast-check's interruptAfterTimeLimit), whatever numRuns says. */
const TIME_LIMIT_MS = 1500;

/** Pieces chosen to hit every lexer branch and the Unicode corners. */
const PIECES = [
  'a', 'b', 'vote', '中文', '🎉', '👍🏽', '#climate', '@bob', 'https://x.example/(a)', "don't", "l'eau", 'cafe\u0301',
  ' ', '  ', '\t', '\n', '\u3000', '\u2028', '(', ')', '（', '）', '"', "'", '“', '”', '’', '«',
  'AND ', 'OR ', 'NOT ', ' AND ', ' OR ', ' NOT ', 'and ', 'Or ', 'AND_OR', '""', "''", '()',
  '\u0000', '\u200d', '\u202e', '\ufeff', '\ud800', '\udc00', '\ud83c', 'İ', 'ß', 'ς', 'ǅ',
] as const;
const piece = fc.constantFrom(...PIECES);

const randomText = fc.oneof(
  fc.string({ unit: piece, maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)), maxLength: 200 }),
);

const smallQuery = fc.string({ unit: piece, maxLength: 12 });

/** `(` (optionally with an operator before each) thousands deep, balanced or not. */
const deepNesting = fc
  .record({
    open: fc.nat({ max: 6000 }),
    extraClose: fc.integer({ min: -3, max: 3 }),
    before: fc.constantFrom('', 'NOT ', 'a AND ', 'a OR ', 'a ', 'a OR NOT ', 'a NOT '),
    core: fc.oneof(fc.constantFrom('a', '"x y"', '中文', '🎉'), smallQuery),
  })
  .map(({ open, extraClose, before, core }) => `${`${before}(`.repeat(open)}${core}${')'.repeat(Math.max(0, open + extraClose))}`);

/** `a AND a AND …`, `a OR a OR …`, `a a a …`, `NOT NOT …`: short and far over the term and length limits. */
const longChain = fc
  .record({
    count: fc.oneof(fc.nat({ max: 40 }), fc.nat({ max: 4000 }), fc.integer({ min: QUERY_LIMITS.maxTerms - 2, max: QUERY_LIMITS.maxTerms + 2 })),
    operator: fc.constantFrom(' AND ', ' OR ', ' ', ' NOT ', ' AND NOT ', ' OR NOT ', ' and ', ''),
    operand: fc.constantFrom('a', '"x y"', "'q'", '中文', '🎉', '#t', '(a)', '(NOT b)', 'NOT'),
  })
  .map(({ count, operator, operand }) => Array(count + 1).fill(operand).join(operator));

/** Right at the limits, where off-by-one mistakes live. */
const atTheLimits = fc.oneof(
  fc.integer({ min: QUERY_LIMITS.maxDepth - 1, max: QUERY_LIMITS.maxDepth + 1 })
    .chain((depth) => fc.constantFrom(
      `${'('.repeat(depth)}a${')'.repeat(depth)}`,
      `${'a NOT ('.repeat(depth)}b${')'.repeat(depth)}`,
      `${'NOT (a OR '.repeat(depth)}b${')'.repeat(depth)}`,
      `${'x AND (y OR '.repeat(depth)}z${')'.repeat(depth)}`,
    )),
  fc.integer({ min: QUERY_LIMITS.maxLength - 2, max: QUERY_LIMITS.maxLength + 2 })
    .map((length) => 'ab '.repeat(length).slice(0, length)),
  fc.integer({ min: QUERY_LIMITS.maxLength - 2, max: QUERY_LIMITS.maxLength + 2 })
    .map((length) => `${'x'.repeat(length - 3)} OR`.slice(0, length)),
);

/** Several adversarial parts glued together, each repeated. */
const glued = fc
  .array(fc.tuple(fc.oneof(piece, smallQuery), fc.nat({ max: 2000 })), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.map(([text, times]) => text.repeat(times)).join(''));

const SAMPLE_POSTS = ['a b vote', '中文 🎉 #climate @bob', 'x y z cafe\u0301', "don't l'eau q", ''];

describe('the query language on any input (bounded fuzzing)', () => {
  let fts: Fts5Index;
  beforeAll(() => {
    fts = createFts5Index();
    fts.load(SAMPLE_POSTS.map(toSearchText));
  });
  afterAll(() => fts?.db.close());

  function check(input: string): void {
    const errors = validateQuery(input);
    expectWellFormedErrors(input, errors);
    const parsed = parseQuery(input);
    if (!parsed.ok) {
      expect(errors.length).toBeGreaterThan(0);
      expect(parsed.errors).toEqual(errors);
      return;
    }
    expect(errors).toEqual([]);
    // An accepted query is usable end to end: compiled for both databases, run in FTS5, matched and printed.
    const fts5 = toFts5(parsed.ast);
    if (fts5.kind === 'match') expect(() => fts.match(fts5.expression)).not.toThrow();
    toTsquery(parsed.ast);
    const matches = compileMatcher(parsed.ast);
    for (const post of SAMPLE_POSTS) expect(typeof matches(post)).toBe('boolean');
    // The canonical form writes every AND out, so it can outgrow the length limit (and only that) near it.
    const printed = printQuery(parsed.ast);
    const reparsed = parseQuery(printed);
    if (printed.length <= QUERY_LIMITS.maxLength) expect(reparsed.ok).toBe(true);
    else expect(reparsed).toMatchObject({ ok: false, errors: [{ code: 0, position: QUERY_LIMITS.maxLength }] });
  }

  it.each([
    ['random text and odd Unicode', randomText, 300],
    ['deep nesting', deepNesting, 150],
    ['long chains', longChain, 150],
    ['inputs at the size limits', atTheLimits, 60],
    ['glued adversarial parts', glued, 150],
  ] as const)('never throws, and answers a tree or errors: %s', (_name, arbitrary, numRuns) => {
    fc.assert(fc.property(arbitrary, check), { numRuns, interruptAfterTimeLimit: TIME_LIMIT_MS });
  });
});
