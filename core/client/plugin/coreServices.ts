import type { ServiceKey } from '@core/shared/services/registry';
import { apiKey, contextKeysKey, filtersKey, navigationKey, notificationsKey, selectionKey, sessionKey, themeKey } from '../services/keys';
import { commandsServiceKey } from '../commands/commandService';
import { workspaceServiceKey } from '../workspace/workspaceService';

/**
 * The services core registers in the browser: `core.api` right after the plugins activate (App.tsx), the shell's
 * (navigation, filters, session, settings) while it is mounted, `core.workspace` while a workspace is. Plugins
 * may require them without a provider, may not provide them, and reach them without declaring them; commands and
 * panels run while they are registered, and `activate` should only keep the registry for the ones arriving later.
 * `core.notifications` (toasts) is the shell's too; component tests often run without it, so its users check `has`.
 */
export const coreClientServices: readonly ServiceKey<unknown>[] = [
  apiKey,
  navigationKey,
  filtersKey,
  sessionKey,
  themeKey,
  notificationsKey,
  workspaceServiceKey,
  // Registered by createWorkbenchHost before any plugin activates: `activate` may use them (popup renderers).
  commandsServiceKey,
  selectionKey,
  contextKeysKey,
];
