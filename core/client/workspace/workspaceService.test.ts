import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { z } from 'zod';
import type { Layout } from '@core/shared/layout/schema';
import { ServiceRegistry } from '@core/shared/services/registry';
import { PanelRegistry } from './panelRegistry';
import { useWorkspaceController } from './useWorkspaceController';
import { useProvideWorkspaceService, workspaceContextFields, workspaceServiceKey } from './workspaceService';

const panel = (type: string) => ({
  type,
  title: type,
  config: { schema: z.object({}).passthrough(), defaults: {}, version: 1 },
  load: async () => ({ default: () => null }),
});
const registry = new PanelRegistry([panel('posts.table'), panel('topics.list')]);

const layout: Layout = {
  id: 'explorer.posts',
  version: 1,
  title: 'Posts',
  root: { type: 'split', direction: 'row', children: ['a', 'b'] },
  panes: {
    a: { type: 'posts.table', configVersion: 1, config: {} },
    b: { type: 'topics.list', configVersion: 1, config: {} },
  },
};

function setup() {
  const services = new ServiceRegistry();
  const resetLayout = vi.fn(async () => {});
  const onPersist = vi.fn();
  const hook = renderHook(() => {
    const controller = useWorkspaceController({ initialLayout: layout, registry, onPersist });
    useProvideWorkspaceService(services, controller, { resetLayout });
    return controller;
  });
  const service = () => services.get(workspaceServiceKey);
  return { services, service, hook, resetLayout, onPersist };
}

describe('workspace service', () => {
  it('is registered while the workspace is mounted', () => {
    const { services, hook } = setup();
    expect(services.has(workspaceServiceKey)).toBe(true);
    expect(workspaceContextFields(services)).toEqual({ focusedPaneId: 'a', paneCount: 2 });
    hook.unmount();
    expect(services.has(workspaceServiceKey)).toBe(false);
    expect(workspaceContextFields(services)).toEqual({ focusedPaneId: null, paneCount: 0 });
  });

  it('splits, focuses, maximises and closes the focused pane', () => {
    const { service, hook, onPersist } = setup();
    act(() => service().splitFocused('column'));
    expect(hook.result.current.state.layout.root).toEqual({
      type: 'split',
      direction: 'row',
      children: [{ type: 'split', direction: 'column', children: ['a', 'posts.table#1'], splitPercentages: [50, 50] }, 'b'],
    });
    expect(service().getState().focusedPaneId).toBe('posts.table#1');
    act(() => service().focusNext());
    expect(service().getState().focusedPaneId).toBe('b');

    act(() => service().maximiseFocused());
    expect(service().getState().maximisedPaneId).toBe('b');
    // The snapshot is the saved layout: every pane, even while one is maximised.
    expect(service().getState().paneCount).toBe(3);
    act(() => service().maximiseFocused());
    expect(service().getState().maximisedPaneId).toBeNull();

    act(() => service().closeFocused());
    expect(service().getState().paneCount).toBe(2);
    expect(onPersist).toHaveBeenCalledTimes(2);
  });

  it('openPanel focuses an existing pane of the type, or adds one', () => {
    const { service } = setup();
    act(() => service().openPanel('topics.list'));
    expect(service().getState()).toMatchObject({ focusedPaneId: 'b', paneCount: 2 });

    act(() => service().openPanel('topics.list', { query: 'x' }));
    expect(service().getState()).toMatchObject({ focusedPaneId: 'topics.list#1', paneCount: 3 });
    expect(service().getState().layout.panes['topics.list#1']?.config).toEqual({ query: 'x' });

    act(() => service().maximiseFocused());
    act(() => service().openPanel('posts.table'));
    expect(service().getState()).toMatchObject({ focusedPaneId: 'a', maximisedPaneId: null });
  });

  it('delegates reset to the layout store hook', async () => {
    const { service, resetLayout } = setup();
    await service().resetLayout();
    expect(resetLayout).toHaveBeenCalledTimes(1);
  });
});
