import crypto from 'node:crypto';
import type { Narrative, PostAssignment, RiskAssessment, Topic, TopicRunResult } from '../../shared/types';
import type { TopicPostTable } from './postTable';

/**
 * The engine's answer in columns (ADR 0017): topics and narratives as objects (tens of them), what is per post as
 * typed arrays by post index, so a run of millions of posts answers in a few bytes per post. `resultObjects` gives
 * the public `TopicRunResult` of it.
 */
export interface TopicRunColumns {
  /** Topics without their posts (`membersOf` gives them); largest first. */
  topics: Array<Omit<Topic, 'post_ids' | 'post_dates'>>;
  narratives: Array<Narrative & { risk: RiskAssessment }>;
  topic_keywords: Record<string, string[]>;
  conversation_risk: RiskAssessment;
  stats: TopicRunResult['stats'];
  /** Per post (input order): its topic's index in `topics`, -1 for the outlier bucket. */
  topicOfPost: Int32Array;
  /** Per post: cosine to its topic's centroid, rounded to 6 decimals (0 for outliers). */
  confidence: Float64Array;
  /** Per topic: its exemplar's post index. */
  exemplars: Int32Array;
}

/** The indices with each label 0..count-1 (a topic's posts, a community's texts), ascending; -1 is nobody's. */
export function membersOf(labels: Int32Array, count: number): Int32Array[] {
  const size = new Int32Array(count);
  for (const l of labels) if (l >= 0) size[l]!++;
  const out = Array.from(size, (n) => new Int32Array(n));
  const fill = new Int32Array(count);
  for (let i = 0; i < labels.length; i++) { const l = labels[i]!; if (l >= 0) out[l]![fill[l]!++] = i; }
  return out;
}

/** The publication dates of `members`, ascending (as strings sort). */
export function topicPostDates(table: Pick<TopicPostTable, 'date' | 'compareDates'>, members: Int32Array): string[] {
  const byDate = Int32Array.from(members).sort((a, b) => table.compareDates(a, b));
  return Array.from(byDate, (p) => table.date(p));
}

/** Ids hashed per `update` call: one string per batch instead of one per post. */
const HASH_BATCH = 4096;

/**
 * A topic's id: the SHA-1 of the seed and its post ids sorted as strings, joined by NUL, streamed into the hash in
 * batches (the same bytes as hashing the whole joined string, without building it for a topic of a million posts).
 */
export function topicRid(seed: number, table: Pick<TopicPostTable, 'id' | 'compareIds'>, members: Int32Array): string {
  const sorted = Int32Array.from(members).sort((a, b) => table.compareIds(a, b));
  const hash = crypto.createHash('sha1').update(`${seed}\u0000`);
  for (let from = 0; from < sorted.length; from += HASH_BATCH) {
    const ids: string[] = [];
    for (let x = from; x < Math.min(sorted.length, from + HASH_BATCH); x++) ids.push(table.id(sorted[x]!));
    hash.update((from ? '\u0000' : '') + ids.join('\u0000'));
  }
  return `t_${hash.digest('hex').slice(0, 16)}`;
}

/** The columns as the public result: each topic's post ids and dates, one assignment per post, the outliers. */
export function resultObjects(c: TopicRunColumns, table: TopicPostTable): TopicRunResult {
  const members = membersOf(c.topicOfPost, c.topics.length);
  const exemplar = new Set(c.exemplars);
  const topics: Topic[] = c.topics.map((t, i) => ({
    rid: t.rid, title: t.title, ngrams: t.ngrams, post_dates: topicPostDates(table, members[i]!),
    cohesion_score: t.cohesion_score, post_ids: Array.from(members[i]!, (p) => table.id(p)), exemplar_post_id: t.exemplar_post_id,
  }));
  const assignments: PostAssignment[] = [];
  const outliers: string[] = [];
  for (let p = 0; p < table.count; p++) {
    const t = c.topicOfPost[p]!;
    assignments.push({ post_id: table.id(p), topic_rid: t >= 0 ? topics[t]!.rid : null, confidence_score: c.confidence[p]!, is_exemplar: exemplar.has(p) });
    if (t < 0) outliers.push(table.id(p));
  }
  return {
    topics, narratives: c.narratives, assignments, outlier_post_ids: outliers, topic_keywords: c.topic_keywords,
    conversation_risk: c.conversation_risk, stats: c.stats,
  };
}
