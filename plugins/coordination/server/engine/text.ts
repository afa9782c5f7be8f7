/**
 * Text fingerprints for COPYPASTA: word tokens hashed while scanning (no token strings are built), word-bigram
 * shingles, MinHash signatures and LSH band keys, and the exact bigram Jaccard that verifies every candidate.
 *
 * Normalisation: lower case; URLs and @mentions dropped; '#' dropped from hashtags (the word stays);
 * apostrophes inside words dropped ("don't" = "dont"); every other non-word character separates tokens; each CJK
 * ideograph, kana or hangul syllable is a token of its own (so Chinese gets character bigrams).
 */

/** 32-bit finaliser of MurmurHash3: a bijection that spreads every input bit over the output. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over a string's UTF-16 code units, finalised. */
export function hashString(s: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return fmix32(h);
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function isCjk(c: number): boolean {
  return (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x3040 && c <= 0x30ff)
    || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff);
}

/** Letters and digits of any script count as word characters; punctuation, symbols and surrogates do not. */
function isWordChar(c: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || (c >= 65 && c <= 90);
  if (c >= 0xd800 && c <= 0xdfff) return false; // emoji and other astral symbols
  if (c >= 0x2000 && c <= 0x2bff) return false; // general punctuation, arrows, math, boxes, dingbats
  if (c >= 0x3000 && c <= 0x303f) return false; // CJK punctuation
  if (c >= 0xfe00 && c <= 0xfe6f) return false; // variation selectors, small forms
  if (c >= 0xff00 && c <= 0xff0f) return false; // full-width punctuation
  return c !== 0xa0 && c !== 0xab && c !== 0xbb && c !== 0xbf && c !== 0xa1 && c !== 0xb7;
}

/**
 * Writes the hash of each token of `text` into `out` (grown when full) and returns the token count; `out.tags` is
 * set to the number of those tokens that were hashtags.
 * The caller passes a reusable buffer, so tokenising a million posts allocates nothing per post. Two tight loops
 * (between words, inside a word) keep the common case, an ASCII letter, to a range check and one multiply.
 */
export function tokenHashes(text: string, out: { buf: Uint32Array; tags?: number }): number {
  const s = text;
  const n = s.length;
  let buf = out.buf;
  if (buf.length < n + 1) { buf = new Uint32Array(Math.max(n + 1, buf.length * 2)); out.buf = buf; }
  let count = 0;
  let tags = 0;
  let i = 0;
  while (i < n) {
    // between words
    let c = s.charCodeAt(i);
    if (c < 128) {
      const lc = c | 32;
      if ((lc - 97) >>> 0 < 26) {
        if ((lc === 104 && startsUrl(s, i)) || (lc === 119 && startsWww(s, i))) {
          while (i < n && s.charCodeAt(i) > 32) i++;
          continue;
        }
        c = lc;
      } else if (!((c - 48) >>> 0 < 10 || c === 95)) {
        if (c === 64) { while (i < n && s.charCodeAt(i) > 32) i++; } else i++; // a mention: skip to the next whitespace
        continue;
      }
    } else {
      c = lower(c);
      if (c >= 0x3040 && isCjk(c)) { buf[count++] = fmix32(Math.imul(FNV_OFFSET ^ c, FNV_PRIME)); i++; continue; }
      if (!isWordChar(c)) { i++; continue; }
    }
    // a word starts at i
    if (i > 0 && s.charCodeAt(i - 1) === 35) tags++;
    let h = Math.imul(FNV_OFFSET ^ c, FNV_PRIME);
    i++;
    while (i < n) {
      const d = s.charCodeAt(i);
      if (d < 128) {
        // letters folded to lower case, digits and '_' (range checks: cheaper than a table in optimised code)
        const lc = d | 32;
        if ((lc - 97) >>> 0 < 26) { h = Math.imul(h ^ lc, FNV_PRIME); i++; continue; }
        if ((d - 48) >>> 0 < 10 || d === 95) { h = Math.imul(h ^ d, FNV_PRIME); i++; continue; }
        // an apostrophe inside a word is ignored ("don't" = "dont"); any other ASCII non-word unit ends the word
        if (d === 39 && i + 1 < n && isWordChar(s.charCodeAt(i + 1))) { i++; continue; }
        break;
      }
      const l = lower(d);
      if (l >= 0x3040 && isCjk(l)) break; // the ideograph is a token of its own, taken between words
      if (isWordChar(l)) { h = Math.imul(h ^ l, FNV_PRIME); i++; continue; }
      if (l === 0x2019 && i + 1 < n && isWordChar(s.charCodeAt(i + 1))) { i++; continue; }
      break;
    }
    buf[count++] = fmix32(h);
  }
  out.tags = tags;
  return count;
}

