/**
 * Bigram sketches: per text, a 128-bit set of the bins (top seven bits of the hash) its word bigrams fall in. A bin
 * text A fills and text B does not holds at least one bigram of A that B lacks, so the bins A fills alone are a lower
 * bound of |A \ B|, and likewise for B. With I = |A| - |A \ B| and |A ∪ B| = |A| + |B \ A|, Jaccard is at most
 * (|A| - dA) / (|A| + dB), and at most (|B| - dB) / (|B| + dA), where dA and dB are the bins each fills alone; both
 * grow with the text's size, so a size counted with repeated bigrams still bounds from above. Two unrelated texts
 * of some 40 bigrams fill about 25 bins the other does not: a bound near 0.25, far under the 0.6 a near duplicate
 * needs, decided from a cache line of each text instead of a merge of both texts' bigrams.
 */
import { u32 } from './arena';

/**
 * A text's record: four words of bins and, in the fifth, its number of bigrams (an upper bound until they are
 * de-duplicated); 32 bytes, so that a check reads one cache line of each text.
 */
const WORDS = 8, SIZE = 4;

/** Set bits of a 32-bit word. */
function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export class BigramSketches {
  private bins: Uint32Array;

  constructor(capacity: number) {
    this.bins = u32(capacity * WORDS);
  }

  /** Room for `capacity` texts, keeping the sketches made so far. */
  grow(capacity: number): void {
    const b = u32(capacity * WORDS);
    b.set(this.bins.subarray(0, Math.min(this.bins.length, b.length)));
    this.bins = b;
  }

  /** The sketches of texts `ids`, record k holding text ids[k]'s: read in that order, one after another. */
  gather(ids: Int32Array): BigramSketches {
    const out = new BigramSketches(ids.length), from = this.bins, to = out.bins;
    for (let k = 0; k < ids.length; k++) {
      const a = ids[k]! * WORDS, b = k * WORDS;
      for (let w = 0; w <= SIZE; w++) to[b + w] = from[a + w]!;
    }
    return out;
  }

  /** Text i's sketch from its bigram hashes buf[from..to) (any order, repeats allowed). */
  set(i: number, buf: Uint32Array, from: number, to: number): void {
    const at = i * WORDS, bins = this.bins;
    bins[at] = 0; bins[at + 1] = 0; bins[at + 2] = 0; bins[at + 3] = 0;
    for (let q = from; q < to; q++) {
      const h = buf[q]!;
      bins[at + (h >>> 30)]! |= 1 << ((h >>> 25) & 31);
    }
    bins[at + SIZE] = to - from;
  }

  /** Text i's number of bigrams, once they are de-duplicated (a tighter bound). */
  setSize(i: number, distinct: number): void {
    this.bins[i * WORDS + SIZE] = distinct;
  }

  /**
   * An upper bound of the Jaccard of texts x and y. As a division of the same kind as the exact Jaccard's, it is
   * never below the exact one's floating-point value.
   */
  jaccardBound(x: number, y: number): number {
    const bins = this.bins, ax = x * WORDS, ay = y * WORDS;
    const nx = bins[ax + SIZE]!, ny = bins[ay + SIZE]!;
    let dx = 0, dy = 0;
    for (let w = 0; w < SIZE; w++) {
      const sx = bins[ax + w]!, sy = bins[ay + w]!;
      dx += popcount(sx & ~sy);
      dy += popcount(sy & ~sx);
    }
    if (nx + dy === 0 || ny + dx === 0) return 1;
    return Math.min((nx - dx) / (nx + dy), (ny - dy) / (ny + dx));
  }
}
