import { describe, expect, it } from 'vitest';
import { cyrb128, mulberry32, Random, shuffledRange, uniform, WeightedSampler, Zipf } from '.';

const words = (next: () => number, n: number) => Array.from({ length: n }, () => next() * 4294967296);
const draws = <T>(n: number, f: () => T) => Array.from({ length: n }, f);

describe('Random: the streams are pinned', () => {
  // Known answers of the generators this module replaced; the demo corpus, the planted-campaign corpora and the
  // coordination engine's Louvain order are these streams.
  it('numeric seeds: sfc32 seeded by splitmix32 (the coordination engine)', () => {
    expect(words(uniform(1), 4)).toEqual([1828152527, 3394835397, 2967886022, 2251045104]);
    expect(words(uniform(0), 4)).toEqual([4205396811, 3543653536, 1222415357, 3047368389]);
    expect(words(new Random(42).next, 4)).toEqual([1028872839, 2516511472, 400437680, 853279530]);
  });

  it('string seeds: sfc32 seeded by cyrb128 (the demo corpus)', () => {
    expect(words(new Random('narrascope-demo:narrascope-demo').next, 4)).toEqual([35974204, 2424124168, 209225593, 97219550]);
    expect(words(new Random('').next, 4)).toEqual([1203464755, 3148093931, 3870554990, 1107544583]);
    expect(words(new Random('narrascope-demo:alpha').fork('accounts').next, 4)).toEqual([2490805380, 588241523, 1361315850, 1963520812]);
  });

  it('the derived draws', () => {
    const r = new Random(7);
    expect([r.int(1, 6), r.int(1, 6), r.int(1, 6)]).toEqual([2, 3, 6]);
    expect(r.shuffle([1, 2, 3, 4, 5, 6, 7, 8])).toEqual([8, 6, 2, 1, 5, 4, 3, 7]);
    expect(r.pick(['a', 'b', 'c', 'd'])).toBe('d');
    const s = new Random('abc');
    expect(s.int(1, 6)).toBe(4);
    expect(s.sample([1, 2, 3, 4, 5, 6, 7, 8], 3)).toEqual([8, 4, 2]);
    expect(s.base36(6)).toBe('aebimg');
    expect(s.digits(6)).toBe('427587');
    expect(s.normal()).toBe(0.2582118792580443);
  });

  it('mulberry32 (the topics engine)', () => {
    expect(words(mulberry32(1), 4)).toEqual([2693262067, 11749833, 2265367787, 4213581821]);
    expect(words(mulberry32(3), 4)).toEqual([3093350482, 166052715, 1959330548, 321813351]);
  });

  it('cyrb128 hashes UTF-16 code units into four unsigned words', () => {
    const h = cyrb128('é漢字😀');
    expect(h).toHaveLength(4);
    for (const w of h) expect(w >>> 0).toBe(w);
    expect(cyrb128('a')).not.toEqual(cyrb128('b'));
    expect(cyrb128('same')).toEqual(cyrb128('same'));
  });
});

describe('Random: determinism and independence', () => {
  it('gives one stream per seed', () => {
    expect(draws(100, new Random(9).next)).toEqual(draws(100, new Random(9).next));
    expect(draws(100, new Random('x').next)).toEqual(draws(100, new Random('x').next));
    expect(draws(10, new Random(9).next)).not.toEqual(draws(10, new Random(10).next));
    expect(draws(10, new Random(5).next)).not.toEqual(draws(10, new Random('5').next));
    // only the low 32 bits of a number count
    expect(draws(10, new Random(2 ** 32 + 3).next)).toEqual(draws(10, new Random(3).next));
  });

  it('uniform(seed) is the stream of new Random(seed), and next stays bound when handed on', () => {
    const r = new Random('bound');
    const next = r.next;
    expect(draws(50, uniform('bound'))).toEqual(draws(50, next));
  });

  it('forks by label, whatever the parent has drawn', () => {
    const a = new Random('parent');
    const before = draws(20, a.fork('x').next);
    draws(1000, a.next);
    expect(draws(20, a.fork('x').next)).toEqual(before);
    expect(draws(20, a.fork('y').next)).not.toEqual(before);
    expect(a.fork('x').seed).toBe('parent/x');
    expect(new Random(3).fork('x').seed).toBe('3/x');
  });
});