/** Lower case per UTF-16 unit, filled on first use (0 = not yet known; no unit lower-cases to 0). */
const lowerTable = new Uint16Array(65536);
/** Lower case of a non-ASCII UTF-16 unit (one code unit in, one out; units that lower-case to two stay). */
function lower(c: number): number {
  let v = lowerTable[c]!;
  if (v === 0) {
    const l = String.fromCharCode(c).toLowerCase();
    v = l.length === 1 ? l.charCodeAt(0) : c;
    lowerTable[c] = v;
  }
  return v;
}

function startsUrl(s: string, i: number): boolean {
  // "http://" or "https://", any case
  if ((s.charCodeAt(i + 1) | 32) !== 116 || (s.charCodeAt(i + 2) | 32) !== 116 || (s.charCodeAt(i + 3) | 32) !== 112) return false;
  let k = i + 4;
  if ((s.charCodeAt(k) | 32) === 115) k++;
  return s.charCodeAt(k) === 58 && s.charCodeAt(k + 1) === 47 && s.charCodeAt(k + 2) === 47;
}

function startsWww(s: string, i: number): boolean {
  return (s.charCodeAt(i + 1) | 32) === 119 && (s.charCodeAt(i + 2) | 32) === 119 && s.charCodeAt(i + 3) === 46;
}

/** Hash of an ordered word bigram. */
export function bigramHash(a: number, b: number): number {
  return fmix32(Math.imul(a, 0x9e3779b1) ^ b ^ 0x5bd1e995);
}

/**
 * Sorted, de-duplicated word-bigram hashes of a token hash sequence, written to `out` from `offset`; returns the
 * number written.
 */
export function writeShingles(tokens: Uint32Array, nTokens: number, out: Uint32Array, offset: number): number {
  const m = nTokens - 1;
  if (m <= 0) return 0;
  for (let k = 0; k < m; k++) out[offset + k] = bigramHash(tokens[k]!, tokens[k + 1]!);
  return sortUnique(out, offset, offset + m) - offset;
}

/** Sorts buf[from..to) and removes repeats in place; returns the new end. */
export function sortUnique(buf: Uint32Array, from: number, to: number): number {
  if (to - from < 2) return to;
  if (to - from > 48) {
    buf.subarray(from, to).sort();
  } else {
    // insertion sort: short texts, no allocation
    for (let k = from + 1; k < to; k++) {
      const v = buf[k]!;
      let q = k - 1;
      while (q >= from && buf[q]! > v) { buf[q + 1] = buf[q]!; q--; }
      buf[q + 1] = v;
    }
  }
  let w = from + 1;
  for (let k = from + 1; k < to; k++) if (buf[k] !== buf[w - 1]) buf[w++] = buf[k]!;
  return w;
}

/** Word-bigram shingles of a text, sorted and unique (convenience for tests and evaluation). */
export function shingles(text: string): Uint32Array {
  const tok = { buf: new Uint32Array(64) };
  const n = tokenHashes(text, tok);
  const out = new Uint32Array(Math.max(0, n - 1));
  const m = writeShingles(tok.buf, n, out, 0);
  return out.slice(0, m);
}

