/**
 * `posts.collect` (DAG step 1): fills `posts_run_posts` for a run from every enabled data source (the local
 * archive, the network collectors of this plugin, and any collector another plugin registered in
 * `core.collectors`), recording each one's usage (collected_records, record_limit, source, failure) in
 * `posts_collector_runs` and through `ctx.recordUsage`. A collector that fails is recorded as FAILED with its
 * reason; the posts of the others are kept. With `use_existing_data`, a run of a conversation that was already
 * collected with the same query, dates and language reuses that collection's posts.
 *
 * Idempotent: running it again for the same run id replaces what it wrote for that run.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { defineStage } from '@core/server/plugin/contract';
import type { Collector } from '@core/server/pipeline/collectors';
import { pipelineKey } from '@core/server/pipeline/runner';
import type { StageContext } from '@core/server/pipeline/stages';
import { tablesOf } from '@core/server/storage/database';
import type { CoreTables } from '@core/server/storage/tables';
import { parseQuery, type QueryNode } from '@core/shared/query';
import type { PostsDataSourceRow, PostsTables } from '@plugins/posts/server/tables';
import { normalizeLanguage } from '@core/server/postStore/normalize';
import { enabledDataSourcesFor, type DataSourceDb } from '../dataSources/organization';
import { linkMatching } from './localArchive';

type Db = Kysely<CoreTables & PostsTables>;

/** Longer queries are refused before they reach the parser (which recurses). */
export const MAX_QUERY_LENGTH = 10_000;

/** Builds the collector of a data source from its settings (base URL, channels ...). */
export type CollectorFactory = (source: PostsDataSourceRow, settings: Record<string, unknown>) => Collector;

export interface CollectUsage {
  name: string;
  source: string;
  record_limit: number | null;
  collected_records: number;
  status: 'SUCCESS' | 'FAILED';
  failure: string | null;
}

export interface CollectOutcome {
  collectedRecords: number;
  reusedFromRunId: string | null;
  collectors: CollectUsage[];
}

/**
 * The conversations plugin may orchestrate the collect step itself (core/server/pipeline/collectors.ts: it calls
 * `core.storedPosts` and the registered collectors). When its stage is installed, this one stands aside so a run
 * is collected once.
 */
export const ORCHESTRATOR_STAGE = 'conversations.collect';

export function orchestratedElsewhere(ctx: Pick<StageContext, 'services'>): boolean {
  return ctx.services.has(pipelineKey) && ctx.services.get(pipelineKey).stages.some((s) => s.id === ORCHESTRATOR_STAGE);
}

/** Collectors other plugins registered with the pipeline (empty when there is no pipeline service). */
export function registeredCollectors(ctx: Pick<StageContext, 'services'>): Collector[] {
  return ctx.services.has(pipelineKey) ? ctx.services.get(pipelineKey).collectors.list() : [];
}

export function createCollectStage(factories: ReadonlyMap<string, CollectorFactory>) {
  return defineStage({
    id: 'posts.collect',
    title: 'Collect posts',
    version: 1,
    dagStep: 1,
    dependsOn: [],
    async run(ctx) {
      if (orchestratedElsewhere(ctx)) {
        ctx.logger.info({ runId: ctx.runId }, `posts.collect: ${ORCHESTRATOR_STAGE} collects this run`);
        ctx.progress(1);
        return;
      }
      await runCollect(ctx, factories);
    },
  });
}

