/**
 * Open-addressing hash table keyed by an unordered account pair (a < b), with directed accumulators (a->b and
 * b->a) for co-actions, rarity-weighted co-actions, chance-expected co-actions and co-actions outside crowds, and
 * the last key seen. Millions of pairs fit in typed arrays (42 bytes per slot) where a Map of objects would need ten times more.
 */
import { f32, f64 } from './arena';

/** Slots of an open-addressing table for `capacity` entries: a power of two, at most half full. */
function slotsFor(capacity: number): number {
  let cap = 1 << 4;
  while (cap < capacity * 2) cap <<= 1;
  return cap;
}

/** A slot hash of the account pair (a, b), for the open-addressing tables keyed by a pair (here and typedEdges.ts). */
export function pairHash(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x632be5ab, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 13)) >>> 0;
}

export class PairTable {
  size = 0;
  private mask: number;
  a!: Int32Array;
  b!: Int32Array;
  last!: Int32Array;
  /** co-actions a->b (acts of a with a partner from b) and b->a */
  o1!: Float32Array;
  o2!: Float32Array;
  /** the same, weighted by key rarity */
  r1!: Float32Array;
  r2!: Float32Array;
  /** expected chance co-actions a->b and b->a */
  e1!: Float32Array;
  e2!: Float32Array;
  /** co-actions a->b and b->a outside crowds (keys' runs of few accounts), saturating at 255: two bytes a slot */
  q1!: Uint8Array;
  q2!: Uint8Array;

  /**
   * `onGrow` runs after the table has outgrown its arrays, with the outgrown slots (the detection: a full collection
   * when they were large, so the outgrown arrays, 352 MB at 5M posts, are not kept through the rest of the scan
   * while nothing else makes V8 collect).
   */
  constructor(capacity = 1 << 12, private readonly onGrow?: (outgrownSlots: number) => void) {
    const cap = slotsFor(capacity);
    this.mask = cap - 1;
    this.alloc(cap);
  }

  /**
   * Outside the arenas: a table that outgrows its arrays leaves them to the garbage collector instead of dead in an
   * arena until the scans end (at 5M posts the outgrown table would be 350 MB).
   */
  private alloc(cap: number): void {
    this.a = new Int32Array(cap).fill(-1);
    this.b = new Int32Array(cap);
    this.last = new Int32Array(cap).fill(-1);
    this.o1 = new Float32Array(cap); this.o2 = new Float32Array(cap);
    this.r1 = new Float32Array(cap); this.r2 = new Float32Array(cap);
    this.e1 = new Float32Array(cap); this.e2 = new Float32Array(cap);
    this.q1 = new Uint8Array(cap); this.q2 = new Uint8Array(cap);
  }

  get capacity(): number { return this.mask + 1; }

  /** Empties the table, keeping (and, when asked, growing) its arrays: one allocation serves every type. */
  reset(capacity = 0): void {
    if (capacity * 2 > this.mask + 1) {
      let cap = this.mask + 1;
      while (cap < capacity * 2) cap <<= 1;
      this.mask = cap - 1;
      this.alloc(cap);
    } else {
      this.a.fill(-1); this.last.fill(-1);
      this.o1.fill(0); this.o2.fill(0); this.r1.fill(0); this.r2.fill(0); this.e1.fill(0); this.e2.fill(0);
      this.q1.fill(0); this.q2.fill(0);
    }
    this.size = 0;
  }

  /** slot of the pair (created when absent); x and y in any order */
  slot(x: number, y: number): number {
    const a = x < y ? x : y, b = x < y ? y : x;
    if ((this.size + 1) * 2 > this.capacity) { this.grow(); this.onGrow?.(this.capacity / 2); }
    let s = pairHash(a, b) & this.mask;
    for (;;) {
      const sa = this.a[s]!;
      if (sa === -1) { this.a[s] = a; this.b[s] = b; this.size++; return s; }
      if (sa === a && this.b[s] === b) return s;
      s = (s + 1) & this.mask;
    }
  }