/** Exact Jaccard of two sorted unique arrays (slices of a shared buffer). */
export function jaccardSorted(buf: Uint32Array, a0: number, a1: number, b0: number, b1: number): number {
  const na = a1 - a0, nb = b1 - b0;
  if (na === 0 && nb === 0) return 1;
  let i = a0, j = b0, inter = 0;
  while (i < a1 && j < b1) {
    const x = buf[i]!, y = buf[j]!;
    if (x === y) { inter++; i++; j++; } else if (x < y) i++; else j++;
  }
  return inter / (na + nb - inter);
}

export function jaccard(a: Uint32Array, b: Uint32Array): number {
  const buf = new Uint32Array(a.length + b.length);
  buf.set(a); buf.set(b, a.length);
  return jaccardSorted(buf, 0, a.length, a.length, a.length + b.length);
}

/** Seeds of the MinHash permutations. */
export function minhashSeeds(k: number, seed: number): Uint32Array {
  const s = new Uint32Array(k);
  for (let i = 0; i < k; i++) s[i] = fmix32((seed + Math.imul(i + 1, 0x9e3779b9)) >>> 0);
  return s;
}

/**
 * MinHash signature of the shingles buf[from..to) into sig[0..k): for each permutation k the minimum of
 * mix(shingle ^ seed_k) (as unsigned; stored as int32 bits). Shingle hashes are already uniform, so a
 * xor-multiply-xorshift bijection per permutation is enough and costs four integer operations per shingle and
 * permutation.
 */
export function minhashInto(buf: Uint32Array, from: number, to: number, seeds: Uint32Array, sig: Int32Array): void {
  const k = seeds.length;
  for (let p = 0; p < k; p++) sig[p] = -1;
  for (let q = from; q < to; q++) {
    const sh = buf[q]!;
    for (let p = 0; p < k; p++) {
      let x = Math.imul(sh ^ seeds[p]!, 0x9e3779b1);
      x = (x ^ (x >>> 15)) >>> 0;
      if (x < (sig[p]! >>> 0)) sig[p] = x;
    }
  }
}

/** Key of LSH band `band` (rows r) of a signature: its index and its r values hashed together. */
export function bandKey(sig: Int32Array, band: number, rows: number): number {
  let h = Math.imul(band + 1, 0x9e3779b1);
  const base = band * rows;
  for (let r = 0; r < rows; r++) {
    h = Math.imul(h ^ sig[base + r]!, 0x85ebca6b);
    h ^= h >>> 15;
  }
  return fmix32(h >>> 0);
}

/** The keys of all `bands` bands of a signature, written to out[at..at + bands). */
export function bandKeysInto(sig: Int32Array, bands: number, rows: number, out: Uint32Array, at: number): void {
  for (let b = 0; b < bands; b++) out[at + b] = bandKey(sig, b, rows);
}

const MAX_BINS = 512;
/**
 * Scratch of OnePermutationHasher, shared by all hashers (each signature() fills and clears it without yielding).
 * Module constants: optimised code then folds the arrays' bounds and addresses instead of reloading them on every
 * access, which makes the densification passes about a third faster.
 */
const POS = new Int32Array(MAX_BINS).fill(-1);
const BACK = new Int32Array(MAX_BINS);
/** TextFingerprinter's signature, between the hasher and the band keys (same reasoning) */
const SIG = new Int32Array(MAX_BINS);

