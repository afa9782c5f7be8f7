import { sql, type Kysely } from 'kysely';
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
  return async (db, run, change) => {
    if (change !== 'finished' || run.status !== 'SUCCESS') return;
    if (deps.storage.dialect === 'postgres') await analyzeIfStale(db);
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

/**
 * PostgreSQL plans a run's first pages from table statistics; right after an import and a run's links, autovacuum has
 * not analysed them yet, and a page read live (facts.ts `liveFacts`) was planned as a join of the whole run and a sort
 * (1.1 s at 200k posts) instead of a walk down the date index (under 1 ms). Analysed here, inside the finishing
 * transaction, so the statistics are there when the run's SUCCESS is. Only tables with a tenth of their rows changed
 * since their last analysis (autovacuum's own default threshold); a savepoint keeps a failure from failing the run.
 */
async function analyzeIfStale(db: Kysely<any>): Promise<void> {
  const stale = await sql<{ relname: string }>`select relname from pg_stat_user_tables
    where relname in ('posts_posts', 'posts_run_posts') and n_mod_since_analyze > greatest(1000, n_live_tup / 10)`.execute(db);
  for (const { relname } of stale.rows) {
    try {
      await sql`savepoint explorer_analyze`.execute(db);
    } catch {
      return; // not inside a transaction: nothing to keep safe, and nothing to gain before a commit
    }
    try {
      await sql`analyze ${sql.table(relname)}`.execute(db);
      await sql`release savepoint explorer_analyze`.execute(db);
    } catch {
      await sql`rollback to savepoint explorer_analyze`.execute(db);
    }
  }
}