describe('Random: the draws', () => {
  const r = new Random('draws');

  it('next is uniform in [0, 1)', () => {
    const bins = new Array<number>(10).fill(0);
    const n = 100_000;
    let outside = 0;
    for (let i = 0; i < n; i++) {
      const u = r.next();
      if (!(u >= 0 && u < 1)) outside++;
      else bins[Math.floor(u * 10)]!++;
    }
    expect(outside).toBe(0);
    // chi-square with 9 degrees of freedom: 27.9 is its 0.999 quantile
    const chi2 = bins.reduce((s, b) => s + (b - n / 10) ** 2 / (n / 10), 0);
    expect(chi2).toBeLessThan(27.9);
  });

  it('uint32 answers 32-bit integers', () => {
    expect(draws(1000, () => r.uint32()).every((x) => Number.isInteger(x) && x >= 0 && x < 2 ** 32)).toBe(true);
  });

  it('int covers [min, max] with both ends and nothing outside', () => {
    const seen = new Set(draws(2000, () => r.int(-2, 3)));
    expect([...seen].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3]);
    expect(draws(20, () => r.int(4, 4))).toEqual(new Array(20).fill(4));
  });

  it('range and logRange stay inside [lo, hi); logRange spreads over factors of ten', () => {
    expect(draws(1000, () => r.range(-3, 5)).every((x) => x >= -3 && x < 5)).toBe(true);
    const xs = draws(20_000, () => r.logRange(1, 1000));
    expect(xs.every((x) => x >= 1 && x < 1000 * (1 + 1e-12))).toBe(true);
    const below10 = xs.filter((x) => x < 10).length / xs.length;
    expect(below10).toBeGreaterThan(0.3);
    expect(below10).toBeLessThan(0.37);
  });

  it('chance(p) is true a share p of the time; never for 0, always for 1', () => {
    expect(draws(100, () => r.chance(0)).some(Boolean)).toBe(false);
    expect(draws(100, () => r.chance(1)).every(Boolean)).toBe(true);
    const share = draws(20_000, () => r.chance(0.3)).filter(Boolean).length / 20_000;
    expect(share).toBeGreaterThan(0.28);
    expect(share).toBeLessThan(0.32);
  });

  it('pick reaches every item and refuses an empty list', () => {
    expect(new Set(draws(500, () => r.pick(['a', 'b', 'c'])))).toEqual(new Set(['a', 'b', 'c']));
    expect(() => r.pick([])).toThrow(RangeError);
  });

  it('sample answers distinct items, at most as many as there are, and leaves the input alone', () => {
    const items = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let k = 0; k <= 12; k++) {
      const s = r.sample(items, k);
      expect(s).toHaveLength(Math.min(k, items.length));
      expect(new Set(s).size).toBe(s.length);
      for (const x of s) expect(items).toContain(x);
    }
    // every item is equally likely to be in a sample
    const counts = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) for (const x of r.sample(items, 3)) counts.set(x, (counts.get(x) ?? 0) + 1);
    for (const c of counts.values()) expect(Math.abs(c - 3000)).toBeLessThan(250);
  });

  it('shuffle permutes in place, each position uniformly', () => {
    const xs = [1, 2, 3, 4, 5];
    expect(r.shuffle(xs)).toBe(xs);
    expect([...xs].sort()).toEqual([1, 2, 3, 4, 5]);
    const first = new Map<number, number>();
    for (let i = 0; i < 10_000; i++) { const s = r.shuffle([1, 2, 3, 4]); first.set(s[0]!, (first.get(s[0]!) ?? 0) + 1); }
    for (const c of first.values()) expect(Math.abs(c - 2500)).toBeLessThan(200);
    expect(r.shuffle([])).toEqual([]);
  });

  it('exp has the asked mean', () => {
    const xs = draws(50_000, () => r.exp(3));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(xs.reduce((s, x) => s + x, 0) / xs.length).toBeCloseTo(3, 1);
  });

  it('pareto starts at xmin and has the asked tail: P(X > x) = (xmin / x)^alpha', () => {
    const xs = draws(50_000, () => r.pareto(1.5, 2));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(2);
    const over8 = xs.filter((x) => x > 8).length / xs.length;
    expect(over8).toBeCloseTo((2 / 8) ** 1.5, 2);
    expect(draws(5, () => new Random(1).pareto(2))).toEqual(draws(5, () => new Random(1).pareto(2, 1)));
  });

  it('normal has mean 0 and standard deviation 1; logNormal has the asked median', () => {
    const xs = draws(50_000, () => r.normal());
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(mean).toBeCloseTo(0, 1);
    expect(sd).toBeCloseTo(1, 1);
    const ys = draws(20_001, () => r.logNormal(300, 1)).sort((a, b) => a - b);
    expect(ys[10_000]! / 300).toBeGreaterThan(0.95);
    expect(ys[10_000]! / 300).toBeLessThan(1.05);
  });

  it('base36 and digits write the asked number of characters', () => {
    for (let i = 0; i < 200; i++) {
      expect(r.base36(7)).toMatch(/^[0-9a-z]{7}$/);
      expect(r.digits(5)).toMatch(/^[1-9][0-9]{4}$/);
    }
    expect(r.base36(0)).toBe('');
  });
});

describe('samplers', () => {
  it('WeightedSampler draws in proportion to the weights and never a zero or negative weight', () => {
    const s = new WeightedSampler([1, 0, 3, -2, 6]);
    const r = new Random(11);
    const counts = [0, 0, 0, 0, 0];
    for (let i = 0; i < 20_000; i++) counts[s.draw(r)]!++;
    expect(counts[1]).toBe(0);
    expect(counts[3]).toBe(0);
    expect(counts[0]! / 20_000).toBeCloseTo(0.1, 1);
    expect(counts[2]! / 20_000).toBeCloseTo(0.3, 1);
    expect(counts[4]! / 20_000).toBeCloseTo(0.6, 1);
  });

  it('Zipf: rank r has weight 1 / (r + 1)^s; quantile 0 is rank 0 and quantiles near 1 the last rank', () => {
    const z = new Zipf(100, 1);
    expect(z.draw(0)).toBe(0);
    expect(z.draw(1 - 1e-12)).toBe(99);
    const r = new Random(12);
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 50_000; i++) counts[z.draw(r.next())]!++;
    expect(counts[0]! / counts[1]!).toBeCloseTo(2, 0);
    expect(counts[0]! / counts[9]!).toBeGreaterThan(7);
    expect(counts[0]! / counts[9]!).toBeLessThan(13);
  });
});

describe('shuffledRange', () => {
  it('is a permutation of 0..n-1 drawn with the given stream', () => {
    const p = shuffledRange(50, mulberry32(4));
    expect([...p].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect([...shuffledRange(50, mulberry32(4))]).toEqual([...p]);
    expect([...shuffledRange(50, uniform(4))]).not.toEqual([...p]);
    expect([...shuffledRange(0, mulberry32(4))]).toEqual([]);
  });
});