/**
 * One-permutation hashing (Li, Owen and Zhang 2012) with densification along a fixed random cycle: each shingle is
 * hashed into the k bins as two copies (see insert), keeping the minimum per bin; an empty bin borrows the value of
 * the nearest non-empty bin along a cyclic order of the bins, forwards or backwards by a fixed per-bin coin (the
 * rotation of Shrivastava and Li 2014). Every bin follows a fixed probe sequence, the same for every text, so two
 * texts agree on a bin with probability = Jaccard. The bins are hashed to positions on the cycle and a fixed random
 * permutation names them, so the rows of one LSH band (consecutive names) are far apart on the cycle and rarely
 * borrow from one source. Optimal densification (Shrivastava 2017: an independent random probe sequence per bin)
 * costs about k / (share of non-empty bins) probes per empty bin, some 150 probes for a 17-word post; this costs
 * two passes of k steps.
 */
export class OnePermutationHasher {
  /** the most bins a hasher may have (resolveConfig caps bands * rows at 512) */
  static readonly MAX_BINS = MAX_BINS;
  /** per position on the cycle: the name (signature index) of its bin, plus 1 << 16 where an empty bin borrows
   * from the next non-empty position rather than the previous one */
  private readonly meta: Int32Array;
  /** seed of the second copy of each shingle */
  private readonly seed2: number;
  constructor(readonly k: number, readonly seed: number) {
    if (!(k >= 1 && k <= MAX_BINS)) throw new Error(`OnePermutationHasher: k must be 1..${MAX_BINS}`);
    this.seed2 = fmix32((seed + 0x632be5ab) >>> 0) | 0;
    const name = new Uint16Array(k);
    for (let i = 0; i < k; i++) name[i] = i;
    for (let i = k - 1; i > 0; i--) {
      const j = fmix32((seed ^ Math.imul(i, 0x9e3779b1)) >>> 0) % (i + 1);
      const x = name[i]!; name[i] = name[j]!; name[j] = x;
    }
    this.meta = new Int32Array(k);
    for (let i = 0; i < k; i++) {
      const forward = fmix32((seed + Math.imul(i + 1, 0x632be5ab)) >>> 0) & 1;
      this.meta[i] = name[i]! | (forward << 16);
    }
  }

  /** Signature of the shingles buf[from..to) into sig[0..k): 31-bit values; all 0 for no shingles. */
  signature(buf: Uint32Array, from: number, to: number, sig: Int32Array): void {
    // POS and BACK are shared by all hashers: this runs start to end without yielding, and leaves POS all -1
    this.insert(buf, from, to);
    if (to > from) this.densify(sig);
    else for (let i = 0; i < this.k; i++) sig[i] = 0;
  }

  /**
   * Adds the shingles buf[from..to) to POS, each as two elements (the shingle with tags 0 and 1) at independent
   * positions. Copying every element keeps the Jaccard of two texts, so a bin still agrees with probability =
   * Jaccard, and fills twice as many bins: with some 17 shingles in 48 bins, fewer empty bins borrow from one
   * source, and the LSH collision curve matches optimal densification's (see text.test.ts).
   */
  private insert(buf: Uint32Array, from: number, to: number): void {
    const k = this.k, seed = this.seed, seed2 = this.seed2;
    for (let q = from; q < to; q++) {
      const sh = buf[q]!;
      // shingle hashes are already uniform: one multiply-xorshift re-keys them per seed
      let h = Math.imul(sh ^ seed, 0x9e3779b1);
      h ^= h >>> 16;
      let p = ((h >>> 16) * k) >>> 16;
      // the value must not be determined by the position, so it comes from an independent mix
      let v = Math.imul(h, 0x2c1b3c6d) >>> 1;
      // an empty position holds -1, above every value as unsigned
      if (v < (POS[p]! >>> 0)) POS[p] = v;
      h = Math.imul(sh ^ seed2, 0x9e3779b1);
      h ^= h >>> 16;
      p = ((h >>> 16) * k) >>> 16;
      v = Math.imul(h, 0x2c1b3c6d) >>> 1;
      if (v < (POS[p]! >>> 0)) POS[p] = v;
    }
  }

