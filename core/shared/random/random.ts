/**
 * The seeded pseudo-random generator of Narrascope: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator,
 * 128 bits of state, 32-bit output), in plain integer arithmetic so one seed gives one stream on every machine and
 * every run. Everything that must be reproducible draws from here: the demo corpus, the coordination engine's
 * Louvain and its planted-campaign generator, test fixtures, benchmarks.
 *
 * Seeds:
 * - a number is expanded into the four state words by splitmix32 (`seed >>> 0` is what counts);
 * - a string is hashed by cyrb128 into the four words, the counter word starting one ahead (the demo corpus has
 *   always been seeded this way; its corpora and ground-truth files depend on it).
 * The number 5 and the string '5' are different seeds. Twelve outputs are discarded before the first draw.
 *
 * Not for secrets: use node:crypto or crypto.getRandomValues for tokens and keys.
 */

export type Seed = number | string;

const TWO_POW_32 = 4294967296;
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** 128 bits of hash from a string (cyrb128, over UTF-16 code units): four unsigned 32-bit words. */
export function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i += 1) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** Four state words from a 32-bit number: the first four outputs of splitmix32 started at `seed`. */
function splitmix32Words(seed: number): [number, number, number, number] {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  return [next(), next(), next(), next()];
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: Seed) {
    if (typeof seed === 'string') {
      const [a, b, c, d] = cyrb128(seed);
      this.a = a; this.b = b; this.c = c; this.d = (d + 1) >>> 0;
    } else {
      [this.a, this.b, this.c, this.d] = splitmix32Words(seed);
    }
    for (let i = 0; i < 12; i += 1) this.uint32();
  }

  /** An independent stream for one part of a computation (seed `<seed>/<label>`), so parts do not shift each other's draws. */
  fork(label: string): Random {
    return new Random(`${this.seed}/${label}`);
  }

  /** The next 32-bit output, an integer in [0, 2^32). */
  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1), in steps of 2^-32. Bound to its instance: `rng: random.next` may be handed on. */
  readonly next = (): number => this.uint32() / TWO_POW_32;

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + this.next() * (hi - lo);
  }

  /** Log-uniform in [lo, hi) (lo > 0): every factor of ten as likely as the next. */
  logRange(lo: number, hi: number): number {
    return Math.exp(this.range(Math.log(lo), Math.log(hi)));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One item, each equally likely. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Random.pick: no items to pick from');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** min(k, length) distinct items in random order (a partial Fisher-Yates shuffle of a copy: k draws). */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice();
    const n = Math.min(k, copy.length);
    for (let i = 0; i < n; i += 1) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  /** Shuffles `items` in place (Fisher-Yates from the back: length - 1 draws) and answers it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      const t = items[i]!;
      items[i] = items[j]!;
      items[j] = t;
    }
    return items;
  }

  /** Exponential with the given mean. */
  exp(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /**
   * Pareto (type I) with tail index `alpha` and minimum `xmin`: P(X > x) = (xmin / x)^alpha, so the density falls
   * as x^-(alpha + 1). The smaller alpha, the heavier the tail (no finite mean for alpha <= 1).
   */
  pareto(alpha: number, xmin = 1): number {
    return xmin / Math.pow(1 - this.next(), 1 / alpha);
  }

  /** Standard normal (Box-Muller; two draws per value). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal around `median`: median * e^(sigma * N(0, 1)). */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** `length` characters of 0-9a-z. */
  base36(length: number): string {
    let s = '';
    for (let i = 0; i < length; i += 1) s += BASE36[Math.floor(this.next() * 36)];
    return s;
  }

  /** A decimal number of `length` digits (no leading zero), as text. */
  digits(length: number): string {
    let s = String(1 + Math.floor(this.next() * 9));
    for (let i = 1; i < length; i += 1) s += String(Math.floor(this.next() * 10));
    return s;
  }
}

/** The stream of `new Random(seed)` as a function, for APIs that take one (graphology's `rng` option). */
export function uniform(seed: Seed): () => number {
  return new Random(seed).next;
}

/** 0..n-1 in random order (Fisher-Yates from the back with `next`, n - 1 draws). */
export function shuffledRange(n: number, next: () => number): Int32Array {
  const a = new Int32Array(n);
  for (let i = 0; i < n; i++) a[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a;
}
