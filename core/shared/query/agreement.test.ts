/**
 * The candidate-retrieval contract, checked on random queries and posts against real databases: the FTS5 and
 * tsquery conditions never lose a post the matcher accepts, and FTS5 returns exactly the matcher's posts whenever
 * it reports `exact` (always, for queries without NOT).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, not, or, phrase, type QueryNode } from './ast';
import type { CandidateQuery } from './candidates';
import { toFts5 } from './fts5';
import { compileMatcher } from './matcher';
import { toSearchText } from './searchText';
import { containsNot, postsArb, queryArb } from './testing/arbitraries';
import {
  createFts5Index,
  createPostgresTestDatabase,
  tsqueryMatches,
  type Fts5Index,
  type PostgresTestDatabase,
} from './testing/databases';
import { toTsquery } from './tsquery';

/** 200 keeps the suite fast; set QUERY_PROPERTY_RUNS for a deeper search. */
const RUNS = Number(process.env.QUERY_PROPERTY_RUNS ?? 200);

function acceptedRows(posts: readonly string[], matches: (text: string) => boolean): number[] {
  return posts.flatMap((post, index) => (matches(post) ? [index + 1] : []));
}

async function candidateRows(
  compiled: CandidateQuery,
  rowCount: number,
  run: (expression: string) => number[] | Promise<number[]>,
): Promise<number[]> {
  if (compiled.kind === 'none') return [];
  if (compiled.kind === 'all') return Array.from({ length: rowCount }, (_unused, index) => index + 1);
  return run(compiled.expression);
}

describe('candidate retrieval agrees with the matcher (property, real databases)', () => {
  let fts: Fts5Index;
  let postgres: PostgresTestDatabase;
  beforeAll(async () => {
    fts = createFts5Index();
    postgres = await createPostgresTestDatabase();
  });
  afterAll(async () => {
    fts?.db.close();
    await postgres?.drop();
  });

  it('FTS5 returns a superset of the matcher, and exactly its posts when it says exact', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb(3), postsArb, async (ast, posts) => {
        const accepted = acceptedRows(posts, compileMatcher(ast));
        fts.load(posts.map(toSearchText));
        const compiled = toFts5(ast);
        const candidates = await candidateRows(compiled, posts.length, (expression) => fts.match(expression));
        expect(candidates).toEqual(expect.arrayContaining(accepted));
        if (compiled.exact) expect(candidates).toEqual(accepted);
        if (!containsNot(ast)) expect(compiled.exact).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('PostgreSQL to_tsquery returns a superset of the matcher', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb(3), postsArb, async (ast, posts) => {
        const accepted = acceptedRows(posts, compileMatcher(ast));
        const compiled = toTsquery(ast);
        const searchTexts = posts.map(toSearchText);
        const candidates = await candidateRows(compiled, posts.length, (expression) =>
          tsqueryMatches(postgres.client, searchTexts, expression),
        );
        expect(candidates).toEqual(expect.arrayContaining(accepted));
        if (compiled.exact) expect(candidates).toEqual(accepted);
      }),
      { numRuns: RUNS },
    );
  });

  it('both hold on arbitrary Unicode posts, with phrases cut out of them', async () => {
    const post = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }));
    const cut = fc.tuple(fc.nat(), fc.nat(), fc.nat()); // which post, where the slice starts, how long
    const scenario = fc.tuple(fc.array(post, { minLength: 1, maxLength: 8 }), cut, cut, cut, fc.nat(3));
    await fc.assert(
      fc.asyncProperty(scenario, async ([posts, ...rest]) => {
        const [first, second, third, shape] = rest;
        const slice = ([which, start, length]: [number, number, number]): QueryNode => {
          const text = posts[which % posts.length] ?? '';
          const from = start % (text.length + 1);
          return phrase(text.slice(from, from + (length % 12)));
        };
        const [x, y, z] = [slice(first), slice(second), slice(third)];
        const ast = [x, and(x, y), or(x, and(y, not(z))), and(or(x, y), not(z))][shape] ?? x;
        const accepted = acceptedRows(posts, compileMatcher(ast));
        const searchTexts = posts.map(toSearchText);

        fts.load(searchTexts);
        const fts5 = toFts5(ast);
        const ftsRows = await candidateRows(fts5, posts.length, (expression) => fts.match(expression));
        expect(ftsRows).toEqual(expect.arrayContaining(accepted));
        if (fts5.exact) expect(ftsRows).toEqual(accepted);

        const tsquery = toTsquery(ast);
        const pgRows = await candidateRows(tsquery, posts.length, (expression) =>
          tsqueryMatches(postgres.client, searchTexts, expression),
        );
        expect(pgRows).toEqual(expect.arrayContaining(accepted));
      }),
      { numRuns: RUNS },
    );
  });
});
