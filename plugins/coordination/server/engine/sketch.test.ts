import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Random } from '@core/shared/random';
import { ActTexts, TextIndex } from './copypasta';
import { jaccard, shingles } from './text';

const params = { minTokens: 6, bands: 16, rows: 3, seed: 0x5eed, signature: 'oph' as const };

/** `count` texts of a small vocabulary (many shared bigrams) and their variants with a few words changed. */
function texts(rnd: Random, count: number): string[] {
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const words = Array.from({ length: rnd.int(6, 45) }, () => `w${rnd.int(0, 40)}`);
    out.push(words.join(' '));
    for (let e = rnd.int(0, 6); e > 0; e--) words[rnd.int(0, words.length - 1)] = `v${rnd.int(0, 40)}`;
    out.push(words.join(' '));
  }
  return out;
}

describe('bigram sketches', () => {
  it('never bound the Jaccard below its exact value, sorted or not, so `similar` answers as the exact check', () => {
    const list = texts(new Random(3), 150);
    const index = new TextIndex(params, 8);
    list.forEach((t, k) => expect(index.add(t, k, k)).toBe(k));
    const n = index.n;
    let checked = 0, atThreshold = 0;
    for (let x = 0; x < n; x++) {
      for (let y = x + 1; y < n; y += 3) {
        const exact = jaccard(shingles(list[x]!), shingles(list[y]!));
        const bound = index.sketches.jaccardBound(x, y);
        expect(bound).toBeGreaterThanOrEqual(exact);
        for (const min of [0.25, 0.5, 0.6, exact]) expect(index.similar(x, y, min)).toBe(index.jaccard(x, y) >= min);
        if (exact >= 0.6) atThreshold++;
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    expect(atThreshold).toBeGreaterThan(60);
  });

  it('property: the bound holds for any two texts of a tiny vocabulary (repeated bigrams counted or not)', () => {
    const text = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { minLength: 6, maxLength: 30 }).map((w) => w.join(' '));
    fc.assert(fc.property(text, text, fc.double({ min: 0.05, max: 1, noNaN: true }), (a, b, min) => {
      const index = new TextIndex(params, 2);
      index.add(a, 0, 0);
      index.add(b, 1, 1);
      const exact = jaccard(shingles(a), shingles(b));
      expect(index.similar(0, 1, min)).toBe(exact >= min);
      expect(index.similar(1, 0, exact)).toBe(true);
    }));
  });

  it('rejects most unrelated texts from the sketch alone', () => {
    const rnd = new Random(9);
    const unrelated = Array.from({ length: 400 }, () => Array.from({ length: rnd.int(25, 45) }, () => `w${rnd.int(0, 3000)}`).join(' '));
    const index = new TextIndex(params, unrelated.length);
    unrelated.forEach((t, k) => index.add(t, k, k));
    let rejected = 0, pairs = 0;
    for (let x = 0; x < index.n; x++) {
      for (let y = x + 1; y < index.n; y++) {
        pairs++;
        if (index.sketches.jaccardBound(x, y) < 0.6) rejected++;
      }
    }
    expect(rejected / pairs).toBeGreaterThan(0.99);
  });

  it('answers for acts in any order of their texts as for the texts themselves (ActTexts)', () => {
    const list = texts(new Random(5), 120);
    const index = new TextIndex(params, list.length);
    list.forEach((t, k) => index.add(t, k, k));
    // acts in a shuffled order, some texts twice
    const rnd = new Random(6);
    const text = Int32Array.from({ length: 300 }, () => rnd.int(0, index.n - 1));
    const acts = new ActTexts(index, text);
    let similar = 0;
    for (let i = 0; i < text.length; i++) {
      for (let j = 0; j < text.length; j += 7) {
        const exact = index.jaccard(text[i]!, text[j]!);
        for (const min of [0.5, 0.6, exact]) expect(acts.similar(i, j, min)).toBe(exact >= min);
        if (exact >= 0.6 && text[i] !== text[j]) similar++;
      }
    }
    expect(similar).toBeGreaterThan(20);
  });
});
