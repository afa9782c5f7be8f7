/**
 * The coordination engine: acts per evidence type -> sorted windows with a fan-out cap -> rarity- and
 * activity-normalised pair weights -> per-type thresholds -> typed weighted account graph -> seeded Louvain ->
 * clusters with their proving posts. See README.md for the method and the defaults.
 */
import { arenaUsed, f64, i32, withArena } from './arena';
import Graph from 'graphology';
import louvain from 'graphology-communities-louvain';
import { BEHAVIOURAL_TYPES, EVIDENCE_TYPES, type EvidenceType } from '../../shared/types';
import { ActBuffer, ScanScratch, scanWindows, type ScanCounters, type SortedActs } from './acts';
import { resolveConfig } from './config';
import { ActTexts, nearDuplicateFamilies } from './copypasta';
import { extractActs, type Extracted } from './extract';
import { PairTable, PostPartnerSet } from './pairTable';
import { TypedEdges, type TypedEdge } from './typedEdges';
import { poissonUpperTail } from './stats';
import { uniform } from '@core/shared/random';
import { buildClusters, type EvidenceSink } from './report';
import { repeatedBursts } from './bursts';
import { runAccounts } from './crowds';
import { objectSource, packedSource, type PackedPosts, type PostSource } from './postSource';
import type { CoordAccount, CoordinationConfig, CoordinationInput, CoordinationResult, CoordinationStats, DeepPartial } from './types';

export const TYPE_BIT: Readonly<Record<EvidenceType, number>> = Object.fromEntries(
  EVIDENCE_TYPES.map((t, i) => [t, 1 << i]),
) as Record<EvidenceType, number>;
export type { TypedEdge };
export const BEHAVIOURAL_MASK = BEHAVIOURAL_TYPES.reduce((m, t) => m | TYPE_BIT[t], 0);

export interface EngineState {
  posts: PostSource;
  cfg: CoordinationConfig;
  x: Extracted;
  sorted: Record<EvidenceType, SortedActs>;
  /** near-duplicate family (a text index) per sorted post, -1 when alone */
  famOfPost: Int32Array;
  accept: Record<EvidenceType, ((i: number, j: number) => boolean) | null>;
  scratch: ScanScratch | null;
}

const now = () => performance.now();

export function detectCoordination(input: CoordinationInput, partial?: DeepPartial<CoordinationConfig>): CoordinationResult {
  return detectFrom(objectSource(input.posts), input.accounts ?? [], resolveConfig(partial));
}

/** The run in columns (postSource.ts): what the pipeline stage's worker detects on. Same result as the objects. */
export interface PackedInput { posts: PackedPosts; accounts?: readonly CoordAccount[] }

/** How a caller that owns the input and its thread (the stage's worker) lets the detection return memory early. */
export interface MemoryOptions {
  /** the detection may empty the packed columns it no longer needs (all but the post ids) once it has read them */
  consumeInput?: boolean;
  /**
   * a full garbage collection of the calling thread, run after the copypasta families (texts, band keys and the
   * input's columns let go) and after the scans (their arena dropped): V8 would keep those pages until a later full
   * collection, which the typed-array phases rarely trigger
   */
  collect?: () => void;
  /** the evidence samples go here instead of into the result (report.ts, `EvidenceSink`) */
  evidence?: EvidenceSink;
}

export function detectCoordinationPacked(input: PackedInput, partial?: DeepPartial<CoordinationConfig>, memory: MemoryOptions = {}): CoordinationResult {
  return detectFrom(packedSource(input.posts, memory.consumeInput), input.accounts ?? [], resolveConfig(partial), memory);
}

function detectFrom(posts: PostSource, accounts: readonly CoordAccount[], cfg: CoordinationConfig, memory: MemoryOptions = {}): CoordinationResult {
  // typed arrays come out of one buffer: about 520 bytes per post and 200 per account at the defaults
  const bytes = 16 * 2 ** 20 + posts.n * (520 + 4 * cfg.copypasta.bands) + accounts.length * 200;
  return withArena(bytes, () => detect(posts, accounts, cfg, memory.collect ?? (() => {}), memory.evidence));
}

