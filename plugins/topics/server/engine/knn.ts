import { Worker } from 'node:worker_threads';
import type { TfidfMatrix } from './vectorize';

/**
 * Approximate top-k cosine neighbours without generating all pairs.
 *
 * Each text is indexed under its highest-weighted terms (a few for a short post, more for a long text). A posting list is ordered by the
 * entry's strongest *other* indexed term, so texts sharing two important terms sit next to each other
 * ("sorted neighbourhood" blocking). A text looks at a window of `window` entries around its own position in
 * each of its lists (the whole list when shorter), accumulates the partial dot products over those terms, and
 * re-scores its `rescore` best candidates with the exact cosine. Cost is O(N × prefixTerms × window) plus
 * O(N × rescore × nnz): linear in the number of texts.
 */
export interface KnnOptions {
  k: number;
  /** Indexed terms per text: max(prefixTerms, min(maxPrefixTerms, ceil(prefixShare × terms))). */
  prefixTerms: number;
  prefixShare: number;
  maxPrefixTerms: number;
  window: number;
  rescore: number;
  /** Neighbours below this cosine are not kept. */
  minSimilarity: number;
  /** 2 = answer half the queries in a worker thread (from `parallelFrom` texts on; default 20,000). */
  threads?: number;
  parallelFrom?: number;
}

export interface KnnGraph {
  k: number;
  /** rows × k neighbour ids, -1 where fewer were found; sorted by similarity, best first. */
  idx: Int32Array;
  sim: Float32Array;
}

/** Indices of the n largest values of `vals[from..to)` (ties by lower column), written into `out`. */
function topPositions(m: TfidfMatrix, from: number, to: number, n: number, out: number[]): void {
  out.length = 0;
  for (let i = from; i < to; i++) {
    const v = m.vals[i]!;
    if (out.length < n) {
      let j = out.length;
      out.push(i);
      while (j > 0 && m.vals[out[j - 1]!]! < v) { out[j] = out[j - 1]!; j--; }
      out[j] = i;
    } else if (v > m.vals[out[n - 1]!]!) {
      let j = n - 1;
      while (j > 0 && m.vals[out[j - 1]!]! < v) { out[j] = out[j - 1]!; j--; }
      out[j] = i;
    }
  }
}

/** Typed arrays in a SharedArrayBuffer (readable by the search's second thread without a copy) or an ordinary one. */
interface Allocator { int32(n: number): Int32Array; float32(n: number): Float32Array }
const PLAIN: Allocator = { int32: (n) => new Int32Array(n), float32: (n) => new Float32Array(n) };
const SHARED: Allocator = {
  int32: (n) => new Int32Array(new SharedArrayBuffer(4 * n)),
  float32: (n) => new Float32Array(new SharedArrayBuffer(4 * n)),
};

export function approximateKnn(m: TfidfMatrix, opts: KnnOptions): KnnGraph {
  const parallel = (opts.threads ?? 1) > 1 && m.rows >= (opts.parallelFrom ?? 20000);
  // The index is built in shared memory when a second thread will search it, so it exists once; what only the
  // build needs is let go when `buildIndex` returns.
  const arrays = buildIndex(m, opts, parallel ? SHARED : PLAIN);
  const entries = arrays.queryAt.length;
  if (parallel) {
    if (searchInTwoThreads(arrays, entries)) return { k: arrays.K, idx: arrays.idx, sim: arrays.sim };
    // A worker that failed may have written some of its rows: this thread starts over on clean rows.
    arrays.idx.fill(-1);
    arrays.sim.fill(0);
  }
  searchRange(arrays, 0, entries);
  return { k: arrays.K, idx: arrays.idx, sim: arrays.sim };
}

