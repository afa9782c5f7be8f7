import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random } from './prng';
import {
  bandKey, hashString, jaccard, minhashInto, minhashSeeds, OnePermutationHasher, shingles, tokenHashes,
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

  it('grows the caller buffer for long texts', () => {
    const long = Array.from({ length: 500 }, (_, i) => `w${i}`).join(' ');
    expect(tokens(long).hashes).toHaveLength(500);
  });
});

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
  const agreeRate = (sig: (s: Uint32Array, out: Uint32Array) => void) => {
    let err = 0, sumJ = 0, sumAgree = 0;
    for (const [x, y] of pairs) {
      const a = shingles(x), b = shingles(y);
      const sa = new Uint32Array(K), sb = new Uint32Array(K);
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

  it('one-permutation hashing with optimal densification', () => {
    const oph = new OnePermutationHasher(K, 3);
    const r = agreeRate((s, out) => oph.signature(s, 0, s.length, out));
    expect(Math.abs(r.bias)).toBeLessThan(0.03);
    expect(r.meanAbsErr).toBeLessThan(0.1);
  });

  it('identical texts have identical band keys; band keys differ between bands', () => {
    const oph = new OnePermutationHasher(48, 9);
    const s = shingles('every single word of this text is the same in both copies');
    const a = new Uint32Array(48), b = new Uint32Array(48);
    oph.signature(s, 0, s.length, a);
    oph.signature(shingles('Every single word of this TEXT is the same in both copies!'), 0, s.length, b);
    expect([...a]).toEqual([...b]);
    const keys = Array.from({ length: 16 }, (_, band) => bandKey(a, band, 3));
    expect(new Set(keys).size).toBe(16);
  });

  it('hashString is stable across runs (fixture values)', () => {
    expect(hashString('')).toBe(hashString(''));
    expect(hashString('abc')).not.toBe(hashString('abd'));
    expect(hashString('abc', 1)).not.toBe(hashString('abc', 2));
  });
});
