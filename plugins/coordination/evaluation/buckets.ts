/**
 * Scoring per campaign-size bucket and per evidence type (issue 17): precision, recall and ARI of the accounts of
 * the campaigns in a bucket, and spurious clusters per 1M organic posts. Works on either generator's ground truth.
 */
import { EVIDENCE_TYPES, type CoordinationCluster, type EvidenceType } from '../shared/types';
import { adjustedRandIndex } from './evaluate';
import type { GroundTruth } from './plantedCampaigns';

export const SIZE_BUCKETS: ReadonlyArray<readonly [number, number]> = [[3, 10], [11, 50], [51, 200], [201, 1000]];
export const bucketLabel = ([lo, hi]: readonly [number, number]) => `${lo}-${hi}`;

export interface GroupScore {
  group: string;
  campaigns: number;
  accounts: number;
  /** of the accounts in clusters matched to these campaigns, the share that belong to the matched campaign */
  precision: number;
  /** planted accounts of these campaigns found in a cluster matched to their own campaign */
  recall: number;
  /** ARI over all planted and clustered accounts, those outside these campaigns and their clusters as singletons */
  ari: number;
}

export interface BucketReport {
  buckets: GroupScore[];
  types: GroupScore[];
  /** clusters of 5+ accounts that are mostly organic */
  spurious5: number;
  spuriousPer1M: number;
}

/**
 * Each cluster is matched to the campaign holding most of its accounts (or to nobody when organic accounts are the
 * majority). A group's precision: its matched clusters' accounts that belong to the matched campaign; recall: its
 * accounts that sit in a cluster matched to their campaign (a campaign split across clusters still counts, its
 * ARI shows the split).
 */
export function scoreByGroup(clusters: readonly CoordinationCluster[], truth: GroundTruth, organicPosts: number): BucketReport {
  const matched = new Map<string, number>();
  const clusterOf = new Map<string, string>();
  let spurious5 = 0;
  for (const c of clusters) {
    const votes = new Map<number, number>();
    let organic = 0;
    for (const v of c.vertices) {
      clusterOf.set(v, c.cluster_id);
      const camp = truth.campaignOf.get(v);
      if (camp === undefined) organic++;
      else votes.set(camp, (votes.get(camp) ?? 0) + 1);
    }
    let best = -1, bestN = 0;
    for (const [camp, k] of votes) if (k > bestN) { best = camp; bestN = k; }
    if (organic * 2 > c.vertices.length || best < 0) { if (c.vertices.length >= 5) spurious5++; continue; }
    matched.set(c.cluster_id, best);
  }
  const byCluster = new Map<string, CoordinationCluster>(clusters.map((c) => [c.cluster_id, c]));
  const score = (group: string, campIds: number[]): GroupScore => {
    const camps = new Set(campIds);
    let planted = 0, found = 0, inMatched = 0, correct = 0;
    for (const id of campIds) {
      for (const a of truth.campaigns[id]!.accounts) {
        planted++;
        const cl = clusterOf.get(a);
        if (cl !== undefined && matched.get(cl) === id) found++;
      }
    }
    for (const [cid, camp] of matched) {
      if (!camps.has(camp)) continue;
      for (const v of byCluster.get(cid)!.vertices) {
        inMatched++;
        if (truth.campaignOf.get(v) === camp) correct++;
      }
    }
    // over every planted or clustered account, the others as singletons: a group of one campaign still has an ARI
    const universe = new Set<string>([...truth.campaignOf.keys(), ...clusterOf.keys()]);
    const la: string[] = [], lb: string[] = [];
    for (const a of universe) {
      const camp = truth.campaignOf.get(a);
      la.push(camp === undefined || !camps.has(camp) ? `s:${a}` : `c:${camp}`);
      const cl = clusterOf.get(a);
      lb.push(cl !== undefined && matched.has(cl) && camps.has(matched.get(cl)!) ? cl : `s:${a}`);
    }
    return {
      group, campaigns: campIds.length, accounts: planted,
      precision: inMatched ? correct / inMatched : 1, recall: planted ? found / planted : 1,
      ari: campIds.length ? adjustedRandIndex(la, lb) : 1,
    };
  };
  const all = truth.campaigns.map((c) => c.id);
  const buckets = SIZE_BUCKETS.map((b) => score(
    bucketLabel(b), all.filter((id) => { const n = truth.campaigns[id]!.accounts.length; return n >= b[0] && n <= b[1]; }),
  ));
  const types = (EVIDENCE_TYPES as readonly EvidenceType[]).map((t) => score(t, all.filter((id) => truth.campaigns[id]!.types.includes(t))));
  return { buckets, types, spurious5, spuriousPer1M: organicPosts > 0 ? (spurious5 * 1e6) / organicPosts : 0 };
}
