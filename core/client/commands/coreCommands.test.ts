import { describe, expect, it, vi } from 'vitest';
import { workspaceServiceKey, type WorkspaceService } from '@core/client/workspace/workspaceService';
import { normaliseKeybinding } from '@core/shared/commands/keybinding';
import { ServiceRegistry } from '@core/shared/services/registry';
import { coreCommands, WORKSPACE_KEYBINDINGS } from './coreCommands';
import { CommandRegistry } from './registry';
import { testCommandContext } from './testing';

function fakeWorkspace(): WorkspaceService {
  return {
    splitFocused: vi.fn(),
    focusNext: vi.fn(),
    closeFocused: vi.fn(),
    maximiseFocused: vi.fn(),
    resetLayout: vi.fn(async () => {}),
    openPanel: vi.fn(),
    getState: vi.fn(),
  };
}

function setup(paneCount: number, deps?: Parameters<typeof coreCommands>[0]) {
  const registry = new CommandRegistry({ storage: null, isMac: false });
  registry.register(coreCommands(deps));
  const services = new ServiceRegistry();
  const workspace = fakeWorkspace();
  services.provide(workspaceServiceKey, workspace);
  return { registry, workspace, ctx: testCommandContext({ services, paneCount, focusedPaneId: paneCount ? 'a' : null }) };
}

describe('core workspace commands', () => {
  it('are hidden where no workspace is mounted', () => {
    const registry = new CommandRegistry({ storage: null });
    registry.register(coreCommands());
    expect(registry.list(testCommandContext({ paneCount: 2 }))).toEqual([]);
  });

  it('have distinct, well-formed default keybindings', () => {
    const bindings = Object.values(WORKSPACE_KEYBINDINGS).map(normaliseKeybinding);
    expect(new Set(bindings).size).toBe(bindings.length);
    // Browser shortcuts a workspace must never steal.
    for (const reserved of ['mod+w', 'mod+t', 'mod+n', 'mod+l', 'mod+k', 'mod+alt+arrowright', 'mod+alt+arrowleft']) {
      expect(bindings).not.toContain(reserved);
    }
  });

  it('call the workspace service', async () => {
    const { registry, workspace, ctx } = setup(2);
    await registry.run('workspace.splitRight', ctx);
    await registry.run('workspace.splitDown', ctx);
    await registry.run('workspace.focusNextPane', ctx);
    await registry.run('workspace.closePane', ctx);
    await registry.run('workspace.maximisePane', ctx);
    await registry.run('workspace.resetLayout', ctx);
    expect(workspace.splitFocused).toHaveBeenNthCalledWith(1, 'row');
    expect(workspace.splitFocused).toHaveBeenNthCalledWith(2, 'column');
    expect(workspace.focusNext).toHaveBeenCalledTimes(1);
    expect(workspace.closeFocused).toHaveBeenCalledTimes(1);
    expect(workspace.maximiseFocused).toHaveBeenCalledTimes(1);
    expect(workspace.resetLayout).toHaveBeenCalledTimes(1);
  });

  it('are disabled with a reason when there is nothing to act on', () => {
    const empty = setup(0);
    const reasons = Object.fromEntries(empty.registry.list(empty.ctx).map((e) => [e.command.id, e.reason]));
    expect(reasons).toEqual({
      'workspace.closePane': 'The workspace has no panes',
      'workspace.focusNextPane': 'The workspace has no panes',
      'workspace.maximisePane': 'The workspace has no panes',
      'workspace.resetLayout': null,
      'workspace.splitDown': 'The workspace has no panes',
      'workspace.splitRight': 'The workspace has no panes',
    });
    const single = setup(1);
    expect(single.registry.entry('workspace.focusNextPane', single.ctx)?.reason).toBe('Only one pane is open');
  });

  it('asks before resetting when a confirm is given', async () => {
    const confirm = vi.fn().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const { registry, workspace, ctx } = setup(1, { confirm });
    await registry.run('workspace.resetLayout', ctx);
    expect(workspace.resetLayout).not.toHaveBeenCalled();
    await registry.run('workspace.resetLayout', ctx);
    expect(workspace.resetLayout).toHaveBeenCalledTimes(1);
  });
});
