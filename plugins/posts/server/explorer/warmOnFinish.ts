import { sql } from 'kysely';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import type { Logger } from '@core/server/logger';
import type { RunListener } from '@core/server/pipeline/runs';
import type { PostScopeService } from '@core/server/postScope';
import type { Storage } from '@core/server/storage/database';
import { ensureRunFacts } from './facts';
import { runIndexOf } from './runIndex';

/**
 * Prepares a conversation's new run for the explorer as soon as the run succeeds, instead of on the first request:
 * the run's narrow facts (shared through the database, so every API process benefits) and, in this process, its
 * in-memory index. Runs after the finishing transaction committed and only once the run is the conversation's
 * latest successful one (filling facts for any other run would replace the explored run's).
 */
export function warmExplorerOnFinish(deps: {
  storage: Storage; postScope: () => PostScopeService; facets: () => PostFacetRegistry; logger: Logger;
  /** Tests wait on this; production ignores it. */
  onWarmed?: (runId: string) => void;
}): RunListener {
  return async (_db, run, change) => {
    if (change !== 'finished' || run.status !== 'SUCCESS') return;
    setTimeout(() => {
      void (async () => {
        // Listeners hear 'finished' inside the finishing transaction, which may not have committed yet: on PostgreSQL
        // the run's row stays locked until it does (SQLite's one connection already runs this after it). Without
        // the wait the scope below often still named the previous run and the run was never prepared.
        if (deps.storage.dialect === 'postgres') {
          await sql`select id from core_pipeline_runs where id = ${run.id} for share`.execute(deps.storage.db);
        }
        const scope = await deps.postScope().resolve(run.organizationId, run.conversationId);
        if (scope.runId !== run.id) return;
        await ensureRunFacts(deps.storage, { ...scope, runId: run.id });
        await runIndexOf(deps.storage, deps.facets(), scope);
        deps.onWarmed?.(run.id);
      })().catch((error: unknown) => deps.logger.warn({ err: error, runId: run.id }, 'could not prepare the explorer for a finished run'));
    }, 0);
  };
}
