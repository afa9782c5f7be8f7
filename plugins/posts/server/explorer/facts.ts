import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Storage } from '@core/server/storage/database';

/**
 * `posts_explorer_facts`: a narrow copy of a run's posts (id, organisation, date, platform, flags, rid, language,
 * author) keyed by (run_id, id), with a (run_id, published_at, id) index. Counting or paging a 200k-post run then
 * reads ~60-byte rows stored together instead of 200k scattered wide post rows (bodies, JSON) among the
 * organisation's million: filter_counts and filtered pages drop from seconds to tens of milliseconds.
 *
 * Filled when a run succeeds (warmOnFinish.ts) or on first use of a run by the explorer (one INSERT ... SELECT; a
 * run's links do not change once it succeeded) and marked in `posts_explorer_runs` in the same transaction; rows of a
 * conversation's older runs are dropped then, so the table holds about one copy of each explored conversation. Post
 * deletion cascades. While a fill is under way, raw_data pages read the same columns live (postSet.ts `liveFacts`)
 * instead of waiting for it (`runFactsState`).
 */

export async function createExplorerFacts(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('posts_explorer_facts')
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('id', 'integer', (c) => c.notNull().references('posts_posts.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('is_repost', 'integer', (c) => c.notNull())
    .addColumn('is_reply', 'integer', (c) => c.notNull())
    .addColumn('is_quote', 'integer', (c) => c.notNull())
    .addColumn('is_niche', 'integer', (c) => c.notNull())
    .addColumn('rid', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('actor_id', 'integer')
    .addPrimaryKeyConstraint('posts_explorer_facts_pk', ['run_id', 'id'])
    .execute();
  await db.schema.createIndex('posts_explorer_facts_date').on('posts_explorer_facts').columns(['run_id', 'published_at', 'id']).execute();
  await db.schema.createIndex('posts_explorer_facts_post').on('posts_explorer_facts').column('id').execute();
  await db.schema
    .createTable('posts_explorer_runs')
    .addColumn('run_id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('filled_at', 'text', (c) => c.notNull())
    .execute();
}

const FACT_COLUMNS = 'run_id, id, organization_id, published_at, platform, is_repost, is_reply, is_quote, is_niche, rid, language, actor_id';

/**
 * The run's facts read live from the store: what the copy holds, as a derived table (alias it). Serves pages while
 * the copy is being made; both engines flatten it into a join of the run's links and the posts.
 */
export const liveFacts = (scope: { organizationId: string; runId: string }): RawBuilder<unknown> => sql`(select rp.run_id, p.id,
  p.organization_id, p.published_at, p.platform, p.is_repost, p.is_reply, p.is_quote, p.is_niche, p.rid, p.language, p.actor_id
  from posts_run_posts rp join posts_posts p on p.id = rp.post_id
  where rp.run_id = ${scope.runId} and p.organization_id = ${scope.organizationId})`;

type FactsScope = { organizationId: string; conversationId: string; runId: string };

/** Fills under way in this process, per storage: runId -> the fill. Concurrent callers share one copy. */
const filling = new WeakMap<Storage, Map<string, Promise<void>>>();

/**
 * Makes sure the run's facts exist (idempotent). Callers in this process share the fill under way; a fill in another
 * process is waited for by the database (the second copy's conflicting keys wait for the first to commit).
 */
export function ensureRunFacts(storage: Storage, scope: FactsScope): Promise<void> {
  let inFlight = filling.get(storage);
  if (!inFlight) { inFlight = new Map(); filling.set(storage, inFlight); }
  const pending = inFlight.get(scope.runId);
  if (pending) return pending;
  const started = fillRunFacts(storage, scope).finally(() => {
    if (inFlight.get(scope.runId) === started) inFlight.delete(scope.runId);
  });
  inFlight.set(scope.runId, started);
  return started;
}

/**
 * 'ready' when the run's facts are complete; otherwise 'filling', with a fill started if none is under way in this
 * process, never waited for here (`onError` hears of its failure; the next call tries again).
 */
export async function runFactsState(storage: Storage, scope: FactsScope, onError: (error: unknown) => void): Promise<'ready' | 'filling'> {
  if (filling.get(storage)?.has(scope.runId)) return 'filling';
  if (await isMarked(storage, scope.runId)) return 'ready';
  ensureRunFacts(storage, scope).catch(onError);
  return 'filling';
}

async function isMarked(storage: Storage, runId: string): Promise<boolean> {
  const db = storage.db as unknown as Kysely<any>;
  return (await db.selectFrom('posts_explorer_runs').select('run_id').where('run_id', '=', runId).executeTakeFirst()) !== undefined;
}

async function fillRunFacts(storage: Storage, scope: FactsScope): Promise<void> {
  const db = storage.db as unknown as Kysely<any>;
  if (await isMarked(storage, scope.runId)) return;
  await db.transaction().execute(async (trx) => {
    const older = await trx.selectFrom('posts_explorer_runs').select('run_id')
      .where('organization_id', '=', scope.organizationId).where('conversation_id', '=', scope.conversationId).execute();
    for (const { run_id: old } of older) {
      await trx.deleteFrom('posts_explorer_facts').where('run_id', '=', old).execute();
      await trx.deleteFrom('posts_explorer_runs').where('run_id', '=', old).execute();
    }
    // `where true`: SQLite would read `on conflict` as part of the SELECT's join otherwise.
    await sql`insert into posts_explorer_facts (${sql.raw(FACT_COLUMNS)})
      select ${sql.raw(FACT_COLUMNS)} from ${liveFacts(scope)} f where true
      on conflict do nothing`.execute(trx);
    await trx.insertInto('posts_explorer_runs').values({
      run_id: scope.runId, organization_id: scope.organizationId, conversation_id: scope.conversationId, filled_at: new Date().toISOString(),
    }).onConflict((oc) => oc.doNothing()).execute();
  });
}
