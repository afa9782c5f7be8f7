import type { CommandContext } from '@core/client/plugin/contract';
import { workspaceServiceKey } from '@core/client/workspace/workspaceService';
import type { ContextKeyValue } from '@core/shared/commands/when';
import { contextKeysKey, selectionKey } from '../services/keys';

export type ContextKeyProvider = (ctx: CommandContext) => ContextKeyValue;

function focusedPanelType(ctx: CommandContext): string | null {
  if (!ctx.services.has(workspaceServiceKey)) return null;
  const { focusedPaneId, layout } = ctx.services.get(workspaceServiceKey).getState();
  return focusedPaneId === null ? null : (layout.panes[focusedPaneId]?.type ?? null);
}

const selection = (ctx: CommandContext) => (ctx.services.has(selectionKey) ? ctx.services.get(selectionKey) : null);

/**
 * Keys every `when` expression can read. They are computed from the command context when read, never cached, so
 * they cannot go stale, and they work in tests that register no context key service.
 */
export const BUILT_IN_CONTEXT_KEYS: Readonly<Record<string, ContextKeyProvider>> = {
  conversationId: (ctx) => ctx.conversationId,
  projectName: (ctx) => ctx.projectName,
  tab: (ctx) => ctx.tab,
  subtab: (ctx) => ctx.subtab,
  focusedPaneId: (ctx) => ctx.focusedPaneId,
  paneCount: (ctx) => ctx.paneCount,
  /** A workspace is mounted (the `core.workspace` service is registered). */
  workspaceOpen: (ctx) => ctx.services.has(workspaceServiceKey),
  /** The panel type of the focused pane, e.g. `coordination.networkNavigator`. */
  focusedPanelType,
  /** The kind of the current selection (`account`, `cluster`, `post` ...). */
  selectionKind: (ctx) => selection(ctx)?.getSnapshot().selection?.kind ?? null,
  /** The kind of the top open popup. */
  popupKind: (ctx) => selection(ctx)?.topPopupKind() ?? null,
};

const isBuiltIn = (key: string) => Object.prototype.hasOwnProperty.call(BUILT_IN_CONTEXT_KEYS, key);

/**
 * Plugins' own context keys (`core.contextKeys`), as VS Code's context key service: a value, or a function of the
 * command context computed when a `when` expression reads it. Name them `<pluginId>.<name>`.
 */
export class ContextKeyService {
  private readonly keys = new Map<string, ContextKeyValue | ContextKeyProvider>();

  /** Sets a key; the disposer removes it again unless it was set anew meanwhile. Built-in names are refused. */
  set(key: string, value: ContextKeyValue | ContextKeyProvider): () => void {
    if (isBuiltIn(key)) throw new Error(`Context key '${key}' is built in and cannot be set`);
    this.keys.set(key, value);
    return () => {
      if (this.keys.get(key) === value) this.keys.delete(key);
    };
  }

  get(key: string, ctx: CommandContext): ContextKeyValue {
    const value = this.keys.get(key);
    return typeof value === 'function' ? value(ctx) : value;
  }
}

/** How `when` expressions read a key in `ctx`: built-in keys first, then the context key service when there is one. */
export function contextKeyLookup(ctx: CommandContext): (key: string) => ContextKeyValue {
  return (key) => {
    if (isBuiltIn(key)) return BUILT_IN_CONTEXT_KEYS[key]!(ctx);
    return ctx.services.has(contextKeysKey) ? ctx.services.get(contextKeysKey).get(key, ctx) : undefined;
  };
}
