import { tokenize } from './tokenize';

/**
 * Sparse TF-IDF vectors over the distinct texts of a run.
 *
 * Posts whose token sequences are identical (retweets, copypasta, exact duplicates) are vectorised once; `docOf`
 * maps each post to its distinct text and `multiplicity` counts the copies. Weights are sublinear
 * (1 + ln tf) × smooth idf (ln((1 + N) / (1 + df)) + 1) over the N distinct texts, rows L2-normalised. Terms in
 * fewer than minDf *posts* (copies count, so a repeated copypasta keeps its words) or in more than
 * maxDfRatio × N distinct texts are left out of the vectors (they cannot link two texts, or link nearly all).
 */
export interface TfidfMatrix {
  /** Distinct texts. */
  rows: number;
  rowPtr: Int32Array;
  cols: Int32Array;
  vals: Float32Array;
  /** Term strings by id (all terms seen, including pruned ones). */
  terms: string[];
  df: Int32Array;
  /** Whether a term id takes part in the vectors. */
  kept: Uint8Array;
  /** Post index -> distinct text index. */
  docOf: Int32Array;
  multiplicity: Int32Array;
  /** Distinct text -> its first post index. */
  firstPost: Int32Array;
}

export interface VectorizeOptions { minDf: number; maxDfRatio: number }

export interface TextInput { text: string; language: string | null }

/** Texts by index, read one at a time (the engine's post table). */
export interface TextSource { count: number; text(i: number): string; language(i: number): string | null }

const sourceOf = (posts: readonly TextInput[] | TextSource): TextSource => ('count' in posts && !Array.isArray(posts) ? posts as TextSource
  : { count: (posts as readonly TextInput[]).length, text: (i) => (posts as readonly TextInput[])[i]!.text, language: (i) => (posts as readonly TextInput[])[i]!.language });

function hashIds(ids: Int32Array, from: number, to: number): number {
  let h1 = 0x811c9dc5;
  let h2 = 0x9e3779b1;
  for (let i = from; i < to; i++) {
    const v = ids[i]!;
    h1 = Math.imul(h1 ^ v, 0x01000193);
    h2 = Math.imul(h2 ^ (v + 0x7f4a7c15), 0x85ebca6b) ^ (h2 >>> 13);
  }
  // 53 bits: exact as a JavaScript number, cheap as a Map key.
  return (h1 >>> 0) * 2097152 + ((h2 >>> 0) & 0x1fffff);
}

