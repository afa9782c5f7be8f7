import { describe, expect, it } from 'vitest';
import type { QueryNode } from './ast';
import { QUERY_LIMITS } from './errors';
import { toFts5 } from './fts5';
import { compileMatcher } from './matcher';
import { parseQuery } from './parser';
import { toSearchText } from './searchText';
import { createFts5Index } from './testing/databases';
import { toTsquery } from './tsquery';

function ast(query: string): QueryNode {
  const result = parseQuery(query);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.ast;
}

describe('toFts5', () => {
  it.each([
    ['climate', '"climate"'],
    ['CAFÉ', '"café"'],
    ['#climate @bob', '("_23_climate" AND "_40_bob")'],
    ['中文', '"中 文"'],
    ['"net zero" OR vote.org', '("net zero" OR "vote org")'],
    ['🎉', '"_1f389_"'],
    ['climate NOT hoax', '("climate" NOT "hoax")'],
    ['climate NOT (hoax OR fake) NOT scam', '("climate" NOT (("hoax" OR "fake") OR "scam"))'],
    ['(a OR b) c', '(("a" OR "b") AND "c")'],
    ['NOT (NOT a)', '"a"'],
    ['a OR !!!', '"a"'],
  ])('%s → %s, exact', (query, expression) => {
    expect(toFts5(ast(query))).toEqual({ kind: 'match', expression, exact: true });
  });

  it.each([
    ['a AND (b OR NOT c)', '"a"'],
    ['a (NOT b OR c)', '"a"'],
  ])('widens what FTS5 cannot say, and says so: %s → %s', (query, expression) => {
    expect(toFts5(ast(query))).toEqual({ kind: 'match', expression, exact: false });
  });

  it('has no filter for a query made only of negations, and skips queries that match nothing', () => {
    expect(toFts5(ast('NOT spam'))).toEqual({ kind: 'all', exact: false });
    expect(toFts5(ast('a OR NOT b'))).toEqual({ kind: 'all', exact: false });
    expect(toFts5(ast('NOT !!!'))).toEqual({ kind: 'all', exact: true });
    expect(toFts5(ast('!!!'))).toEqual({ kind: 'none', exact: true });
    expect(toFts5(ast('a AND ""'))).toEqual({ kind: 'none', exact: true });
  });

  it('finds Chinese inside longer runs, emoji, hashtags and URLs in a real FTS5 table', () => {
    const posts = ['我们说中文测试', 'party🎉', 'Rally #Climate', 'climate', 'see https://vote.org/x.', 'visit vote.org'];
    const index = createFts5Index();
    index.load(posts.map(toSearchText));
    const rows = (query: string) => {
      const compiled = toFts5(ast(query));
      return compiled.kind === 'match' ? index.match(compiled.expression) : compiled.kind;
    };
    expect(rows('中文')).toEqual([1]);
    expect(rows('🎉')).toEqual([2]);
    expect(rows('#climate')).toEqual([3]);
    expect(rows('climate')).toEqual([4]);
    expect(rows('https://vote.org/x')).toEqual([5]);
    expect(rows('vote')).toEqual([6]);
  });

  it('never writes an expression FTS5 cannot parse: parts nested too deep widen, and no match is lost', () => {
    // FTS5's parser stack overflows past 32 parentheses of `"c" OR ("b" AND (…))`, sooner with NOT.
    const posts = ['a b c', 'x y z', 'b c', 'a', 'p q r'];
    const index = createFts5Index();
    index.load(posts.map(toSearchText));
    const accepted = (node: QueryNode) => posts.flatMap((post, i) => (compileMatcher(node)(post) ? [i + 1] : []));
    const deepest = QUERY_LIMITS.maxDepth;
    const queries = [
      `${'c OR (b AND ('.repeat(deepest / 2)}a${'))'.repeat(deepest / 2)}`,
      `${'x NOT ('.repeat(deepest)}a${')'.repeat(deepest)}`,
      `${'NOT (a OR '.repeat(deepest)}b${')'.repeat(deepest)}`,
      `${'a AND NOT (b OR '.repeat(deepest)}z${')'.repeat(deepest)}`,
    ];
    for (const query of queries) {
      const node = ast(query);
      const compiled = toFts5(node);
      const candidates = compiled.kind === 'match' ? index.match(compiled.expression) : compiled.kind === 'all' ? [1, 2, 3, 4, 5] : [];
      expect(candidates, query).toEqual(expect.arrayContaining(accepted(node)));
      if (compiled.kind === 'match') expect((compiled.expression.match(/\(/g) ?? []).length, query).toBeLessThanOrEqual(deepest * 2);
    }
    expect(toFts5(ast(queries[1]!))).toMatchObject({ kind: 'match', exact: false });
    expect(toFts5(ast('x NOT (y NOT (z NOT a))'))).toEqual({ kind: 'match', expression: '("x" NOT ("y" NOT ("z" NOT "a")))', exact: true });
  });
});

describe('toTsquery', () => {
  it.each([
    ['climate', "'climate'"],
    ['"net zero"', "('net' <-> 'zero')"],
    ['#climate OR 中文', "('_23_climate' | ('中' <-> '文'))"],
    ['a b OR c', "(('a' & 'b') | 'c')"],
    ['NOT (NOT a)', "'a'"],
  ])('%s → %s (a superset, never exact)', (query, expression) => {
    expect(toTsquery(ast(query))).toEqual({ kind: 'match', expression, exact: false });
  });

  it('drops a NOT, since subtracting a superset could lose true matches', () => {
    expect(toTsquery(ast('climate NOT hoax'))).toEqual({ kind: 'match', expression: "'climate'", exact: false });
    expect(toTsquery(ast('(a OR b) NOT (c AND d)'))).toEqual({ kind: 'match', expression: "('a' | 'b')", exact: false });
    expect(toTsquery(ast('NOT spam'))).toEqual({ kind: 'all', exact: false });
    expect(toTsquery(ast('!!!'))).toEqual({ kind: 'none', exact: true });
    expect(toTsquery(ast('NOT !!!'))).toEqual({ kind: 'all', exact: true });
  });
});
