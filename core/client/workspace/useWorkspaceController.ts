import { useCallback, useMemo, useRef, useState } from 'react';
import type { Layout } from '@core/shared/layout/schema';
import {
  createLayoutReducer,
  initialWorkspaceState,
  layoutForSave,
  type LayoutAction,
  type WorkspaceState,
} from './layoutReducer';
import type { PanelRegistry } from './panelRegistry';

export interface DispatchOptions {
  /**
   * Save the resulting layout. Defaults to true for discrete edits (split, add, close, config) and false for
   * `replaceTree` (a drag frame: Mosaic's onRelease dispatches it again with `persist: true`), focus and maximise
   * (view state that does not change the saved tree) and `reset` (loading is not an edit).
   */
  persist?: boolean;
}

/** The handle `Workspace`, the workspace service and commands share: current state plus one way to change it. */
export interface WorkspaceController {
  state: WorkspaceState;
  /** Applies the action synchronously and returns the new state (so callers can read it in the same event). */
  dispatch(action: LayoutAction, options?: DispatchOptions): WorkspaceState;
  /** The latest state, also between renders (for services and commands called from outside React). */
  getState(): WorkspaceState;
}

const PERSISTED_BY_DEFAULT: ReadonlySet<LayoutAction['type']> = new Set([
  'splitPane',
  'addPane',
  'closePane',
  'setPaneConfig',
]);

export interface WorkspaceControllerOptions {
  initialLayout: Layout;
  registry: PanelRegistry;
  /** Called with the layout to save after a finished edit; never on intermediate drag frames. */
  onPersist?: (layout: Layout) => void;
}

/**
 * Holds the workspace state around the pure reducer. The reducer runs synchronously against a ref (not through
 * `useReducer`) so that Mosaic's `onRelease`, which fires in the same tick as `onChange`, can persist the exact
 * tree it was given, and so services see the new state immediately.
 */
export function useWorkspaceController({ initialLayout, registry, onPersist }: WorkspaceControllerOptions): WorkspaceController {
  const reducer = useMemo(() => createLayoutReducer(registry.reducerEnv), [registry]);
  const stateRef = useRef<WorkspaceState | null>(null);
  if (stateRef.current === null) stateRef.current = initialWorkspaceState(initialLayout);
  const [state, setState] = useState<WorkspaceState>(stateRef.current);
  const onPersistRef = useRef(onPersist);
  onPersistRef.current = onPersist;
  /** JSON of the last layout handed to onPersist: a release that changed nothing (a click on a divider) saves nothing. */
  const lastPersisted = useRef<string>(JSON.stringify(layoutForSave(stateRef.current)));

  const dispatch = useCallback(
    (action: LayoutAction, options: DispatchOptions = {}): WorkspaceState => {
      const previous = stateRef.current!;
      const next = reducer(previous, action);
      if (next !== previous) {
        stateRef.current = next;
        setState(next);
      }
      if (action.type === 'reset') lastPersisted.current = JSON.stringify(layoutForSave(next));
      const persist = options.persist ?? PERSISTED_BY_DEFAULT.has(action.type);
      if (persist) {
        const layout = layoutForSave(next);
        const json = JSON.stringify(layout);
        if (json !== lastPersisted.current) {
          lastPersisted.current = json;
          onPersistRef.current?.(layout);
        }
      }
      return next;
    },
    [reducer],
  );
  const getState = useCallback(() => stateRef.current!, []);

  return useMemo(() => ({ state, dispatch, getState }), [state, dispatch, getState]);
}
