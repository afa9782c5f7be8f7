import { describe, expect, it, vi } from 'vitest';
import type { CommandDefinition } from '@core/client/plugin/contract';
import { accountKind, postKind } from '@core/client/selection/kinds';
import { SelectionService } from '@core/client/selection/selectionService';
import { contextKeysKey, selectionKey } from '@core/client/services/keys';
import { workspaceServiceKey, type WorkspaceService } from '@core/client/workspace/workspaceService';
import { ServiceRegistry } from '@core/shared/services/registry';
import { ContextKeyService, contextKeyLookup } from './contextKeys';
import { CommandRegistry } from './registry';
import { testCommandContext } from './testing';

/** A mounted workspace with two panes, `focused` having the focus. */
function workspace(focused: string | null): WorkspaceService {
  const layout = {
    id: 'explorer.posts', version: 1, root: { type: 'split', direction: 'row', children: ['p1', 'p2'] },
    panes: { p1: { type: 'coordination.networkNavigator', configVersion: 1, config: {} }, p2: { type: 'posts.rawData', configVersion: 1, config: {} } },
  };
  return { getState: () => ({ layoutId: layout.id, focusedPaneId: focused, paneCount: 2, maximisedPaneId: null, layout }) } as unknown as WorkspaceService;
}

function setup(focused: string | null = 'p1') {
  const services = new ServiceRegistry();
  const selection = new SelectionService();
  const keys = new ContextKeyService();
  services.provide(selectionKey, selection);
  services.provide(contextKeysKey, keys);
  services.provide(workspaceServiceKey, workspace(focused));
  const ctx = testCommandContext({ conversationId: 'c1', focusedPaneId: focused, paneCount: 2, services });
  return { services, selection, keys, ctx, lookup: contextKeyLookup(ctx) };
}

const command = (id: string, when: CommandDefinition['when']): CommandDefinition => ({ id, title: id, category: 'Test', when, run: () => {} });

describe('context keys', () => {
  it('built in: the context fields, the workspace, the focused panel type, the selection and the top popup', () => {
    const { selection, lookup } = setup();
    expect(['conversationId', 'projectName', 'paneCount', 'focusedPaneId', 'workspaceOpen', 'focusedPanelType'].map(lookup))
      .toEqual(['c1', null, 2, 'p1', true, 'coordination.networkNavigator']);
    expect([lookup('selectionKind'), lookup('popupKind')]).toEqual([null, null]);
    selection.select(accountKind, { rid: 'r1' });
    selection.registerPopup(postKind, () => null);
    selection.openPopup(postKind, { postId: '7' });
    expect([lookup('selectionKind'), lookup('popupKind')]).toEqual(['account', 'post']);
  });

  it('are read when evaluated, so they are never stale', () => {
    const { selection, lookup } = setup();
    selection.select(accountKind, { rid: 'r1' });
    expect(lookup('selectionKind')).toBe('account');
    selection.clearSelection();
    expect(lookup('selectionKind')).toBeNull();
  });

  it('plugins set their own, as values or functions of the context; built-in names are refused; unknown keys are undefined', () => {
    const { keys, lookup } = setup();
    const dispose = keys.set('coordination.graphShown', true);
    keys.set('posts.searchLength', (ctx) => (ctx.conversationId ? 5 : 0));
    expect([lookup('coordination.graphShown'), lookup('posts.searchLength'), lookup('nobody.setThis')]).toEqual([true, 5, undefined]);
    dispose();
    expect(lookup('coordination.graphShown')).toBeUndefined();
    expect(() => keys.set('selectionKind', 'post')).toThrow("Context key 'selectionKind' is built in and cannot be set");
  });

  it('without the services (a bare test context) the built-in keys still answer', () => {
    const lookup = contextKeyLookup(testCommandContext({ conversationId: 'c9' }));
    expect([lookup('conversationId'), lookup('focusedPanelType'), lookup('selectionKind'), lookup('workspaceOpen'), lookup('x.y')])
      .toEqual(['c9', null, null, false, undefined]);
  });
});

describe('when expressions in the registry', () => {
  it('show a command only where its expression holds, next to function conditions', () => {
    const { selection, ctx } = setup('p1');
    const registry = new CommandRegistry({ storage: null });
    registry.register([
      command('coordination.focusAccount', "focusedPanelType == 'coordination.networkNavigator' && selectionKind == 'account'"),
      command('posts.onlyInTable', "focusedPanelType == 'posts.rawData'"),
      command('core.anywhereInConversation', 'conversationId && !projectName'),
      command('core.legacy', (c) => c.paneCount > 1),
    ]);
    const visible = () => registry.list(ctx).map((e) => e.command.id);
    expect(visible()).toEqual(['core.anywhereInConversation', 'core.legacy']);
    selection.select(accountKind, { rid: 'r1' });
    expect(visible()).toEqual(['coordination.focusAccount', 'core.anywhereInConversation', 'core.legacy']);
    const other = setup('p2');
    expect(registry.list(other.ctx).map((e) => e.command.id)).toEqual(['core.anywhereInConversation', 'core.legacy', 'posts.onlyInTable']);
  });

  it('refuse a malformed expression when the command registers, naming it', () => {
    const registry = new CommandRegistry({ storage: null });
    expect(() => registry.register(command('test.broken', "selectionKind == 'account' &&"))).toThrow(
      "Command 'test.broken' has a bad 'when': Expected a context key but found end of expression at column 30 of when expression 'selectionKind == 'account' &&'",
    );
    expect(registry.all()).toEqual([]);
  });

  it('hide a command whose context key provider throws, with a warning', () => {
    const { keys, ctx } = setup();
    keys.set('test.broken', () => { throw new Error('boom'); });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const registry = new CommandRegistry({ storage: null });
    registry.register(command('test.fragile', 'test.broken'));
    expect(registry.list(ctx)).toEqual([]);
    expect(warn).toHaveBeenCalledWith("[commands] 'when' of 'test.fragile' threw; hiding it", expect.any(Error));
    warn.mockRestore();
  });
});
