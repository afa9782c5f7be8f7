/** The typed arrays the analysis engines keep their per-post and per-edge columns in. */
export type TypedArray = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

/**
 * `a` when it holds `need` elements, else a copy of it in a new array of the same type, `factor` times as long (or
 * `need`, when that is longer): geometric growth keeps appending n elements O(n) in copies.
 */
export function grownToFit<T extends TypedArray>(a: T, need: number, factor = 2): T {
  if (need <= a.length) return a;
  const next = new (a.constructor as new (length: number) => T)(Math.max(need, Math.ceil(a.length * factor)));
  next.set(a as never);
  return next;
}
