import { mulberry32, shuffledRange } from '@core/shared/random';
import type { CsrGraph } from './graph';

/**
 * Louvain modularity optimisation on a CSR graph with typed arrays (graphology's implementation allocates an
 * object per edge, which does not fit a million-node graph in the time budget). Local moves use a queue in a
 * seeded random order (the "fast local move" of Leiden), then the graph is aggregated and the process repeats
 * until no node moves. The result is deterministic for a given graph and seed. Callers split communities that
 * are not connected (the defect Leiden's refinement addresses) with `splitDisconnected`.
 *
 * Quality: Q = Σ_c [ in_c / 2m − γ (tot_c / 2m)² ], self-loops counted once in `in_c` and twice in degrees.
 */
export interface LouvainResult {
  labels: Int32Array;
  count: number;
  modularity: number;
  levels: number;
}

export interface LouvainOptions { resolution: number; seed: number; maxLevels?: number; tolerance?: number }

interface Level { n: number; ptr: Int32Array; adj: Int32Array; w: Float64Array; loops: Float64Array }

function localMoves(g: Level, gamma: number, rand: () => number, tol: number): { comm: Int32Array; moved: boolean } {
  const n = g.n;
  const comm = new Int32Array(n);
  const k = new Float64Array(n);
  let m2 = 0;
  for (let u = 0; u < n; u++) {
    comm[u] = u;
    let s = 2 * g.loops[u]!;
    for (let i = g.ptr[u]!; i < g.ptr[u + 1]!; i++) s += g.w[i]!;
    k[u] = s;
    m2 += s;
  }
  if (m2 === 0) return { comm, moved: false };
  const tot = Float64Array.from(k);
  const neighW = new Float64Array(n);
  const neighC = new Int32Array(n);
  const mark = new Int32Array(n).fill(-1);
  let visit = 0;
  const inQueue = new Uint8Array(n).fill(1);
  const queue = shuffledRange(n, rand);
  // A ring buffer over the initial random order; re-queued nodes go to the back.
  const ring = new Int32Array(n);
  ring.set(queue);
  let head = 0;
  let size = n;
  let moved = false;
  const scale = gamma / m2;
  while (size > 0) {
    const u = ring[head]!;
    head = head + 1 === n ? 0 : head + 1;
    size--;
    inQueue[u] = 0;
    const cu = comm[u]!;
    const ku = k[u]!;
    let nc = 0;
    neighC[nc++] = cu;
    const stamp = ++visit;
    mark[cu] = stamp;
    neighW[cu] = 0;
    for (let i = g.ptr[u]!; i < g.ptr[u + 1]!; i++) {
      const v = g.adj[i]!;
      if (v === u) continue;
      const c = comm[v]!;
      if (mark[c] !== stamp) { mark[c] = stamp; neighW[c] = 0; neighC[nc++] = c; }
      neighW[c]! += g.w[i]!;
    }
    tot[cu]! -= ku;
    // Strictly better only, ties keep the first-seen community: deterministic for a given order.
    let best = cu;
    let bestGain = neighW[cu]! - tot[cu]! * ku * scale;
    for (let j = 1; j < nc; j++) {
      const c = neighC[j]!;
      const gain = neighW[c]! - tot[c]! * ku * scale;
      if (gain > bestGain + tol) { bestGain = gain; best = c; }
    }
    tot[best]! += ku;
    if (best !== cu) {
      comm[u] = best;
      moved = true;
      for (let i = g.ptr[u]!; i < g.ptr[u + 1]!; i++) {
        const v = g.adj[i]!;
        if (!inQueue[v] && comm[v] !== best) {
          inQueue[v] = 1;
          ring[(head + size) % n] = v;
          size++;
        }
      }
    }
  }
  return { comm, moved };
}

/** Renumbers labels to 0..c-1 in order of first appearance. */
function compact(labels: Int32Array): number {
  const map = new Map<number, number>();
  for (let i = 0; i < labels.length; i++) {
    let v = map.get(labels[i]!);
    if (v === undefined) { v = map.size; map.set(labels[i]!, v); }
    labels[i] = v;
  }
  return map.size;
}

