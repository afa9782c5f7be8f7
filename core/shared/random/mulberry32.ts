/**
 * mulberry32 (Tommy Ettinger), 32 bits of state: the one other stream Narrascope keeps, for the topics engine's
 * Louvain node order, the labelled posts its tests score against and the benchmarks whose recorded figures were
 * measured on its output (bench/topics, bench/conversations). Those figures (docs/benchmarks.md,
 * plugins/topics/README.md) and every stored topic run come from this stream; moving them to `Random` would change
 * topic assignments. New code uses `Random` (./random.ts).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
