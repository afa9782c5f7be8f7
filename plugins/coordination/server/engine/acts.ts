/**
 * Acts ("postings"): (key, time, account, post, weight) rows in typed arrays, sorted by (key, time) with a stable
 * radix sort, and the two-pointer window scan that turns them into co-action pairs without ever generating all
 * pairs of a popular key.
 */
import { f32, f64, i32, u32, u8 } from './arena';
import type { TypeConfig } from './types';
import { WindowAnswers } from './windowAnswers';

export class ActBuffer {
  n = 0;
  key: Uint32Array;
  time: Float64Array;
  acc: Int32Array;
  post: Int32Array;
  w: Float32Array;

  constructor(capacity = 1024) {
    this.key = u32(capacity);
    this.time = f64(capacity);
    this.acc = i32(capacity);
    this.post = i32(capacity);
    this.w = f32(capacity);
  }

  push(key: number, time: number, acc: number, post: number, w = 1): void {
    if (this.n === this.key.length) this.grow();
    const i = this.n++;
    this.key[i] = key; this.time[i] = time; this.acc[i] = acc; this.post[i] = post; this.w[i] = w;
  }

  private grow(): void {
    const cap = Math.ceil(this.key.length * 1.5);
    const k = u32(cap); k.set(this.key); this.key = k;
    const t = f64(cap); t.set(this.time); this.time = t;
    const a = i32(cap); a.set(this.acc); this.acc = a;
    const p = i32(cap); p.set(this.post); this.post = p;
    const w = f32(cap); w.set(this.w); this.w = w;
  }

  /**
   * Sorted by key, keeping push order within a key: push acts in time order and each key's run is time-sorted.
   * Sorts the buffer in place (column by column through one scratch array: a sorted copy would double the acts'
   * memory for the rest of the detection) and returns it as the sorted acts; push no more acts afterwards.
   * Throws when a key's run is not in time order (a caller bug that would silently break the windows).
   */
  sorted(): SortedActs {
    const n = this.n;
    const order = radixOrder(this.key, n);
    const scratch = new Float64Array(n);
    const permute = <T extends Uint32Array | Float64Array | Int32Array | Float32Array>(col: T): T => {
      for (let r = 0; r < n; r++) scratch[r] = col[order[r]!]!;
      for (let r = 0; r < n; r++) col[r] = scratch[r]!;
      return col.subarray(0, n) as T;
    };
    const s: SortedActs = { n, key: permute(this.key), time: permute(this.time), acc: permute(this.acc), post: permute(this.post), w: permute(this.w) };
    for (let r = 1; r < n; r++) {
      if (s.key[r] === s.key[r - 1] && s.time[r]! < s.time[r - 1]!) throw new Error('acts must be pushed in time order');
    }
    return s;
  }
}

export interface SortedActs {
  n: number;
  key: Uint32Array;
  time: Float64Array;
  acc: Int32Array;
  post: Int32Array;
  w: Float32Array;
}

let radixA = new Uint32Array(0);
let radixB = new Uint32Array(0);
const radixCount = new Uint32Array(65537);

/**
 * Stable LSD radix sort of indices 0..n-1 by 32-bit key, two 16-bit passes; O(n). The returned array is scratch,
 * valid until the next call.
 */
export function radixOrder(keys: Uint32Array, n: number): Uint32Array {
  if (radixA.length < n) { radixA = new Uint32Array(Math.ceil(n * 1.25)); radixB = new Uint32Array(Math.ceil(n * 1.25)); }
  const a = radixA, b = radixB;
  const count = radixCount;
  count.fill(0);
  for (let i = 0; i < n; i++) count[(keys[i]! & 0xffff) + 1]!++;
  for (let i = 1; i <= 65536; i++) count[i]! += count[i - 1]!;
  for (let i = 0; i < n; i++) b[count[keys[i]! & 0xffff]!++] = i;
  count.fill(0);
  let high = false;
  for (let i = 0; i < n; i++) { const h = keys[i]! >>> 16; if (h) high = true; count[h + 1]!++; }
  if (!high) return b;
  for (let i = 1; i <= 65536; i++) count[i]! += count[i - 1]!;
  for (let r = 0; r < n; r++) { const i = b[r]!; a[count[keys[i]! >>> 16]!++] = i; }
  return a;
}

