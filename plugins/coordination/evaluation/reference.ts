/**
 * Reference for benchmarks and tests: the naive co-share detector of the QUT toolkit and CooRnet/CooRTweet style,
 * written plainly. A self-join of every pair of acts on the same key inside the window (no fan-out cap), raw
 * co-share counts per account pair (no rarity or activity normalisation), an edge where the count reaches
 * `minCount`, seeded Louvain. Covers URLs, hashtags, reposts and exact text only; quadratic in a key's acts.
 */
import Graph from 'graphology';
import louvain from 'graphology-communities-louvain';
import type { CoordinationCluster, EvidenceType } from '../shared/types';
import { uniform } from '@core/shared/random';
import type { CoordPost } from '../server/engine/types';

export interface NaiveOptions {
  windowMs: number;
  minCount: number;
  minClusterAccounts?: number;
  seed?: number;
}

export interface NaiveResult {
  clusters: CoordinationCluster[];
  pairChecks: number;
}

export function naiveCoShare(posts: readonly CoordPost[], opts: NaiveOptions): NaiveResult {
  const byKey = new Map<string, Array<{ acc: string; t: number; type: EvidenceType }>>();
  const add = (k: string, acc: string, t: number, type: EvidenceType) => {
    let l = byKey.get(k);
    if (!l) byKey.set(k, (l = []));
    l.push({ acc, t, type });
  };
  for (const p of posts) {
    if (p.repost_of) { add(`r:${p.repost_of}`, p.account_id, p.published_at, 'SYNCHRONOUS_REPOST'); continue; }
    for (const u of p.urls ?? []) add(`u:${u}`, p.account_id, p.published_at, 'SYNCHRONOUS_URL_SHARE');
    for (const h of p.hashtags ?? []) add(`h:${h.toLowerCase()}`, p.account_id, p.published_at, 'SYNCHRONOUS_HASHTAG_SHARE');
    if (p.text) add(`t:${p.text.trim().toLowerCase()}`, p.account_id, p.published_at, 'COPYPASTA');
  }
  const counts = new Map<string, { n: number; types: Set<EvidenceType> }>();
  let pairChecks = 0;
  for (const acts of byKey.values()) {
    for (let x = 0; x < acts.length; x++) {
      for (let y = x + 1; y < acts.length; y++) {
        pairChecks++;
        const a = acts[x]!, b = acts[y]!;
        if (a.acc === b.acc || Math.abs(a.t - b.t) > opts.windowMs) continue;
        const k = a.acc < b.acc ? `${a.acc}\u0000${b.acc}` : `${b.acc}\u0000${a.acc}`;
        let c = counts.get(k);
        if (!c) counts.set(k, (c = { n: 0, types: new Set() }));
        c.n++;
        c.types.add(a.type);
      }
    }
  }
  const graph = new Graph({ type: 'undirected' });
  const edges: Array<{ i: string; j: string; n: number; types: EvidenceType[] }> = [];
  for (const [k, c] of counts) {
    if (c.n < opts.minCount) continue;
    const [i, j] = k.split('\u0000') as [string, string];
    graph.mergeNode(i); graph.mergeNode(j);
    graph.addEdge(i, j, { weight: c.n });
    edges.push({ i, j, n: c.n, types: [...c.types] });
  }
  const community = graph.order ? louvain(graph, { getEdgeWeight: 'weight', rng: uniform(opts.seed ?? 42) }) : {};
  const members = new Map<number, string[]>();
  for (const [node, c] of Object.entries(community)) {
    let l = members.get(c);
    if (!l) members.set(c, (l = []));
    l.push(node);
  }
  const min = opts.minClusterAccounts ?? 3;
  const clusters: CoordinationCluster[] = [];
  const clusterOf = new Map<string, string>();
  for (const vs of members.values()) {
    if (vs.length < min) continue;
    const id = `n${clusters.length + 1}`;
    for (const v of vs) clusterOf.set(v, id);
    clusters.push({
      cluster_id: id, vertices: vs, edges: [], platform: null, post_ids: [],
      preview: { cluster_insights: [], engagement_score: null, evidences: [], number_accounts: vs.length, number_posts: 0, percent_accounts: 0 },
    });
  }
  const byId = new Map(clusters.map((c) => [c.cluster_id, c]));
  for (const e of edges) {
    const c = clusterOf.get(e.i);
    if (c === undefined || c !== clusterOf.get(e.j)) continue;
    byId.get(c)!.edges.push({ i: e.i, j: e.j, weight: e.n, coordination_types: e.types, evidence: [] });
  }
  return { clusters, pairChecks };
}
