import type { KnnGraph } from './knn';

/** An undirected weighted graph in CSR form; every edge is stored in both rows; `loops` are self-loop weights. */
export interface CsrGraph {
  n: number;
  ptr: Int32Array;
  adj: Int32Array;
  w: Float32Array;
  loops: Float64Array;
}

/**
 * Symmetrises a kNN graph: an edge exists when either end lists the other, with the cosine as weight.
 * `selfLoops[d]` adds weight on the node itself (the engine uses it for duplicate texts).
 */
export function knnToGraph(knn: KnnGraph, n: number, selfLoops?: Float64Array): CsrGraph {
  const K = knn.k;
  const deg = new Int32Array(n + 1);
  for (let d = 0; d < n; d++) {
    for (let j = 0; j < K; j++) {
      const c = knn.idx[d * K + j]!;
      if (c < 0) break;
      deg[d + 1]!++;
      deg[c + 1]!++;
    }
  }
  for (let i = 0; i < n; i++) deg[i + 1]! += deg[i]!;
  const fill = deg.slice(0, n);
  const adj0 = new Int32Array(deg[n]!);
  const w0 = new Float32Array(deg[n]!);
  for (let d = 0; d < n; d++) {
    for (let j = 0; j < K; j++) {
      const c = knn.idx[d * K + j]!;
      if (c < 0) break;
      const s = knn.sim[d * K + j]!;
      adj0[fill[d]!] = c; w0[fill[d]!++] = s;
      adj0[fill[c]!] = d; w0[fill[c]!++] = s;
    }
  }
  // Merge the two copies of mutual edges (same cosine), keeping rows in first-seen order.
  const ptr = new Int32Array(n + 1);
  const adj = new Int32Array(adj0.length);
  const w = new Float32Array(adj0.length);
  const mark = new Int32Array(n).fill(-1);
  let e = 0;
  for (let d = 0; d < n; d++) {
    ptr[d] = e;
    for (let i = deg[d]!; i < deg[d + 1]!; i++) {
      const c = adj0[i]!;
      if (mark[c] === d) continue;
      mark[c] = d;
      adj[e] = c;
      w[e++] = w0[i]!;
    }
  }
  ptr[n] = e;
  return { n, ptr, adj: adj.slice(0, e), w: w.slice(0, e), loops: selfLoops ?? new Float64Array(n) };
}

/** Connected components of the subgraph induced by each community; returns a refined labelling. */
export function splitDisconnected(g: CsrGraph, labels: Int32Array): Int32Array {
  const out = new Int32Array(g.n).fill(-1);
  const stack: number[] = [];
  let next = 0;
  for (let s = 0; s < g.n; s++) {
    if (out[s] !== -1) continue;
    out[s] = next;
    stack.push(s);
    while (stack.length) {
      const u = stack.pop()!;
      for (let i = g.ptr[u]!; i < g.ptr[u + 1]!; i++) {
        const v = g.adj[i]!;
        if (out[v] === -1 && labels[v] === labels[s]) { out[v] = next; stack.push(v); }
      }
    }
    next++;
  }
  return out;
}
