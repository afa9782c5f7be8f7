/**
 * The pairs of accounts with at least one type passing its thresholds, keyed by pair, with their co-actions and
 * weights per type in two shared columns (a row of EVIDENCE_TYPES.length values per edge). Two small typed arrays per
 * edge cost about 300 bytes of heap each (object, backing store, buffer): at a million posts, hundreds of
 * thousands of passing pairs made that the scans' largest heap growth.
 */
import { EVIDENCE_TYPES } from '../../shared/types';

const WIDTH = EVIDENCE_TYPES.length;

/** A pair of accounts with at least one type passing its thresholds. */
export interface TypedEdge {
  a: number;
  b: number;
  /** bit per passing type (TYPE_BIT) */
  mask: number;
  /** the edge's row in its TypedEdges' columns (`co`, `weight`) */
  row: number;
  total: number;
  /** acts proving the edge from repeated bursts: (type index, act of a, act of b) in the sorted acts of the type */
  proofs?: Array<[number, number, number]>;
  /** the types that passed pairwise, before repeated bursts added theirs (undefined: no burst added any) */
  pairMask?: number;
  /** the edge's weight in the Louvain graph (pairwise types only), 0 when pairwise evidence alone would not keep it */
  louvainWeight?: number;
}

export class TypedEdges {
  private readonly byPair = new Map<number, TypedEdge>();
  private coCol = new Float64Array(1024 * WIDTH);
  private weightCol = new Float64Array(1024 * WIDTH);

  constructor(private readonly accounts: number) {}

  get size(): number { return this.byPair.size; }

  /** The edge of accounts a < b, created (nothing passing yet) when absent. */
  of(a: number, b: number): TypedEdge {
    const key = a * this.accounts + b;
    let e = this.byPair.get(key);
    if (!e) {
      const row = this.byPair.size;
      // grown by doubling outside the engine's arena (a few copies; an arena never reuses the old columns)
      if ((row + 1) * WIDTH > this.coCol.length) {
        const co = new Float64Array(this.coCol.length * 2); co.set(this.coCol); this.coCol = co;
        const weight = new Float64Array(this.weightCol.length * 2); weight.set(this.weightCol); this.weightCol = weight;
      }
      e = { a, b, mask: 0, row, total: 0 };
      this.byPair.set(key, e);
    }
    return e;
  }

  /** Records type ti of the edge as passing, with its co-actions and weight. */
  pass(e: TypedEdge, ti: number, co: number, weight: number): void {
    e.mask |= 1 << ti;
    this.coCol[e.row * WIDTH + ti] = co;
    this.weightCol[e.row * WIDTH + ti] = weight;
  }

  co(e: TypedEdge, ti: number): number { return this.coCol[e.row * WIDTH + ti]!; }
  weight(e: TypedEdge, ti: number): number { return this.weightCol[e.row * WIDTH + ti]!; }

  values(): IterableIterator<TypedEdge> { return this.byPair.values(); }
}