  /** Writes the densified signature of the (non-empty) POS to sig[0..k) and clears POS. */
  private densify(sig: Int32Array): void {
    const k = this.k, meta = this.meta;
    // backwards borrowing: the value at the nearest non-empty position at or before each position (wrapping)
    let cur = -1;
    for (let p = k - 1; cur < 0; p--) cur = POS[p]!;
    for (let p = 0; p < k; p++) {
      const v = POS[p]!;
      const empty = v >> 31; // a branch-free select: which positions are empty is unpredictable
      cur = (cur & empty) | (v & ~empty);
      BACK[p] = cur;
    }
    // forwards: at or after; a non-empty position keeps its own value either way
    cur = -1;
    for (let p = 0; cur < 0; p++) cur = POS[p]!;
    for (let p = k - 1; p >= 0; p--) {
      const v = POS[p]!;
      const empty = v >> 31;
      cur = (cur & empty) | (v & ~empty);
      const m = meta[p]!;
      const f = -(m >>> 16);
      sig[m & 0xffff] = (cur & f) | (BACK[p]! & ~f);
      POS[p] = -1;
    }
  }
}

/** What TextIndex keeps of a text: the signature parameters of CopypastaParams. */
export interface FingerprintParams {
  minTokens: number;
  bands: number;
  rows: number;
  seed: number;
  signature: 'oph' | 'minhash';
}

/**
 * The per-text path of COPYPASTA in one place (one module, so the hot loops call nothing across modules): tokens,
 * a 64-bit exact hash of the token sequence, the word bigrams in text order, the signature and its band keys.
 */
export class TextFingerprinter {
  /** the 64-bit exact hash of the token sequence of the last fingerprinted text, as two 32-bit halves */
  readonly exact = new Uint32Array(2);
  private readonly tok: { buf: Uint32Array; tags?: number } = { buf: new Uint32Array(256), tags: 0 };
  private readonly oph: OnePermutationHasher | null;
  private readonly seeds: Uint32Array;

  constructor(readonly params: FingerprintParams) {
    const k = params.bands * params.rows;
    if (!(k >= 1 && k <= MAX_BINS)) throw new Error(`copypasta: bands * rows must be 1..${MAX_BINS}`);
    this.oph = params.signature === 'oph' ? new OnePermutationHasher(k, params.seed) : null;
    this.seeds = minhashSeeds(k, params.seed);
  }

  /**
   * Writes the text's word bigrams (in text order, repeats kept) to shingles[at..] and its band keys to
   * keys[keyAt..keyAt + bands); returns the bigram count, or -1 when the text is too short (nothing useful written).
   * `shingles` must have room for text.length values from `at`.
   */
  fingerprint(text: string, shingles: Uint32Array, at: number, keys: Uint32Array, keyAt: number): number {
    const tok = this.tok;
    const nt = tokenHashes(text, tok);
    // hashtags do not count towards the minimum: "good morning #monday #coffee" is not a text worth fingerprinting
    if (nt - (tok.tags ?? 0) < this.params.minTokens) return -1;
    const toks = tok.buf;
    const oph = this.oph;
    let e1 = 0x811c9dc5, e2 = 0x1b873593, prev = 0;
    for (let k = 0; k < nt; k++) {
      const t = toks[k]!;
      e1 = Math.imul(e1 ^ t, 0x01000193);
      e2 = Math.imul((e2 ^ t) + 0x7f4a7c15, 0x2c1b3c6d) ^ (e2 >>> 11);
      if (k > 0) shingles[at + k - 1] = bigramHash(prev, t);
      prev = t;
    }
    this.exact[0] = fmix32(e1 >>> 0);
    this.exact[1] = fmix32((e2 ^ nt) >>> 0);
    const m = nt > 0 ? nt - 1 : 0;
    if (oph) oph.signature(shingles, at, at + m, SIG);
    else minhashInto(shingles, at, at + m, this.seeds, SIG);
    bandKeysInto(SIG, this.params.bands, this.params.rows, keys, keyAt);
    return m;
  }
}
