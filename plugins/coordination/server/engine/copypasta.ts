/**
 * Near-duplicate text families for COPYPASTA: exact duplicates by a 64-bit hash of the token sequence, near
 * duplicates by MinHash/LSH band buckets, every candidate verified by exact word-bigram Jaccard, all joined with a
 * union-find. Candidates come only from texts in the same bucket inside the copypasta window, nearest in time
 * first and capped per text, so a bucket of common phrasing never costs a quadratic number of comparisons.
 */
import { f64, i32, u32, u8 } from './arena';
import { radixOrder } from './acts';
import { jaccardSorted, sortUnique, TextFingerprinter } from './text';
import { BigramSketches } from './sketch';

export interface CopypastaParams {
  minTokens: number;
  minJaccard: number;
  bands: number;
  rows: number;
  seed: number;
  maxCandidatesPerText: number;
  windowMs: number;
  /** 'oph': one-permutation hashing with densification (fast); 'minhash': bands * rows permutations */
  signature: 'oph' | 'minhash';
}

/** Fingerprints of the texts of a corpus, added in time order. */
export class TextIndex {
  n = 0;
  post: Int32Array = new Int32Array(1024);
  time: Float64Array = new Float64Array(1024);
  exact1: Uint32Array = new Uint32Array(1024);
  exact2: Uint32Array = new Uint32Array(1024);
  /** text i's word-bigram hashes are shBuf[shOff[i]..shOff[i + 1]), in text order until the first verification */
  shOff: Int32Array = new Int32Array(1025);
  shBuf: Uint32Array = new Uint32Array(16384);
  /** end of text i's sorted, de-duplicated bigrams once `sorted[i]` is set (sorted lazily: only candidates need it) */
  shEnd: Int32Array = new Int32Array(1024);
  sorted: Uint8Array = new Uint8Array(1024);
  bandKeys: Uint32Array = new Uint32Array(1024 * 16);
  /** per text: which of 128 bins its bigrams fall in, to reject most dissimilar pairs without their bigrams */
  readonly sketches: BigramSketches;
  private readonly fingerprinter: TextFingerprinter;

  /** `capacity`: expected number of texts (growing a large typed array on a big heap forces full GCs) */
  constructor(readonly params: Pick<CopypastaParams, 'minTokens' | 'bands' | 'rows' | 'seed' | 'signature'>, capacity = 1024) {
    this.fingerprinter = new TextFingerprinter(params);
    const cap = Math.max(16, capacity);
    this.post = i32(cap);
    this.time = f64(cap);
    this.exact1 = u32(cap);
    this.exact2 = u32(cap);
    this.shOff = i32(cap + 1);
    this.shBuf = u32(cap * 20);
    this.shEnd = i32(cap);
    this.sorted = u8(cap);
    // outside the arena: the band keys serve nearDuplicateFamilies only, and are let go after it (releaseBands)
    this.bandKeys = new Uint32Array(cap * params.bands);
    this.sketches = new BigramSketches(cap);
  }

  /**
   * Fingerprints one text; returns its text index, or -1 when it is too short. Call in time order.
   * The bigrams stay in text order: they are sorted only if the text ever becomes a candidate (`jaccard`).
   */
  add(text: string, time: number, post: number): number {
    const i = this.n;
    if (i === this.post.length) this.growTexts();
    const off = this.shOff[i]!;
    if (off + text.length > this.shBuf.length) {
      const b = u32(Math.max(Math.ceil(this.shBuf.length * 1.5), off + text.length)); b.set(this.shBuf); this.shBuf = b;
    }
    const fp = this.fingerprinter;
    const m = fp.fingerprint(text, this.shBuf, off, this.bandKeys, i * this.params.bands);
    if (m < 0) return -1;
    this.shOff[i + 1] = off + m;
    this.sketches.set(i, this.shBuf, off, off + m);
    this.sorted[i] = 0;
    this.post[i] = post;
    this.time[i] = time;
    this.exact1[i] = fp.exact[0]!;
    this.exact2[i] = fp.exact[1]!;
    this.n++;
    return i;
  }