export function vectorize(input: readonly TextInput[] | TextSource, opts: VectorizeOptions): TfidfMatrix {
  const source = sourceOf(input);
  const count = source.count;
  const vocab = new Map<string, number>();
  const terms: string[] = [];
  let ids = new Int32Array(Math.max(1024, count * 16));
  const postStart = new Int32Array(count + 1);
  let len = 0;
  for (let p = 0; p < count; p++) {
    postStart[p] = len;
    for (const tok of tokenize(source.text(p), source.language(p))) {
      let id = vocab.get(tok);
      if (id === undefined) {
        id = terms.length;
        vocab.set(tok, id);
        terms.push(tok);
      }
      if (len === ids.length) {
        const next = new Int32Array(ids.length * 2);
        next.set(ids);
        ids = next;
      }
      ids[len++] = id;
    }
  }
  postStart[count] = len;

  // Distinct texts by token sequence (hash, then an exact comparison on collision).
  const docOf = new Int32Array(count);
  const byHash = new Map<number, number[]>();
  const firstPostList: number[] = [];
  for (let p = 0; p < count; p++) {
    const a = postStart[p]!;
    const b = postStart[p + 1]!;
    const h = hashIds(ids, a, b);
    const bucket = byHash.get(h);
    let found = -1;
    if (bucket) {
      for (const d of bucket) {
        const q = firstPostList[d]!;
        const qa = postStart[q]!;
        if (postStart[q + 1]! - qa !== b - a) continue;
        let same = true;
        for (let i = 0; i < b - a; i++) if (ids[qa + i] !== ids[a + i]) { same = false; break; }
        if (same) { found = d; break; }
      }
    }
    if (found < 0) {
      found = firstPostList.length;
      firstPostList.push(p);
      if (bucket) bucket.push(found); else byHash.set(h, [found]);
    }
    docOf[p] = found;
  }
  const rows = firstPostList.length;
  const firstPost = Int32Array.from(firstPostList);
  const multiplicity = new Int32Array(rows);
  for (let p = 0; p < count; p++) multiplicity[docOf[p]!]!++;

  // Per distinct text: sorted term ids with counts; document frequencies.
  const V = terms.length;
  const df = new Int32Array(V);
  const postDf = new Int32Array(V);
  const seen = new Int32Array(V).fill(-1);
  for (let d = 0; d < rows; d++) {
    const p = firstPost[d]!;
    for (let i = postStart[p]!; i < postStart[p + 1]!; i++) {
      const t = ids[i]!;
      if (seen[t] !== d) { seen[t] = d; df[t]!++; postDf[t]! += multiplicity[d]!; }
    }
  }
  const maxDf = Math.max(opts.minDf, Math.floor(opts.maxDfRatio * rows));
  const kept = new Uint8Array(V);
  const idf = new Float32Array(V);
  for (let t = 0; t < V; t++) {
    if (postDf[t]! >= opts.minDf && df[t]! <= maxDf) {
      kept[t] = 1;
      idf[t] = Math.log((1 + rows) / (1 + df[t]!)) + 1;
    }
  }

  // The matrix lives in shared memory: the neighbour search's second thread reads it without a copy (knn.ts).
  const rowPtr = new Int32Array(new SharedArrayBuffer(4 * (rows + 1)));
  let cols = new Int32Array(Math.max(16, Math.floor(len * 0.8)));
  let vals = new Float32Array(cols.length);
  const tf = new Int32Array(V);
  const touched: number[] = [];
  let nnz = 0;
  for (let d = 0; d < rows; d++) {
    rowPtr[d] = nnz;
    const p = firstPost[d]!;
    touched.length = 0;
    for (let i = postStart[p]!; i < postStart[p + 1]!; i++) {
      const t = ids[i]!;
      if (!kept[t]) continue;
      if (tf[t] === 0) touched.push(t);
      tf[t]!++;
    }
    if (nnz + touched.length > cols.length) {
      const size = Math.max(cols.length * 2, nnz + touched.length);
      const c2 = new Int32Array(size); c2.set(cols.subarray(0, nnz)); cols = c2;
      const v2 = new Float32Array(size); v2.set(vals.subarray(0, nnz)); vals = v2;
    }
    touched.sort((x, y) => x - y);
    let norm = 0;
    const start = nnz;
    for (const t of touched) {
      const w = (1 + Math.log(tf[t]!)) * idf[t]!;
      cols[nnz] = t;
      vals[nnz] = w;
      norm += w * w;
      nnz++;
      tf[t] = 0;
    }
    if (norm > 0) {
      const inv = 1 / Math.sqrt(norm);
      for (let i = start; i < nnz; i++) vals[i] = vals[i]! * inv;
    }
  }
  rowPtr[rows] = nnz;
  const sharedCols = new Int32Array(new SharedArrayBuffer(4 * nnz));
  sharedCols.set(cols.subarray(0, nnz));
  const sharedVals = new Float32Array(new SharedArrayBuffer(4 * nnz));
  sharedVals.set(vals.subarray(0, nnz));
  return { rows, rowPtr, cols: sharedCols, vals: sharedVals, terms, df, kept, docOf, multiplicity, firstPost };
}

/** Cosine of two rows (both L2-normalised, columns sorted). */
export function rowCosine(m: TfidfMatrix, a: number, b: number): number {
  let i = m.rowPtr[a]!;
  const ie = m.rowPtr[a + 1]!;
  let j = m.rowPtr[b]!;
  const je = m.rowPtr[b + 1]!;
  let s = 0;
  while (i < ie && j < je) {
    const ci = m.cols[i]!;
    const cj = m.cols[j]!;
    if (ci === cj) { s += m.vals[i]! * m.vals[j]!; i++; j++; } else if (ci < cj) i++; else j++;
  }
  return s;
}