  /** slot of the pair or -1 */
  find(x: number, y: number): number {
    const a = x < y ? x : y, b = x < y ? y : x;
    let s = pairHash(a, b) & this.mask;
    for (;;) {
      const sa = this.a[s]!;
      if (sa === -1) return -1;
      if (sa === a && this.b[s] === b) return s;
      s = (s + 1) & this.mask;
    }
  }

  /** calls f(slot) for every occupied slot */
  forEachSlot(f: (s: number) => void): void {
    for (let s = 0; s <= this.mask; s++) if (this.a[s] !== -1) f(s);
  }

  private grow(): void {
    const old = { a: this.a, b: this.b, last: this.last, o1: this.o1, o2: this.o2, r1: this.r1, r2: this.r2, e1: this.e1, e2: this.e2, q1: this.q1, q2: this.q2 };
    const cap = (this.mask + 1) * 2;
    this.mask = cap - 1;
    this.alloc(cap);
    this.size = 0;
    for (let s = 0; s < old.a.length; s++) {
      if (old.a[s] === -1) continue;
      const t = this.slot(old.a[s]!, old.b[s]!);
      this.last[t] = old.last[s]!;
      this.o1[t] = old.o1[s]!; this.o2[t] = old.o2[s]!;
      this.r1[t] = old.r1[s]!; this.r2[t] = old.r2[s]!;
      this.e1[t] = old.e1[s]!; this.e2[t] = old.e2[s]!;
      this.q1[t] = old.q1[s]!; this.q2[t] = old.q2[s]!;
    }
  }
}

/**
 * Set of (post, partner account) with a value each: a post that shares several keys with the same account (two
 * hashtags, two links) is one co-action, credited with its rarest shared key. Open addressing on typed arrays.
 */
export class PostPartnerSet {
  size = 0;
  /** whether the last offer added a new (post, account) */
  added = false;
  private mask: number;
  private keys: Float64Array;
  private vals: Float32Array;

  constructor(capacity = 1 << 12) {
    const cap = slotsFor(capacity);
    this.mask = cap - 1;
    this.keys = f64(cap).fill(-1);
    this.vals = f32(cap);
  }

  /** Bytes of a set made for `capacity` entries: 12 a slot. */
  static bytesFor(capacity: number): number { return slotsFor(capacity) * 12; }

  /** Empties the set, keeping its arrays. */
  reset(): void {
    this.keys.fill(-1);
    this.size = 0;
  }

  private static hash(k: number): number {
    const hi = Math.floor(k / 4294967296);
    const lo = (k - hi * 4294967296) >>> 0;
    let h = Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi + 0x7f4a7c15, 0x85ebca77);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    return (h ^ (h >>> 13)) >>> 0;
  }

  /**
   * Records (post, account) with value v. Returns v when new (and sets `added`), the increase over the stored value
   * when v is larger, and 0 otherwise. `accounts` must be the same on every call.
   */
  offer(post: number, account: number, accounts: number, v: number): number {
    if ((this.size + 1) * 2 > this.mask + 1) this.grow();
    const k = post * accounts + account;
    let s = PostPartnerSet.hash(k) & this.mask;
    for (;;) {
      const sk = this.keys[s]!;
      if (sk === -1) { this.keys[s] = k; this.vals[s] = v; this.size++; this.added = true; return v; }
      if (sk === k) {
        this.added = false;
        const old = this.vals[s]!;
        if (v <= old) return 0;
        this.vals[s] = v;
        return v - old;
      }
      s = (s + 1) & this.mask;
    }
  }

  private grow(): void {
    const { keys, vals } = this;
    const cap = (this.mask + 1) * 2;
    this.mask = cap - 1;
    this.keys = f64(cap).fill(-1);
    this.vals = f32(cap);
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      if (k === -1) continue;
      let s = PostPartnerSet.hash(k) & this.mask;
      while (this.keys[s] !== -1) s = (s + 1) & this.mask;
      this.keys[s] = k;
      this.vals[s] = vals[i]!;
    }
  }
}
