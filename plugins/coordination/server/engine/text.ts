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
 * The caller passes a reusable buffer, so tokenising a million posts allocates nothing per post.
 */
export function tokenHashes(text: string, out: { buf: Uint32Array; tags?: number }): number {
  const s = text;
  const n = s.length;
  let buf = out.buf;
  if (buf.length < n + 1) { buf = new Uint32Array(Math.max(n + 1, buf.length * 2)); out.buf = buf; }
  let count = 0;
  let tags = 0;
  let h = FNV_OFFSET;
  let inWord = false;
  let i = 0;
  while (i < n) {
    let c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    else if (c >= 128) c = lower(c);
    // URL or mention: skip to the next whitespace.
    if (c === 64 || (!inWord && ((c === 104 && startsUrl(s, i)) || (c === 119 && startsWww(s, i))))) {
      if (inWord) { buf[count++] = fmix32(h); inWord = false; }
      while (i < n && s.charCodeAt(i) > 32) i++;
      continue;
    }
    if (c >= 0x3040 && isCjk(c)) {
      if (inWord) { buf[count++] = fmix32(h); inWord = false; }
      buf[count++] = fmix32(Math.imul(FNV_OFFSET ^ c, FNV_PRIME));
    } else if (isWordChar(c)) {
      if (!inWord) { inWord = true; h = FNV_OFFSET; if (i > 0 && s.charCodeAt(i - 1) === 35) tags++; }
      h = Math.imul(h ^ c, FNV_PRIME);
    } else if (inWord && !((c === 39 || c === 0x2019) && i + 1 < n && isWordChar(s.charCodeAt(i + 1)))) {
      // (an apostrophe inside a word is ignored)
      buf[count++] = fmix32(h);
      inWord = false;
    }
    i++;
  }
  if (inWord) buf[count++] = fmix32(h);
  out.tags = tags;
  return count;
}

const lowerCache = new Map<number, number>();
/** Lower case of a non-ASCII UTF-16 unit (cached; one code unit in, one out). */
function lower(c: number): number {
  let v = lowerCache.get(c);
  if (v === undefined) {
    const l = String.fromCharCode(c).toLowerCase();
    v = l.length === 1 ? l.charCodeAt(0) : c;
    lowerCache.set(c, v);
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
  if (m > 48) {
    out.subarray(offset, offset + m).sort();
  } else {
    // insertion sort: short texts, no allocation
    for (let k = offset + 1; k < offset + m; k++) {
      const v = out[k]!;
      let q = k - 1;
      while (q >= offset && out[q]! > v) { out[q + 1] = out[q]!; q--; }
      out[q + 1] = v;
    }
  }
  let w = offset + 1;
  for (let k = offset + 1; k < offset + m; k++) if (out[k] !== out[w - 1]) out[w++] = out[k]!;
  return w - offset;
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
 * mix(shingle ^ seed_k). Shingle hashes are already uniform, so a xor-multiply-xorshift bijection per permutation is
 * enough and costs four integer operations per shingle and permutation.
 */
export function minhashInto(buf: Uint32Array, from: number, to: number, seeds: Uint32Array, sig: Uint32Array): void {
  const k = seeds.length;
  for (let p = 0; p < k; p++) sig[p] = 0xffffffff;
  for (let q = from; q < to; q++) {
    const sh = buf[q]!;
    for (let p = 0; p < k; p++) {
      let x = Math.imul(sh ^ seeds[p]!, 0x9e3779b1);
      x = (x ^ (x >>> 15)) >>> 0;
      if (x < sig[p]!) sig[p] = x;
    }
  }
}

/** Key of LSH band `band` (rows r) of a signature: its index and its r values hashed together. */
export function bandKey(sig: Uint32Array, band: number, rows: number): number {
  let h = Math.imul(band + 1, 0x9e3779b1);
  const base = band * rows;
  for (let r = 0; r < rows; r++) {
    h = Math.imul(h ^ sig[base + r]!, 0x85ebca6b);
    h ^= h >>> 15;
  }
  return fmix32(h >>> 0);
}

/**
 * One-permutation hashing with optimal densification (Shrivastava 2017): each shingle is hashed once into one of
 * k bins, keeping the minimum per bin; an empty bin borrows the value of the first non-empty bin on its own fixed
 * pseudo-random probe sequence (the same for every text, so two texts agree on a bin with probability = Jaccard).
 * Costs O(shingles + k) instead of O(shingles * k) for k permutations.
 */
export class OnePermutationHasher {
  private readonly probe: Uint16Array;
  /** generation stamp per bin: a bin is filled when its stamp equals the current generation (no clearing) */
  private readonly stamp: Uint32Array;
  private gen = 0;
  private static readonly PROBES = 64;
  constructor(readonly k: number, readonly seed: number) {
    const P = OnePermutationHasher.PROBES;
    this.probe = new Uint16Array(k * P);
    for (let i = 0; i < k; i++) for (let t = 0; t < P; t++) this.probe[i * P + t] = fmix32((seed ^ Math.imul(i + 1, 0x9e3779b1)) + t * 0x632be5ab) % k;
    this.stamp = new Uint32Array(k);
  }

  signature(buf: Uint32Array, from: number, to: number, sig: Uint32Array): void {
    const k = this.k;
    const stamp = this.stamp;
    const gen = ++this.gen;
    const seed = this.seed;
    for (let q = from; q < to; q++) {
      // shingle hashes are already uniform: one multiply-xorshift re-keys them per seed
      let h = Math.imul(buf[q]! ^ seed, 0x9e3779b1);
      h ^= h >>> 16;
      const bin = ((h >>> 16) * k) >>> 16;
      // the value must not be determined by the bin, so it comes from an independent mix
      const v = Math.imul(h, 0x2c1b3c6d) >>> 0;
      if (stamp[bin] !== gen || v < sig[bin]!) { sig[bin] = v; stamp[bin] = gen; }
    }
    if (from === to) { sig.fill(0); return; }
    const P = OnePermutationHasher.PROBES;
    const probe = this.probe;
    for (let i = 0; i < k; i++) {
      if (stamp[i] === gen) continue;
      const base = i * P;
      let t = 0;
      while (t < P && stamp[probe[base + t]!] !== gen) t++;
      // with 64 probes an empty result needs a text far shorter than any fingerprinted one
      sig[i] = t < P ? sig[probe[base + t]!]! : 0;
    }
  }
}
