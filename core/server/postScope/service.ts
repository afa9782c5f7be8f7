import { filterPredicate } from '@core/shared/filters';
import type { ServiceRegistry } from '@core/shared/services/registry';
import { postFacetsKey } from '../facets/contract';
import { tablesOf, type Storage } from '../storage/database';
import type { PostStoreTables } from '../postStore/tables';
import { conversationDirectoryKey, type PostScopeService, type SelectionAccelerator } from './contract';
import { providedDimensions, scopeFilterColumns } from './filterEngine';
import { resolveRunScope } from './runScope';
import { createSelection } from './selection';

/**
 * The post scope service (`core.postScope`). Facet providers and the conversation directory are looked up per call:
 * plugins register them while they activate, after core created this service.
 */
export function createPostScope(storage: Storage, services: ServiceRegistry): PostScopeService {
  const facets = () => (services.has(postFacetsKey) ? services.get(postFacetsKey) : null);
  const directory = () => (services.has(conversationDirectoryKey) ? services.get(conversationDirectoryKey) : null);
  const db = tablesOf<PostStoreTables>(storage);
  const accelerators: SelectionAccelerator[] = [];
  const service: PostScopeService = {
    resolve: (organizationId, conversationId, message) => resolveRunScope(storage.db, directory(), organizationId, conversationId, message),
    columns: (scope, alias = 'p') => scopeFilterColumns(facets(), scope, alias),
    where: (scope, filters, alias = 'p') => {
      const columns = service.columns(scope, alias);
      return (eb) => filterPredicate(eb, filters, columns);
    },
    select: (scope, filters) => createSelection(db, scope, filters, service.columns(scope, 'p'), [...accelerators]),
    providedDimensions: () => providedDimensions(scopeFilterColumns(facets(), { organizationId: '', conversationId: null, runId: null })),
    accelerate: (accelerator) => {
      accelerators.push(accelerator);
      return () => {
        const at = accelerators.indexOf(accelerator);
        if (at >= 0) accelerators.splice(at, 1);
      };
    },
  };
  return service;
}
