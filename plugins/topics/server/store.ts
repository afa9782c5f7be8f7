import type { Kysely } from 'kysely';
import { nowIso, tablesOf, type Storage } from '@core/server/storage/database';
import type { CoreTables } from '@core/server/storage/tables';
import type { NarrativeEntity } from '../shared/api';
import { cleanNgrams } from '../shared/types';
import { membersOf, topicPostDates, type TopicRunColumns } from './engine/columns';
import type { TopicPostTable } from './engine/postTable';
import type { TopicsRunRow, TopicsTables } from './tables';

export type TopicsDb = Kysely<CoreTables & TopicsTables>;
export const topicsDb = (storage: Storage): TopicsDb => tablesOf<TopicsTables>(storage);

const CHUNK = 500;
/** Topic rows carry their posts' dates (megabytes at millions of posts): a few per statement. */
const TOPIC_CHUNK = 4;

/** Inserts rows `rowOf(0 .. count-1)`, built `chunk` at a time. */
async function insertChunks<T>(count: number, rowOf: (i: number) => T, insert: (chunk: T[]) => Promise<unknown>, chunk = CHUNK): Promise<void> {
  for (let i = 0; i < count; i += chunk) {
    const rows: T[] = [];
    for (let j = i; j < Math.min(count, i + chunk); j++) rows.push(rowOf(j));
    await insert(rows);
  }
}

/** What storing needs of the run's posts, by the engine's post index: ids and dates. */
export type PostKeys = Pick<TopicPostTable, 'count' | 'id' | 'date' | 'compareDates'>;

export interface RunScope { organizationId: string; conversationId: string; runId: string }
export interface RunStatus { status_code: number; message: string; admin_details: string | null }

/** Removes everything stored for the run (a re-run of the stage replaces it whole). */
async function clearRun(trx: TopicsDb, runId: string): Promise<void> {
  for (const table of ['topics_post_topics', 'topics_narratives', 'topics_topics'] as const) {
    await trx.deleteFrom(table).where('run_id', '=', runId).execute();
  }
  await trx.deleteFrom('topics_runs').where('run_id', '=', runId).execute();
}

function runRow(scope: RunScope, status: RunStatus, version: number, rest: Partial<TopicsRunRow> = {}): TopicsRunRow {
  return {
    run_id: scope.runId, organization_id: scope.organizationId, conversation_id: scope.conversationId,
    status_code: status.status_code, message: status.message, admin_details: status.admin_details, stage_version: version,
    post_count: 0, topic_count: 0, outlier_count: 0, stats: '{}', conversation_risk: null, computed_at: nowIso(), ...rest,
  };
}

/** Stores a run's status alone (nothing to cluster, or a failure), replacing earlier output of the run. */
export async function storeStatus(storage: Storage, scope: RunScope, status: RunStatus, version: number): Promise<void> {
  await topicsDb(storage).transaction().execute(async (trx) => {
    await clearRun(trx, scope.runId);
    await trx.insertInto('topics_runs').values(runRow(scope, status, version)).execute();
  });
}

/**
 * Stores topics, narratives and post membership of a run in one transaction, replacing earlier output. The result is
 * in columns (ADR 0017): rows are built a chunk at a time from them and `posts`' ids and dates.
 */
export async function storeResult(storage: Storage, scope: RunScope, result: TopicRunColumns, posts: PostKeys, version: number,
  entities: ReadonlyMap<string, NarrativeEntity[]> = new Map()): Promise<void> {
  const org = scope.organizationId;
  const members = membersOf(result.topicOfPost, result.topics.length);
  const exemplar = new Set(result.exemplars);
  let outliers = 0;
  for (const t of result.topicOfPost) if (t < 0) outliers++;
  await topicsDb(storage).transaction().execute(async (trx) => {
    await clearRun(trx, scope.runId);
    await trx.insertInto('topics_runs').values(runRow(scope, { status_code: 200, message: 'Topics computed', admin_details: null }, version, {
      post_count: result.stats.posts, topic_count: result.topics.length, outlier_count: outliers,
      stats: JSON.stringify(result.stats), conversation_risk: JSON.stringify(result.conversation_risk),
    })).execute();
    const topics = result.topics;
    await insertChunks(topics.length, (position) => ({
      run_id: scope.runId, rid: topics[position]!.rid, organization_id: org, position, title: topics[position]!.title,
      ngrams: JSON.stringify(cleanNgrams(topics[position]!.ngrams)), post_dates: JSON.stringify(topicPostDates(posts, members[position]!)),
      cohesion_score: topics[position]!.cohesion_score, exemplar_post_id: Number(topics[position]!.exemplar_post_id),
      keywords: JSON.stringify(result.topic_keywords[topics[position]!.rid] ?? []),
    }), (rows) => trx.insertInto('topics_topics').values(rows).execute(), TOPIC_CHUNK);
    const narratives = result.narratives;
    await insertChunks(narratives.length, (position) => {
      const n = narratives[position]!;
      return {
        run_id: scope.runId, id: n.id, organization_id: org, position, ngrams: JSON.stringify(cleanNgrams(n.ngrams)),
        post_count: n.post_count, post_percent: n.post_percent, coordination_cluster_count: n.coordination_cluster_count,
        engagement_score: n.engagement_score, category: n.category, title: n.title, description: n.description,
        is_threat: n.is_threat ? 1 : 0, risk_level: n.risk.risk_level, risk: JSON.stringify(n.risk),
        entities: JSON.stringify(entities.get(n.id) ?? []),
      };
    }, (rows) => trx.insertInto('topics_narratives').values(rows).execute());
    await insertChunks(posts.count, (p) => {
      const t = result.topicOfPost[p]!;
      return {
        run_id: scope.runId, post_id: Number(posts.id(p)), organization_id: org, topic_rid: t >= 0 ? topics[t]!.rid : null,
        confidence_score: result.confidence[p]!, is_exemplar: exemplar.has(p) ? 1 : 0,
      };
    }, (rows) => trx.insertInto('topics_post_topics').values(rows).execute());
  });
}

/**
 * The topics of the run core's post scope chose (`runId`, the conversation's latest successful run), or null when that
 * run stored none, with the newest status the stage wrote (a failed re-run says so, while the data stays the last
 * good one).
 */
export async function topicsOfRun(db: TopicsDb, organizationId: string, conversationId: string, runId: string | null) {
  const run = runId === null ? undefined : await db.selectFrom('topics_runs').selectAll()
    .where('run_id', '=', runId).where('organization_id', '=', organizationId).executeTakeFirst();
  const latestStatus = await db.selectFrom('topics_runs').selectAll()
    .where('organization_id', '=', organizationId).where('conversation_id', '=', conversationId)
    .orderBy('computed_at', 'desc').executeTakeFirst();
  return { run: run ?? null, status: latestStatus ?? null };
}