/** Inverse document frequency of a key held by df of A accounts, in [0, 1]. */
export function rarity(df: number, accounts: number): number {
  if (accounts <= 2) return 1;
  const r = Math.log(accounts / Math.max(1, df)) / Math.log(accounts);
  return r < 0 ? 0 : r > 1 ? 1 : r;
}

export interface ScanCounters { pairEvents: number; crowded: number }

/** Scratch arrays of a scan, reusable across scans (large allocations on a big heap cost full collections). */
export class ScanScratch {
  stamp: Int32Array;
  count: Float64Array;
  skip: Uint8Array;
  constructor(accounts: number, acts: number) {
    this.stamp = i32(accounts);
    this.count = f64(accounts);
    this.skip = u8(Math.max(1, acts));
  }
  fit(accounts: number, acts: number): this {
    if (this.stamp.length < accounts) { this.stamp = i32(accounts); this.count = f64(accounts); }
    if (this.skip.length < acts) this.skip = u8(acts);
    this.stamp.fill(-1);
    return this;
  }
}

export interface ScanMode {
  /** also pair two different acts of the same account (self loops; QUT's `loops`) */
  selfPairs: boolean;
}
const DEFAULT_MODE: ScanMode = { selfPairs: false };

/** What a scan tells its sink about the key being scanned. */
export interface KeyContext {
  /** first sorted index of the key's run (unique per key) */
  start: number;
  /** the key's rarity, ln(A / df) / ln(A), or 1 when rarity is off */
  rarity: number;
  /** per account: its acts on this key (valid for accounts with acts on the key) */
  count: Float64Array;
}

/**
 * Slides a window over each key's acts. For every act i of account a, the acts j inside [t_i - w, t_i + w]
 * (inclusive) are grouped by account, and `emit(i, j, ctx)` is called once per other account b (with b's act
 * nearest in time): a *directed* co-action "act i of a has a partner from b", as QUT counts them. Acts whose
 * window holds more than `maxWindowActs` acts (a crowd: a viral link, a trending hashtag) pair with nobody, nor
 * does anyone pair with them; windows with fewer than `minWindowActs` acts (no burst) neither. `accept(i, j)` may
 * veto a pair (text verification, subsumption) before it uses up b for act i; it must answer (j, i) as it answers
 * (i, j): in a timed window each pair is checked once, and the later act reuses the answer.
 * Cost: O(acts * min(window occupancy, maxWindowActs)); timeless keys (w = Infinity) are skipped whole when more
 * than `maxWindowActs` accounts hold them.
 */
