import type { Random } from './random';

/** Draws indexes proportionally to weights (negative weights count as 0) in O(log n): cumulative sums + binary search. */
export class WeightedSampler {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => { sum += Math.max(0, w); this.cumulative[i] = sum; });
    this.total = sum;
  }

  /** One index (one draw of `random`). */
  draw(random: Pick<Random, 'next'>): number {
    const x = random.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

/** Ranks 0..n-1 with probability proportional to 1 / (rank + 1)^s: the inverse of the CDF by binary search. */
export class Zipf {
  private readonly cdf: Float64Array;

  constructor(readonly n: number, s: number) {
    this.cdf = new Float64Array(n);
    let acc = 0;
    for (let i = 0; i < n; i++) { acc += 1 / Math.pow(i + 1, s); this.cdf[i] = acc; }
    for (let i = 0; i < n; i++) this.cdf[i]! /= acc;
  }

  /** The rank at quantile `u` in [0, 1): pass `random.next()`, or any other uniform number. */
  draw(u: number): number {
    let lo = 0, hi = this.n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cdf[mid]! < u) lo = mid + 1; else hi = mid;
    }
    return lo;
  }
}
