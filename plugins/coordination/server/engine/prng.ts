/** Seeded pseudo-random numbers for the generator and Louvain: deterministic across runs and platforms. */

/** sfc32 seeded through splitmix32; returns floats in [0, 1). */
export function createRng(seed: number): () => number {
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split(), b = split(), c = split(), d = split();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) next();
  return () => next() / 4294967296;
}

export class Random {
  readonly next: () => number;
  constructor(seed: number) { this.next = createRng(seed); }
  /** integer in [lo, hi] */
  int(lo: number, hi: number): number { return lo + Math.floor(this.next() * (hi - lo + 1)); }
  range(lo: number, hi: number): number { return lo + this.next() * (hi - lo); }
  /** log-uniform in [lo, hi] */
  logRange(lo: number, hi: number): number { return Math.exp(this.range(Math.log(lo), Math.log(hi))); }
  chance(p: number): boolean { return this.next() < p; }
  pick<T>(xs: readonly T[]): T { return xs[Math.floor(this.next() * xs.length)]!; }
  /** exponential with the given mean */
  exp(mean: number): number { return -mean * Math.log(1 - this.next()); }
  /** Pareto (power law) with minimum xmin and density exponent alpha > 1 */
  pareto(xmin: number, alpha: number): number { return xmin * Math.pow(1 - this.next(), -1 / (alpha - 1)); }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const t = xs[i]!; xs[i] = xs[j]!; xs[j] = t;
    }
    return xs;
  }
  /** k distinct items */
  sample<T>(xs: readonly T[], k: number): T[] {
    return this.shuffle([...xs]).slice(0, Math.min(k, xs.length));
  }
}

/** Draws ranks 0..n-1 with probability proportional to 1 / (rank + 1)^s (binary search in the CDF). */
export class Zipf {
  private readonly cdf: Float64Array;
  constructor(readonly n: number, s: number) {
    this.cdf = new Float64Array(n);
    let acc = 0;
    for (let i = 0; i < n; i++) { acc += 1 / Math.pow(i + 1, s); this.cdf[i] = acc; }
    for (let i = 0; i < n; i++) this.cdf[i]! /= acc;
  }
  draw(u: number): number {
    let lo = 0, hi = this.n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cdf[mid]! < u) lo = mid + 1; else hi = mid;
    }
    return lo;
  }
}
