/**
 * Scores a detection against the generator's ground truth: account precision and recall, cluster ARI, the share
 * of edge evidence labels that name a planted type, and spurious clusters.
 */
import type { CoordinationCluster } from '../shared/types';
import { findNearDuplicatePairs, type CopypastaParams } from '../server/engine/copypasta';
import type { GroundTruth } from './plantedCampaigns';
import { jaccard, shingles } from '../server/engine/text';

export interface Evaluation {
  plantedAccounts: number;
  detectedAccounts: number;
  truePositives: number;
  accountPrecision: number;
  accountRecall: number;
  /** adjusted Rand index over planted ∪ detected accounts; accounts outside any cluster are singletons */
  ari: number;
  /** evidence-type labels on intra-campaign edges that are among the campaign's planted types */
  evidenceAccuracy: number;
  evidenceLabels: number;
  /** intra-campaign edges whose labels are all planted types */
  evidenceEdgeExact: number;
  clusters: number;
  /** clusters of 5+ accounts that are mostly (> 50 %) organic accounts */
  spuriousClusters5: number;
  /** clusters of any size that are mostly organic */
  spuriousClusters: number;
  perCampaign: Array<{ id: number; kind: string; size: number; found: number; clusters: number }>;
}

const choose2 = (n: number) => (n * (n - 1)) / 2;

/** Adjusted Rand index of two labelings of the same items (Hubert & Arabie). */
export function adjustedRandIndex(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  const n = a.length;
  if (n < 2) return 1;
  const cont = new Map<string, number>();
  const ra = new Map<string | number, number>();
  const rb = new Map<string | number, number>();
  for (let i = 0; i < n; i++) {
    const k = `${a[i]}\u0000${b[i]}`;
    cont.set(k, (cont.get(k) ?? 0) + 1);
    ra.set(a[i]!, (ra.get(a[i]!) ?? 0) + 1);
    rb.set(b[i]!, (rb.get(b[i]!) ?? 0) + 1);
  }
  let sumC = 0, sumA = 0, sumB = 0;
  for (const v of cont.values()) sumC += choose2(v);
  for (const v of ra.values()) sumA += choose2(v);
  for (const v of rb.values()) sumB += choose2(v);
  const expected = (sumA * sumB) / choose2(n);
  const max = (sumA + sumB) / 2;
  if (max === expected) return 1;
  return (sumC - expected) / (max - expected);
}

export function evaluateDetection(clusters: readonly CoordinationCluster[], truth: GroundTruth): Evaluation {
  const predicted = new Map<string, string>();
  for (const c of clusters) for (const v of c.vertices) predicted.set(v, c.cluster_id);
  const planted = truth.campaignOf;
  let tp = 0;
  for (const a of predicted.keys()) if (planted.has(a)) tp++;
  const universe = new Set<string>([...planted.keys(), ...predicted.keys()]);
  const la: string[] = [], lb: string[] = [];
  for (const a of universe) {
    const c = planted.get(a);
    la.push(c === undefined ? `s:${a}` : `c:${c}`);
    lb.push(predicted.get(a) ?? `s:${a}`);
  }
  let labels = 0, correct = 0, edgesIntra = 0, edgesExact = 0, spurious5 = 0, spurious = 0;
  for (const c of clusters) {
    const organic = c.vertices.filter((v) => !planted.has(v)).length;
    if (organic * 2 > c.vertices.length) { spurious++; if (c.vertices.length >= 5) spurious5++; }
    for (const e of c.edges) {
      const ca = planted.get(e.i);
      if (ca === undefined || ca !== planted.get(e.j)) continue;
      const types = truth.campaigns[ca]!.types;
      edgesIntra++;
      let ok = 0;
      for (const t of e.coordination_types) if (types.includes(t)) ok++;
      labels += e.coordination_types.length;
      correct += ok;
      if (ok === e.coordination_types.length) edgesExact++;
    }
  }
  const perCampaign = truth.campaigns.map((c) => {
    const found = c.accounts.filter((a) => predicted.has(a));
    return { id: c.id, kind: c.kind, size: c.accounts.length, found: found.length, clusters: new Set(found.map((a) => predicted.get(a))).size };
  });
  return {
    plantedAccounts: planted.size,
    detectedAccounts: predicted.size,
    truePositives: tp,
    accountPrecision: predicted.size ? tp / predicted.size : 1,
    accountRecall: planted.size ? tp / planted.size : 1,
    ari: adjustedRandIndex(la, lb),
    evidenceAccuracy: labels ? correct / labels : 1,
    evidenceLabels: labels,
    evidenceEdgeExact: edgesIntra ? edgesExact / edgesIntra : 1,
    clusters: clusters.length,
    spuriousClusters5: spurious5,
    spuriousClusters: spurious,
    perCampaign,
  };
}

