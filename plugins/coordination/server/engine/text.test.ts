import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextIndex } from './copypasta';
import { Random } from '@core/shared/random';
import {
  bandKey, fmix32, hashString, jaccard, minhashInto, minhashSeeds, OnePermutationHasher, shingles, tokenHashes,
} from './text';

const tokens = (s: string) => {
  const out: { buf: Uint32Array; tags?: number } = { buf: new Uint32Array(8) };
  const n = tokenHashes(s, out);
  return { hashes: [...out.buf.slice(0, n)], tags: out.tags };
};
const words = (...ws: string[]) => ws.map((w) => tokens(w).hashes[0]);

describe('tokenHashes', () => {
  it('lower-cases, drops URLs and mentions, keeps hashtag words, ignores apostrophes inside words', () => {
    expect(tokens("RT @Someone: Don't MISS https://x.co/a?b=1 #Vote now!!").hashes).toEqual(words('rt', 'dont', 'miss', 'vote', 'now'));
    expect(tokens('see www.example.com and HTTP://EXAMPLE.COM/x, then @a@b c').hashes).toEqual(words('see', 'and', 'then', 'c'));
  });

  it('counts hashtags separately, so a short greeting with tags stays short', () => {
    expect(tokens('good morning #monday #coffee').tags).toBe(2);
    expect(tokens('state#of the art').tags).toBe(1);
  });

  it('splits CJK into single characters and keeps accented letters inside words', () => {
    expect(tokens('选举舞弊').hashes).toHaveLength(4);
    expect(tokens('Élection truquée').hashes).toEqual(words('élection', 'truquée'));
    expect(tokens('ÉLECTION').hashes).toEqual(words('élection'));
  });

  it('treats emoji and punctuation as separators, never as words', () => {
    expect(tokens('vote🔥now — today…').hashes).toEqual(words('vote', 'now', 'today'));
  });

  it('property: the two-loop tokeniser equals the plain one-state-machine specification on any text', () => {
    const parts = ['a', 'Z', 'w', 'h', 'W', 'H', '0', '_', ' ', '\n', '\t', '@', '#', "'", '\u2019', 'http://', 'HTTPS://',
      'www.', 'http', '选', '举', 'é', 'É', '🔥', '—', '…', '\u212a', '\u0130', 'ß', '.', ',', '\u00a0', 'ｘ', '가', 'カ'];
    const texts = fc.oneof(
      fc.array(fc.constantFrom(...parts), { maxLength: 30 }).map((x) => x.join('')),
      fc.string({ unit: 'binary', maxLength: 40 }),
    );
    fc.assert(fc.property(texts, (t) => {
      const fast = tokens(t);
      const spec = specTokens(t);
      expect(fast.hashes).toEqual(spec.hashes);
      expect(fast.tags).toBe(spec.tags);
    }), { numRuns: 3000 });
  });

  it('grows the caller buffer for long texts', () => {
    const long = Array.from({ length: 500 }, (_, i) => `w${i}`).join(' ');
    expect(tokens(long).hashes).toHaveLength(500);
  });
});

/**
 * The tokeniser's specification, written as one plain state machine (the first implementation): tokenHashes must
 * give the same hashes and hashtag count on every input.
 */
