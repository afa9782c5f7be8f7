import type { PostFacetRegistry } from '@core/server/facets/contract';
import type { SelectionAccelerator } from '@core/server/postScope';
import type { Storage } from '@core/server/storage/database';
import { indexIds, indexTotal } from './indexQueries';
import type { PostSetQuery } from './postSet';
import { warmRunIndex } from './runIndex';

/**
 * The explorer's in-memory run index behind core's post scope (ADR 0007): any analysis's `select(scope, filters)`
 * counts and lists ids over typed arrays when the explorer holds the run's index, and over SQL otherwise. The
 * index holds the same filter columns as the SQL filter engine (the store's and every facet's), so both answer alike
 * (tests/integration/explorer/postScopeIndex.test.ts checks that on both engines).
 */
export function runIndexAccelerator(storage: Storage, registry: () => PostFacetRegistry): SelectionAccelerator {
  const queryOf = (scope: PostSetQuery['scope'], filters: PostSetQuery['filters']): PostSetQuery => ({ scope, filters, search: null, coordinationOnly: false });
  return {
    owner: 'posts',
    async count(scope, filters) {
      const index = await warmRunIndex(storage, registry(), scope);
      return index ? indexTotal(index, queryOf(scope, filters)) : null;
    },
    async ids(scope, filters) {
      const index = await warmRunIndex(storage, registry(), scope);
      return index ? indexIds(storage, registry(), index, queryOf(scope, filters), 'published_at:desc', 0, Infinity) : null;
    },
  };
}