  private growTexts(): void {
    const cap = this.post.length * 2;
    const p = i32(cap); p.set(this.post); this.post = p;
    const t = f64(cap); t.set(this.time); this.time = t;
    const a = u32(cap); a.set(this.exact1); this.exact1 = a;
    const b = u32(cap); b.set(this.exact2); this.exact2 = b;
    const o = i32(cap + 1); o.set(this.shOff); this.shOff = o;
    const e = i32(cap); e.set(this.shEnd); this.shEnd = e;
    const f = u8(cap); f.set(this.sorted); this.sorted = f;
    const k = new Uint32Array(cap * this.params.bands); k.set(this.bandKeys); this.bandKeys = k;
    this.sketches.grow(cap);
  }

  /** Lets go of the band keys (16 per text at the defaults) once the families are joined; add no texts after. */
  releaseBands(): void {
    this.bandKeys = new Uint32Array(0);
  }

  /**
   * Whether the exact word-bigram Jaccard of texts x and y is at least `min`: the same answer as
   * `jaccard(x, y) >= min`, but a pair the sketches prove dissimilar is rejected without reading its bigrams (at
   * 5M posts most of the COPYPASTA scan's checks: a family chained through near duplicates holds many texts that
   * are not near duplicates of each other).
   */
  similar(x: number, y: number, min: number): boolean {
    if (this.sketches.jaccardBound(x, y) < min) return false;
    return this.jaccard(x, y) >= min;
  }

  /** Exact word-bigram Jaccard of texts x and y. */
  jaccard(x: number, y: number): number {
    if (this.exact1[x] === this.exact1[y] && this.exact2[x] === this.exact2[y]) return 1;
    return jaccardSorted(this.shBuf, this.shOff[x]!, this.sortedEnd(x), this.shOff[y]!, this.sortedEnd(y));
  }

  /** Sorts and de-duplicates text i's bigrams in place on first use; returns the end of the unique run. */
  private sortedEnd(i: number): number {
    if (this.sorted[i] === 0) {
      this.shEnd[i] = sortUnique(this.shBuf, this.shOff[i]!, this.shOff[i + 1]!);
      this.sorted[i] = 1;
      this.sketches.setSize(i, this.shEnd[i]! - this.shOff[i]!);
    }
    return this.shEnd[i]!;
  }
}

/**
 * Texts in the order of a scan's acts (`text[k]`: act k's text), checked as `TextIndex.similar` checks them, from
 * their sketches copied into that order: a scan compares acts near each other in its order (the acts of one family
 * inside a window), so their sketches are read from a few cache lines instead of one line per text anywhere in the
 * run's (at 5M posts the COPYPASTA scan's checks waited on those reads most of their time).
 */
export class ActTexts {
  private readonly sketches: BigramSketches;
  constructor(private readonly index: TextIndex, private readonly text: Int32Array) {
    this.sketches = index.sketches.gather(text);
  }

  /** Whether the texts of acts i and j have a word-bigram Jaccard of at least `min`. */
  similar(i: number, j: number, min: number): boolean {
    if (this.sketches.jaccardBound(i, j) < min) return false;
    return this.index.jaccard(this.text[i]!, this.text[j]!) >= min;
  }
}