function aggregate(g: Level, comm: Int32Array, c: number): Level {
  const members = new Int32Array(g.n);
  const start = new Int32Array(c + 1);
  for (let u = 0; u < g.n; u++) start[comm[u]! + 1]!++;
  for (let i = 0; i < c; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, c);
  for (let u = 0; u < g.n; u++) members[fill[comm[u]!]!++] = u;
  const loops = new Float64Array(c);
  const ptr = new Int32Array(c + 1);
  const adjL: number[] = [];
  const wL: number[] = [];
  const acc = new Float64Array(c);
  const seen = new Int32Array(c).fill(-1);
  const touched: number[] = [];
  for (let cc = 0; cc < c; cc++) {
    ptr[cc] = adjL.length;
    touched.length = 0;
    for (let q = start[cc]!; q < start[cc + 1]!; q++) {
      const u = members[q]!;
      loops[cc]! += g.loops[u]!;
      for (let i = g.ptr[u]!; i < g.ptr[u + 1]!; i++) {
        const d = comm[g.adj[i]!]!;
        if (d === cc) { loops[cc]! += g.w[i]! / 2; continue; }
        if (seen[d] !== cc) { seen[d] = cc; acc[d] = 0; touched.push(d); }
        acc[d]! += g.w[i]!;
      }
    }
    for (const d of touched) { adjL.push(d); wL.push(acc[d]!); }
  }
  ptr[c] = adjL.length;
  return { n: c, ptr, adj: Int32Array.from(adjL), w: Float64Array.from(wL), loops };
}

export function modularity(g: CsrGraph | Level, labels: Int32Array, gamma = 1): number {
  let m2 = 0;
  const tot = new Map<number, number>();
  const inside = new Map<number, number>();
  for (let u = 0; u < g.n; u++) {
    const cu = labels[u]!;
    let s = 2 * g.loops[u]!;
    let inn = g.loops[u]!;
    for (let i = g.ptr[u]!; i < g.ptr[u + 1]!; i++) {
      s += g.w[i]!;
      if (labels[g.adj[i]!] === cu) inn += g.w[i]! / 2;
    }
    m2 += s;
    tot.set(cu, (tot.get(cu) ?? 0) + s);
    inside.set(cu, (inside.get(cu) ?? 0) + inn);
  }
  if (m2 === 0) return 0;
  let q = 0;
  for (const [c, t] of tot) q += (2 * inside.get(c)!) / m2 - gamma * (t / m2) ** 2;
  return q;
}

export function louvain(graph: CsrGraph, opts: LouvainOptions): LouvainResult {
  const rand = mulberry32(opts.seed);
  const tol = opts.tolerance ?? 1e-12;
  let level: Level = { n: graph.n, ptr: graph.ptr, adj: graph.adj, w: Float64Array.from(graph.w), loops: graph.loops };
  const labels = new Int32Array(graph.n);
  for (let i = 0; i < graph.n; i++) labels[i] = i;
  let levels = 0;
  for (; levels < (opts.maxLevels ?? 32); levels++) {
    const { comm, moved } = localMoves(level, opts.resolution, rand, tol);
    if (!moved) break;
    const c = compact(comm);
    for (let i = 0; i < graph.n; i++) labels[i] = comm[labels[i]!]!;
    if (c === level.n) break;
    level = aggregate(level, comm, c);
  }
  const count = compact(labels);
  return { labels, count, modularity: modularity(graph, labels, opts.resolution), levels };
}

/** Louvain on an already aggregated graph of communities (used to coarsen topics to a maximum count). */
export function coarsen(graph: CsrGraph, labels: Int32Array, count: number, opts: LouvainOptions): { labels: Int32Array; count: number } {
  const level = aggregate({ n: graph.n, ptr: graph.ptr, adj: graph.adj, w: Float64Array.from(graph.w), loops: graph.loops }, labels, count);
  const top = louvain({ n: level.n, ptr: level.ptr, adj: level.adj, w: Float32Array.from(level.w), loops: level.loops }, opts);
  const out = new Int32Array(graph.n);
  for (let i = 0; i < graph.n; i++) out[i] = top.labels[labels[i]!]!;
  return { labels: out, count: top.count };
}
