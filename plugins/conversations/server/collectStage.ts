import { defineStage } from '@core/server/plugin/contract';
import { pipelineKey } from '@core/server/pipeline/runner';
import { storedPostsKey } from '@core/server/pipeline/collectors';
import { parseQuery } from '@core/shared/query';
import { MESSAGES } from '../shared/messages';

/**
 * DAG step 1: collect. Runs every registered collector (core/server/pipeline/collectors.ts) over the run's query
 * and window, records each one's usage (collected records, limit, source, duration, failure), then links the
 * matching stored posts to the run when a post store is installed. With `use_existing_data` no collector is
 * asked: only stored posts are used. A run fails here only when every collector failed.
 */
export const collectStage = defineStage({
  id: 'conversations.collect',
  title: 'Collect posts',
  version: 1,
  dagStep: 1,
  enrichmentStage: 'PENDING',
  dependsOn: [],
  async run(ctx) {
    const parsed = parseQuery(ctx.run.queryString);
    if (!parsed.ok) throw new Error(`${MESSAGES.booleanStringInvalid}: ${parsed.errors[0]?.message ?? ''}`);
    const collectors = ctx.services.has(pipelineKey) ? ctx.services.get(pipelineKey).collectors.list() : [];
    const failures: string[] = [];
    if (!ctx.run.useExistingData) {
      for (const [i, collector] of collectors.entries()) {
        const started = Date.now();
        let collected = 0;
        let failure: string | null = null;
        try {
          collected = (await collector.collect({
            organizationId: ctx.organizationId, conversationId: ctx.conversationId, runId: ctx.runId,
            query: parsed.ast, queryString: ctx.run.queryString, startDate: ctx.run.startDate, endDate: ctx.run.endDate,
            language: ctx.run.language, recordLimit: collector.defaultRecordLimit,
          }, ctx)).collected;
        } catch (error) {
          if (ctx.signal.aborted) throw error;
          failure = error instanceof Error ? error.message : String(error);
          failures.push(`${collector.name}: ${failure}`);
        }
        await ctx.recordUsage?.({
          name: collector.name, collected_records: collected, record_limit: collector.defaultRecordLimit,
          source: collector.source, duration_ms: Date.now() - started, failure,
        });
        ctx.progress((i + 1) / (collectors.length + 1));
      }
      if (collectors.length > 0 && failures.length === collectors.length) {
        throw new Error(`Every data collector failed (${failures.join('; ')})`);
      }
    }
    if (ctx.services.has(storedPostsKey)) {
      await ctx.services.get(storedPostsKey).linkMatching({
        organizationId: ctx.organizationId, conversationId: ctx.conversationId, runId: ctx.runId,
        query: parsed.ast, startDate: ctx.run.startDate, endDate: ctx.run.endDate, signal: ctx.signal,
      });
    }
    ctx.progress(1);
  },
});
