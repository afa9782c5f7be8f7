import { useCallback, useEffect, useRef, useState } from 'react';
import { layoutProblems, layoutSchema, type Layout } from '@core/shared/layout/schema';
import type { LayoutStore } from './layoutStore';
import { migrateLayout } from './migrateLayout';
import type { PanelRegistry } from './panelRegistry';
import { useWorkspaceController, type WorkspaceController } from './useWorkspaceController';

export type WorkspaceLayoutStatus = 'loading' | 'ready';

export interface WorkspaceLayout {
  /** `loading` until the saved arrangement has been fetched (or failed); render a spinner, not the built-in. */
  status: WorkspaceLayoutStatus;
  /** Where the shown layout came from: the user's saved arrangement (migrated if it was older) or the built-in file. */
  source: 'saved' | 'built-in';
  controller: WorkspaceController;
  /** Deletes the saved arrangement and shows the built-in layout again ("Reset layout"). */
  reset(): Promise<void>;
}

export interface WorkspaceLayoutOptions {
  registry: PanelRegistry;
  /** Load/save/reset failures and unusable saved layouts; the workspace keeps working with what it has. */
  onError?: (message: string, error?: unknown) => void;
}

export interface ChosenLayout {
  layout: Layout;
  source: 'saved' | 'built-in';
  /** Set when the saved arrangement was older than the built-in layout and was migrated: save it again. */
  migratedFrom?: number;
}

/**
 * Chooses the saved arrangement when it is usable: it parses and places every pane exactly once. One saved against
 * an older version of the built-in layout is migrated (`migrateLayout`: the user's panes kept, panes of panel types
 * new to them added), not replaced, so a bumped built-in layout reaches users without undoing their arrangement.
 * An unusable one is reported and the built-in layout is used.
 */
export function chooseLayout(saved: unknown, builtIn: Layout, report: (message: string) => void = () => {}): ChosenLayout {
  if (saved === null || saved === undefined) return { layout: builtIn, source: 'built-in' };
  const parsed = layoutSchema.safeParse(saved);
  if (!parsed.success) {
    report(`Saved layout '${builtIn.id}' is not a valid layout; using the built-in one`);
    return { layout: builtIn, source: 'built-in' };
  }
  const problems = layoutProblems(parsed.data);
  if (problems.length > 0) {
    report(`Saved layout '${builtIn.id}' is inconsistent (${problems.join('; ')}); using the built-in one`);
    return { layout: builtIn, source: 'built-in' };
  }
  // The id is the key the arrangement is stored under; never let a stray id in the payload move it elsewhere.
  const { layout, migratedFrom } = migrateLayout({ ...parsed.data, id: builtIn.id }, builtIn);
  return migratedFrom === null ? { layout, source: 'saved' } : { layout, source: 'saved', migratedFrom };
}

/**
 * A workspace bound to a stored layout: loads the user's arrangement of `layoutId` (falling back to `builtIn`),
 * saves finished edits (Mosaic's onRelease, split, close, config changes; never drag frames), and resets.
 * Saves are chained so they reach the store in the order they were made.
 */
export function useWorkspaceLayout(
  layoutId: string,
  builtIn: Layout,
  store: LayoutStore,
  options: WorkspaceLayoutOptions,
): WorkspaceLayout {
  const { registry } = options;
  const onErrorRef = useRef(options.onError);
  onErrorRef.current = options.onError;
  const report = useCallback((message: string, error?: unknown) => {
    if (onErrorRef.current) onErrorRef.current(message, error);
    else console.warn(`[workspace] ${message}`, error ?? '');
  }, []);

  const saveChain = useRef<Promise<void>>(Promise.resolve());
  const persist = useCallback(
    (layout: Layout) => {
      saveChain.current = saveChain.current
        .then(() => store.save(layout))
        .catch((error: unknown) => report(`Saving layout '${layout.id}' failed`, error));
    },
    [store, report],
  );

  const controller = useWorkspaceController({ initialLayout: builtIn, registry, onPersist: persist });
  const { dispatch } = controller;
  const [status, setStatus] = useState<WorkspaceLayoutStatus>('loading');
  const [source, setSource] = useState<'saved' | 'built-in'>('built-in');

  useEffect(() => {
    let cancelled = false;
    setStatus('loading');
    store
      .load(layoutId)
      .catch((error: unknown) => {
        report(`Loading layout '${layoutId}' failed; using the built-in one`, error);
        return null;
      })
      .then((saved) => {
        if (cancelled) return;
        const chosen = chooseLayout(saved, builtIn, (message) => report(message));
        dispatch({ type: 'reset', layout: chosen.layout });
        // A migrated arrangement is stored at the new version at once, so it is migrated once, not on every load.
        if (chosen.migratedFrom !== undefined) persist(chosen.layout);
        setSource(chosen.source);
        setStatus('ready');
      });
    return () => {
      cancelled = true;
    };
    // `builtIn` is left out on purpose: it is a static JSON import, and reloading when only its identity changes
    // would discard the user's edits. A different layout comes with a different `layoutId`.
  }, [layoutId, store, dispatch, report, persist]);

  const reset = useCallback(async () => {
    dispatch({ type: 'reset', layout: builtIn });
    setSource('built-in');
    // Wait for pending saves first, or a late save could re-create the arrangement the user just reset.
    await saveChain.current;
    try {
      await store.reset(layoutId);
    } catch (error) {
      report(`Resetting layout '${layoutId}' failed`, error);
    }
  }, [dispatch, builtIn, store, layoutId, report]);

  return { status, source, controller, reset };
}