export function scanWindows(
  acts: SortedActs,
  cfg: Pick<TypeConfig, 'windowMs' | 'maxWindowActs' | 'minWindowActs' | 'rarity'>,
  accountsWithType: number,
  accountCount: number,
  accept: ((i: number, j: number) => boolean) | null,
  emit: (i: number, j: number, ctx: KeyContext) => void,
  counters: ScanCounters,
  mode: ScanMode = DEFAULT_MODE,
  /** when given: per account, the summed number of other acts inside its acts' windows */
  exposure: Float64Array | null = null,
  scratch: ScanScratch | null = null,
  /**
   * when given: only pairs of two marked accounts are wanted. Keys held by fewer than two marked accounts are skipped
   * whole, and no other act is paired or offered to `accept` (the windows, crowds and nearest partners of the
   * marked accounts' acts are the same as without it: a partner is chosen per account)
   */
  marked: Uint8Array | null = null,
): void {
  const { key, time, acc } = acts;
  const n = acts.n;
  const w = cfg.windowMs;
  const cap = cfg.maxWindowActs;
  const minActs = Math.max(2, cfg.minWindowActs);
  const sc = (scratch ?? new ScanScratch(accountCount, n)).fit(accountCount, n);
  const { stamp, count, skip } = sc;
  const timeless = !Number.isFinite(w);
  // a windowed check is offered each pair from both of its acts: the later act reads the earlier one's answer
  // (kept for windows of up to 1,024 acts, a megabyte of answers; wider windows check both ways)
  const answers = accept !== null && !timeless && cap <= 1024 ? new WindowAnswers(cap) : null;
  const ctx: KeyContext = { start: 0, rarity: 1, count };
  let s = 0;
  while (s < n) {
    let e = s + 1;
    const k = key[s]!;
    while (e < n && key[e] === k) e++;
    if (e - s < 2) { s = e; continue; }
    if (marked !== null) {
      let m = 0, first = -1;
      for (let i = s; i < e && m < 2; i++) { const a = acc[i]!; if (marked[a] && a !== first) { m++; first = a; } }
      if (m < 2) { s = e; continue; }
    }
    // distinct accounts and per-account weight on the key
    let df = 0;
    for (let i = s; i < e; i++) {
      const a = acc[i]!;
      if (stamp[a] !== -2 - s) { stamp[a] = -2 - s; df++; count[a] = 0; }
      count[a]!++;
    }
    if ((df < 2 && !mode.selfPairs) || (timeless && (df > cap || df < minActs))) {
      if (timeless && df > cap) counters.crowded += e - s;
      s = e; continue;
    }
    ctx.start = s;
    ctx.rarity = cfg.rarity ? rarity(df, accountsWithType) : 1;
    // crowd and burst flags, then the symmetric windows
    let lo = s, hi = s;
    if (!timeless) {
      for (let i = s; i < e; i++) {
        const t = time[i]!;
        while (t - time[lo]! > w) lo++;
        if (hi <= i) hi = i + 1;
        while (hi < e && time[hi]! - t <= w) hi++;
        const occupancy = hi - lo;
        skip[i] = occupancy > cap ? 1 : occupancy < minActs ? 2 : 0;
        if (skip[i] === 1) counters.crowded++;
        else if (exposure !== null) exposure[acc[i]!]! += occupancy - 1;
      }
    } else if (exposure !== null) {
      for (let i = s; i < e; i++) exposure[acc[i]!]! += e - s - 1;
    }
    lo = s; hi = s;
    for (let i = s; i < e; i++) {
      const t = time[i]!;
      if (timeless) { hi = e; } else {
        while (t - time[lo]! > w) lo++;
        if (hi <= i) hi = i + 1;
        while (hi < e && time[hi]! - t <= w) hi++;
        if (answers !== null) answers.open(i, hi);
        if (skip[i]) continue;
      }
      const ai = acc[i]!;
      if (marked !== null && !marked[ai]) continue;
      if (!mode.selfPairs) stamp[ai] = i;
      // nearest first on each side: left then right
      for (let j = i - 1; j >= lo; j--) {
        const b = acc[j]!;
        if (stamp[b] === i || skip[j] === 1 || (marked !== null && !marked[b])) continue;
        if (accept !== null && !(answers?.get(j, i) ?? accept(i, j))) continue;
        stamp[b] = i;
        counters.pairEvents++;
        emit(i, j, ctx);
      }
      for (let j = i + 1; j < hi; j++) {
        const b = acc[j]!;
        if (stamp[b] === i || skip[j] === 1 || (marked !== null && !marked[b])) continue;
        if (accept !== null) {
          const yes = accept(i, j);
          answers?.set(i, j, yes);
          if (!yes) continue;
        }
        stamp[b] = i;
        counters.pairEvents++;
        emit(i, j, ctx);
      }
    }
    for (let i = s; i < e; i++) skip[i] = 0;
    s = e;
  }
}