function specTokens(s: string): { hashes: number[]; tags: number } {
  const wordChar = (c: number) => {
    if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || (c >= 65 && c <= 90);
    if (c >= 0xd800 && c <= 0xdfff) return false;
    if (c >= 0x2000 && c <= 0x2bff) return false;
    if (c >= 0x3000 && c <= 0x303f) return false;
    if (c >= 0xfe00 && c <= 0xfe6f) return false;
    if (c >= 0xff00 && c <= 0xff0f) return false;
    return c !== 0xa0 && c !== 0xab && c !== 0xbb && c !== 0xbf && c !== 0xa1 && c !== 0xb7;
  };
  const cjk = (c: number) => (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x3040 && c <= 0x30ff)
    || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff);
  const lower = (c: number) => { const l = String.fromCharCode(c).toLowerCase(); return l.length === 1 ? l.charCodeAt(0) : c; };
  const at = (i: number) => (s.charCodeAt(i) | 32);
  const url = (i: number) => at(i + 1) === 116 && at(i + 2) === 116 && at(i + 3) === 112
    && (at(i + 4) === 115 ? s.slice(i + 5, i + 8) === '://' : s.slice(i + 4, i + 7) === '://');
  const www = (i: number) => at(i + 1) === 119 && at(i + 2) === 119 && s.charCodeAt(i + 3) === 46;
  const hashes: number[] = [];
  let tags = 0, h = 0x811c9dc5, inWord = false, i = 0;
  while (i < s.length) {
    let c = s.charCodeAt(i);
    c = c < 128 ? (c >= 65 && c <= 90 ? c + 32 : c) : lower(c);
    if (c === 64 || (!inWord && ((c === 104 && url(i)) || (c === 119 && www(i))))) {
      if (inWord) { hashes.push(fmix32(h)); inWord = false; }
      while (i < s.length && s.charCodeAt(i) > 32) i++;
      continue;
    }
    if (c >= 0x3040 && cjk(c)) {
      if (inWord) { hashes.push(fmix32(h)); inWord = false; }
      hashes.push(fmix32(Math.imul(0x811c9dc5 ^ c, 0x01000193)));
    } else if (wordChar(c)) {
      if (!inWord) { inWord = true; h = 0x811c9dc5; if (i > 0 && s.charCodeAt(i - 1) === 35) tags++; }
      h = Math.imul(h ^ c, 0x01000193);
    } else if (inWord && !((c === 39 || c === 0x2019) && i + 1 < s.length && wordChar(s.charCodeAt(i + 1)))) {
      hashes.push(fmix32(h));
      inWord = false;
    }
    i++;
  }
  if (inWord) hashes.push(fmix32(h));
  return { hashes, tags };
}

describe('shingles and Jaccard', () => {
  it('word bigrams, sorted and unique; Jaccard is exact', () => {
    const a = shingles('the quick brown fox jumps');
    const b = shingles('the quick brown dog jumps');
    expect(a).toHaveLength(4);
    // shared: "the quick", "quick brown" -> 2 of 6
    expect(jaccard(a, b)).toBeCloseTo(2 / 6, 10);
    expect(jaccard(a, a)).toBe(1);
    expect(jaccard(shingles('a b a b a b'), shingles('a b'))).toBeCloseTo(1 / 2, 10);
  });

  it('order matters: a permutation is not a copy', () => {
    expect(jaccard(shingles('one two three four'), shingles('four three two one'))).toBe(0);
  });

  it('property: Jaccard is symmetric and in [0, 1]', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { minLength: 2, maxLength: 12 }).map((w) => w.join(' '));
    fc.assert(fc.property(text, text, (x, y) => {
      const j1 = jaccard(shingles(x), shingles(y));
      expect(j1).toBe(jaccard(shingles(y), shingles(x)));
      expect(j1).toBeGreaterThanOrEqual(0);
      expect(j1).toBeLessThanOrEqual(1);
    }));
  });
});

/** A text and a variant with about `edits` words changed. */
function variantPair(rnd: Random, len: number, edits: number): [string, string] {
  const a = Array.from({ length: len }, () => `w${rnd.int(0, 5000)}`);
  const b = [...a];
  for (let e = 0; e < edits; e++) b[rnd.int(0, len - 1)] = `x${rnd.int(0, 5000)}`;
  return [a.join(' '), b.join(' ')];
}

