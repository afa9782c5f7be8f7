/**
 * The engine's last step: Louvain communities -> reported clusters (spec fields and preview), with a second window
 * scan that collects the posts proving each intra-cluster edge and the first few of them, with time deltas.
 */
import {
  EVIDENCE_GROUP_OF, EVIDENCE_TYPES, type CoordinationCluster, type CoordinationEdge, type EdgeEvidence,
  type EvidenceSample, type EvidenceType,
} from '../../shared/types';
import { scanWindows } from './acts';
import type { EngineState } from './detect';
import type { TypedEdge, TypedEdges } from './typedEdges';
import { grownToFit } from '@core/shared/arrays/grownToFit';
import type { CoordinationResult, CoordinationStats } from './types';

interface IntraEdge {
  edge: TypedEdge;
  cluster: number;
  /** per type index: rows of `SampleRows`, a list made for a type once it has a sample (an empty list for each of the
   * eight types, on every intra-cluster edge, was about 300 bytes an edge: 1.1M edges at 5M posts) */
  samples: Array<number[] | undefined>;
}

/**
 * Receives the reported edges' evidence samples in order (edges numbered 1.. across the clusters as they are listed,
 * each edge's types in EVIDENCE_TYPES order, samples in their order) instead of the result's `samples`, which then
 * stay empty: the stage's worker packs them into columns without keeping an object per sample (567k at 1M posts).
 */
export interface EvidenceSink {
  /** `keyText(typeIndex, keyId)`: a key's text, asked once per distinct key */
  begin(samples: number, keyText: (typeIndex: number, keyId: number) => string): void;
  /**
   * One sample, in numbers (at 5M posts 7.3M samples: an object, two id strings and a key string each cost seconds):
   * `keyId` names the key within its type; the posts' ids and the times (ms) are NaN when the sample has none.
   */
  add(edge: number, typeIndex: number, keyId: number, postI: number, postJ: number, timeI: number, timeJ: number): void;
}

/**
 * The proving co-actions found by the scan, as rows of acts (4 numbers, 13 bytes) rather than sample objects with
 * their post id strings and boxed times (about 200 bytes): made into samples only as the result is built.
 */
class SampleRows {
  n = 0;
  type = new Uint8Array(1024);
  first = new Int32Array(1024);
  second = new Int32Array(1024);
  key = new Int32Array(1024);

  push(ti: number, first: number, second: number, key: number): number {
    if (this.n === this.type.length) {
      this.type = grownToFit(this.type, this.n + 1);
      this.first = grownToFit(this.first, this.n + 1);
      this.second = grownToFit(this.second, this.n + 1);
      this.key = grownToFit(this.key, this.n + 1);
    }
    this.type[this.n] = ti; this.first[this.n] = first; this.second[this.n] = second; this.key[this.n] = key;
    return this.n++;
  }
}

interface ClusterAcc {
  members: number[];
  /** the posts proving the cluster's edges, ascending (filled from `typesOfPost` once the proofs are recorded) */
  posts: number[];
  typeKeys: Array<Set<number>>;
  /** per type: the proving posts of that type */
  typePosts: number[];
  typeAccounts: Array<Set<number>>;
  typeEdges: number[];
}

const round = (v: number, d = 4) => Math.round(v * 10 ** d) / 10 ** d;

export function formatWindow(ms: number): string {
  if (!Number.isFinite(ms)) return 'any time';
  const s = ms / 1000;
  if (s < 120) return `${round(s, 1)} seconds`;
  if (s < 7200) return `${round(s / 60, 1)} minutes`;
  return `${round(s / 3600, 1)} hours`;
}

