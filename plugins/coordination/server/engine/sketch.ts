/**
 * Bigram sketches: per text, a 128-bit set of the bins (top seven bits of the hash) its word bigrams fall in. A bin
 * text A fills and text B does not holds at least one bigram of A that B lacks, so the bins A fills alone are a lower
 * bound of |A \ B|, and likewise for B. With I = |A| - |A \ B| and |A ∪ B| = |A| + |B \ A|, Jaccard is at most
 * (|A| - dA) / (|A| + dB), and at most (|B| - dB) / (|B| + dA), where dA and dB are the bins each fills alone; both
 * grow with the text's size, so a size counted with repeated bigrams still bounds from above. Two unrelated texts
 * of some 40 bigrams fill about 25 bins the other does not: a bound near 0.25, far under the 0.6 a near duplicate
 * needs, decided from 32 bytes instead of a merge of both texts' bigrams.
 */
import { u32 } from './arena';

const WORDS = 4;

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

  /** Text i's sketch from its bigram hashes buf[from..to) (any order, repeats allowed). */
  set(i: number, buf: Uint32Array, from: number, to: number): void {
    const at = i * WORDS, bins = this.bins;
    bins[at] = 0; bins[at + 1] = 0; bins[at + 2] = 0; bins[at + 3] = 0;
    for (let q = from; q < to; q++) {
      const h = buf[q]!;
      bins[at + (h >>> 30)]! |= 1 << ((h >>> 25) & 31);
    }
  }

  /**
   * An upper bound of the Jaccard of texts x and y, given at least their numbers of distinct bigrams (nx, ny). As a
   * division of the same kind as the exact Jaccard's, it is never below the exact one's floating-point value.
   */
  jaccardBound(x: number, nx: number, y: number, ny: number): number {
    const bins = this.bins, ax = x * WORDS, ay = y * WORDS;
    let dx = 0, dy = 0;
    for (let w = 0; w < WORDS; w++) {
      const sx = bins[ax + w]!, sy = bins[ay + w]!;
      dx += popcount(sx & ~sy);
      dy += popcount(sy & ~sx);
    }
    if (nx + dy === 0 || ny + dx === 0) return 1;
    return Math.min((nx - dx) / (nx + dy), (ny - dy) / (ny + dx));
  }
}
