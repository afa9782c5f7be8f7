import type { ServiceRegistry } from '@core/shared/services/registry';
import { narrativesServiceKey } from '@plugins/topics/shared/public';
import type { CoordinationResult } from '../engine/types';

/**
 * Narrative id -> how many coordination clusters have a proving post in the narrative. A narrative's id is its
 * topic's rid (plugins/topics), and the topics stage (DAG step 4) ran before this one.
 */
export function clustersPerNarrative(result: Pick<CoordinationResult, 'postClusters'>, topicOfPost: ReadonlyMap<number, string>): Record<string, number> {
  const clustersOf = new Map<string, Set<string>>();
  for (const [postId, clusterIds] of result.postClusters) {
    const topic = topicOfPost.get(Number(postId));
    if (topic === undefined) continue;
    let set = clustersOf.get(topic);
    if (!set) clustersOf.set(topic, (set = new Set()));
    for (const c of clusterIds) set.add(c);
  }
  return Object.fromEntries([...clustersOf].map(([topic, set]) => [topic, set.size]));
}

/** The run's posts as the stage keeps them for the write: post ids and their authors (indices into `strings`). */
export interface PostAuthors { id: Float64Array; account: Int32Array; strings: readonly string[] }

/**
 * Each clustered account's (`accounts`; null: every author's) most frequent topic among its posts in the run (ties:
 * the smaller topic id).
 */
export function topicOfAccounts(posts: PostAuthors, accounts: ReadonlySet<string> | null, topicOfPost: ReadonlyMap<number, string>): Map<string, string> {
  const tally = new Map<string, Map<string, number>>();
  for (let i = 0; i < posts.id.length; i++) {
    const account = posts.strings[posts.account[i]!]!;
    if (accounts && !accounts.has(account)) continue;
    const topic = topicOfPost.get(posts.id[i]!);
    if (topic === undefined) continue;
    let t = tally.get(account);
    if (!t) tally.set(account, (t = new Map()));
    t.set(topic, (t.get(topic) ?? 0) + 1);
  }
  const out = new Map<string, string>();
  for (const [account, t] of tally) {
    const [best] = [...t].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    out.set(account, best![0]);
  }
  return out;
}

/** The run's post -> topic membership, or null when the topics plugin is not installed. */
export async function runTopics(services: ServiceRegistry, organizationId: string, runId: string): Promise<Map<number, string> | null> {
  return services.has(narrativesServiceKey) ? services.get(narrativesServiceKey).topicOfPosts(organizationId, runId) : null;
}

/** Sets the run's narratives' coordination_cluster_count (topics plugin installed); answers the counts. */
export async function updateNarrativeCounts(services: ServiceRegistry, organizationId: string, runId: string, result: Pick<CoordinationResult, 'postClusters'>, topicOfPost: ReadonlyMap<number, string> | null) {
  if (!topicOfPost || !services.has(narrativesServiceKey)) return null;
  const counts = clustersPerNarrative(result, topicOfPost);
  await services.get(narrativesServiceKey).setCoordinationCounts(organizationId, runId, counts);
  return counts;
}