export function buildClusters(
  state: EngineState,
  typedEdges: TypedEdges,
  accepted: TypedEdge[],
  community: Record<string, number>,
  stats: CoordinationStats,
  sink?: EvidenceSink,
): CoordinationResult {
  const { cfg, x, sorted, posts } = state;
  const nAcc = x.accountIds.length;
  const byCommunity = new Map<number, number[]>();
  for (const [node, c] of Object.entries(community)) {
    let l = byCommunity.get(c);
    if (!l) byCommunity.set(c, (l = []));
    l.push(Number(node));
  }
  const groups = [...byCommunity.values()]
    .filter((m) => m.length >= cfg.minClusterAccounts)
    .map((m) => m.sort((a, b) => a - b))
    .sort((p, q) => q.length - p.length || p[0]! - q[0]!);
  const clusterOf = new Int32Array(nAcc).fill(-1);
  const accs: ClusterAcc[] = groups.map((members, ci) => {
    for (const a of members) clusterOf[a] = ci;
    return {
      members, posts: [], typeKeys: EVIDENCE_TYPES.map(() => new Set()), typePosts: EVIDENCE_TYPES.map(() => 0),
      typeAccounts: EVIDENCE_TYPES.map(() => new Set()), typeEdges: EVIDENCE_TYPES.map(() => 0),
    };
  });

  // the intra-cluster edges, found by their pair's row in the typed edges (a Map keyed by a * nAcc + b, numbers
  // past 2^31, hashed slowly: 1.1M edges at 5M posts)
  const intra: IntraEdge[] = [];
  const intraOfRow = new Int32Array(typedEdges.size).fill(-1);
  const intraOf: IntraEdge[][] = accs.map(() => []);
  for (const e of accepted) {
    const c = clusterOf[e.a]!;
    if (c < 0 || c !== clusterOf[e.b]) continue;
    const ie: IntraEdge = { edge: e, cluster: c, samples: [] };
    intraOfRow[e.row] = intra.length;
    intra.push(ie);
    intraOf[c]!.push(ie);
    const acc = accs[c]!;
    EVIDENCE_TYPES.forEach((_, ti) => {
      if (!(e.mask & (1 << ti))) return;
      acc.typeEdges[ti]!++;
      acc.typeAccounts[ti]!.add(e.a).add(e.b);
    });
  }

  const postIdOf = (r: number) => posts.id(x.postOrder[r]!);
  const cap = cfg.evidenceSamplesPerType;
  const keyString = (type: EvidenceType, k: number) => type === 'COPYPASTA' ? `text of post ${postIdOf(x.texts.post[k]!)}` : x.keys[type].strings[k] ?? '';
  const rows = new SampleRows();
  // per post (sorted index): the types it proves an intra-cluster edge with. A post is its author's, and an author is
  // in one cluster, so this says which cluster's proving posts it is among, without a Set per cluster and type (at
  // 5M posts those Sets' updates were most of the proving scan's time).
  const typesOfPost = new Uint8Array(x.postTime.length);
  /** a post of sorted act k of `acts`, as the sample reports it */
  const postOfAct = (acts: EngineState['sorted'][EvidenceType], k: number) => acts.post[k]! >= 0 ? postIdOf(acts.post[k]!) : null;
  /** records the co-action of acts i and j (sorted acts of type ti) as proof of an intra-cluster edge */
  const record = (ti: number, i: number, j: number, ie: IntraEdge) => {
    const type = EVIDENCE_TYPES[ti]!;
    const acts = sorted[type];
    const acc = accs[ie.cluster]!;
    const pi = acts.post[i]!, pj = acts.post[j]!;
    if (pi >= 0) { typesOfPost[pi]! |= 1 << ti; typesOfPost[pj]! |= 1 << ti; }
    acc.typeKeys[ti]!.add(acts.key[i]!);
    const list = ie.samples[ti] ?? [];
    if (list.length >= cap) return;
    // report the pair in the edge's (i < j) account order
    const forward = acts.acc[i] === ie.edge.a;
    const first = forward ? i : j, second = forward ? j : i;
    // the same two posts may prove the edge from a repeated burst and from its window (compared by their indices in
    // the run, one per post, instead of making their ids' strings on every call)
    const postI = acts.post[first]!, postJ = acts.post[second]!;
    if (postI >= 0 && list.some((r) => acts.post[rows.first[r]!] === postI && acts.post[rows.second[r]!] === postJ)) return;
    list.push(rows.push(ti, first, second, acts.key[i]!));
    if (list.length === 1) ie.samples[ti] = list;
  };
  /** row r as the result's sample */
  const sampleOf = (r: number): EvidenceSample => {
    const type = EVIDENCE_TYPES[rows.type[r]!]!;
    const acts = sorted[type];
    const first = rows.first[r]!, second = rows.second[r]!;
    const timed = Number.isFinite(cfg.types[type].windowMs);
    const tf = timed ? acts.time[first]! : null, ts = timed ? acts.time[second]! : null;
    return {
      key: keyString(type, rows.key[r]!), post_i: postOfAct(acts, first), post_j: postOfAct(acts, second), time_i: tf, time_j: ts,
      delta_ms: tf !== null && ts !== null ? Math.abs(ts - tf) : null,
    };
  };

  /** row r as the sink's numbers (the same values as `sampleOf`'s) */
  const idOfAct = (acts: EngineState['sorted'][EvidenceType], k: number) => acts.post[k]! >= 0 ? posts.idNumber(x.postOrder[acts.post[k]!]!) : NaN;
  const sinkRow = (to: EvidenceSink, edge: number, r: number) => {
    const ti = rows.type[r]!;
    const type = EVIDENCE_TYPES[ti]!;
    const acts = sorted[type];
    const first = rows.first[r]!, second = rows.second[r]!;
    const timed = Number.isFinite(cfg.types[type].windowMs);
    to.add(edge, ti, rows.key[r]!, idOfAct(acts, first), idOfAct(acts, second), timed ? acts.time[first]! : NaN, timed ? acts.time[second]! : NaN);
  };

  // Proofs of repeated bursts (bursts.ts) first: crowded windows give none in the scan below.
  for (const ie of intra) for (const [ti, i, j] of ie.edge.proofs ?? []) record(ti, i, j, ie);

  // Pass 2: proving co-actions of the intra-cluster edges (keys without two clustered accounts are skipped).
  const marked = new Uint8Array(nAcc);
  for (let a = 0; a < nAcc; a++) if (clusterOf[a]! >= 0) marked[a] = 1;
  EVIDENCE_TYPES.forEach((type, ti) => {
    const tc = cfg.types[type];
    const acts = sorted[type];
    if (!tc.enabled || acts.n < 2 || intra.length === 0) return;
    const bit = 1 << ti;
    scanWindows(acts, tc, x.population, nAcc, state.accept[type], (i, j) => {
      // each co-occurrence is seen from both acts; keep it once, from the later act (or the higher index)
      if (acts.time[j]! > acts.time[i]! || (acts.time[j] === acts.time[i] && j > i)) return;
      const a = acts.acc[i]!, b = acts.acc[j]!;
      const row = a < b ? typedEdges.find(a, b) : typedEdges.find(b, a);
      const k = row < 0 ? -1 : intraOfRow[row]!;
      if (k < 0) return;
      const ie = intra[k]!;
      if (!(ie.edge.mask & bit)) return;
      record(ti, i, j, ie);
    }, { pairEvents: 0, crowded: 0 }, undefined, null, state.scratch, marked);
  });

  for (let p = 0; p < typesOfPost.length; p++) {
    const bits = typesOfPost[p]!;
    if (bits === 0) continue;
    const acc = accs[clusterOf[x.postAcc[p]!]!]!;
    acc.posts.push(p);
    for (let ti = 0; ti < EVIDENCE_TYPES.length; ti++) if (bits & (1 << ti)) acc.typePosts[ti]!++;
  }

  const population = x.authors > 0 ? x.authors : nAcc;
  sink?.begin(rows.n, (ti, k) => keyString(EVIDENCE_TYPES[ti]!, k));
  let edgeNumber = 0;
  const clusters: CoordinationCluster[] = accs.map((acc, ci) => {
    const cluster_id = `c${ci + 1}`;
    const edges: CoordinationEdge[] = [];
    for (const ie of intraOf[ci]!) {
      const e = ie.edge;
      const evidence: EdgeEvidence[] = [];
      const types: EvidenceType[] = [];
      edgeNumber++;
      EVIDENCE_TYPES.forEach((t, ti) => {
        if (!(e.mask & (1 << ti))) return;
        types.push(t);
        const rowsOf = ie.samples[ti] ?? [];
        const samples = sink ? [] : rowsOf.map(sampleOf);
        if (sink) for (const r of rowsOf) sinkRow(sink, edgeNumber, r);
        evidence.push({ type: t, co_actions: round(typedEdges.co(e, ti), 3), weight: round(typedEdges.weight(e, ti)), samples });
      });
      edges.push({ i: x.accountIds[e.a]!, j: x.accountIds[e.b]!, weight: round(e.total, 3), coordination_types: types, evidence });
    }
    const postIdx = acc.posts;
    let eng = 0, engN = 0;
    for (const r of postIdx) {
      const v = posts.engagement(x.postOrder[r]!);
      if (typeof v === 'number' && Number.isFinite(v)) { eng += v; engN++; }
    }
    const platforms = new Set(acc.members.map((a) => x.accountPlatform[a]).filter((p): p is string => !!p));
    const evidences = EVIDENCE_TYPES.flatMap((t, ti) => acc.typeEdges[ti]! > 0 ? [{
      type: t, group: EVIDENCE_GROUP_OF[t], edges: acc.typeEdges[ti]!, accounts: acc.typeAccounts[ti]!.size,
      posts: acc.typePosts[ti]!,
    }] : []);
    return {
      cluster_id,
      vertices: acc.members.map((a) => x.accountIds[a]!),
      edges,
      platform: platforms.size === 0 ? null : platforms.size === 1 ? [...platforms][0]! : 'multiple',
      preview: {
        cluster_insights: insights(state, acc),
        engagement_score: engN ? round(eng / engN) : null,
        evidences,
        number_accounts: acc.members.length,
        number_posts: postIdx.length,
        percent_accounts: round(acc.members.length / Math.max(1, population), 6),
      },
      post_ids: postIdx.map(postIdOf),
    };
  });

  const accountCluster = new Map<string, string>();
  const postClusters = new Map<string, string[]>();
  clusters.forEach((c) => {
    for (const v of c.vertices) accountCluster.set(v, c.cluster_id);
    for (const p of c.post_ids) {
      const l = postClusters.get(p);
      if (l) l.push(c.cluster_id); else postClusters.set(p, [c.cluster_id]);
    }
  });
  stats.clusters = clusters.length;
  return { clusters, accountCluster, postClusters, stats };
}

