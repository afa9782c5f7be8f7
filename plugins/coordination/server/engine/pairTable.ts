/**
 * Open-addressing hash table keyed by an unordered account pair (a < b), with directed accumulators (a->b and
 * b->a) for co-actions, rarity-weighted co-actions, chance-expected co-actions and co-actions outside crowds, and
 * the last key seen. Millions of pairs fit in one buffer (40 bytes per slot) where a Map of objects would need ten times more.
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

/**
 * A slot's fields, in 4-byte words: the accounts and the last key as integers, the accumulators as floats. The first
 * account and the last key are kept plus one, so that an empty slot is all zeros and emptying the table is one fill.
 */
const A = 0, B = 1, LAST = 2, O1 = 3, O2 = 4, R1 = 5, R2 = 6, E1 = 7, E2 = 8;
/** the two saturating counters share the last word, as bytes */
const Q1_BYTE = 36, Q2_BYTE = 37;
const WORDS = 10;

export class PairTable {
  size = 0;
  private mask: number;
  /**
   * One slot is ten consecutive words of one buffer (40 bytes), seen as integers, floats and bytes: a scan updates
   * a pair's counters in the one or two cache lines its slot spans, where a column per field touched eleven (at 5M
   * posts the table is 2^24 slots, far beyond every cache, and most updates miss).
   */
  private int!: Int32Array;
  private float!: Float32Array;
  private byte!: Uint8Array;

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
   * Outside the arenas: a table that outgrows its buffer leaves it to the garbage collector instead of dead in an
   * arena until the scans end (at 5M posts the outgrown table would be 350 MB). A new buffer is zeros, so empty:
   * its pages are committed as slots are written, not all at once (671 MB at 2^24 slots, at the detection's peak).
   */
  private alloc(cap: number): void {
    const buffer = new ArrayBuffer(cap * WORDS * 4);
    this.int = new Int32Array(buffer);
    this.float = new Float32Array(buffer);
    this.byte = new Uint8Array(buffer);
  }

  /** Every slot empty (all zeros: no pair, no last key, counters at zero). */
  private clear(): void {
    this.int.fill(0);
  }

  get capacity(): number { return this.mask + 1; }

  /** Empties the table, keeping (and, when asked, growing) its buffer: one allocation serves every type. */
  reset(capacity = 0): void {
    if (capacity * 2 > this.mask + 1) {
      let cap = this.mask + 1;
      while (cap < capacity * 2) cap <<= 1;
      this.mask = cap - 1;
      this.alloc(cap);
    } else {
      this.clear();
    }
    this.size = 0;
  }

  /** The slot holding the pair a < b, or the empty slot where it would go. */
  private probe(a: number, b: number): number {
    const int = this.int, stored = a + 1;
    let s = pairHash(a, b) & this.mask;
    for (;;) {
      const at = s * WORDS;
      const sa = int[at]!;
      if (sa === 0 || (sa === stored && int[at + B] === b)) return s;
      s = (s + 1) & this.mask;
    }
  }

  /** slot of the pair (created when absent); x and y in any order */
  slot(x: number, y: number): number {
    const a = x < y ? x : y, b = x < y ? y : x;
    if ((this.size + 1) * 2 > this.capacity) { this.grow(); this.onGrow?.(this.capacity / 2); }
    const s = this.probe(a, b), at = s * WORDS;
    if (this.int[at] === 0) { this.int[at] = a + 1; this.int[at + B] = b; this.size++; }
    return s;
  }

  /** slot of the pair or -1 */
  find(x: number, y: number): number {
    const s = this.probe(x < y ? x : y, x < y ? y : x);
    return this.int[s * WORDS] === 0 ? -1 : s;
  }

  /** calls f(slot) for every occupied slot */
  forEachSlot(f: (s: number) => void): void {
    const int = this.int;
    for (let s = 0; s <= this.mask; s++) if (int[s * WORDS] !== 0) f(s);
  }

  /** the pair's accounts, a < b */
  a(s: number): number { return this.int[s * WORDS + A]! - 1; }
  b(s: number): number { return this.int[s * WORDS + B]!; }

  /**
   * Adds `c` co-actions and `r` rarity-weighted co-actions in one direction: `forward` is a -> b (acts of the lower
   * account with a partner from the higher), otherwise b -> a.
   */
  addCoActions(s: number, forward: boolean, c: number, r: number): void {
    const at = s * WORDS;
    if (forward) { this.float[at + O1]! += c; this.float[at + R1]! += r; } else { this.float[at + O2]! += c; this.float[at + R2]! += r; }
  }

  /** Counts one co-action outside crowds in one direction (saturating at 255). */
  addQuiet(s: number, forward: boolean): void {
    const byte = s * WORDS * 4 + (forward ? Q1_BYTE : Q2_BYTE);
    if (this.byte[byte]! < 255) this.byte[byte]!++;
  }

  /** Whether the pair has met on key `key` (>= 0) already; marks it as met. */
  metOn(s: number, key: number): boolean {
    const at = s * WORDS + LAST;
    if (this.int[at] === key + 1) return true;
    this.int[at] = key + 1;
    return false;
  }

  /** Adds expected chance co-actions a -> b and b -> a. */
  addChance(s: number, e1: number, e2: number): void {
    const at = s * WORDS;
    this.float[at + E1]! += e1; this.float[at + E2]! += e2;
  }

  /** co-actions a -> b and b -> a */
  o1(s: number): number { return this.float[s * WORDS + O1]!; }
  o2(s: number): number { return this.float[s * WORDS + O2]!; }
  /** the same, weighted by key rarity */
  r1(s: number): number { return this.float[s * WORDS + R1]!; }
  r2(s: number): number { return this.float[s * WORDS + R2]!; }
  /** expected chance co-actions a -> b and b -> a */
  e1(s: number): number { return this.float[s * WORDS + E1]!; }
  e2(s: number): number { return this.float[s * WORDS + E2]!; }
  /** co-actions a -> b and b -> a outside crowds (keys' runs of few accounts), saturating at 255 */
  q1(s: number): number { return this.byte[s * WORDS * 4 + Q1_BYTE]!; }
  q2(s: number): number { return this.byte[s * WORDS * 4 + Q2_BYTE]!; }

  /** Doubles the slots, moving every pair with its whole slot. */
  private grow(): void {
    const old = this.int, oldMask = this.mask;
    const cap = (this.mask + 1) * 2;
    this.mask = cap - 1;
    this.alloc(cap);
    const int = this.int;
    for (let s = 0; s <= oldMask; s++) {
      const from = s * WORDS;
      const stored = old[from]!;
      if (stored === 0) continue;
      let t = pairHash(stored - 1, old[from + B]!) & this.mask;
      while (int[t * WORDS] !== 0) t = (t + 1) & this.mask;
      const to = t * WORDS;
      for (let w = 0; w < WORDS; w++) int[to + w] = old[from + w]!;
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