function detect(posts: PostSource, accounts: readonly CoordAccount[], cfg: CoordinationConfig, collect: () => void, sink?: EvidenceSink): CoordinationResult {
  const timings: Record<string, number> = {};
  let t0 = now();
  const lap = (name: string) => { const t = now(); timings[name] = Math.round((t - t0) * 10) / 10; t0 = t; };

  const x = extractActs(posts, accounts, cfg);
  posts.release();
  lap('extract');
  const nAcc = x.accountIds.length;
  const cp = cfg.copypasta;
  const nd = nearDuplicateFamilies(x.texts, { ...cp, windowMs: cfg.types.COPYPASTA.windowMs });
  x.texts.releaseBands();
  const famOfPost = i32(x.postTime.length).fill(-1);
  const familyActs = new ActBuffer(1024);
  for (let i = 0; i < x.texts.n; i++) {
    const root = nd.uf.find(i);
    if (nd.uf.size[root]! < 2) continue;
    const r = x.texts.post[i]!;
    famOfPost[r] = root;
    familyActs.push(root, x.texts.time[i]!, x.postAcc[r]!, r, 1);
  }
  x.acts.COPYPASTA = familyActs;
  collect();
  lap('copypasta');

  const sorted = {} as Record<EvidenceType, SortedActs>;
  for (const t of EVIDENCE_TYPES) sorted[t] = x.acts[t].sorted();
  lap('sort');

  const subsume = cfg.subsume;
  const postOf = (t: EvidenceType) => sorted[t].post;
  const urlPost = postOf('SYNCHRONOUS_URL_SHARE'), tagPost = postOf('SYNCHRONOUS_HASHTAG_SHARE');
  const cpPost = postOf('COPYPASTA');
  const minJ = cp.minJaccard;
  const cpText = i32(sorted.COPYPASTA.n);
  for (let k = 0; k < cpText.length; k++) cpText[k] = x.textOfPost[cpPost[k]!]!;
  const cpTexts = new ActTexts(x.texts, cpText);
  const accept: EngineState['accept'] = {
    SYNCHRONOUS_URL_SHARE: subsume ? (i, j) => {
      const f = famOfPost[urlPost[i]!]!;
      return f < 0 || f !== famOfPost[urlPost[j]!];
    } : null,
    SYNCHRONOUS_HASHTAG_SHARE: subsume ? (i, j) => {
      const pi = tagPost[i]!, pj = tagPost[j]!;
      const s = x.seqOfPost[pi]!;
      if (s >= 0 && s === x.seqOfPost[pj]) return false;
      const f = famOfPost[pi]!;
      return f < 0 || f !== famOfPost[pj];
    } : null,
    SYNCHRONOUS_REPOST: null,
    COPYPASTA: (i, j) => cpTexts.similar(i, j, minJ),
    HASHTAG_SEQUENCE_SHARE: null,
    SYNCHRONOUS_ACCOUNT_CREATION: null,
    SIMILAR_SCREEN_NAMES: null,
    SAME_PROFILE_URL: null,
  };
  const state: EngineState = { posts, cfg, x, sorted, famOfPost, accept, scratch: null };

  // Pass 1: co-actions per type and pair.
  const stats: CoordinationStats = {
    posts: posts.n, accounts: nAcc, postings: {}, pairEvents: {}, pairs: {}, passingPairs: {},
    crowdedActs: {},
    bursts: { events: 0, linkedPairs: 0, groups: 0, edges: 0 },
    copypasta: { texts: x.texts.n, candidates: nd.verifications, verified: nd.verified, families: nd.families },
    edges: 0, clusters: 0, arenaBytes: 0, timingsMs: timings,
  };
  const edges = new TypedEdges();
  // one table, one post-partner set and one scratch for all types, sized for the largest
  let maxActs = 0;
  for (const t of EVIDENCE_TYPES) maxActs = Math.max(maxActs, sorted[t].n);
  // pairs up to about the largest type's acts (a power of two above; it doubles when fuller): at 1M posts the most
  // pairs of a type, 755k, fit the 2^21 slots made for 537k acts, where room for twice the acts took 2^22 (88 MB more)
  const tableCapacity = Math.max(1024, maxActs);
  const seenCapacity = Math.max(1024, Math.max(sorted.SYNCHRONOUS_URL_SHARE.n, sorted.SYNCHRONOUS_HASHTAG_SHARE.n) * 3);
  // the report's proving scan reuses the scratch: it stays in the detection's arena
  const scratch = new ScanScratch(nAcc, maxActs);
  state.scratch = scratch;
  // The post-partner set and the scans' per-account arrays live in an arena of their own, let go after the last scan
  // instead of staying until the report (room for two doublings of the set: address space only, committed as the
  // pages are touched). The pair table has arrays of its own (pairTable.ts): one it outgrows is freed by the next
  // collection instead of staying dead in the arena (352 MB at 5M posts).
  const scanBytes = 3 * PostPartnerSet.bytesFor(seenCapacity) + nAcc * 16 + maxActs * 4 + 2 ** 20;
  // A pair table that outgrows 2^22 slots (176 MB; at 5M posts 2^23 slots, 352 MB) is freed by a collection then,
  // not at the scans' end.
  const onGrow = (outgrownSlots: number) => { if (outgrownSlots >= 2 ** 22) collect(); };
  withArena(scanBytes, () => scanPairs(state, edges, stats, lap, new PairTable(tableCapacity, onGrow), new PostPartnerSet(seenCapacity), maxActs));
  collect();

  // Repeated bursts: groups whose members come back together, however crowded their bursts (bursts.ts).
  const bursts = repeatedBursts(state);
  for (const be of bursts.edges) {
    const row = edges.rowOf(be.a, be.b);
    edges.keepPairMask(row);
    for (let ti = 0; ti < EVIDENCE_TYPES.length; ti++) {
      const co = be.co[ti]!;
      // a type the pair passed already keeps its pairwise figures; a shared burst weighs as much as a co-action at
      // the type's threshold
      if (co === 0 || edges.mask(row) & (1 << ti)) continue;
      edges.pass(row, ti, co, cfg.types[EVIDENCE_TYPES[ti]!].minWeight * co);
    }
    edges.setProofs(row, be.proofs);
  }
  stats.bursts = { events: bursts.events, linkedPairs: bursts.linkedEventPairs, groups: bursts.groups, edges: bursts.edges.length };
  lap('bursts');

  // Edge acceptance: behavioural evidence, or enough independent profile evidence.
  const accepted: TypedEdge[] = [];
  const keeps = (mask: number) => (mask & BEHAVIOURAL_MASK) !== 0 || popcount(mask) >= cfg.minIdentityTypes;
  const totalOf = (e: TypedEdge, mask: number) => {
    let total = 0;
    EVIDENCE_TYPES.forEach((t, ti) => {
      if (!(mask & (1 << ti))) return;
      const min = cfg.types[t].minWeight;
      const w = edges.weight(e, ti);
      total += min > 0 ? Math.min(w / min, 20) : 1 + w;
    });
    return total;
  };
  for (let row = 0; row < edges.size; row++) {
    if (!keeps(edges.mask(row))) continue;
    // an object only for the pairs an edge keeps (most passing pairs of one identity type are not)
    const e = edges.edge(row);
    e.total = totalOf(e, e.mask);
    // Louvain sees the pairwise graph only: the groups are clusters already, and the partition of the rest stays
    const pm = e.pairMask ?? e.mask;
    e.louvainWeight = pm !== 0 && keeps(pm) ? (pm === e.mask ? e.total : totalOf(e, pm)) : 0;
    accepted.push(e);
  }
  accepted.sort((p, q) => p.a - q.a || p.b - q.b);
  stats.edges = accepted.length;

  // Louvain on the typed weighted account graph.
  const graph = new Graph({ type: 'undirected', multi: false, allowSelfLoops: false });
  for (const e of accepted) {
    if (!e.louvainWeight) continue;
    const u = String(e.a), v = String(e.b);
    graph.mergeNode(u);
    graph.mergeNode(v);
    // log-compressed: within a campaign, weight differences reflect members' activity, not separate groups
    graph.addEdge(u, v, { weight: 1 + Math.log(e.louvainWeight) });
  }
  const community = graph.order > 0
    ? louvain(graph, { getEdgeWeight: 'weight', resolution: cfg.louvain.resolution, rng: uniform(cfg.louvain.seed) })
    : {};
  // A repeated-burst group is one cluster: Louvain would cut a large, sparsely linked group into pieces. A Louvain
  // community mostly made of one group's members joins that group with its other accounts.
  if (bursts.groups > 0) {
    let base = 0;
    for (const c of Object.values(community)) if (c >= base) base = c + 1;
    const votes = new Map<number, Map<number, number>>(), sizes = new Map<number, number>();
    for (const [node, c] of Object.entries(community)) {
      sizes.set(c, (sizes.get(c) ?? 0) + 1);
      const g = bursts.groupOf[Number(node)]!;
      if (g < 0) continue;
      let v = votes.get(c);
      if (!v) votes.set(c, (v = new Map()));
      v.set(g, (v.get(g) ?? 0) + 1);
    }
    const joins = new Map<number, number>();
    for (const [c, v] of votes) {
      let best = -1, bestN = 0;
      for (const [g, k] of v) if (k > bestN) { best = g; bestN = k; }
      if (bestN * 2 >= sizes.get(c)!) joins.set(c, base + best);
    }
    // a community with more edges to one group's members than inside itself is a piece of that group (members the
    // membership test missed: a cohort that joined late, a member who skipped most bursts)
    const inside = new Map<number, number>(), toGroup = new Map<number, Map<number, number>>();
    for (const e of accepted) {
      const ca = community[String(e.a)], cb = community[String(e.b)];
      if (ca !== undefined && ca === cb) { inside.set(ca, (inside.get(ca) ?? 0) + 1); continue; }
      for (const [x, y] of [[e.a, e.b], [e.b, e.a]] as const) {
        const cx = community[String(x)], gy = bursts.groupOf[y]!;
        if (cx === undefined || gy < 0 || joins.has(cx)) continue;
        let m = toGroup.get(cx);
        if (!m) toGroup.set(cx, (m = new Map()));
        m.set(gy, (m.get(gy) ?? 0) + 1);
      }
    }
    for (const [c, m] of toGroup) {
      let best = -1, bestN = 0;
      for (const [g, k] of m) if (k > bestN) { best = g; bestN = k; }
      if (bestN > (inside.get(c) ?? 0)) joins.set(c, base + best);
    }
    for (const [node, c] of Object.entries(community)) community[node] = joins.get(c) ?? c;
    // members without pairwise edges join their group; a member in a Louvain community stays there (pairwise
    // evidence is the stronger, and a community mostly of the group's members has joined it above)
    for (let a = 0; a < nAcc; a++) {
      const g = bursts.groupOf[a]!, node = String(a);
      if (g >= 0 && community[node] === undefined) community[node] = base + g;
    }
  }
  lap('louvain');

  const result = buildClusters(state, edges, accepted, community, stats, sink);
  stats.arenaBytes = arenaUsed();
  lap('report');
  return result;
}

