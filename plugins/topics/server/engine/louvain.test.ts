import Graph from 'graphology';
import graphologyLouvain from 'graphology-communities-louvain';
import { describe, expect, it } from 'vitest';
import { splitDisconnected, type CsrGraph } from './graph';
import { louvain, modularity } from './louvain';
import { mulberry32 } from '@core/shared/random';

/** Builds a CSR graph from undirected weighted edges. */
function csr(n: number, edges: Array<[number, number, number]>): CsrGraph {
  const rows: Array<Array<[number, number]>> = Array.from({ length: n }, () => []);
  for (const [a, b, w] of edges) { rows[a]!.push([b, w]); rows[b]!.push([a, w]); }
  const ptr = new Int32Array(n + 1);
  const adj: number[] = [];
  const w: number[] = [];
  rows.forEach((r, i) => { ptr[i] = adj.length; for (const [b, x] of r) { adj.push(b); w.push(x); } });
  ptr[n] = adj.length;
  return { n, ptr, adj: Int32Array.from(adj), w: Float32Array.from(w), loops: new Float64Array(n) };
}

/** `c` cliques of size `s`, consecutive cliques joined by one weak edge (a ring). */
function ringOfCliques(c: number, s: number): { g: CsrGraph; edges: Array<[number, number, number]> } {
  const edges: Array<[number, number, number]> = [];
  for (let k = 0; k < c; k++) {
    for (let i = 0; i < s; i++) for (let j = i + 1; j < s; j++) edges.push([k * s + i, k * s + j, 1]);
    edges.push([k * s, ((k + 1) % c) * s + 1, 0.1]);
  }
  return { g: csr(c * s, edges), edges };
}

describe('louvain', () => {
  it('finds the cliques of a ring of cliques', () => {
    const { g } = ringOfCliques(8, 6);
    const r = louvain(g, { resolution: 1, seed: 1 });
    expect(r.count).toBe(8);
    for (let k = 0; k < 8; k++) {
      const labels = new Set(Array.from(r.labels.subarray(k * 6, k * 6 + 6)));
      expect(labels.size).toBe(1);
    }
    expect(r.modularity).toBeCloseTo(modularity(g, r.labels), 10);
  });

  it('is deterministic for a seed', () => {
    const rand = mulberry32(5);
    const edges: Array<[number, number, number]> = [];
    for (let i = 0; i < 600; i++) edges.push([Math.floor(rand() * 200), Math.floor(rand() * 200), 0.1 + rand()]);
    const g = csr(200, edges.filter(([a, b]) => a !== b));
    const a = louvain(g, { resolution: 1, seed: 9 });
    const b = louvain(g, { resolution: 1, seed: 9 });
    expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
    expect(a.modularity).toBe(b.modularity);
  });

  it('reaches the modularity of graphology-communities-louvain on a random graph with planted groups', () => {
    const rand = mulberry32(11);
    const n = 300;
    const edges: Array<[number, number, number]> = [];
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const a = Math.floor(rand() * n);
      const b = rand() < 0.8 ? (Math.floor(a / 30) * 30 + Math.floor(rand() * 30)) : Math.floor(rand() * n);
      const key = a < b ? `${a}-${b}` : `${b}-${a}`;
      if (a === b || seen.has(key)) continue;
      seen.add(key);
      edges.push([a, b, 1]);
    }
    const g = csr(n, edges);
    const ours = louvain(g, { resolution: 1, seed: 3 });
    const gg = new Graph({ type: 'undirected' });
    for (let i = 0; i < n; i++) gg.addNode(String(i));
    for (const [a, b, w] of edges) gg.addEdge(String(a), String(b), { weight: w });
    const ref = graphologyLouvain.detailed(gg, { rng: mulberry32(3) });
    expect(ours.modularity).toBeGreaterThan(ref.modularity - 0.01);
  });

  it('a higher resolution gives more communities', () => {
    const { g } = ringOfCliques(12, 5);
    expect(louvain(g, { resolution: 0.05, seed: 1 }).count).toBeLessThan(louvain(g, { resolution: 1, seed: 1 }).count);
  });

  it('splitDisconnected separates the parts of a community that no edge joins', () => {
    const g = csr(4, [[0, 1, 1], [2, 3, 1]]);
    const out = splitDisconnected(g, Int32Array.from([0, 0, 0, 0]));
    expect(out[0]).toBe(out[1]);
    expect(out[2]).toBe(out[3]);
    expect(out[0]).not.toBe(out[2]);
  });
});
