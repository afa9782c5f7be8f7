import type { StoredPosts } from '@core/server/pipeline/collectors';
import type { Storage } from '@core/server/storage/database';
import { countMatching, linkMatching } from './collect/localArchive';
import { dataSourceBySource, dataSourceDb } from './dataSources/organization';

/**
 * `core.storedPosts`: the conversations plugin's live preview and run linking, answered from the local archive.
 * `dataSource` tells the collect step whether the organisation uses the local archive and at which record_limit.
 */
export function createStoredPosts(storage: Storage): StoredPosts {
  return {
    countMatching: (q) => countMatching(storage, q),
    linkMatching: async (q) => linkMatching(storage, q),
    async dataSource(organizationId) {
      const s = await dataSourceBySource(dataSourceDb(storage), organizationId, 'local');
      return s
        ? { name: s.name, source: s.source, enabled: s.effective_enabled, recordLimit: s.effective_record_limit }
        : { name: 'Local archive', source: 'local', enabled: true, recordLimit: null };
    },
  };
}
