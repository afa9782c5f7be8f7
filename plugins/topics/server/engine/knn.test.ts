import { describe, expect, it } from 'vitest';
import { makeLabelledPosts } from '../../evaluation/labelledPosts';
import { approximateKnn, exactKnn, knnRecall } from './knn';
import { vectorize } from './vectorize';

const OPTS = { k: 5, prefixTerms: 4, prefixShare: 0.25, maxPrefixTerms: 32, window: 16, rescore: 20, minSimilarity: 0 };

describe('approximate kNN', () => {
  const { posts } = makeLabelledPosts(['vaccine', 'election', 'football', 'inflacion'], 40, 3);
  const m = vectorize(posts, { minDf: 2, maxDfRatio: 0.5 });

  it('finds most exact neighbours while scanning only windows of the posting lists', () => {
    const approx = approximateKnn(m, OPTS);
    const exact = exactKnn(m, 5);
    expect(knnRecall(approx, exact)).toBeGreaterThan(0.8);
  });

  it('lists neighbours best first, never the text itself, with cosines in (0, 1]', () => {
    const g = approximateKnn(m, OPTS);
    for (let d = 0; d < m.rows; d++) {
      let prev = Infinity;
      for (let j = 0; j < g.k; j++) {
        const c = g.idx[d * g.k + j]!;
        if (c < 0) break;
        expect(c).not.toBe(d);
        const s = g.sim[d * g.k + j]!;
        expect(s).toBeGreaterThan(0);
        expect(s).toBeLessThanOrEqual(1 + 1e-6);
        expect(s).toBeLessThanOrEqual(prev);
        prev = s;
      }
    }
  });

  it('gives the same neighbours when half the queries run in a worker thread', () => {
    const one = approximateKnn(m, OPTS);
    const two = approximateKnn(m, { ...OPTS, threads: 2, parallelFrom: 0 });
    expect(two.idx.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(two.idx)).toEqual(Array.from(one.idx));
    expect(Array.from(two.sim)).toEqual(Array.from(one.sim));
  });

  it('equals the exact search when the window covers every posting list', () => {
    const approx = approximateKnn(m, { ...OPTS, prefixTerms: 50, window: 100000, rescore: 100000 });
    expect(knnRecall(approx, exactKnn(m, 5))).toBeGreaterThan(0.99);
  });

  it('a window of a few entries keeps the work per text bounded but still links same-topic texts', () => {
    const g = approximateKnn(m, { ...OPTS, window: 4 });
    let same = 0;
    let total = 0;
    for (let d = 0; d < m.rows; d++) {
      for (let j = 0; j < g.k; j++) {
        const c = g.idx[d * g.k + j]!;
        if (c < 0) break;
        total++;
        if (posts[m.firstPost[c]!]!.id.split('-')[0] === posts[m.firstPost[d]!]!.id.split('-')[0]) same++;
      }
    }
    expect(total).toBeGreaterThan(m.rows);
    expect(same / total).toBeGreaterThan(0.9);
  });
});