export async function runCollect(ctx: StageContext, factories: ReadonlyMap<string, CollectorFactory>): Promise<CollectOutcome> {
  const { run, runId } = ctx;
  if (run.queryString.length > MAX_QUERY_LENGTH) throw new Error(`query longer than ${MAX_QUERY_LENGTH} characters`);
  const parsed = parseQuery(run.queryString);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('; '));
  for (const [name, value] of [['startDate', run.startDate], ['endDate', run.endDate]] as const) {
    if (!Number.isFinite(Date.parse(value))) throw new Error(`${name} is not a date: ${value}`);
  }
  const db = tablesOf<PostsTables>(ctx.storage);
  const language = normalizeLanguage(run.language);

  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('posts_run_posts').where('run_id', '=', runId).execute();
    await trx.deleteFrom('posts_collector_runs').where('run_id', '=', runId).execute();
    await trx.deleteFrom('posts_collections').where('run_id', '=', runId).execute();
    await trx.insertInto('posts_collections').values({
      run_id: runId, organization_id: ctx.organizationId, conversation_id: ctx.conversationId, query_string: run.queryString,
      start_date: run.startDate, end_date: run.endDate, language, use_existing_data: run.useExistingData ? 1 : 0,
      reused_from_run_id: null, collected_records: 0, status: 'RUNNING', started_at: new Date().toISOString(), finished_at: null,
    }).execute();
  });

  const previous = run.useExistingData ? await reusableCollection(db, ctx, language) : null;
  if (previous) {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('posts_run_posts').columns(['run_id', 'post_id'])
        .expression((eb) => eb.selectFrom('posts_run_posts').select([eb.val(runId).as('run_id'), 'post_id']).where('run_id', '=', previous))
        .execute();
      await trx.insertInto('posts_collector_runs')
        .columns(['run_id', 'data_source_id', 'name', 'source', 'record_limit', 'collected_records', 'status', 'failure', 'started_at', 'finished_at'])
        .expression((eb) => eb.selectFrom('posts_collector_runs')
          .select([eb.val(runId).as('run_id'), 'data_source_id', 'name', 'source', 'record_limit', 'collected_records', 'status', 'failure', 'started_at', 'finished_at'])
          .where('run_id', '=', previous))
        .execute();
    });
    const outcome = await finish(db, ctx, previous);
    for (const c of outcome.collectors) await report(ctx, c, 0);
    ctx.progress(1, 'Reused the posts of the previous run');
    return outcome;
  }

  const registered = registeredCollectors(ctx).filter((c) => !factories.has(c.id));
  await ensureDataSources(db, registered);
  const sources = await enabledDataSources(db, ctx.organizationId);
  let failures = 0;
  for (const [index, source] of sources.entries()) {
    const began = Date.now();
    const progress = (f: number) => ctx.progress((index + Math.min(1, Math.max(0, f))) / sources.length, source.name);
    let collected = 0;
    let failure: string | null = null;
    try {
      collected = await collectFrom(ctx, source, parsed.ast, language, factories, registered, progress);
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      failures += 1;
      failure = (error as Error).message || String(error);
      ctx.logger.warn({ runId, source: source.source, failure }, 'collector failed');
    }
    const usage: CollectUsage = {
      name: source.name, source: source.source, record_limit: source.record_limit, collected_records: collected,
      status: failure ? 'FAILED' : 'SUCCESS', failure,
    };
    await db.insertInto('posts_collector_runs').values({
      run_id: runId, data_source_id: source.id, ...usage, started_at: new Date(began).toISOString(), finished_at: new Date().toISOString(),
    }).execute();
    await report(ctx, usage, Date.now() - began);
  }
  if (sources.length > 0 && failures === sources.length) {
    await db.updateTable('posts_collections').set({ status: 'FAILED', finished_at: new Date().toISOString() }).where('run_id', '=', runId).execute();
    const reasons = await db.selectFrom('posts_collector_runs').select(['name', 'failure']).where('run_id', '=', runId).execute();
    throw new Error(`Every data collector failed: ${reasons.map((r) => `${r.name}: ${r.failure}`).join('; ')}`);
  }
  ctx.progress(1);
  return finish(db, ctx, null);
}

