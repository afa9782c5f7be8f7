import type { StoredPosts } from '@core/server/pipeline/collectors';
import type { Storage } from '@core/server/storage/database';
import { countMatching, linkMatching } from './collect/localArchive';

/** `core.storedPosts`: the conversations plugin's live preview and run linking, answered from the local archive. */
export function createStoredPosts(storage: Storage): StoredPosts {
  return {
    countMatching: (q) => countMatching(storage, q),
    linkMatching: async (q) => linkMatching(storage, q),
  };
}
