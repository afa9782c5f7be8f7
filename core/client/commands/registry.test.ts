import { describe, expect, it, vi } from 'vitest';
import type { CommandDefinition, PanelDefinition } from '@core/client/plugin/contract';
import { workspaceServiceKey, type WorkspaceService } from '@core/client/workspace/workspaceService';
import { ServiceRegistry } from '@core/shared/services/registry';
import {
  CommandRegistry,
  CommandUnavailableError,
  KEYBINDINGS_STORAGE_KEY,
  RECENT_STORAGE_KEY,
  panelOpenCommandId,
  panelOpenCommands,
} from './registry';
import { memoryStorage, testCommandContext } from './testing';

const command = (id: string, extra: Partial<CommandDefinition> = {}): CommandDefinition => ({
  id,
  title: id,
  category: 'Test',
  run: () => {},
  ...extra,
});

function setup(storage = memoryStorage(), isMac = false) {
  return { registry: new CommandRegistry({ storage, isMac }), storage };
}

describe('CommandRegistry: registration', () => {
  it('registers many at once and disposes exactly those', () => {
    const { registry } = setup();
    const dispose = registry.register([command('a.one'), command('a.two')]);
    registry.register(command('b.three'));
    expect(registry.all().map((c) => c.id)).toEqual(['a.one', 'a.two', 'b.three']);
    dispose();
    expect(registry.all().map((c) => c.id)).toEqual(['b.three']);
  });

  it('refuses duplicate ids, badly formed ids and bad keybindings, registering nothing', () => {
    const { registry } = setup();
    registry.register(command('a.one'));
    expect(() => registry.register([command('a.two'), command('a.one')])).toThrow(/already registered/);
    expect(() => registry.register([command('a.three'), command('a.three')])).toThrow(/already registered/);
    expect(() => registry.register(command('NoDot'))).toThrow(/must look like/);
    expect(() => registry.register(command('posts.Export'))).toThrow(/must look like/);
    expect(() => registry.register(command('posts.export_csv'))).toThrow(/must look like/);
    expect(() => registry.register(command('a.four', { keybinding: 'mod+shift' }))).toThrow(/exactly one key/);
    expect(registry.all().map((c) => c.id)).toEqual(['a.one']);
    expect(() => registry.register(command('topic-radar.openMap'))).not.toThrow();
  });

  it('notifies subscribers of changes', () => {
    const { registry } = setup();
    const listener = vi.fn();
    const unsubscribe = registry.subscribe(listener);
    const before = registry.getVersion();
    registry.register(command('a.one'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(registry.getVersion()).toBeGreaterThan(before);
    unsubscribe();
    registry.setKeybinding('a.one', 'mod+j');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('CommandRegistry: list and run', () => {
  it('lists visible commands sorted by category and title, with enabled state and reason', () => {
    const { registry } = setup();
    registry.register([
      command('z.last', { title: 'Zulu', category: 'B' }),
      command('a.first', { title: 'Alpha', category: 'B', keybinding: 'Mod+Shift+A' }),
      command('c.hidden', { category: 'A', when: (ctx) => ctx.conversationId !== null }),
      command('d.disabled', { title: 'Delta', category: 'A', enabled: () => 'Select a post first' }),
      command('e.throws', { category: 'A', when: () => { throw new Error('bug'); } }),
    ]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const entries = registry.list(testCommandContext());
    expect(entries.map((e) => e.command.id)).toEqual(['d.disabled', 'a.first', 'z.last']);
    expect(entries[0]).toMatchObject({ enabled: false, reason: 'Select a post first', keybinding: null });
    expect(entries[1]).toMatchObject({ enabled: true, reason: null, keybinding: 'mod+shift+a' });
    expect(registry.list(testCommandContext({ conversationId: 'c1' })).map((e) => e.command.id)).toContain('c.hidden');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("'e.throws'"), expect.any(Error));
    warn.mockRestore();
  });

  it('runs a command with the context (and no arguments) and remembers it', async () => {
    const { registry, storage } = setup();
    const run = vi.fn();
    registry.register(command('a.one', { run }));
    const ctx = testCommandContext({ paneCount: 3 });
    await registry.run('a.one', ctx);
    expect(run).toHaveBeenCalledWith(ctx, undefined);
    expect(registry.recent()).toEqual(['a.one']);
    expect(JSON.parse(storage.data.get(RECENT_STORAGE_KEY)!)).toEqual(['a.one']);
  });

  it('refuses unknown, hidden and disabled commands', async () => {
    const { registry } = setup();
    const run = vi.fn();
    registry.register([
      command('a.hidden', { when: () => false, run }),
      command('a.disabled', { enabled: () => 'Not now', run }),
    ]);
    await expect(registry.run('a.nope', testCommandContext())).rejects.toBeInstanceOf(CommandUnavailableError);
    await expect(registry.run('a.hidden', testCommandContext())).rejects.toThrow(/not available/);
    await expect(registry.run('a.disabled', testCommandContext())).rejects.toThrow('Not now');
    expect(run).not.toHaveBeenCalled();
    expect(registry.recent()).toEqual([]);
  });

  it('propagates errors from the command', async () => {
    const { registry } = setup();
    registry.register(command('a.boom', { run: async () => { throw new Error('server said no'); } }));
    await expect(registry.run('a.boom', testCommandContext())).rejects.toThrow('server said no');
  });
});

describe('CommandRegistry: recent commands', () => {
  it('keeps at most ten ids, most recent first, without duplicates', async () => {
    const { registry } = setup();
    const ids = Array.from({ length: 12 }, (_, i) => `a.cmd${i}`);
    registry.register(ids.map((id) => command(id)));
    for (const id of ids) await registry.run(id, testCommandContext());
    await registry.run('a.cmd5', testCommandContext());
    const recent = registry.recent();
    expect(recent).toHaveLength(10);
    expect(recent[0]).toBe('a.cmd5');
    expect(recent.slice(1, 3)).toEqual(['a.cmd11', 'a.cmd10']);
    expect(new Set(recent).size).toBe(10);
  });

  it('reads them back, ignoring junk', () => {
    const storage = memoryStorage({ [RECENT_STORAGE_KEY]: JSON.stringify(['a.one', 42, 'Bad Id', 'b.two']) });
    expect(new CommandRegistry({ storage }).recent()).toEqual(['a.one', 'b.two']);
    expect(new CommandRegistry({ storage: memoryStorage({ [RECENT_STORAGE_KEY]: '{not json' }) }).recent()).toEqual([]);
  });

  it('uses localStorage by default and survives a storage that throws', async () => {
    localStorage.clear();
    const registry = new CommandRegistry();
    registry.register(command('a.one'));
    await registry.run('a.one', testCommandContext());
    expect(localStorage.getItem(RECENT_STORAGE_KEY)).toBe('["a.one"]');
    localStorage.clear();

    const throwing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('quota'); }, removeItem: () => {} };
    const fragile = new CommandRegistry({ storage: throwing });
    fragile.register(command('a.one'));
    await expect(fragile.run('a.one', testCommandContext())).resolves.toBeUndefined();
    expect(fragile.recent()).toEqual(['a.one']);
  });
});

describe('CommandRegistry: keybindings', () => {
  it('overrides, unbinds and resets, persisting only the overrides', () => {
    const { registry, storage } = setup();
    registry.register([command('a.one', { keybinding: 'mod+j' }), command('a.two')]);
    expect(registry.effectiveKeybinding('a.one')).toBe('mod+j');
    expect(registry.effectiveKeybinding('a.two')).toBeNull();

    registry.setKeybinding('a.one', 'Shift+Mod+U');
    registry.setKeybinding('a.two', 'alt+g');
    expect(registry.effectiveKeybinding('a.one')).toBe('mod+shift+u');
    expect(JSON.parse(storage.data.get(KEYBINDINGS_STORAGE_KEY)!)).toEqual({ 'a.one': 'mod+shift+u', 'a.two': 'alt+g' });

    registry.setKeybinding('a.one', null);
    expect(registry.effectiveKeybinding('a.one')).toBeNull();
    expect(registry.hasOverride('a.one')).toBe(true);

    registry.resetKeybinding('a.one');
    expect(registry.effectiveKeybinding('a.one')).toBe('mod+j');
    registry.setKeybinding('a.two', 'mod+q');
    registry.setKeybinding('a.one', 'mod+j'); // the default again: no override kept
    expect(JSON.parse(storage.data.get(KEYBINDINGS_STORAGE_KEY)!)).toEqual({ 'a.two': 'mod+q' });
    registry.resetKeybinding('a.two');
    expect(storage.data.has(KEYBINDINGS_STORAGE_KEY)).toBe(false);
  });

  it('loads overrides from storage, dropping invalid entries', () => {
    const storage = memoryStorage({
      [KEYBINDINGS_STORAGE_KEY]: JSON.stringify({ 'a.one': null, 'a.two': 'ctrl+shift+L', 'a.three': 'mod+', 'x y': 'mod+k', 'a.four': 3 }),
    });
    const registry = new CommandRegistry({ storage });
    registry.register([command('a.one', { keybinding: 'mod+j' }), command('a.two'), command('a.three', { keybinding: 'mod+e' })]);
    expect(registry.effectiveKeybinding('a.one')).toBeNull();
    expect(registry.effectiveKeybinding('a.two')).toBe('ctrl+shift+l');
    expect(registry.effectiveKeybinding('a.three')).toBe('mod+e');
  });

  it('finds the command for a keydown, honouring overrides, platform and context', () => {
    const { registry } = setup();
    registry.register([
      command('a.one', { keybinding: 'mod+j' }),
      command('a.inConversation', { keybinding: 'mod+e', when: (ctx) => ctx.conversationId !== null }),
      command('a.split', { keybinding: 'mod+shift+\\' }),
    ]);
    const key = (k: string, extra: Partial<KeyboardEventInit> = {}) => ({
      key: k, code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...extra,
    });
    expect(registry.findByEvent(key('j', { ctrlKey: true }))?.id).toBe('a.one');
    expect(registry.findByEvent(key('j', { metaKey: true }))).toBeUndefined();
    expect(registry.findByEvent(key('e', { ctrlKey: true }), testCommandContext())).toBeUndefined();
    expect(registry.findByEvent(key('e', { ctrlKey: true }), testCommandContext({ conversationId: 'c' }))?.id).toBe('a.inConversation');
    // Shift turns \ into |; the physical key still matches.
    expect(registry.findByEvent(key('|', { ctrlKey: true, shiftKey: true, code: 'Backslash' }))?.id).toBe('a.split');

    registry.setKeybinding('a.one', 'mod+y');
    expect(registry.findByEvent(key('j', { ctrlKey: true }))).toBeUndefined();
    expect(registry.findByEvent(key('y', { ctrlKey: true }))?.id).toBe('a.one');

    const mac = new CommandRegistry({ storage: null, isMac: true });
    mac.register(command('a.one', { keybinding: 'mod+j' }));
    expect(mac.findByEvent(key('j', { metaKey: true }))?.id).toBe('a.one');
    expect(mac.findByEvent(key('j', { ctrlKey: true }))).toBeUndefined();
  });

  it('reports conflicts', () => {
    const { registry } = setup();
    registry.register([command('a.one', { keybinding: 'mod+j' }), command('a.two'), command('a.three', { keybinding: 'mod+k' })]);
    registry.setKeybinding('a.two', 'Mod+J');
    expect(registry.conflicts('mod+j', 'a.one')).toEqual(['a.two']);
    expect(registry.conflicts('mod+j')).toEqual(['a.one', 'a.two']);
  });
});

describe('panel open commands', () => {
  const panels: PanelDefinition[] = [
    { type: 'posts.table', title: 'Posts table', config: {} as never, load: async () => ({ default: () => null }) },
    { type: 'topic-radar.mapView', title: 'Topic map', needsConversation: true, config: {} as never, load: async () => ({ default: () => null }) },
  ];

  it('derives valid ids from panel types', () => {
    expect(panelOpenCommandId('posts.table')).toBe('posts.openTable');
    expect(panelOpenCommandId('topic-radar.mapView')).toBe('topic-radar.openMapView');
    expect(() => panelOpenCommandId('table')).toThrow();
  });

  it('creates one "Open <title>" command per panel that opens it in the workspace', async () => {
    const commands = panelOpenCommands(panels);
    expect(commands.map((c) => [c.id, c.title, c.category])).toEqual([
      ['posts.openTable', 'Open Posts table', 'Panels'],
      ['topic-radar.openMapView', 'Open Topic map', 'Panels'],
    ]);
    const registry = new CommandRegistry({ storage: null });
    registry.register(commands);

    const services = new ServiceRegistry();
    expect(registry.list(testCommandContext({ services }))).toEqual([]); // no workspace mounted
    const openPanel = vi.fn();
    services.provide(workspaceServiceKey, { openPanel } as unknown as WorkspaceService);
    expect(registry.list(testCommandContext({ services })).map((e) => e.command.id)).toEqual(['posts.openTable']);
    const inConversation = testCommandContext({ services, conversationId: 'c1' });
    expect(registry.list(inConversation)).toHaveLength(2);
    await registry.run('topic-radar.openMapView', inConversation);
    expect(openPanel).toHaveBeenCalledWith('topic-radar.mapView');
  });
});
