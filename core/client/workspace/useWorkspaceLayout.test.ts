import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { z } from 'zod';
import type { Layout } from '@core/shared/layout/schema';
import { memoryLayoutStore, type LayoutStore } from './layoutStore';
import { PanelRegistry } from './panelRegistry';
import { chooseLayout, useWorkspaceLayout } from './useWorkspaceLayout';

const registry = new PanelRegistry([
  {
    type: 'test.notes',
    title: 'Notes',
    config: { schema: z.object({ text: z.string() }), defaults: { text: '' }, version: 1 },
    load: async () => ({ default: () => null }),
  },
]);

const builtIn: Layout = {
  id: 'explorer.posts',
  version: 2,
  title: 'Posts',
  root: { type: 'split', direction: 'row', children: ['a', 'b'] },
  panes: {
    a: { type: 'test.notes', configVersion: 1, config: { text: 'a' } },
    b: { type: 'test.notes', configVersion: 1, config: { text: 'b' } },
  },
};
const saved: Layout = { ...builtIn, root: 'a', panes: { a: builtIn.panes.a! } };

describe('chooseLayout', () => {
  it('uses the saved arrangement when it is valid and not older than the built-in one', () => {
    expect(chooseLayout(saved, builtIn)).toEqual({ layout: saved, source: 'saved' });
    expect(chooseLayout({ ...saved, version: 3 }, builtIn).source).toBe('saved');
  });

  it('falls back to the built-in layout when nothing is saved, or says why when the saved one is unusable', () => {
    const report = vi.fn();
    expect(chooseLayout(null, builtIn, report)).toEqual({ layout: builtIn, source: 'built-in' });
    expect(report).not.toHaveBeenCalled();
    expect(chooseLayout({ nonsense: true }, builtIn, report).layout).toBe(builtIn);
    expect(chooseLayout({ ...saved, root: 'missing' }, builtIn, report).layout).toBe(builtIn);
    // An old arrangement is only migrated when it is usable; a corrupt one is not patched up.
    expect(chooseLayout({ ...saved, version: 1, panes: {} }, builtIn, report)).toEqual({ layout: builtIn, source: 'built-in' });
    expect(report.mock.calls.map(([message]) => message)).toEqual([
      "Saved layout 'explorer.posts' is not a valid layout; using the built-in one",
      "Saved layout 'explorer.posts' is inconsistent (pane 'missing' has no entry in panes; pane 'a' is not placed in the tree); using the built-in one",
      "Saved layout 'explorer.posts' is inconsistent (pane 'a' has no entry in panes); using the built-in one",
    ]);
  });

  it('migrates an arrangement saved against an older version instead of replacing it', () => {
    const report = vi.fn();
    const chosen = chooseLayout({ ...saved, version: 1 }, builtIn, report);
    expect(chosen).toEqual({ layout: { ...saved, version: 2 }, source: 'saved', migratedFrom: 1 });
    expect(report).not.toHaveBeenCalled();
  });

  it('stores the arrangement under the requested id', () => {
    expect(chooseLayout({ ...saved, id: 'insights' }, builtIn).layout.id).toBe('explorer.posts');
  });
});

function setup(store: LayoutStore, onError = vi.fn()) {
  const hook = renderHook(() => useWorkspaceLayout('explorer.posts', builtIn, store, { registry, onError }));
  return { ...hook, onError };
}

