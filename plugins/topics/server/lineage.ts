/**
 * Narrative ids that last across runs. The engine names a topic by a hash of its posts, so a continuous
 * conversation's daily run (whose 7-day window shares six days with the day before) would give every narrative a new
 * id each day: a saved filter on a narrative, its metric series and alerts on it would break at every run. A new
 * narrative that is the same story as one of the previous run's (by the posts they share) keeps that one's id.
 */
import { membersOf, type TopicRunColumns } from './engine/columns';
import type { TopicPostTable } from './engine/postTable';
import type { RunScope, TopicsDb } from './store';

/**
 * The Jaccard overlap of post sets above which a new narrative continues an earlier one. A daily 7-day window keeps
 * about 6/7 of a steady narrative's posts (Jaccard ~0.75); a narrative that split in two keeps the id on its larger
 * half only (the matching is one-to-one, best overlap first); two unrelated narratives share next to nothing.
 */
export const CONTINUES_AT_JACCARD = 0.3;

/** The narratives of the conversation's latest earlier run with topics: id -> its post ids. */
export async function previousNarratives(db: TopicsDb, scope: RunScope): Promise<Map<string, Set<string>>> {
  const current = await db.selectFrom('core_pipeline_runs').select('created_at').where('id', '=', scope.runId).executeTakeFirst();
  if (!current) return new Map();
  const previous = await db.selectFrom('topics_runs')
    .innerJoin('core_pipeline_runs', 'core_pipeline_runs.id', 'topics_runs.run_id')
    .select('topics_runs.run_id')
    .where('topics_runs.organization_id', '=', scope.organizationId)
    .where('topics_runs.conversation_id', '=', scope.conversationId)
    .where('topics_runs.status_code', '=', 200)
    .where('topics_runs.run_id', '!=', scope.runId)
    .where('core_pipeline_runs.created_at', '<', current.created_at)
    .orderBy('core_pipeline_runs.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const narratives = new Map<string, Set<string>>();
  if (!previous) return narratives;
  const rows = await db.selectFrom('topics_post_topics').select(['post_id', 'topic_rid'])
    .where('run_id', '=', previous.run_id).where('organization_id', '=', scope.organizationId).where('topic_rid', 'is not', null)
    .execute();
  for (const r of rows) {
    const rid = r.topic_rid!;
    let posts = narratives.get(rid);
    if (!posts) narratives.set(rid, (posts = new Set()));
    posts.add(String(r.post_id));
  }
  return narratives;
}

/** Which new topic continues which earlier narrative: best Jaccard first, one-to-one, at CONTINUES_AT_JACCARD or more. */
export function matchNarratives(current: ReadonlyMap<string, readonly string[]>, previous: ReadonlyMap<string, ReadonlySet<string>>,
  minJaccard = CONTINUES_AT_JACCARD): Map<string, string> {
  const earlierOf = new Map<string, string>();
  for (const [rid, posts] of previous) for (const p of posts) earlierOf.set(p, rid);
  const candidates: Array<{ now: string; earlier: string; jaccard: number }> = [];
  for (const [rid, posts] of current) {
    const shared = new Map<string, number>();
    for (const p of posts) {
      const earlier = earlierOf.get(p);
      if (earlier !== undefined) shared.set(earlier, (shared.get(earlier) ?? 0) + 1);
    }
    for (const [earlier, n] of shared) {
      const jaccard = n / (posts.length + previous.get(earlier)!.size - n);
      if (jaccard >= minJaccard) candidates.push({ now: rid, earlier, jaccard });
    }
  }
  // Ties broken by ids, so the same runs always give the same ids.
  candidates.sort((a, b) => b.jaccard - a.jaccard || a.now.localeCompare(b.now) || a.earlier.localeCompare(b.earlier));
  const renamed = new Map<string, string>();
  const taken = new Set<string>();
  for (const c of candidates) {
    if (renamed.has(c.now) || taken.has(c.earlier)) continue;
    renamed.set(c.now, c.earlier);
    taken.add(c.earlier);
  }
  return renamed;
}

/**
 * The result with each continuing topic and narrative under its earlier id (everything else as it was). Posts are
 * named by `posts`' ids; the per-post columns point at topics by position, so they need no renaming.
 */
export function carryNarrativeIds(result: TopicRunColumns, posts: Pick<TopicPostTable, 'id'>, previous: ReadonlyMap<string, ReadonlySet<string>>): TopicRunColumns {
  if (previous.size === 0) return result;
  const members = membersOf(result.topicOfPost, result.topics.length);
  const renamed = matchNarratives(new Map(result.topics.map((t, i) => [t.rid, Array.from(members[i]!, (p) => posts.id(p))])), previous);
  if (renamed.size === 0) return result;
  const idOf = (rid: string) => renamed.get(rid) ?? rid;
  return {
    ...result,
    topics: result.topics.map((t) => ({ ...t, rid: idOf(t.rid) })),
    narratives: result.narratives.map((n) => ({
      ...n,
      id: idOf(n.id),
      // The risk's suggested filters name the narrative too.
      risk: { ...n.risk, insight_risks: n.risk.insight_risks.map((r) => ({
        ...r, filters: r.filters.map((f) => (f.key === 'narratives' ? { ...f, value: idOf(f.value) } : f)),
      })) },
    })),
    topic_keywords: Object.fromEntries(Object.entries(result.topic_keywords).map(([rid, words]) => [idOf(rid), words])),
  };
}
