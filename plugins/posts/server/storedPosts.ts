import type { StoredPosts } from '@core/server/pipeline/collectors';
import type { Storage } from '@core/server/storage/database';
import { countMatching, linkMatching } from './collect/localArchive';
import { dataSourceBySource, dataSourceDb } from './dataSources/organization';

/**
 * `core.storedPosts`: the conversations plugin's live preview and run linking, answered from the local archive.
 * `dataSource` tells the collect step whether the organisation uses the local archive and at which record_limit.
 * The preview searches within `queryTimeBudgetMs` (NARRASCOPE_QUERY_TIME_BUDGET_MS), off the event loop on SQLite;
 * linking a run's posts has no budget (a run may take as long as its data needs; cancelling it stops the search).
 */
export function createStoredPosts(storage: Storage, opts: { queryTimeBudgetMs?: number | null } = {}): StoredPosts {
  return {
    countMatching: (q) => countMatching(storage, q, { timeBudgetMs: opts.queryTimeBudgetMs }),
    linkMatching: async (q) => linkMatching(storage, q),
    async dataSource(organizationId) {
      const s = await dataSourceBySource(dataSourceDb(storage), organizationId, 'local');
      return s
        ? { name: s.name, source: s.source, enabled: s.effective_enabled, recordLimit: s.effective_record_limit }
        : { name: 'Local archive', source: 'local', enabled: true, recordLimit: null };
    },
  };
}
