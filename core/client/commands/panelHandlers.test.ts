import { describe, expect, it, vi } from 'vitest';
import { workspaceServiceKey, type WorkspaceService } from '@core/client/workspace/workspaceService';
import { ServiceRegistry } from '@core/shared/services/registry';
import { commandsServiceKey } from './commandService';
import { PENDING_TTL_MS, PanelCommandHandlers, handOver, whenHandled } from './panelHandlers';
import { CommandRegistry } from './registry';
import { testCommandContext } from './testing';

describe('PanelCommandHandlers', () => {
  it('give the arguments to one pane: the focused one when it handles the command, else the first mounted', async () => {
    const handlers = new PanelCommandHandlers();
    const first = vi.fn();
    const second = vi.fn();
    handlers.handle('posts.focusSearch', first, 'p1');
    handlers.handle('posts.focusSearch', second, 'p2');
    expect(await handlers.deliver('posts.focusSearch', { n: 1 })).toBe(true);
    expect(await handlers.deliver('posts.focusSearch', { n: 2 }, { focusedPaneId: 'p2' }))
      .toBe(true);
    expect(await handlers.deliver('posts.focusSearch', { n: 3 }, { focusedPaneId: 'p9' })).toBe(true);
    expect(first.mock.calls).toEqual([[{ n: 1 }], [{ n: 3 }]]);
    expect(second.mock.calls).toEqual([[{ n: 2 }]]);
  });

  it('keep the newest arguments for a pane that is not mounted yet when asked to queue, for PENDING_TTL_MS', async () => {
    let now = 1_000;
    const handlers = new PanelCommandHandlers(() => now);
    expect(await handlers.deliver('a.b', { n: 1 }, { queue: true })).toBe(false);
    expect(await handlers.deliver('a.b', { n: 2 }, { queue: true })).toBe(false);
    const handler = vi.fn();
    const dispose = handlers.handle('a.b', handler);
    expect(handler.mock.calls).toEqual([[{ n: 2 }]]);
    dispose();
    handlers.handle('a.b', handler);
    expect(handler).toHaveBeenCalledTimes(1);

    const late = new PanelCommandHandlers(() => now);
    await late.deliver('a.b', { n: 3 }, { queue: true });
    now += PENDING_TTL_MS + 1;
    const stale = vi.fn();
    late.handle('a.b', stale);
    expect(stale).not.toHaveBeenCalled();
  });

  it('drop the arguments when nobody handles the command and it did not ask to queue', async () => {
    const handlers = new PanelCommandHandlers();
    expect(await handlers.deliver('a.b', 1)).toBe(false);
    const handler = vi.fn();
    handlers.handle('a.b', handler);
    expect(handler).not.toHaveBeenCalled();
  });

  it('report whether a command is handled, until the last pane stops', () => {
    const handlers = new PanelCommandHandlers();
    const a = handlers.handle('a.b', () => {});
    const b = handlers.handle('a.b', () => {});
    a();
    expect(handlers.isHandled('a.b')).toBe(true);
    b();
    expect(handlers.isHandled('a.b')).toBe(false);
  });

  it("propagate a pane's failure to the command; a failure on arguments taken at mount goes to the console", async () => {
    const handlers = new PanelCommandHandlers();
    const dispose = handlers.handle('a.b', async () => { throw new Error('no graph'); });
    await expect(handlers.deliver('a.b', null)).rejects.toThrow('no graph');
    dispose();
    await handlers.deliver('a.b', null, { queue: true });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    handlers.handle('a.b', () => { throw new Error('late'); });
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith("[commands] the pane handling 'a.b' failed", expect.any(Error)));
    error.mockRestore();
  });
});

describe('handOver and whenHandled, for commands', () => {
  function context(focusedPaneId: string | null = null) {
    const services = new ServiceRegistry();
    const registry = new CommandRegistry({ storage: null });
    const opened: string[] = [];
    services.provide(commandsServiceKey, registry);
    services.provide(workspaceServiceKey, { openPanel: (type: string) => opened.push(type) } as unknown as WorkspaceService);
    return { registry, opened, ctx: testCommandContext({ services, focusedPaneId }) };
  }

  it('show the panel and hand its pane the arguments, kept until it mounts', async () => {
    const { registry, opened, ctx } = context();
    await handOver(ctx, 'posts.focusSearch', { select: true }, { openPanel: 'posts.rawData' });
    expect(opened).toEqual(['posts.rawData']);
    const handler = vi.fn();
    registry.handlers.handle('posts.focusSearch', handler, 'p1');
    expect(handler).toHaveBeenCalledWith({ select: true });
  });

  it('without a panel to open, only a mounted pane acts (to the focused one first); whenHandled disables the command until then', async () => {
    const { registry, opened, ctx } = context('p2');
    const enabled = whenHandled('coordination.fitGraph', 'Open the network navigator first');
    expect(enabled(ctx)).toBe('Open the network navigator first');
    await handOver(ctx, 'coordination.fitGraph', undefined);
    const p1 = vi.fn();
    const p2 = vi.fn();
    registry.handlers.handle('coordination.fitGraph', p1, 'p1');
    registry.handlers.handle('coordination.fitGraph', p2, 'p2');
    expect(enabled(ctx)).toBe(true);
    await handOver(ctx, 'coordination.fitGraph', undefined);
    expect([p1.mock.calls.length, p2.mock.calls.length]).toEqual([0, 1]);
    expect(opened).toEqual([]);
  });
});
