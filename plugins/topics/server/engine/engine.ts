import {
  cleanNgrams, type Narrative, type RiskAssessment, type TopicInputPost, type TopicRunResult,
} from '../../shared/types';
import { membersOf, resultObjects, topicRid, type TopicRunColumns } from './columns';
import { knnToGraph, splitDisconnected, type CsrGraph } from './graph';
import { extractKeyphrases } from './keyphrases';
import { approximateKnn, exactKnn, type KnnGraph } from './knn';
import { coarsen, louvain } from './louvain';
import { SIGNAL_HIGH_ENGAGEMENT, tableOfPosts, type TopicPostTable } from './postTable';
import { assessRiskOf, DEFAULT_RISK_OPTIONS, type RiskOptions } from './risk';
import { extractiveTitle } from './titles';
import { vectorize, type TfidfMatrix } from './vectorize';

/**
 * The topic engine: posts -> TF-IDF -> approximate kNN graph -> Louvain -> topics with keyphrases, cohesion,
 * exemplars, extractive titles, and narratives with risk. Pure and synchronous; deterministic for a given input
 * order and seed. See plugins/topics/README.md for the method and the measured figures.
 */
export interface TopicEngineOptions {
  seed: number;
  /** Neighbours per text in the similarity graph. */
  k: number;
  /** Highest-weighted terms per text used for candidate blocking (see knn.ts). */
  prefixTerms: number;
  prefixShare: number;
  maxPrefixTerms: number;
  /** Posting-list window scanned per indexed term. */
  window: number;
  /** 'auto' compares all pairs exactly up to `exactUpTo` distinct texts (cheap there), else blocks. */
  neighbours: 'auto' | 'approximate' | 'exact';
  exactUpTo: number;
  /** Threads for the neighbour search (1 or 2; the second is a worker thread, from 20,000 distinct texts). */
  threads: number;
  /** Candidates re-scored with the exact cosine per text. */
  rescore: number;
  minSimilarity: number;
  minDf: number;
  maxDfRatio: number;
  /** Louvain resolution γ; higher gives more, smaller communities. */
  resolution: number;
  /** Topics with fewer posts are dissolved into their neighbours' topics; null = max(5, 0.2% of posts). */
  minTopicSize: number | null;
  /** Posts of dissolved small communities: 'reassign' = follow their graph neighbours' topic (outlier only when
   * no neighbour has one), 'outlier' = all go to the outlier bucket (BERTopic's -1). */
  smallTopics: 'reassign' | 'outlier';
  /** Upper bound on the number of topics (null = no bound). */
  maxTopics: number | null;
  /** When set, topics are merged (smallest into most similar) down to exactly this many, if there are more. */
  targetTopics: number | null;
  /** Spherical k-means steps run from the graph partition (texts move to their nearest topic centroid). */
  refineIterations: number;
  maxKeyphrases: number;
  /** Posts per topic read for keyphrases (a deterministic uniform sample). */
  keyphraseSample: number;
  minPhraseShare: number;
  risk: RiskOptions;
}

export const DEFAULT_ENGINE_OPTIONS: TopicEngineOptions = {
  seed: 42,
  k: 10,
  prefixTerms: 6,
  prefixShare: 0.25,
  maxPrefixTerms: 32,
  window: 64,
  neighbours: 'auto',
  threads: 2,
  exactUpTo: 3000,
  rescore: 50,
  minSimilarity: 0.05,
  minDf: 2,
  maxDfRatio: 0.5,
  resolution: 1,
  minTopicSize: null,
  smallTopics: 'reassign',
  maxTopics: 50,
  targetTopics: null,
  refineIterations: 3,
  maxKeyphrases: 10,
  keyphraseSample: 500,
  minPhraseShare: 0.01,
  risk: DEFAULT_RISK_OPTIONS,
};

interface SparseVec { cols: Int32Array; vals: Float64Array }

/**
 * One spherical k-means step from the current partition: every clustered text moves to the most similar topic
 * centroid among its own topic and its graph neighbours' topics (strictly better only, so ties stay). Restricting
 * the candidates to neighbouring topics makes a step cost O(nnz × few) with dense centroid rows; when the dense
 * rows would not fit (`topics × terms` above 32M), the step is skipped.
 */
