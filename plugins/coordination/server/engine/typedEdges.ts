/**
 * The pairs of accounts with at least one type passing its thresholds, in columns: a row per pair (its accounts,
 * the bits of its passing types, the types that passed pairwise), found through an open-addressing index on the
 * pair, and its co-actions and weight per passing type as entries chained from the row (most pairs pass one type).
 * An object and a Map entry per pair, with a row of 2 x 8 numbers each, was about 380 bytes a pair: at a million
 * posts 1.75M passing pairs (1.45M of them similar screen names alone, most of which no edge keeps), more at 5M
 * (issue 19). Here a pair costs about 50 bytes; `edge(row)` makes the object of a pair that is kept.
 */
import { grownToFit } from '@core/shared/arrays/grownToFit';
import { pairHash } from './pairTable';

/** A pair of accounts with at least one type passing its thresholds (made for the pairs an edge keeps). */
export interface TypedEdge {
  a: number;
  b: number;
  /** bit per passing type (TYPE_BIT) */
  mask: number;
  /** the pair's row in its TypedEdges (`co`, `weight`) */
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
  private n = 0;
  /** rows */
  private ra = new Int32Array(1024);
  private rb = new Int32Array(1024);
  private rmask = new Uint16Array(1024);
  /** -1: no burst added a type */
  private rpair = new Int16Array(1024);
  /** first entry of the row, -1 when none */
  private rhead = new Int32Array(1024);
  /** entries: (type, co-actions, weight, next entry of the row) */
  private m = 0;
  private et = new Uint8Array(1024);
  private eco = new Float64Array(1024);
  private ew = new Float64Array(1024);
  private enext = new Int32Array(1024);
  /** index: slot -> row + 1 (0: empty) */
  private slots = new Int32Array(2048);
  private readonly proofs = new Map<number, Array<[number, number, number]>>();

  get size(): number { return this.n; }

  private place(row: number): void {
    const mask = this.slots.length - 1;
    let s = pairHash(this.ra[row]!, this.rb[row]!) & mask;
    while (this.slots[s] !== 0) s = (s + 1) & mask;
    this.slots[s] = row + 1;
  }

  /** The index slot holding the pair a < b, or the empty slot where it would go. */
  private probe(a: number, b: number): number {
    const mask = this.slots.length - 1;
    let s = pairHash(a, b) & mask;
    for (;;) {
      const r = this.slots[s]!;
      if (r === 0 || (this.ra[r - 1] === a && this.rb[r - 1] === b)) return s;
      s = (s + 1) & mask;
    }
  }

  /** The row of accounts a < b, created (nothing passing yet) when absent. */
  rowOf(a: number, b: number): number {
    const s = this.probe(a, b);
    if (this.slots[s] !== 0) return this.slots[s]! - 1;
    const row = this.n++;
    // grown by doubling outside the engine's arena (an arena never reuses the old columns)
    if (row === this.ra.length) {
      const k = row * 2;
      this.ra = grownToFit(this.ra, k); this.rb = grownToFit(this.rb, k);
      this.rmask = grownToFit(this.rmask, k); this.rpair = grownToFit(this.rpair, k);
      this.rhead = grownToFit(this.rhead, k);
    }
    this.ra[row] = a; this.rb[row] = b; this.rmask[row] = 0; this.rpair[row] = -1; this.rhead[row] = -1;
    if (this.n * 2 > this.slots.length) {
      this.slots = new Int32Array(this.slots.length * 2);
      for (let r = 0; r < this.n; r++) this.place(r);
    } else {
      this.slots[s] = row + 1;
    }
    return row;
  }

  /** The row of accounts a < b, or -1 when the pair has none. */
  find(a: number, b: number): number {
    return this.slots[this.probe(a, b)]! - 1;
  }

  a(row: number): number { return this.ra[row]!; }
  b(row: number): number { return this.rb[row]!; }
  mask(row: number): number { return this.rmask[row]!; }

  /** Records type ti of the row as passing, with its co-actions and weight. */
  pass(row: number, ti: number, co: number, weight: number): void {
    this.rmask[row] = this.rmask[row]! | (1 << ti);
    for (let k = this.rhead[row]!; k >= 0; k = this.enext[k]!) {
      if (this.et[k] === ti) { this.eco[k] = co; this.ew[k] = weight; return; }
    }
    const k = this.m++;
    if (k === this.et.length) {
      const c = k * 2;
      this.et = grownToFit(this.et, c); this.eco = grownToFit(this.eco, c);
      this.ew = grownToFit(this.ew, c); this.enext = grownToFit(this.enext, c);
    }
    this.et[k] = ti; this.eco[k] = co; this.ew[k] = weight; this.enext[k] = this.rhead[row]!;
    this.rhead[row] = k;
  }

  /** Keeps the row's pairwise types as they are now, once (the first repeated burst that adds to the pair). */
  keepPairMask(row: number): void {
    if (this.rpair[row] === -1) this.rpair[row] = this.rmask[row]!;
  }

  setProofs(row: number, proofs: Array<[number, number, number]>): void {
    this.proofs.set(row, proofs);
  }

  private entry(row: number, ti: number): number {
    for (let k = this.rhead[row]!; k >= 0; k = this.enext[k]!) if (this.et[k] === ti) return k;
    return -1;
  }

  co(e: TypedEdge, ti: number): number { const k = this.entry(e.row, ti); return k < 0 ? 0 : this.eco[k]!; }
  weight(e: TypedEdge, ti: number): number { const k = this.entry(e.row, ti); return k < 0 ? 0 : this.ew[k]!; }

  /** The row as an edge object (total 0 until the caller sets it). */
  edge(row: number): TypedEdge {
    const e: TypedEdge = { a: this.ra[row]!, b: this.rb[row]!, mask: this.rmask[row]!, row, total: 0 };
    const pm = this.rpair[row]!;
    if (pm !== -1) e.pairMask = pm;
    const proofs = this.proofs.get(row);
    if (proofs) e.proofs = proofs;
    return e;
  }
}
