import type { CommandContext } from '@core/client/plugin/contract';
import { ServiceRegistry } from '@core/shared/services/registry';
import type { KeyValueStorage } from './registry';

/** A command context with nothing open; tests override what they need. */
export function testCommandContext(overrides: Partial<CommandContext> = {}): CommandContext {
  return {
    conversationId: null,
    projectName: null,
    tab: null,
    subtab: null,
    focusedPaneId: null,
    paneCount: 0,
    services: new ServiceRegistry(),
    ...overrides,
  };
}

/** Storage kept in a Map, so tests can inspect what the registry wrote. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, value);
    },
    removeItem: (key) => {
      data.delete(key);
    },
  };
}
