import { leavesOf, type Layout, type LayoutNode, type Pane } from '@core/shared/layout/schema';
import {
  activateTab,
  appendAtRoot,
  containsLeaf,
  removeLeaf,
  splitBeside,
  visibleLeaves,
  type SplitDirection,
} from './layoutTree';
import { nextPaneId } from './paneIds';

/**
 * The workspace is a plain reducer (architecture guide §3): no React, no I/O, so every arrangement change can be
 * tested as data. The state holds the persisted `Layout` plus two things that are not persisted: which pane has
 * focus, and the tree to come back to after "maximise".
 */
export interface WorkspaceState {
  /** The tree on screen. While a pane is maximised its root is just that pane. */
  layout: Layout;
  focusedPaneId: string | null;
  /** Set while a pane is maximised; `restoreRoot` is the arrangement "restore" brings back. */
  maximised: { paneId: string; restoreRoot: LayoutNode | null } | null;
}

export type { SplitDirection };

export type LayoutAction =
  /** Mosaic's onChange/onRelease: a drag, resize, tab switch or mosaic-side removal. */
  | { type: 'replaceTree'; root: LayoutNode | null }
  /** New pane beside `paneId`; same panel type with default config unless one is given. */
  | {
    type: 'splitPane';
    paneId: string;
    direction: SplitDirection;
    panelType?: string;
    config?: Record<string, unknown>;
    configVersion?: number;
  }
  /** New pane beside the focused one, or at the root when nothing is focused. */
  | { type: 'addPane'; panelType: string; config?: Record<string, unknown>; configVersion?: number; title?: string }
  | { type: 'closePane'; paneId: string }
  /** Show only this pane; maximising the maximised pane again restores (a toggle, like an IDE). */
  | { type: 'maximisePane'; paneId: string }
  | { type: 'restore' }
  | { type: 'focusPane'; paneId: string }
  /** Cycle focus over every pane in tree order (hidden tabs included, they get activated). */
  | { type: 'focusNextPane'; backwards?: boolean }
  | { type: 'setPaneConfig'; paneId: string; config: Record<string, unknown>; configVersion?: number }
  /** Replace everything with the given layout (built-in layout, or a freshly loaded saved one). */
  | { type: 'reset'; layout: Layout };

/** What the reducer needs to know about panels: defaults for a new pane. Injected so the reducer stays pure. */
export interface LayoutReducerEnv {
  /** Current config version and defaults of a panel type; null when the type is unknown. */
  paneDefaults(panelType: string): { configVersion: number; config: Record<string, unknown> } | null;
}

/** An environment that knows no panels: new panes of any type start with an empty version-1 config. */
export const emptyReducerEnv: LayoutReducerEnv = { paneDefaults: () => null };

export function initialWorkspaceState(layout: Layout): WorkspaceState {
  return { layout, focusedPaneId: visibleLeaves(layout.root)[0] ?? null, maximised: null };
}

/**
 * The layout to save: while a pane is maximised the saved tree is the one "restore" would bring back, so the
 * stored layout always places every pane (and `layoutProblems` stays empty).
 */
export function layoutForSave(state: WorkspaceState): Layout {
  if (!state.maximised) return state.layout;
  return { ...state.layout, root: state.maximised.restoreRoot };
}

export function createLayoutReducer(env: LayoutReducerEnv = emptyReducerEnv) {
  return function layoutReducer(state: WorkspaceState, action: LayoutAction): WorkspaceState {
    switch (action.type) {
      case 'replaceTree':
        return replaceTree(state, action.root);
      case 'splitPane': {
        const base = restored(state);
        const source = base.layout.panes[action.paneId];
        if (!source || !containsLeaf(base.layout.root, action.paneId) || base.layout.root === null) return state;
        const panelType = action.panelType ?? source.type;
        const pane = newPane(env, panelType, action.config, action.configVersion, panelType === source.type ? source : undefined);
        const id = nextPaneId(panelType, Object.keys(base.layout.panes));
        const root = splitBeside(base.layout.root, action.paneId, id, action.direction);
        return withPane(base, id, pane, root);
      }
      case 'addPane': {
        const base = restored(state);
        const pane = newPane(env, action.panelType, action.config, action.configVersion);
        if (action.title !== undefined) pane.title = action.title;
        const id = nextPaneId(action.panelType, Object.keys(base.layout.panes));
        const anchor = base.focusedPaneId;
        const root =
          anchor !== null && base.layout.root !== null && containsLeaf(base.layout.root, anchor)
            ? splitBeside(base.layout.root, anchor, id, 'row')
            : appendAtRoot(base.layout.root, id);
        return withPane(base, id, pane, root);
      }
      case 'closePane':
        return closePane(state, action.paneId);
      case 'maximisePane': {
        if (state.maximised?.paneId === action.paneId) return restored(state);
        const base = restored(state);
        if (!containsLeaf(base.layout.root, action.paneId)) return state;
        return {
          layout: { ...base.layout, root: action.paneId },
          focusedPaneId: action.paneId,
          maximised: { paneId: action.paneId, restoreRoot: base.layout.root },
        };
      }
      case 'restore':
        return restored(state);
      case 'focusPane':
        return focusPane(state, action.paneId);
      case 'focusNextPane': {
        const order = leavesOf(state.layout.root);
        if (order.length === 0) return state;
        const current = state.focusedPaneId === null ? -1 : order.indexOf(state.focusedPaneId);
        const step = action.backwards ? -1 : 1;
        const start = current < 0 ? (action.backwards ? 0 : -1) : current;
        const next = order[(start + step + order.length) % order.length]!;
        return focusPane(state, next);
      }
      case 'setPaneConfig': {
        const pane = state.layout.panes[action.paneId];
        if (!pane) return state;
        const updated: Pane = { ...pane, config: action.config, configVersion: action.configVersion ?? pane.configVersion };
        return { ...state, layout: { ...state.layout, panes: { ...state.layout.panes, [action.paneId]: updated } } };
      }
      case 'reset':
        return initialWorkspaceState(action.layout);
    }
  };
}