function buildIndex(m: TfidfMatrix, opts: KnnOptions, alloc: Allocator): SearchArrays {
  const N = m.rows;
  const V = m.terms.length;
  const K = opts.k;
  // Indexed terms of each text (as positions into cols/vals), best first: at least `prefixTerms`, a quarter of
  // a long text's terms, at most `maxPrefixTerms`.
  const prefixPtr = alloc.int32(N + 1);
  for (let d = 0; d < N; d++) {
    const nnz = m.rowPtr[d + 1]! - m.rowPtr[d]!;
    const p = Math.min(nnz, Math.max(opts.prefixTerms, Math.min(opts.maxPrefixTerms, Math.ceil(nnz * opts.prefixShare))));
    prefixPtr[d + 1] = prefixPtr[d]! + p;
  }
  const entries = prefixPtr[N]!;
  const prefix = alloc.int32(entries);
  const pos: number[] = [];
  const listSize = new Int32Array(V + 1);
  const docOfEntry = new Int32Array(entries);
  for (let d = 0; d < N; d++) {
    const a = prefixPtr[d]!;
    topPositions(m, m.rowPtr[d]!, m.rowPtr[d + 1]!, prefixPtr[d + 1]! - a, pos);
    for (let j = 0; j < pos.length; j++) {
      prefix[a + j] = pos[j]!;
      docOfEntry[a + j] = d;
      listSize[m.cols[pos[j]!]!]!++;
    }
  }
  // Entries ordered by their secondary key (the text's strongest other indexed term), then stably by term:
  // two counting sorts, no comparison sort.
  const secondary = (e: number): number => {
    const d = docOfEntry[e]!;
    const first = prefixPtr[d]!;
    const other = e === first ? first + 1 : first;
    return other < prefixPtr[d + 1]! ? m.cols[prefix[other]!]! : V;
  };
  const bySecondary = new Int32Array(V + 2);
  for (let e = 0; e < entries; e++) bySecondary[secondary(e) + 1]!++;
  for (let i = 1; i < V + 2; i++) bySecondary[i]! += bySecondary[i - 1]!;
  const order = new Int32Array(entries);
  for (let e = 0; e < entries; e++) order[bySecondary[secondary(e)]!++] = e;
  const listStart = alloc.int32(V + 1);
  for (let t = 0; t < V; t++) listStart[t + 1] = listStart[t]! + listSize[t]!;
  const fill = listStart.slice(0, V);
  const postDoc = alloc.int32(entries);
  const postW = alloc.float32(entries);
  const slotPos = alloc.int32(entries);
  for (const e of order) {
    const at = prefix[e]!;
    const t = m.cols[at]!;
    const p = fill[t]!++;
    postDoc[p] = docOfEntry[e]!;
    postW[p] = m.vals[at]!;
    slotPos[e] = p;
  }

  // Queries run in posting-list order of their strongest term: consecutive queries read the same windows and
  // mostly the same candidate rows, which keeps them in cache (3-4x faster at 1M texts). Results do not
  // depend on the order, nor on how the queries are split between threads.
  const queryAt = alloc.int32(entries).fill(-1);
  for (let d = 0; d < N; d++) if (prefixPtr[d + 1]! > prefixPtr[d]!) queryAt[slotPos[prefixPtr[d]!]!] = d;
  return {
    N, V, K, window: opts.window, rescore: opts.rescore, minSimilarity: opts.minSimilarity,
    rowPtr: m.rowPtr, cols: m.cols, vals: m.vals, prefixPtr, prefix, slotPos, listStart, postDoc, postW, queryAt,
    idx: alloc.int32(N * K).fill(-1), sim: alloc.float32(N * K),
  };
}

/** Everything one query range needs; typed arrays only, so a worker can share them. */
interface SearchArrays {
  N: number; V: number; K: number; window: number; rescore: number; minSimilarity: number;
  rowPtr: Int32Array; cols: Int32Array; vals: Float32Array; prefixPtr: Int32Array; prefix: Int32Array;
  slotPos: Int32Array; listStart: Int32Array; postDoc: Int32Array; postW: Float32Array; queryAt: Int32Array;
  idx: Int32Array; sim: Float32Array;
}

/**
 * Answers the queries queryAt[from..to). Self-contained (no closures, no imports): its source is also run in a
 * worker thread by `searchInTwoThreads`.
 */