describe('signatures: a coordinate agrees with probability Jaccard', () => {
  const K = 48;
  const rnd = new Random(7);
  const pairs = Array.from({ length: 400 }, () => variantPair(rnd, rnd.int(10, 30), rnd.int(0, 6)));
  const agreeRate = (sig: (s: Uint32Array, out: Int32Array) => void) => {
    let err = 0, sumJ = 0, sumAgree = 0;
    for (const [x, y] of pairs) {
      const a = shingles(x), b = shingles(y);
      const sa = new Int32Array(K), sb = new Int32Array(K);
      sig(a, sa); sig(b, sb);
      let agree = 0;
      for (let k = 0; k < K; k++) if (sa[k] === sb[k]) agree++;
      const j = jaccard(a, b);
      err += Math.abs(agree / K - j);
      sumJ += j; sumAgree += agree / K;
    }
    return { meanAbsErr: err / pairs.length, bias: (sumAgree - sumJ) / pairs.length };
  };

  it('MinHash (k permutations)', () => {
    const seeds = minhashSeeds(K, 3);
    const r = agreeRate((s, out) => minhashInto(s, 0, s.length, seeds, out));
    expect(Math.abs(r.bias)).toBeLessThan(0.02);
    expect(r.meanAbsErr).toBeLessThan(0.08);
  });

  it('one-permutation hashing, two copies per shingle, densified along a random cycle', () => {
    const oph = new OnePermutationHasher(K, 3);
    const r = agreeRate((s, out) => oph.signature(s, 0, s.length, out));
    expect(Math.abs(r.bias)).toBeLessThan(0.03);
    expect(r.meanAbsErr).toBeLessThan(0.1);
  });

  it('identical texts have identical band keys; band keys differ between bands', () => {
    const oph = new OnePermutationHasher(48, 9);
    const s = shingles('every single word of this text is the same in both copies');
    const a = new Int32Array(48), b = new Int32Array(48);
    oph.signature(s, 0, s.length, a);
    oph.signature(shingles('Every single word of this TEXT is the same in both copies!'), 0, s.length, b);
    expect([...a]).toEqual([...b]);
    const keys = Array.from({ length: 16 }, (_, band) => bandKey(a, band, 3));
    expect(new Set(keys).size).toBe(16);
  });

  it('hashers share their scratch safely: interleaved signatures equal fresh ones; empty input gives zeros', () => {
    const a = new OnePermutationHasher(48, 1), b = new OnePermutationHasher(16, 2);
    const s1 = shingles('the quick brown fox jumps over the lazy dog again and again');
    const s2 = shingles('completely different words make up this other sentence here');
    const first = new Int32Array(48), again = new Int32Array(48), other = new Int32Array(16), empty = new Int32Array(48).fill(7);
    a.signature(s1, 0, s1.length, first);
    b.signature(s2, 0, s2.length, other);
    a.signature(s1, 0, 0, empty);
    a.signature(s1, 0, s1.length, again);
    expect([...again]).toEqual([...first]);
    expect([...empty]).toEqual(new Array(48).fill(0));
    expect(first.every((v) => v >= 0)).toBe(true);
    expect(new Set(first).size).toBeGreaterThan(5);
  });

  it('rejects more bins than the shared scratch holds, with the exact message', () => {
    expect(() => new OnePermutationHasher(513, 1)).toThrow('OnePermutationHasher: k must be 1..512');
    expect(() => new OnePermutationHasher(0, 1)).toThrow('OnePermutationHasher: k must be 1..512');
    expect(() => new TextIndex({ minTokens: 6, bands: 33, rows: 16, seed: 1, signature: 'minhash' })).toThrow('copypasta: bands * rows must be 1..512');
  });

  it('hashString is stable across runs (fixture values)', () => {
    expect(hashString('')).toBe(hashString(''));
    expect(hashString('abc')).not.toBe(hashString('abd'));
    expect(hashString('abc', 1)).not.toBe(hashString('abc', 2));
  });
});