/**
 * Pass 1: co-actions per type and pair, scanned type by type into one pair table; the pairs passing their type's
 * thresholds go into `edges`.
 */
function scanPairs(
  state: EngineState, edges: TypedEdges, stats: CoordinationStats, lap: (name: string) => void,
  table: PairTable, seen: PostPartnerSet, maxActs: number,
): void {
  const { cfg, x, sorted, accept } = state;
  const scratch = state.scratch!;
  const nAcc = x.accountIds.length;
  const exposure = f64(nAcc);
  // per act: accounts in its key's run (crowds.ts); stamps start at 0, which no run's mark (-1 - start) equals
  const runSize = i32(Math.max(1, maxActs)), runStamp = i32(nAcc);
  EVIDENCE_TYPES.forEach((type, ti) => {
    const tc = cfg.types[type];
    const acts = sorted[type];
    stats.postings[type] = acts.n;
    if (!tc.enabled || acts.n < 2) return;
    table.reset();
    const counters: ScanCounters = { pairEvents: 0, crowded: 0 };
    const { acc } = acts;
    // chance that an act falls inside a given window, if acts were spread uniformly over the corpus' time span
    // (the posts' span; account creation: the creation times' span)
    let tMin = Infinity, tMax = -Infinity;
    const times = type === 'SYNCHRONOUS_ACCOUNT_CREATION' ? acts.time : x.postTime;
    const nt = type === 'SYNCHRONOUS_ACCOUNT_CREATION' ? acts.n : times.length;
    for (let i = 0; i < nt; i++) { const t = times[i]!; if (t < tMin) tMin = t; if (t > tMax) tMax = t; }
    const chance = Number.isFinite(tc.windowMs) ? (2 * tc.windowMs) / Math.max(2 * tc.windowMs, tMax - tMin) : 0;
    // per account: how many acts its own acts had around them (what a random account would meet by chance)
    exposure.fill(0);
    // types whose posts carry several keys count a post once per partner (its rarest shared key)
    const multiKey = type === 'SYNCHRONOUS_URL_SHARE' || type === 'SYNCHRONOUS_HASHTAG_SHARE';
    if (multiKey) seen.reset();
    const post = acts.post;
    const timed = Number.isFinite(tc.windowMs);
    if (timed) runAccounts(acts, tc.windowMs, runStamp, runSize);
    const crowd = cfg.crowdAccounts;
    scanWindows(acts, tc, x.population, nAcc, accept[type], (i, j, ctx) => {
      const a = acc[i]!, b = acc[j]!;
      const s = table.slot(a, b);
      let c = 1, r = ctx.rarity;
      if (multiKey) {
        r = seen.offer(post[i]!, b, nAcc, ctx.rarity);
        // a post already counted for b: a rarer shared key only raises its rarity
        if (!seen.added) { if (r === 0) return; c = 0; }
      }
      table.addCoActions(s, a < b, c, r);
      // outside crowds (timeless keys have no runs: their fan-out cap is their crowd rule)
      if (c > 0 && (!timed || runSize[i]! <= crowd)) table.addQuiet(s, a < b);
      if (chance > 0 && !table.metOn(s, ctx.start)) {
        // once per pair and key: the co-actions two independent accounts would have on it by chance
        const na = ctx.count[a < b ? a : b]!, nb = ctx.count[a < b ? b : a]!;
        table.addChance(s, na * -Math.expm1(-nb * chance), nb * -Math.expm1(-na * chance));
      }
    }, counters, undefined, exposure, scratch);
    stats.pairEvents[type] = counters.pairEvents;
    stats.crowdedActs[type] = counters.crowded;
    stats.pairs[type] = table.size;
    const activity = x.activity[type];
    const postBased = Number.isFinite(tc.windowMs) && type !== 'SYNCHRONOUS_ACCOUNT_CREATION';
    const alpha = cfg.chanceAlpha;
    let passing = 0;
    table.forEachSlot((s) => {
      const o1 = table.o1(s), o2 = table.o2(s);
      const a = table.a(s), b = table.b(s);
      // chance co-actions: habitual use of the same keys (e1, e2, per key) plus popular or bursty keys: b's posts,
      // drawn at random from all posts, landing among the acts around a's acts
      const e1 = table.e1(s) + (postBased ? (exposure[a]! * x.postsOf[b]!) / x.postTime.length : 0);
      const e2 = table.e2(s) + (postBased ? (exposure[b]! * x.postsOf[a]!) / x.postTime.length : 0);
      // significance against chance, in the weaker direction: P(X >= observed | Poisson(expected)) <= alpha
      const weak = o1 - e1 <= o2 - e2 ? 1 : 2;
      const co = Math.min(o1, o2);
      if (co < tc.minCoActions) return;
      const tail = poissonUpperTail(weak === 1 ? o1 : o2, weak === 1 ? e1 : e2);
      if (tail > alpha) return;
      // evidence mostly from crowds: one pair among the many each viral moment makes, so a stricter test
      if (Math.min(table.q1(s), table.q2(s)) < tc.minCoActions && tail > cfg.crowdAlpha) return;
      const rar = Math.min(table.r1(s), table.r2(s));
      const norm = tc.activityNormalised ? rar / Math.max(activity[a]!, activity[b]!) : rar;
      if (norm < tc.minWeight) return;
      passing++;
      edges.pass(edges.rowOf(a, b), ti, Math.min(o1, o2), norm);
    });
    stats.passingPairs[type] = passing;
    lap(`scan:${type}`);
  });
}

export function popcount(m: number): number {
  let c = 0;
  while (m) { m &= m - 1; c++; }
  return c;
}