function searchRange(a: SearchArrays, from: number, to: number): void {
  const { N, V, K, window, rescore, minSimilarity, rowPtr, cols, vals, prefixPtr, prefix, slotPos, listStart, postDoc, postW, queryAt, idx, sim } = a;
  const acc = new Float32Array(N);
  let maxP = 1;
  for (let d = 0; d < N; d++) maxP = Math.max(maxP, prefixPtr[d + 1]! - prefixPtr[d]!);
  const touched = new Int32Array(maxP * (window + 1));
  const dense = new Float32Array(V);
  const half = window >> 1;
  for (let qi = from; qi < to; qi++) {
    const d = queryAt[qi]!;
    if (d < 0) continue;
    let nt = 0;
    for (let x = prefixPtr[d]!; x < prefixPtr[d + 1]!; x++) {
      const at = prefix[x]!;
      const t = cols[at]!;
      const w = vals[at]!;
      const s = listStart[t]!;
      const e = listStart[t + 1]!;
      let lo = s;
      let hi = e;
      if (e - s > window) {
        const p = slotPos[x]!;
        lo = Math.max(s, Math.min(p - half, e - window));
        hi = lo + window;
      }
      for (let q = lo; q < hi; q++) {
        const c = postDoc[q]!;
        if (c === d) continue;
        if (acc[c] === 0) touched[nt++] = c;
        acc[c]! += w * postW[q]!;
      }
    }
    if (nt === 0) continue;
    const R = Math.min(nt, rescore);
    if (nt > R) {
      // Quickselect: the R largest partial scores first (order among them unspecified).
      let l = 0;
      let r = nt - 1;
      while (l < r) {
        const pivot = acc[touched[(l + r) >>> 1]!]!;
        let i = l;
        let j = r;
        while (i <= j) {
          while (acc[touched[i]!]! > pivot) i++;
          while (acc[touched[j]!]! < pivot) j--;
          if (i <= j) { const tmp = touched[i]!; touched[i] = touched[j]!; touched[j] = tmp; i++; j--; }
        }
        if (R - 1 <= j) r = j; else if (R - 1 >= i) l = i; else break;
      }
    }
    for (let i = rowPtr[d]!; i < rowPtr[d + 1]!; i++) dense[cols[i]!] = vals[i]!;
    const base = d * K;
    let have = 0;
    for (let r = 0; r < R; r++) {
      const c = touched[r]!;
      let s = 0;
      for (let i = rowPtr[c]!; i < rowPtr[c + 1]!; i++) s += dense[cols[i]!]! * vals[i]!;
      if (s < minSimilarity) continue;
      if (have === K && !(s > sim[base + K - 1]! || (s === sim[base + K - 1]! && c < idx[base + K - 1]!))) continue;
      let j = have < K ? have++ : K - 1;
      while (j > 0 && (sim[base + j - 1]! < s || (sim[base + j - 1]! === s && idx[base + j - 1]! > c))) {
        sim[base + j] = sim[base + j - 1]!;
        idx[base + j] = idx[base + j - 1]!;
        j--;
      }
      sim[base + j] = s;
      idx[base + j] = c;
    }
    for (let i = rowPtr[d]!; i < rowPtr[d + 1]!; i++) dense[cols[i]!] = 0;
    for (let i = 0; i < nt; i++) acc[touched[i]!] = 0;
  }
}

/** `x` itself when its memory is already shared, else a copy in shared memory. */
function shared<T extends Int32Array | Float32Array>(x: T): T {
  if (x.buffer instanceof SharedArrayBuffer) return x;
  const out = (x instanceof Int32Array ? new Int32Array(new SharedArrayBuffer(x.byteLength)) : new Float32Array(new SharedArrayBuffer(x.byteLength))) as T;
  out.set(x);
  return out;
}

/**
 * Splits the queries between this thread and one worker thread (the 2 cores of the target machine). The engine
 * is synchronous, so this thread blocks on Atomics.wait for the worker; if the worker fails or never starts,
 * null is returned and the caller answers every query itself. The output is identical
 * to the single-threaded one: each query writes only its own row.
 */
