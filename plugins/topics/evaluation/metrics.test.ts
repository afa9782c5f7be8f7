import { describe, expect, it } from 'vitest';
import { ari, nmi, npmi, topicDiversity } from './metrics';

describe('clustering metrics', () => {
  it('NMI and ARI are 1 for the same partition under any renaming', () => {
    const a = ['x', 'x', 'y', 'y', 'z', 'z'];
    const b = [3, 3, 1, 1, 2, 2];
    expect(nmi(a, b)).toBeCloseTo(1, 10);
    expect(ari(a, b)).toBeCloseTo(1, 10);
  });

  it('match scikit-learn on a small case', () => {
    // sklearn: normalized_mutual_info_score([0,0,0,1,1,1],[0,0,1,1,2,2]) = 0.5158037429793889
    // adjusted_rand_score(...) = 0.24242424242424246
    expect(nmi([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2])).toBeCloseTo(0.5158037, 6);
    expect(ari([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2])).toBeCloseTo(0.2424242, 6);
  });

  it('NMI is 0 when one side has a single cluster', () => {
    expect(nmi(['a', 'b', 'c', 'd'], [1, 1, 1, 1])).toBe(0);
  });
});

describe('topic measures', () => {
  it('diversity counts unique words in the top-k of every topic', () => {
    expect(topicDiversity([['a', 'b'], ['b', 'c']], 2)).toBe(0.75);
    expect(topicDiversity([['a', 'b'], ['c', 'd']], 2)).toBe(1);
  });

  it('NPMI is 1 for words that always co-occur and near -1 for words that never do (ε = 1e-12, as gensim)', () => {
    const texts = [['cat', 'dog'], ['cat', 'dog'], ['fish', 'bird'], ['fish', 'bird']];
    expect(npmi([['cat', 'dog']], texts)).toBeCloseTo(1, 6);
    const never = npmi([['cat', 'fish']], texts);
    expect(never).toBeLessThan(-0.9);
    expect(never).toBeCloseTo(Math.log(1e-12 / 0.25) / -Math.log(1e-12), 6);
  });

  it('NPMI counts co-occurrence inside sliding windows only', () => {
    const far = ['a', ...Array.from({ length: 20 }, (_, i) => `w${i}`), 'b'];
    const texts = [far, ['a', 'b'], ['c']];
    const narrow = npmi([['a', 'b']], texts, { window: 5 });
    const wide = npmi([['a', 'b']], texts, { window: 100 });
    expect(wide).toBeGreaterThan(narrow);
  });
});
