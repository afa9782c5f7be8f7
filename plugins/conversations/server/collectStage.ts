import { defineStage } from '@core/server/plugin/contract';
import { pipelineKey } from '@core/server/pipeline/runner';
import { storedPostsKey, type Collector } from '@core/server/pipeline/collectors';
import type { StageContext } from '@core/server/pipeline/stages';
import { parseQuery } from '@core/shared/query';
import { MESSAGES } from '../shared/messages';

/** Collectors whose data source is on for the run's organisation, each with its record_limit there. */
async function activeCollectors(ctx: StageContext): Promise<Array<{ collector: Collector; recordLimit: number | null }>> {
  const all = ctx.services.has(pipelineKey) ? ctx.services.get(pipelineKey).collectors.list() : [];
  const active: Array<{ collector: Collector; recordLimit: number | null }> = [];
  for (const collector of all) {
    const settings = await collector.settingsFor?.(ctx.organizationId);
    if (settings && !settings.enabled) continue;
    active.push({ collector, recordLimit: settings ? settings.recordLimit : collector.defaultRecordLimit });
  }
  return active;
}

/**
 * DAG step 1: collect. Runs every registered collector whose data source is on for the organisation
 * (core/server/pipeline/collectors.ts) over the run's query, window and language, at that source's record_limit,
 * then links the matching stored posts to the run (the local archive: language and record_limit apply too).
 * Each records its usage (collected records, limit, source, duration, failure). With `use_existing_data` no
 * network collector is asked: only stored posts are used. A run fails here only when every collector failed.
 */
export const collectStage = defineStage({
  id: 'conversations.collect',
  title: 'Collect posts',
  version: 2,
  dagStep: 1,
  enrichmentStage: 'PENDING',
  dependsOn: [],
  async run(ctx) {
    const parsed = parseQuery(ctx.run.queryString);
    if (!parsed.ok) throw new Error(`${MESSAGES.booleanStringInvalid}: ${parsed.errors[0]?.message ?? ''}`);
    const collectors = ctx.run.useExistingData ? [] : await activeCollectors(ctx);
    const store = ctx.services.has(storedPostsKey) ? ctx.services.get(storedPostsKey) : null;
    const archive = store ? (await store.dataSource?.(ctx.organizationId)) ?? null : null;
    const useArchive = store !== null && (archive === null || archive.enabled);
    const steps = collectors.length + 1;
    const failures: string[] = [];
    for (const [i, { collector, recordLimit }] of collectors.entries()) {
      const started = Date.now();
      let collected = 0;
      let failure: string | null = null;
      try {
        collected = (await collector.collect({
          organizationId: ctx.organizationId, conversationId: ctx.conversationId, runId: ctx.runId,
          query: parsed.ast, queryString: ctx.run.queryString, startDate: ctx.run.startDate, endDate: ctx.run.endDate,
          language: ctx.run.language, recordLimit,
        }, ctx)).collected;
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        failure = error instanceof Error ? error.message : String(error);
        failures.push(`${collector.name}: ${failure}`);
      }
      await ctx.recordUsage?.({
        name: collector.name, collected_records: collected, record_limit: recordLimit,
        source: collector.source, duration_ms: Date.now() - started, failure,
      });
      ctx.progress((i + 1) / steps);
    }
    if (store && useArchive) {
      const started = Date.now();
      const recordLimit = archive?.recordLimit ?? null;
      let linked = 0;
      let failure: string | null = null;
      try {
        linked = (await store.linkMatching({
          organizationId: ctx.organizationId, conversationId: ctx.conversationId, runId: ctx.runId,
          query: parsed.ast, startDate: ctx.run.startDate, endDate: ctx.run.endDate, language: ctx.run.language, recordLimit,
          signal: ctx.signal,
        })).linked;
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        failure = error instanceof Error ? error.message : String(error);
        failures.push(`${archive?.name ?? 'Local archive'}: ${failure}`);
      }
      // The local archive is a data source like the others: its usage goes into the run's collector usage.
      await ctx.recordUsage?.({
        name: archive?.name ?? 'Local archive', collected_records: linked, record_limit: recordLimit,
        source: archive?.source ?? 'local', duration_ms: Date.now() - started, failure,
      });
    }
    const attempted = collectors.length + (store && useArchive ? 1 : 0);
    if (attempted > 0 && failures.length === attempted) {
      throw new Error(`Every data collector failed (${failures.join('; ')})`);
    }
    ctx.progress(1);
  },
});