export interface CopypastaEvaluation {
  texts: number;
  /** text pairs inside the window with bigram Jaccard >= minJaccard in the same planted copypasta event */
  plantedTruePairs: number;
  plantedFound: number;
  /** recall on planted variants with Jaccard >= minJaccard */
  recall: number;
  /** near-duplicate pairs reported */
  flagged: number;
  /** reported pairs that are not copies of one another (organic texts that merely look alike) */
  flaggedUnrelated: number;
  precision: number;
  /** distinct text pairs that met in an LSH bucket inside the window */
  candidates: number;
  /** all pairs inside the window with Jaccard >= minJaccard (planted, organic copies, chance) */
  truePairs: number;
  candidateRatio: number;
  /** Jaccard verifications actually run (the union-find skips pairs already joined) */
  verifications: number;
  ms: number;
}

/**
 * Near-duplicate search scored against the generator's copy families: planted copypasta ('c...') and organic
 * quotes ('q...') are copies; everything else is organic text that must not be reported.
 */
export function evaluateCopypasta(
  posts: ReadonlyArray<{ id: string; text?: string | null; repost_of?: string | null; published_at: number }>,
  truth: GroundTruth,
  params: CopypastaParams,
): CopypastaEvaluation {
  const docs = posts.filter((p) => p.text && !p.repost_of).map((p) => ({ id: p.id, text: p.text!, time: p.published_at }));
  const t0 = performance.now();
  const { pairs, result, textDoc } = findNearDuplicatePairs(docs, params, true);
  const ms = performance.now() - t0;
  const key = (i: number, j: number) => (i < j ? i * docs.length + j : j * docs.length + i);
  const found = new Set(pairs.map(([i, j]) => key(i, j)));
  let flaggedUnrelated = 0;
  for (const [i, j] of pairs) {
    const fi = truth.copyFamily.get(docs[i]!.id);
    if (fi === undefined || fi !== truth.copyFamily.get(docs[j]!.id)) flaggedUnrelated++;
  }
  const families = new Map<string, number[]>();
  docs.forEach((d, k) => {
    const f = truth.copyFamily.get(d.id);
    if (f === undefined) return;
    let l = families.get(f);
    if (!l) families.set(f, (l = []));
    l.push(k);
  });
  let plantedTrue = 0, plantedFound = 0, familyTrue = 0;
  const sh = new Map<number, Uint32Array>();
  const shOf = (k: number) => { let v = sh.get(k); if (!v) sh.set(k, (v = shingles(docs[k]!.text))); return v; };
  for (const [f, members] of families) {
    for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) {
        const i = members[x]!, j = members[y]!;
        if (Math.abs(docs[i]!.time - docs[j]!.time) > params.windowMs) continue;
        const a = shOf(i), b = shOf(j);
        if (a.length < params.minTokens - 1 || b.length < params.minTokens - 1) continue;
        if (jaccard(a, b) < params.minJaccard) continue;
        familyTrue++;
        if (f.startsWith('c')) { plantedTrue++; if (found.has(key(i, j))) plantedFound++; }
      }
    }
  }
  const truePairs = familyTrue + flaggedUnrelated;
  const candidates = result.candidatePairs?.size ?? 0;
  void textDoc;
  return {
    texts: docs.length, plantedTruePairs: plantedTrue, plantedFound, recall: plantedTrue ? plantedFound / plantedTrue : 1,
    flagged: pairs.length, flaggedUnrelated, precision: pairs.length ? 1 - flaggedUnrelated / pairs.length : 1,
    candidates, truePairs, candidateRatio: truePairs ? candidates / truePairs : 0, verifications: result.verifications, ms,
  };
}
