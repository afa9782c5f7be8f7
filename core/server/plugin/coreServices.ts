import type { ServiceKey } from '@core/shared/services/registry';
import { accessKey } from '../auth/access';
import { postFacetsKey } from '../facets/contract';
import { pipelineKey } from '../pipeline/runner';
import { postScopeKey } from '../postScope/contract';
import { authKey, configKey, loggerKey, storageKey } from './context';

/**
 * The services createServer (server.ts) registers before any plugin activates. Plugins may require them without
 * a provider, may not provide them, and reach them without declaring them. A new core service belongs here too,
 * else a plugin requiring it is refused as unprovided; activatePlugins checks that each one listed is registered.
 * (`core.storedPosts`, `core.organizationDataSources` and `core.conversationDirectory` are core contracts a plugin
 * provides, so they are not listed.)
 */
export const coreServerServices: readonly ServiceKey<unknown>[] = [
  storageKey,
  configKey,
  loggerKey,
  authKey,
  accessKey,
  pipelineKey,
  postFacetsKey,
  postScopeKey,
];