export class UnionFind {
  readonly parent: Int32Array;
  readonly size: Int32Array;
  constructor(n: number) {
    this.parent = i32(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
    this.size = i32(n).fill(1);
  }
  find(x: number): number {
    const p = this.parent;
    while (p[x] !== x) { p[x] = p[p[x]!]!; x = p[x]!; }
    return x;
  }
  union(x: number, y: number): boolean {
    let a = this.find(x), b = this.find(y);
    if (a === b) return false;
    if (this.size[a]! < this.size[b]!) { const t = a; a = b; b = t; }
    this.parent[b] = a;
    this.size[a]! += this.size[b]!;
    return true;
  }
}

export interface NearDuplicateResult {
  /** family root per text (a text index); texts alone in their family have root === themselves and size 1 */
  uf: UnionFind;
  /** distinct text pairs that met in some band bucket inside the window (only with collectCandidates) */
  candidatePairs: Set<number> | null;
  /** Jaccard verifications run (pairs not already in one family) */
  verifications: number;
  /** verifications that reached minJaccard */
  verified: number;
  families: number;
}

/** Joins the texts of `index` into near-duplicate families. */
export function nearDuplicateFamilies(index: TextIndex, p: CopypastaParams, collectCandidates = false): NearDuplicateResult {
  const n = index.n;
  const uf = new UnionFind(n);
  const time = index.time;
  const w = p.windowMs;
  const candidatePairs = collectCandidates ? new Set<number>() : null;
  let verifications = 0, verified = 0;

  // Exact duplicates: consecutive texts with the same 64-bit hash inside the window.
  {
    const order = radixOrder(index.exact1, n);
    for (let r = 1; r < n; r++) {
      const i = order[r]!, j = order[r - 1]!;
      if (index.exact1[i] === index.exact1[j] && index.exact2[i] === index.exact2[j] && time[i]! - time[j]! <= w) uf.union(i, j);
    }
  }

  // Near duplicates: each band's buckets, window-limited, nearest candidates first.
  const keys = u32(n);
  const bands = p.bands;
  const maxCand = p.maxCandidatesPerText;
  for (let b = 0; b < bands; b++) {
    for (let i = 0; i < n; i++) keys[i] = index.bandKeys[i * bands + b]!;
    const order = radixOrder(keys, n);
    let s = 0;
    while (s < n) {
      const k = keys[order[s]!]!;
      let e = s + 1;
      while (e < n && keys[order[e]!] === k) e++;
      if (e - s > 1) {
        let lo = s;
        for (let r = s + 1; r < e; r++) {
          const i = order[r]!;
          const t = time[i]!;
          while (t - time[order[lo]!]! > w) lo++;
          const stop = Math.max(lo, r - maxCand);
          for (let q = r - 1; q >= stop; q--) {
            const j = order[q]!;
            if (candidatePairs) candidatePairs.add(j * n + i);
            if (uf.find(i) === uf.find(j)) continue;
            verifications++;
            if (index.similar(i, j, p.minJaccard)) { verified++; uf.union(i, j); }
          }
        }
      }
      s = e;
    }
  }
  let families = 0;
  for (let i = 0; i < n; i++) if (uf.parent[i] === i && uf.size[i]! > 1) families++;
  return { uf, candidatePairs, verifications, verified, families };
}

/**
 * Stand-alone near-duplicate search (for evaluation and tools): the text pairs inside the window that are in one
 * family and verify at minJaccard. `docs` must be in time order.
 */
export function findNearDuplicatePairs(
  docs: ReadonlyArray<{ text: string; time: number }>,
  p: CopypastaParams,
  collectCandidates = false,
): { pairs: Array<[number, number, number]>; result: NearDuplicateResult; textDoc: Int32Array } {
  const index = new TextIndex(p, docs.length);
  docs.forEach((d, k) => index.add(d.text, d.time, k));
  const result = nearDuplicateFamilies(index, p, collectCandidates);
  const byRoot = new Map<number, number[]>();
  for (let i = 0; i < index.n; i++) {
    const r = result.uf.find(i);
    if (result.uf.size[r]! < 2) continue;
    let l = byRoot.get(r);
    if (!l) byRoot.set(r, (l = []));
    l.push(i);
  }
  const pairs: Array<[number, number, number]> = [];
  for (const members of byRoot.values()) {
    for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) {
        const i = members[x]!, j = members[y]!;
        if (Math.abs(index.time[j]! - index.time[i]!) > p.windowMs) continue;
        const jac = index.jaccard(i, j);
        if (jac >= p.minJaccard) pairs.push([index.post[i]!, index.post[j]!, jac]);
      }
    }
  }
  return { pairs, result, textDoc: index.post.slice(0, index.n) };
}