function refine(m: TfidfMatrix, g: CsrGraph, labels: Int32Array, count: number): number {
  const V = m.terms.length;
  if (count * V > 1 << 25) return count;
  const groups = membersOf(labels, count);
  const scratch = new Float64Array(V);
  const dense = new Float32Array(count * V);
  groups.forEach((members, c) => {
    const sum = sumRows(m, members, scratch);
    let n = 0;
    for (const v of sum.vals) n += v * v;
    n = Math.sqrt(n) || 1;
    for (let i = 0; i < sum.cols.length; i++) dense[c * V + sum.cols[i]!] = sum.vals[i]! / n;
  });
  const next = Int32Array.from(labels);
  const stamp = new Int32Array(count).fill(-1);
  for (let d = 0; d < labels.length; d++) {
    const own = labels[d]!;
    if (own < 0) continue;
    const score = (c: number) => {
      let s = 0;
      const base = c * V;
      for (let j = m.rowPtr[d]!; j < m.rowPtr[d + 1]!; j++) s += dense[base + m.cols[j]!]! * m.vals[j]!;
      return s;
    };
    let best = own;
    let bs = score(own);
    stamp[own] = d;
    for (let i = g.ptr[d]!; i < g.ptr[d + 1]!; i++) {
      const c = labels[g.adj[i]!]!;
      if (c < 0 || stamp[c] === d) continue;
      stamp[c] = d;
      const s = score(c);
      if (s > bs + 1e-12) { bs = s; best = c; }
    }
    next[d] = best;
  }
  labels.set(next);
  return relabel(labels);
}

function now(): number { return performance.now(); }

/** Sum of the rows of `docs`, each weighted by its multiplicity; sparse, sorted by column. */
function sumRows(m: TfidfMatrix, docs: ArrayLike<number>, scratch: Float64Array, truncate = 0): SparseVec {
  const touched: number[] = [];
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i]!;
    const mult = m.multiplicity[d]!;
    for (let j = m.rowPtr[d]!; j < m.rowPtr[d + 1]!; j++) {
      const t = m.cols[j]!;
      if (scratch[t] === 0) touched.push(t);
      scratch[t]! += m.vals[j]! * mult;
    }
  }
  let keep = touched;
  if (truncate > 0 && touched.length > truncate) keep = [...touched].sort((a, b) => scratch[b]! - scratch[a]! || a - b).slice(0, truncate);
  keep.sort((a, b) => a - b);
  const cols = Int32Array.from(keep);
  const vals = new Float64Array(keep.length);
  for (let i = 0; i < keep.length; i++) vals[i] = scratch[keep[i]!]!;
  for (const t of touched) scratch[t] = 0;
  return { cols, vals };
}

function addSparse(a: SparseVec, b: SparseVec, truncate: number): SparseVec {
  const cols: number[] = [];
  const vals: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.cols.length || j < b.cols.length) {
    const ca = i < a.cols.length ? a.cols[i]! : Infinity;
    const cb = j < b.cols.length ? b.cols[j]! : Infinity;
    if (ca === cb) { cols.push(ca); vals.push(a.vals[i++]! + b.vals[j++]!); } else if (ca < cb) { cols.push(ca); vals.push(a.vals[i++]!); } else { cols.push(cb); vals.push(b.vals[j++]!); }
  }
  let order = cols.map((_, x) => x);
  if (order.length > truncate) order = order.sort((x, y) => vals[y]! - vals[x]! || x - y).slice(0, truncate).sort((x, y) => x - y);
  return { cols: Int32Array.from(order.map((x) => cols[x]!)), vals: Float64Array.from(order.map((x) => vals[x]!)) };
}

function cosine(a: SparseVec, b: SparseVec): number {
  let i = 0;
  let j = 0;
  let dot = 0;
  while (i < a.cols.length && j < b.cols.length) {
    const ca = a.cols[i]!;
    const cb = b.cols[j]!;
    if (ca === cb) dot += a.vals[i++]! * b.vals[j++]!; else if (ca < cb) i++; else j++;
  }
  let na = 0;
  let nb = 0;
  for (const v of a.vals) na += v * v;
  for (const v of b.vals) nb += v * v;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

function relabel(labels: Int32Array): number {
  const map = new Map<number, number>();
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i]!;
    if (l < 0) continue;
    let v = map.get(l);
    if (v === undefined) { v = map.size; map.set(l, v); }
    labels[i] = v;
  }
  return map.size;
}