describe('useWorkspaceLayout', () => {
  it('loads the saved arrangement', async () => {
    const { result } = setup(memoryLayoutStore([saved]));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.source).toBe('saved');
    expect(result.current.controller.state.layout).toEqual(saved);
  });

  it('shows the built-in layout when nothing is saved, when the saved one is corrupt, or when loading fails', async () => {
    const none = setup(memoryLayoutStore());
    await waitFor(() => expect(none.result.current.status).toBe('ready'));
    expect(none.result.current.controller.state.layout).toBe(builtIn);

    const corrupt = setup(memoryLayoutStore([{ ...saved, version: 1, root: { type: 'split', direction: 'row', children: ['a', 'a'] } }]));
    await waitFor(() => expect(corrupt.result.current.status).toBe('ready'));
    expect(corrupt.result.current.source).toBe('built-in');
    expect(corrupt.result.current.controller.state.layout).toBe(builtIn);
    expect(corrupt.onError).toHaveBeenCalledWith(expect.stringMatching(/Saved layout 'explorer.posts' is inconsistent \(pane 'a' appears twice/), undefined);

    const failing: LayoutStore = { ...memoryLayoutStore(), load: () => Promise.reject(new Error('offline')) };
    const broken = setup(failing);
    await waitFor(() => expect(broken.result.current.status).toBe('ready'));
    expect(broken.result.current.controller.state.layout).toBe(builtIn);
    expect(broken.onError).toHaveBeenCalledWith(expect.stringMatching(/Loading layout 'explorer.posts' failed/), expect.any(Error));
  });

  it('migrates an arrangement saved against an older version: the user\'s panes plus the new ones, saved once at the new version', async () => {
    const oldSaved: Layout = {
      ...builtIn,
      version: 1,
      root: { type: 'split', direction: 'column', children: ['a', 'old.chart#1'], splitPercentages: [70, 30] },
      panes: { a: { type: 'test.notes', configVersion: 1, config: { text: 'mine' } }, 'old.chart#1': { type: 'old.chart', configVersion: 4, config: { x: 1 } } },
    };
    const newer: Layout = {
      ...builtIn,
      root: { type: 'split', direction: 'row', children: ['a', 'test.summary#1'] },
      panes: { a: builtIn.panes.a!, 'test.summary#1': { type: 'test.summary', configVersion: 1, config: {} } },
    };
    const store = memoryLayoutStore([oldSaved]);
    const save = vi.spyOn(store, 'save');
    const hook = renderHook(() => useWorkspaceLayout('explorer.posts', newer, store, { registry, onError: vi.fn() }));
    await waitFor(() => expect(hook.result.current.status).toBe('ready'));

    const expected: Layout = {
      ...oldSaved,
      version: 2,
      root: { type: 'split', direction: 'row', children: [oldSaved.root!, 'test.summary#1'], splitPercentages: [50, 50] },
      panes: { ...oldSaved.panes, 'test.summary#1': newer.panes['test.summary#1']! },
    };
    expect(hook.result.current.source).toBe('saved');
    expect(hook.result.current.controller.state.layout).toEqual(expected);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(store.saved.get('explorer.posts')).toEqual(expected);

    // Loaded again, the stored arrangement is current: nothing to migrate, nothing saved.
    hook.unmount();
    const again = renderHook(() => useWorkspaceLayout('explorer.posts', newer, store, { registry }));
    await waitFor(() => expect(again.result.current.status).toBe('ready'));
    expect(again.result.current.controller.state.layout).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves finished edits, not drag frames and not the load itself', async () => {
    const store = memoryLayoutStore();
    const save = vi.spyOn(store, 'save');
    const { result } = setup(store);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(save).not.toHaveBeenCalled();

    act(() => {
      result.current.controller.dispatch({ type: 'replaceTree', root: { type: 'split', direction: 'row', children: ['a', 'b'], splitPercentages: [20, 80] } }, { persist: false });
    });
    expect(save).not.toHaveBeenCalled();
    act(() => {
      result.current.controller.dispatch({ type: 'replaceTree', root: { type: 'split', direction: 'row', children: ['a', 'b'], splitPercentages: [20, 80] } }, { persist: true });
    });
    act(() => {
      result.current.controller.dispatch({ type: 'closePane', paneId: 'b' });
    });
    act(() => {
      result.current.controller.dispatch({ type: 'focusPane', paneId: 'a' });
    });
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls[0]![0].root).toMatchObject({ splitPercentages: [20, 80] });
    expect(store.saved.get('explorer.posts')?.root).toBe('a');
  });

  it('does not save a release that changed nothing', async () => {
    const store = memoryLayoutStore();
    const save = vi.spyOn(store, 'save');
    const { result } = setup(store);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => {
      result.current.controller.dispatch({ type: 'replaceTree', root: builtIn.root }, { persist: true });
    });
    expect(save).not.toHaveBeenCalled();
  });

  it('reset deletes the saved arrangement after pending saves and shows the built-in layout', async () => {
    const order: string[] = [];
    const store = memoryLayoutStore([saved]);
    const slowSave = store.save;
    store.save = async (layout) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      order.push('save');
      await slowSave(layout);
    };
    const resetSpy = vi.fn(async (id: string) => {
      order.push('reset');
      store.saved.delete(id);
    });
    store.reset = resetSpy;
    const { result } = setup(store);
    await waitFor(() => expect(result.current.source).toBe('saved'));

    act(() => {
      result.current.controller.dispatch({ type: 'splitPane', paneId: 'a', direction: 'row' });
    });
    await act(() => result.current.reset());
    expect(order).toEqual(['save', 'reset']);
    expect(resetSpy).toHaveBeenCalledWith('explorer.posts');
    expect(store.saved.has('explorer.posts')).toBe(false);
    expect(result.current.controller.state.layout).toBe(builtIn);
    expect(result.current.source).toBe('built-in');
  });

  it('reports failed saves and keeps working', async () => {
    const store: LayoutStore = { ...memoryLayoutStore(), save: () => Promise.reject(new Error('500')) };
    const { result, onError } = setup(store);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => {
      result.current.controller.dispatch({ type: 'closePane', paneId: 'a' });
    });
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.stringMatching(/Saving layout/), expect.any(Error)));
    expect(result.current.controller.state.layout.root).toBe('b');
  });
});