describe('LSH bands over the signature (16 bands of 3 rows, as COPYPASTA uses them)', () => {
  /** Share of pairs that meet in at least one band, by Jaccard range, over several hasher seeds. */
  const collisionRates = () => {
    const rnd = new Random(11);
    const hashers = [1, 2, 3, 4].map((seed) => new OnePermutationHasher(48, seed));
    const rate = { high: { n: 0, hit: 0 }, low: { n: 0, hit: 0 } };
    const sa = new Int32Array(48), sb = new Int32Array(48);
    for (let it = 0; it < 1500; it++) {
      const [x, y] = variantPair(rnd, rnd.int(6, 30), rnd.int(0, 12));
      const a = shingles(x), b = shingles(y);
      const j = jaccard(a, b);
      const r = j >= 0.6 && j < 1 ? rate.high : j < 0.2 ? rate.low : null;
      if (!r) continue;
      for (const oph of hashers) {
        oph.signature(a, 0, a.length, sa);
        oph.signature(b, 0, b.length, sb);
        let hit = false;
        for (let band = 0; band < 16; band++) if (bandKey(sa, band, 3) === bandKey(sb, band, 3)) hit = true;
        r.n++;
        if (hit) r.hit++;
      }
    }
    return { high: rate.high.hit / rate.high.n, low: rate.low.hit / rate.low.n, n: rate.high.n + rate.low.n };
  };

  it('finds near-duplicates (J >= 0.6) and rarely pairs unrelated texts (J < 0.2)', () => {
    const r = collisionRates();
    expect(r.n).toBeGreaterThan(1000);
    // independent rows would give 1 - (1 - 0.6^3)^16 = 0.980 at J = 0.6; optimal densification measured 0.988 over 0.6-1
    expect(r.high).toBeGreaterThan(0.98);
    expect(r.low).toBeLessThan(0.08);
  });
});

describe('TextIndex', () => {
  const params = { minTokens: 6, bands: 16, rows: 3, seed: 0x5eed, signature: 'oph' as const };

  it('verifies with the exact bigram Jaccard, sorting a text only when it is first compared', () => {
    const rnd = new Random(5);
    const texts = Array.from({ length: 60 }, () => variantPair(rnd, rnd.int(6, 40), rnd.int(0, 8))).flat();
    texts.push('one two one two one two one two', 'one two one two three four');
    const index = new TextIndex(params, 4);
    texts.forEach((t, k) => expect(index.add(t, k, k)).toBe(k));
    expect(index.sorted.every((f, i) => i >= index.n || f === 0)).toBe(true);
    for (let x = 0; x < texts.length; x += 7) {
      for (let y = 1; y < texts.length; y += 5) {
        const expected = x === y ? 1 : jaccard(shingles(texts[x]!), shingles(texts[y]!));
        expect(index.jaccard(x, y)).toBeCloseTo(expected, 12);
        expect(index.jaccard(y, x)).toBeCloseTo(expected, 12);
      }
    }
    const last = texts.length - 2; // "one two" repeated: 2 distinct bigrams of 7
    index.jaccard(last, 0);
    expect(index.shEnd[last]! - index.shOff[last]!).toBe(2);
    // {one two, two one} against {one two, two one, two three, three four}
    expect(index.jaccard(last, last + 1)).toBeCloseTo(2 / 4, 12);
  });

  it('skips short texts (hashtags do not count), keys identical token sequences alike and grows past its capacity', () => {
    const index = new TextIndex(params, 1);
    expect(index.add('good morning #monday #coffee #tea #sun', 0, 0)).toBe(-1);
    const a = index.add('Vote early, vote often: the polls close at 8 tonight', 1, 1);
    const b = index.add('vote EARLY vote often the polls close at 8 tonight!!', 2, 2);
    expect([a, b]).toEqual([0, 1]);
    expect([index.exact1[0], index.exact2[0]]).toEqual([index.exact1[1], index.exact2[1]]);
    expect([...index.bandKeys.subarray(0, 16)]).toEqual([...index.bandKeys.subarray(16, 32)]);
    for (let k = 0; k < 40; k++) index.add(`text number ${k} with enough words in it ${'x'.repeat(k)}`, 3 + k, 3 + k);
    expect(index.n).toBe(42);
    expect(index.post[41]).toBe(42);
    expect(index.jaccard(0, 1)).toBe(1);
  });
});