/** Dissolves labels with fewer than `minSize` posts: their texts follow the weighted vote of graph neighbours. */
function dissolveSmall(g: CsrGraph, m: TfidfMatrix, labels: Int32Array, count: number, minSize: number, passes: number): void {
  const size = new Float64Array(count);
  for (let d = 0; d < labels.length; d++) if (labels[d]! >= 0) size[labels[d]!]! += m.multiplicity[d]!;
  const small = (l: number) => l < 0 || size[l]! < minSize;
  let pending: number[] = [];
  for (let d = 0; d < labels.length; d++) if (labels[d]! >= 0 && small(labels[d]!)) pending.push(d);
  for (const d of pending) labels[d] = -2; // dissolved, not yet placed
  const vote = new Float64Array(count);
  for (let pass = 0; pass < passes && pending.length; pass++) {
    const next: number[] = [];
    const placed: Array<[number, number]> = [];
    for (const d of pending) {
      let best = -1;
      let bestW = 0;
      const seen: number[] = [];
      for (let i = g.ptr[d]!; i < g.ptr[d + 1]!; i++) {
        const l = labels[g.adj[i]!]!;
        if (l < 0 || small(l)) continue;
        if (vote[l] === 0) seen.push(l);
        vote[l]! += g.w[i]!;
      }
      for (const l of seen) {
        if (vote[l]! > bestW || (vote[l] === bestW && l < best)) { best = l; bestW = vote[l]!; }
        vote[l] = 0;
      }
      if (best >= 0) placed.push([d, best]); else next.push(d);
    }
    // Synchronous update: a pass only sees the previous pass's placements (order-independent).
    for (const [d, l] of placed) labels[d] = l;
    if (placed.length === 0) break;
    pending = next;
  }
  for (let d = 0; d < labels.length; d++) if (labels[d] === -2 || (labels[d]! >= 0 && small(labels[d]!))) labels[d] = -1;
}

/** Merges the smallest topic into its most similar one (centroid cosine) until `target` remain. */
function mergeDown(m: TfidfMatrix, labels: Int32Array, count: number, target: number): number {
  const groups = membersOf(labels, count);
  const scratch = new Float64Array(m.terms.length);
  const cents: Array<SparseVec | null> = groups.map((g) => sumRows(m, g, scratch, 256));
  const size = groups.map((g) => g.reduce((s, d) => s + m.multiplicity[d]!, 0));
  const parent = Array.from({ length: count }, (_, i) => i);
  let alive = count;
  while (alive > target) {
    let s = -1;
    for (let c = 0; c < count; c++) if (cents[c] && (s < 0 || size[c]! < size[s]!)) s = c;
    let best = -1;
    let bestSim = -1;
    for (let c = 0; c < count; c++) {
      if (c === s || !cents[c]) continue;
      const sim = cosine(cents[s]!, cents[c]!);
      if (sim > bestSim) { bestSim = sim; best = c; }
    }
    cents[best] = addSparse(cents[best]!, cents[s]!, 256);
    size[best]! += size[s]!;
    cents[s] = null;
    parent[s] = best;
    alive--;
  }
  const root = (c: number): number => (parent[c] === c ? c : (parent[c] = root(parent[c]!)));
  for (let d = 0; d < labels.length; d++) if (labels[d]! >= 0) labels[d] = root(labels[d]!);
  return relabel(labels);
}

export function runTopicEngine(posts: readonly TopicInputPost[], options: Partial<TopicEngineOptions> = {}): TopicRunResult {
  const table = tableOfPosts(posts);
  return resultObjects(runTopicEngineOn(table, options), table);
}

/** The category most of `members` carry (ties: the first by string order), or null when under half of them do. */
function dominantCategory(table: TopicPostTable, members: Int32Array): string | null {
  const cats = new Map<string, number>();
  for (const p of members) for (const c of table.categories(p)) cats.set(c, (cats.get(c) ?? 0) + 1);
  let category: string | null = null;
  let catN = 0;
  for (const [c, n] of cats) if (n > catN || (n === catN && category !== null && c < category)) { category = c; catN = n; }
  return catN < members.length / 2 ? null : category;
}