function searchInTwoThreads(a: SearchArrays, entries: number): { idx: Int32Array; sim: Float32Array } | null {
  let worker: Worker | null = null;
  try {
    const s: SearchArrays = {
      ...a, rowPtr: shared(a.rowPtr), cols: shared(a.cols), vals: shared(a.vals), prefixPtr: shared(a.prefixPtr),
      prefix: shared(a.prefix), slotPos: shared(a.slotPos), listStart: shared(a.listStart), postDoc: shared(a.postDoc),
      postW: shared(a.postW), queryAt: shared(a.queryAt), idx: shared(a.idx), sim: shared(a.sim),
    };
    // Balance by the number of real queries.
    let total = 0;
    for (let i = 0; i < entries; i++) if (a.queryAt[i]! >= 0) total++;
    let split = 0;
    for (let seen = 0; split < entries && seen < total / 2; split++) if (a.queryAt[split]! >= 0) seen++;
    const flag = new Int32Array(new SharedArrayBuffer(4));
    // flag: 0 = not started, 3 = running, 1 = done, 2 = failed.
    const code = `const { workerData: w } = require('node:worker_threads');
Atomics.store(w.flag, 0, 3); Atomics.notify(w.flag, 0);
const __name = (f) => f;
try { const searchRange = (${searchRange.toString()}); searchRange(w.a, w.from, w.to); Atomics.store(w.flag, 0, 1); }
catch (e) { Atomics.store(w.flag, 0, 2); }
Atomics.notify(w.flag, 0);`;
    worker = new Worker(code, { eval: true, workerData: { a: s, from: split, to: entries, flag } });
    searchRange(s, 0, split);
    // A worker that never starts (threads unavailable) is given up after 30 s; a started one is waited for: its
    // loop cannot hang, and a failure reports itself through the flag.
    Atomics.wait(flag, 0, 0, 30_000);
    while (Atomics.load(flag, 0) === 3) Atomics.wait(flag, 0, 3, 60_000);
    if (Atomics.load(flag, 0) !== 1) return null;
    return { idx: s.idx, sim: s.sim };
  } catch {
    return null;
  } finally {
    void worker?.terminate();
  }
}

/**
 * The exact top-k by comparing every pair (O(N² × nnz)): the reference for recall measurements and the
 * benchmark's baseline. Never used by the engine.
 */
export function exactKnn(m: TfidfMatrix, k: number, minSimilarity = 0): KnnGraph {
  const N = m.rows;
  const idx = new Int32Array(N * k).fill(-1);
  const sim = new Float32Array(N * k);
  const dense = new Float32Array(m.terms.length);
  for (let d = 0; d < N; d++) {
    for (let i = m.rowPtr[d]!; i < m.rowPtr[d + 1]!; i++) dense[m.cols[i]!] = m.vals[i]!;
    const base = d * k;
    let have = 0;
    for (let c = 0; c < N; c++) {
      if (c === d) continue;
      let s = 0;
      for (let i = m.rowPtr[c]!; i < m.rowPtr[c + 1]!; i++) s += dense[m.cols[i]!]! * m.vals[i]!;
      if (s <= 0 || s < minSimilarity) continue;
      if (have === k && !(s > sim[base + k - 1]!)) continue;
      let j = have < k ? have++ : k - 1;
      while (j > 0 && sim[base + j - 1]! < s) { sim[base + j] = sim[base + j - 1]!; idx[base + j] = idx[base + j - 1]!; j--; }
      sim[base + j] = s;
      idx[base + j] = c;
    }
    for (let i = m.rowPtr[d]!; i < m.rowPtr[d + 1]!; i++) dense[m.cols[i]!] = 0;
  }
  return { k, idx, sim };
}

/** Mean share of the exact top-k neighbours that the approximate graph found. */
export function knnRecall(approx: KnnGraph, exact: KnnGraph): number {
  const N = exact.idx.length / exact.k;
  let found = 0;
  let total = 0;
  for (let d = 0; d < N; d++) {
    const mine = new Set<number>();
    for (let j = 0; j < approx.k; j++) { const c = approx.idx[d * approx.k + j]!; if (c >= 0) mine.add(c); }
    for (let j = 0; j < exact.k; j++) {
      const c = exact.idx[d * exact.k + j]!;
      if (c < 0) continue;
      total++;
      if (mine.has(c)) found++;
    }
  }
  return total ? found / total : 1;
}