/** The reducer with no panel knowledge; the workspace builds its own from the panel registry. */
export const layoutReducer = createLayoutReducer();

function newPane(
  env: LayoutReducerEnv,
  panelType: string,
  config: Record<string, unknown> | undefined,
  configVersion: number | undefined,
  /** For a split of an unknown panel type there are no defaults: copying the source keeps the pane usable. */
  sameTypeSource?: Pane,
): Pane {
  const defaults = env.paneDefaults(panelType);
  if (config !== undefined) {
    return { type: panelType, config, configVersion: configVersion ?? defaults?.configVersion ?? 1 };
  }
  if (defaults) return { type: panelType, config: structuredClone(defaults.config), configVersion: defaults.configVersion };
  if (sameTypeSource) {
    return { type: panelType, config: structuredClone(sameTypeSource.config), configVersion: sameTypeSource.configVersion };
  }
  return { type: panelType, config: {}, configVersion: configVersion ?? 1 };
}

function withPane(state: WorkspaceState, id: string, pane: Pane, root: LayoutNode): WorkspaceState {
  return {
    layout: { ...state.layout, root, panes: { ...state.layout.panes, [id]: pane } },
    focusedPaneId: id,
    maximised: null,
  };
}

/** The state with any maximise undone: structural edits happen on the full tree, never on the one-pane view. */
function restored(state: WorkspaceState): WorkspaceState {
  if (!state.maximised) return state;
  return { ...state, layout: { ...state.layout, root: state.maximised.restoreRoot }, maximised: null };
}

function focusPane(state: WorkspaceState, paneId: string): WorkspaceState {
  const root = state.layout.root;
  if (root === null || !containsLeaf(root, paneId)) return state;
  const activated = activateTab(root, paneId);
  if (activated === root && state.focusedPaneId === paneId) return state;
  return { ...state, layout: activated === root ? state.layout : { ...state.layout, root: activated }, focusedPaneId: paneId };
}

/** Drop pane entries whose leaf is gone from the tree (placed anywhere, including the hidden pre-maximise tree). */
function prunePanes(panes: Layout['panes'], ...roots: Array<LayoutNode | null>): Layout['panes'] {
  const placed = new Set(roots.flatMap((root) => leavesOf(root)));
  const ids = Object.keys(panes);
  if (ids.every((id) => placed.has(id))) return panes;
  return Object.fromEntries(ids.filter((id) => placed.has(id)).map((id) => [id, panes[id]!]));
}

function refocus(focused: string | null, root: LayoutNode | null, before: string[]): string | null {
  if (focused !== null && containsLeaf(root, focused)) return focused;
  const visible = visibleLeaves(root);
  if (visible.length === 0) return null;
  // Prefer the pane that followed the closed one, then the one before it, as editors do.
  const index = focused === null ? -1 : before.indexOf(focused);
  if (index >= 0) {
    for (const candidate of [...before.slice(index + 1), ...before.slice(0, index).reverse()]) {
      if (visible.includes(candidate)) return candidate;
    }
  }
  return visible[0]!;
}

function replaceTree(state: WorkspaceState, root: LayoutNode | null): WorkspaceState {
  if (state.maximised) {
    // While maximised Mosaic shows one leaf; the only change it can make is removing that pane. Anything that still
    // shows the maximised pane alone changes nothing; otherwise the pane was closed and the rest comes back.
    if (root === state.maximised.paneId) return state;
    return closePane(state, state.maximised.paneId);
  }
  const before = visibleLeaves(state.layout.root);
  const panes = prunePanes(state.layout.panes, root);
  return {
    ...state,
    layout: { ...state.layout, root, panes },
    focusedPaneId: refocus(state.focusedPaneId, root, before),
  };
}

function closePane(state: WorkspaceState, paneId: string): WorkspaceState {
  if (!state.layout.panes[paneId] && !containsLeaf(state.layout.root, paneId)) return state;
  if (state.maximised) {
    if (state.maximised.paneId === paneId) {
      const root = removeLeaf(state.maximised.restoreRoot, paneId);
      const before = visibleLeaves(state.maximised.restoreRoot);
      return {
        layout: { ...state.layout, root, panes: prunePanes(state.layout.panes, root) },
        focusedPaneId: refocus(paneId, root, before),
        maximised: null,
      };
    }
    // Closing a hidden pane (e.g. from a command) leaves the maximised view alone.
    const restoreRoot = removeLeaf(state.maximised.restoreRoot, paneId);
    return {
      ...state,
      layout: { ...state.layout, panes: prunePanes(state.layout.panes, state.layout.root, restoreRoot) },
      maximised: { ...state.maximised, restoreRoot },
    };
  }
  const before = visibleLeaves(state.layout.root);
  const root = removeLeaf(state.layout.root, paneId);
  return {
    ...state,
    layout: { ...state.layout, root, panes: prunePanes(state.layout.panes, root) },
    focusedPaneId: refocus(state.focusedPaneId === paneId ? paneId : state.focusedPaneId, root, before),
  };
}