/** The engine on a table of posts (either layout), answering in columns: what the pipeline stage runs. */
export function runTopicEngineOn(table: TopicPostTable, options: Partial<TopicEngineOptions> = {}): TopicRunColumns {
  const o: TopicEngineOptions = { ...DEFAULT_ENGINE_OPTIONS, ...options };
  const timings: Record<string, number> = {};
  let t0 = now();
  const lap = (name: string) => { const t = now(); timings[name] = Math.round(t - t0); t0 = t; };
  const duplicate = table.duplicateId();
  if (duplicate >= 0) throw new Error(`duplicate post id '${table.id(duplicate)}'`);
  const postCount = table.count;

  const m = vectorize(table, { minDf: o.minDf, maxDfRatio: o.maxDfRatio });
  lap('vectorize');
  const N = m.rows;
  const exact = o.neighbours === 'exact' || (o.neighbours === 'auto' && N <= o.exactUpTo);
  const kopts = { k: o.k, prefixTerms: o.prefixTerms, prefixShare: o.prefixShare, maxPrefixTerms: o.maxPrefixTerms, window: o.window, rescore: o.rescore, minSimilarity: o.minSimilarity, threads: o.threads };
  let knn: KnnGraph | null = exact ? exactKnn(m, o.k, o.minSimilarity) : approximateKnn(m, kopts);
  lap('knn');
  const loops = new Float64Array(N);
  for (let d = 0; d < N; d++) if (m.multiplicity[d]! > 1) loops[d] = 0.5 * Math.min(o.k, m.multiplicity[d]! - 1);
  const graph = knnToGraph(knn, N, loops);
  knn = null; // the graph holds the edges now: the neighbour lists can go before clustering

  lap('graph');
  const minSize = o.minTopicSize ?? Math.max(5, Math.ceil(postCount * 0.002));
  const cluster = (gamma: number) => {
    const lv = louvain(graph, { resolution: gamma, seed: o.seed });
    const labels = splitDisconnected(graph, lv.labels);
    for (let d = 0; d < N; d++) if (m.rowPtr[d] === m.rowPtr[d + 1]) labels[d] = -1; // nothing to cluster on
    const communities = relabel(labels);
    dissolveSmall(graph, m, labels, communities, minSize, o.smallTopics === 'reassign' ? 5 : 0);
    return { labels, count: relabel(labels), communities, modularity: lv.modularity, gamma };
  };
  let run = cluster(o.resolution);
  // A target above what γ gives: raise the resolution (up to 8 times ×1.5) until there are enough topics.
  // Stops when a step gains nothing (at high γ communities fall under minTopicSize and dissolve).
  for (let i = 0; i < 8 && o.targetTopics !== null && run.count < o.targetTopics; i++) {
    const next = cluster(run.gamma * 1.5);
    if (next.count <= run.count) break;
    run = next;
  }
  let labels = run.labels;
  let count = run.count;
  lap('louvain');

  const bound = o.targetTopics ?? o.maxTopics;
  if (bound !== null && count > 4 * bound) {
    // Coarsen on the graph of topics with a lower resolution first: cheap, and keeps graph structure.
    let gamma = run.gamma;
    for (let i = 0; i < 8 && count > 4 * bound; i++) {
      gamma /= 2;
      const temp = Int32Array.from(labels, (l, d) => (l >= 0 ? l : count + d));
      relabel(temp);
      const tempCount = new Set(temp).size;
      const c = coarsen(graph, temp, tempCount, { resolution: gamma, seed: o.seed });
      labels = Int32Array.from(c.labels, (l, d) => (labels[d]! < 0 ? -1 : l));
      count = relabel(labels);
    }
  }
  if (bound !== null && count > bound) count = mergeDown(m, labels, count, bound);
  for (let it = 0; it < o.refineIterations && count > 1; it++) count = refine(m, graph, labels, count);
  lap('reduce');

  // Topics ordered by post count (desc), then by their first post.
  const groups = membersOf(labels, count);
  const postsOf = membersOf(Int32Array.from(m.docOf, (d) => labels[d]!), count);
  const info = groups.map((docs, label) => ({ label, docs, postIdx: postsOf[label]! }))
    .sort((a, b) => b.postIdx.length - a.postIdx.length || a.postIdx[0]! - b.postIdx[0]!);

  const confidence = new Float64Array(N);
  const scratch = new Float64Array(m.terms.length);
  const dense = new Float64Array(m.terms.length);
  const built = info.map(({ docs, postIdx }) => {
    const c = sumRows(m, docs, scratch);
    let norm = 0;
    for (const v of c.vals) norm += v * v;
    norm = Math.sqrt(norm) || 1;
    for (let i = 0; i < c.cols.length; i++) dense[c.cols[i]!] = c.vals[i]! / norm;
    let sum = 0;
    let best = -1;
    let bestSim = -1;
    for (const d of docs) {
      let s = 0;
      for (let j = m.rowPtr[d]!; j < m.rowPtr[d + 1]!; j++) s += dense[m.cols[j]!]! * m.vals[j]!;
      confidence[d] = s;
      sum += s * m.multiplicity[d]!;
      if (s > bestSim + 1e-12 || (Math.abs(s - bestSim) <= 1e-12 && m.firstPost[d]! < m.firstPost[best]!)) { bestSim = s; best = d; }
    }
    for (const t of c.cols) dense[t] = 0;
    const cohesion = Math.min(1, Math.max(0, sum / postIdx.length));
    // Uniform, deterministic sample for keyphrases.
    const step = Math.max(1, postIdx.length / o.keyphraseSample);
    const sample: number[] = [];
    for (let x = 0; x < postIdx.length && sample.length < o.keyphraseSample; x += step) sample.push(postIdx[Math.floor(x)]!);
    return { cohesion, exemplar: m.firstPost[best]!, sample };
  });
  lap('centroids');

  const kp = extractKeyphrases(
    built.map((b) => b.sample.map((p) => ({ text: table.text(p), language: table.language(p) }))),
    { maxKeyphrases: o.maxKeyphrases, maxWords: 10, minPhraseShare: o.minPhraseShare },
  );
  lap('keyphrases');

  const topics: TopicRunColumns['topics'] = [];
  const narratives: Array<Narrative & { risk: RiskAssessment }> = [];
  const topicKeywords: Record<string, string[]> = {};
  const topicOfPost = new Int32Array(postCount).fill(-1);
  const exemplars = new Int32Array(info.length);
  info.forEach(({ postIdx }, i) => {
    const rid = topicRid(o.seed, table, postIdx);
    const size = postIdx.length;
    const ngrams = cleanNgrams(kp[i]!.ngrams);
    const exemplar = built[i]!.exemplar;
    const { title, description } = extractiveTitle(ngrams, table.text(exemplar), size, size / postCount);
    topics.push({ rid, title, ngrams, cohesion_score: Math.round(built[i]!.cohesion * 1e6) / 1e6, exemplar_post_id: table.id(exemplar) });
    topicKeywords[rid] = kp[i]!.words;
    for (const p of postIdx) topicOfPost[p] = i;
    exemplars[i] = exemplar;
    const risk = assessRiskOf(table, postIdx, rid, o.risk);
    let engaged = 0;
    for (const p of postIdx) if (table.signals[p]! & SIGNAL_HIGH_ENGAGEMENT) engaged++;
    narratives.push({
      id: rid, ngrams, post_count: size,
      post_percent: postCount ? size / postCount : 0,
      coordination_cluster_count: 0,
      engagement_score: engaged / size,
      category: dominantCategory(table, postIdx), title, description,
      is_threat: risk.signals.find((s) => s.signal === 'violent_rhetoric')!.level !== 'LOW_RISK',
      risk,
    });
  });
  const confidenceOfPost = new Float64Array(postCount);
  for (let p = 0; p < postCount; p++) if (topicOfPost[p]! >= 0) confidenceOfPost[p] = Math.round(confidence[m.docOf[p]!]! * 1e6) / 1e6;
  const conversationRisk = assessRiskOf(table, null, null, o.risk);
  lap('narratives');
  return {
    topics, narratives, topic_keywords: topicKeywords, conversation_risk: conversationRisk,
    topicOfPost, confidence: confidenceOfPost, exemplars,
    stats: {
      posts: postCount, unique_texts: N, vocabulary: m.kept.reduce((s, x) => s + x, 0), edges: graph.adj.length / 2,
      communities: run.communities, modularity: Math.round(run.modularity * 1e6) / 1e6, seed: o.seed, resolution: run.gamma,
      titles: 'extractive', timings_ms: timings,
    },
  };
}
