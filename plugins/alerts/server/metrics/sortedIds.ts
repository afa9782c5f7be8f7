/**
 * A run's post ids for membership tests: ascending in a typed array, looked up by binary search. 8 bytes an id where a
 * Set of numbers takes about five times that; the metrics stage holds two of these for a 5M-post run (issue 19).
 */
export class SortedIds {
  private readonly ids: Float64Array;

  constructor(ids: readonly number[]) {
    this.ids = Float64Array.from(ids).sort();
  }

  get size(): number {
    return this.ids.length;
  }

  has(id: number): boolean {
    let lo = 0;
    let hi = this.ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.ids[mid]!;
      if (at === id) return true;
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}