async function collectFrom(
  ctx: StageContext, source: PostsDataSourceRow, query: QueryNode, language: string | null,
  factories: ReadonlyMap<string, CollectorFactory>, registered: readonly Collector[], progress: (f: number) => void,
): Promise<number> {
  if (source.source === 'local') {
    const result = await linkMatching(ctx.storage, {
      organizationId: ctx.organizationId, query, startDate: ctx.run.startDate, endDate: ctx.run.endDate, language,
      recordLimit: source.record_limit, runId: ctx.runId, signal: ctx.signal, progress,
    });
    return result.linked;
  }
  const factory = factories.get(source.source);
  const collector = factory ? factory(source, parseSettings(source.settings)) : registered.find((c) => c.id === source.source);
  if (!collector) throw new Error(`no collector is installed for source '${source.source}'`);
  const result = await collector.collect({
    organizationId: ctx.organizationId, conversationId: ctx.conversationId, runId: ctx.runId, query, queryString: ctx.run.queryString,
    startDate: ctx.run.startDate, endDate: ctx.run.endDate, language, recordLimit: source.record_limit,
  }, { ...ctx, progress: (f) => progress(f) });
  return result.collected;
}

async function report(ctx: StageContext, usage: CollectUsage, durationMs: number) {
  await ctx.recordUsage?.({
    name: usage.name, collected_records: usage.collected_records, record_limit: usage.record_limit, source: usage.source,
    duration_ms: durationMs, failure: usage.failure,
  });
}

async function finish(db: Db, ctx: StageContext, reusedFrom: string | null): Promise<CollectOutcome> {
  const count = await db.selectFrom('posts_run_posts').select((eb) => eb.fn.countAll<number>().as('n')).where('run_id', '=', ctx.runId).executeTakeFirstOrThrow();
  const collectedRecords = Number(count.n);
  await db.updateTable('posts_collections')
    .set({ status: 'SUCCESS', collected_records: collectedRecords, reused_from_run_id: reusedFrom, finished_at: new Date().toISOString() })
    .where('run_id', '=', ctx.runId).execute();
  const collectors = await db.selectFrom('posts_collector_runs')
    .select(['name', 'source', 'record_limit', 'collected_records', 'status', 'failure'])
    .where('run_id', '=', ctx.runId).execute();
  collectors.sort((a, b) => Number(b.source === 'local') - Number(a.source === 'local') || a.name.localeCompare(b.name));
  return { collectedRecords, reusedFromRunId: reusedFrom, collectors };
}

/** The latest successful collection of the same conversation with the same query, dates and language. */
async function reusableCollection(db: Db, ctx: StageContext, language: string | null): Promise<string | null> {
  let q = db.selectFrom('posts_collections').select('run_id')
    .where('organization_id', '=', ctx.organizationId).where('conversation_id', '=', ctx.conversationId)
    .where('run_id', '!=', ctx.runId).where('status', '=', 'SUCCESS')
    .where('query_string', '=', ctx.run.queryString).where('start_date', '=', ctx.run.startDate).where('end_date', '=', ctx.run.endDate);
  q = language === null ? q.where('language', 'is', null) : q.where('language', '=', language);
  const row = await q.orderBy('started_at', 'desc').limit(1).executeTakeFirst();
  return row?.run_id ?? null;
}

/** Collectors other plugins registered get a data source row (enabled, their default record_limit) the first time. */
async function ensureDataSources(db: Db, registered: readonly Collector[]) {
  if (registered.length === 0) return;
  const known = new Set((await db.selectFrom('posts_data_sources').select('source').execute()).map((r) => r.source));
  const now = new Date().toISOString();
  for (const c of registered) {
    if (known.has(c.id)) continue;
    await db.insertInto('posts_data_sources').values({
      id: crypto.randomUUID(), name: c.name, source: c.id, record_limit: c.defaultRecordLimit, enabled: 1, editable: 1,
      settings: '{}', created_at: now, updated_at: now,
    }).onConflict((oc) => oc.doNothing()).execute();
  }
}

/**
 * The data sources an organisation's runs use (available for the installation and not switched off by the
 * organisation), the local archive first, each with the organisation's record_limit.
 */
export async function enabledDataSources(db: Db, organizationId: string): Promise<PostsDataSourceRow[]> {
  // Same database; the organisation table's type lives with the data source code.
  const sources = await enabledDataSourcesFor(db as unknown as DataSourceDb, organizationId);
  return sources.map(({ available: _a, effective_enabled: _e, effective_record_limit: recordLimit, customized: _c, ...row }) => ({ ...row, record_limit: recordLimit }));
}

export function parseSettings(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
