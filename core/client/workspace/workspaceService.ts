import { useEffect, useMemo, useRef } from 'react';
import type { CommandContext } from '@core/client/plugin/contract';
import { leavesOf, type Layout } from '@core/shared/layout/schema';
import { serviceKey, type ServiceRegistry } from '@core/shared/services/registry';
import { layoutForSave, type SplitDirection } from './layoutReducer';
import type { WorkspaceController } from './useWorkspaceController';

/** What commands and other plugins may do with the mounted workspace. */
export interface WorkspaceService {
  splitFocused(direction: SplitDirection): void;
  focusNext(): void;
  closeFocused(): void;
  /** Maximises the focused pane, or restores the layout when a pane is maximised. */
  maximiseFocused(): void;
  /** Deletes the user's saved arrangement and shows the built-in layout. */
  resetLayout(): Promise<void>;
  /**
   * Shows a panel: without `config`, focuses an existing pane of that type when there is one (so "Open X" from the
   * palette never piles up duplicates); otherwise adds a pane beside the focused one.
   */
  openPanel(type: string, config?: Record<string, unknown>): void;
  getState(): WorkspaceSnapshot;
}

export interface WorkspaceSnapshot {
  layoutId: string;
  focusedPaneId: string | null;
  /** Panes placed in the layout (hidden tabs and panes hidden by maximise included). */
  paneCount: number;
  maximisedPaneId: string | null;
  /** The layout as it would be saved. */
  layout: Layout;
}

export const workspaceServiceKey = serviceKey<WorkspaceService>('core.workspace');

export interface WorkspaceServiceOptions {
  /** "Reset layout" needs the store; `useWorkspaceLayout().reset` is the usual value. */
  resetLayout: () => Promise<void>;
}

/** Long enough for the command palette to close and restore focus first. */
const PANE_FOCUS_DELAY_MS = 80;

/** Moves keyboard focus to a pane's body (a section, a Tab stop labelled by the pane's title). */
export function focusPaneElement(paneId: string | null): void {
  if (paneId === null || typeof document === 'undefined') return;
  // Compared as text rather than through a selector: no escaping to get wrong, and no need for CSS.escape (jsdom, or a
  // test environment already torn down when this delayed call runs, may lack it).
  const panes = document.querySelectorAll<HTMLElement>('section[data-pane-id]');
  [...panes].find((pane) => pane.dataset.paneId === paneId)?.focus();
}

export function createWorkspaceService(controller: () => WorkspaceController, options: WorkspaceServiceOptions): WorkspaceService {
  const focused = () => {
    const state = controller().getState();
    return state.focusedPaneId ?? leavesOf(state.layout.root)[0] ?? null;
  };
  return {
    splitFocused(direction) {
      const paneId = focused();
      if (paneId !== null) controller().dispatch({ type: 'splitPane', paneId, direction });
    },
    focusNext() {
      controller().dispatch({ type: 'focusNextPane' });
      // Keyboard focus follows the highlight, once the palette (when it ran the command) has restored its own focus.
      setTimeout(() => focusPaneElement(focused()), PANE_FOCUS_DELAY_MS);
    },
    closeFocused() {
      const paneId = focused();
      if (paneId !== null) controller().dispatch({ type: 'closePane', paneId });
    },
    maximiseFocused() {
      const state = controller().getState();
      if (state.maximised) controller().dispatch({ type: 'restore' });
      else {
        const paneId = focused();
        if (paneId !== null) controller().dispatch({ type: 'maximisePane', paneId });
      }
    },
    resetLayout: () => options.resetLayout(),
    openPanel(type, config) {
      const state = controller().getState();
      if (config === undefined) {
        const saved = layoutForSave(state);
        const existing = leavesOf(saved.root).find((id) => saved.panes[id]?.type === type);
        if (existing !== undefined) {
          if (state.maximised && state.maximised.paneId !== existing) controller().dispatch({ type: 'restore' });
          controller().dispatch({ type: 'focusPane', paneId: existing });
          return;
        }
      }
      controller().dispatch({ type: 'addPane', panelType: type, ...(config === undefined ? {} : { config }) });
    },
    getState() {
      const state = controller().getState();
      const layout = layoutForSave(state);
      return {
        layoutId: layout.id,
        focusedPaneId: state.focusedPaneId,
        paneCount: leavesOf(layout.root).length,
        maximisedPaneId: state.maximised?.paneId ?? null,
        layout,
      };
    },
  };
}

/**
 * Creates the workspace service for a mounted workspace and registers it under `core.workspace` while mounted,
 * so commands that need a workspace disappear from the palette on pages without one. One workspace at a time.
 */
export function useProvideWorkspaceService(
  services: ServiceRegistry,
  controller: WorkspaceController,
  options: WorkspaceServiceOptions,
): WorkspaceService {
  // The service object stays the same for the workspace's lifetime; it reads the latest controller through refs.
  const controllerRef = useRef(controller);
  controllerRef.current = controller;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const service = useMemo(
    () => createWorkspaceService(() => controllerRef.current, { resetLayout: () => optionsRef.current.resetLayout() }),
    [],
  );
  useEffect(() => services.provide(workspaceServiceKey, service), [services, service]);
  return service;
}

/** The workspace fields of a command context, read from the service when a workspace is mounted. */
export function workspaceContextFields(services: ServiceRegistry): Pick<CommandContext, 'focusedPaneId' | 'paneCount'> {
  if (!services.has(workspaceServiceKey)) return { focusedPaneId: null, paneCount: 0 };
  const { focusedPaneId, paneCount } = services.get(workspaceServiceKey).getState();
  return { focusedPaneId, paneCount };
}
