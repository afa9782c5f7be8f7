import type { ServiceRegistry } from '@core/shared/services/registry';
import { narrativesServiceKey } from '@plugins/topics/shared/public';
import type { CoordinationResult } from '../engine/types';

/**
 * Narrative id -> how many coordination clusters have a proving post in the narrative. A narrative's id is its
 * topic's rid (plugins/topics), and the topics stage (DAG step 4) ran before this one.
 */
export function clustersPerNarrative(result: Pick<CoordinationResult, 'postClusters'>, topicOfPost: TopicLookup): Record<string, number> {
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

/** A post's topic by post id: the topics service's map, or `packTopics`' columns. */
export interface TopicLookup { get(postId: number): string | undefined }

/**
 * The run's post -> topic map as one topic number per post of `posts` (4 bytes a post instead of a Map entry of
 * about 40; at 5M posts the map alone held 200+ MB through the detection), looked up by binary search on the posts'
 * ids, which the stage reads in id order. Posts outside `posts` (anonymous ones: the engine never sees them) are
 * left out. Answers the map itself when the ids are not strictly increasing.
 */
export function packTopics(posts: PostAuthors, topicOfPost: ReadonlyMap<number, string>): TopicLookup {
  const ids = posts.id;
  for (let i = 1; i < ids.length; i++) if (!(ids[i - 1]! < ids[i]!)) return topicOfPost;
  const names: string[] = [], numberOf = new Map<string, number>();
  const topic = new Int32Array(ids.length).fill(-1);
  for (let i = 0; i < ids.length; i++) {
    const name = topicOfPost.get(ids[i]!);
    if (name === undefined) continue;
    let k = numberOf.get(name);
    if (k === undefined) { k = names.length; numberOf.set(name, k); names.push(name); }
    topic[i] = k;
  }
  return {
    get(postId) {
      let lo = 0, hi = ids.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1, v = ids[mid]!;
        if (v < postId) lo = mid + 1;
        else if (v > postId) hi = mid - 1;
        else return topic[mid]! < 0 ? undefined : names[topic[mid]!];
      }
      return undefined;
    },
  };
}

/**
 * Each clustered account's (`accounts`; null: every author's) most frequent topic among its posts in the run (ties:
 * the smaller topic id).
 */
export function topicOfAccounts(posts: PostAuthors, accounts: ReadonlySet<string> | null, topicOfPost: TopicLookup): Map<string, string> {
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
export async function updateNarrativeCounts(services: ServiceRegistry, organizationId: string, runId: string, result: Pick<CoordinationResult, 'postClusters'>, topicOfPost: TopicLookup | null) {
  if (!topicOfPost || !services.has(narrativesServiceKey)) return null;
  const counts = clustersPerNarrative(result, topicOfPost);
  await services.get(narrativesServiceKey).setCoordinationCounts(organizationId, runId, counts);
  return counts;
}