/** One sentence per evidence type present, strongest first. */
function insights(state: EngineState, acc: ClusterAcc): string[] {
  const { cfg, x } = state;
  const out: Array<[number, string]> = [];
  EVIDENCE_TYPES.forEach((t, ti) => {
    const n = acc.typeAccounts[ti]!.size;
    if (n === 0) return;
    const k = acc.typeKeys[ti]!.size;
    const w = formatWindow(cfg.types[t].windowMs);
    const plural = (v: number, one: string, many: string) => `${v} ${v === 1 ? one : many}`;
    const firstKey = () => {
      const id = acc.typeKeys[ti]!.values().next().value;
      return id === undefined ? '' : x.keys[t].strings[id] ?? '';
    };
    let s: string;
    switch (t) {
      case 'SYNCHRONOUS_URL_SHARE': s = `${n} accounts shared the same links (${plural(k, 'link', 'links')}) within ${w} of each other.`; break;
      case 'SYNCHRONOUS_HASHTAG_SHARE': s = `${n} accounts posted the same hashtags (${plural(k, 'hashtag', 'hashtags')}) within ${w} of each other.`; break;
      case 'SYNCHRONOUS_REPOST': s = `${n} accounts reposted the same posts (${plural(k, 'post', 'posts')}) within ${w} of each other.`; break;
      case 'COPYPASTA': s = `${n} accounts posted near-identical text (${plural(k, 'text', 'texts')}) within ${w} of each other.`; break;
      case 'HASHTAG_SEQUENCE_SHARE': s = `${n} accounts used the same hashtag sequence (${k === 1 ? firstKey() : `${k} sequences`}) within ${w} of each other.`; break;
      case 'SYNCHRONOUS_ACCOUNT_CREATION': s = `${n} accounts were created within ${w} of each other.`; break;
      case 'SIMILAR_SCREEN_NAMES': s = `${n} accounts have screen names built on ${k === 1 ? `one template (${firstKey()})` : `${k} templates`}.`; break;
      case 'SAME_PROFILE_URL': s = `${n} accounts link the same profile URL (${k === 1 ? firstKey() : `${k} URLs`}).`; break;
    }
    out.push([n, s]);
  });
  return out.sort((p, q) => q[0] - p[0]).map(([, s]) => s);
}
