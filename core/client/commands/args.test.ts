import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCommand, type CommandDefinition } from '@core/client/plugin/contract';
import { CommandArgumentsError, needsArguments, parseCommandArgs } from './args';
import { CommandRegistry, CommandUnavailableError, RECENT_STORAGE_KEY } from './registry';
import { memoryStorage, testCommandContext } from './testing';

const keyEvent = (key: string) => ({ key, code: `Key${key.toUpperCase()}`, ctrlKey: true, metaKey: false, altKey: true, shiftKey: false });

function setup() {
  const storage = memoryStorage();
  const registry = new CommandRegistry({ storage, isMac: false });
  const run = vi.fn();
  /** Optional arguments with defaults: the palette runs it with none. */
  const zoom = defineCommand({
    id: 'test.zoom',
    title: 'Zoom',
    category: 'Test',
    keybinding: 'mod+alt+z',
    args: z.object({ level: z.number().min(1).max(10).default(2), target: z.string().optional() }).default({ level: 2 }),
    run: (ctx, args) => run('zoom', args),
  });
  /** Required arguments: code only. */
  const open = defineCommand({
    id: 'test.openThing',
    title: 'Open a thing',
    category: 'Test',
    args: z.object({ thingId: z.string().min(1) }),
    run: (ctx, args) => run('open', args),
  });
  /** No schema, a typed default. */
  const greet = defineCommand<{ name: string }>({
    id: 'test.greet',
    title: 'Greet',
    category: 'Test',
    defaultArgs: { name: 'analyst' },
    run: (ctx, args) => run('greet', args),
  });
  registry.register([zoom, open, greet]);
  return { registry, storage, run, zoom, open, greet };
}

describe('command arguments', () => {
  it('the palette and keybindings run a command without arguments: its schema gives the defaults', async () => {
    const { registry, run } = setup();
    await registry.run('test.zoom', testCommandContext());
    expect(run).toHaveBeenCalledWith('zoom', { level: 2 });
    expect(registry.findByEvent(keyEvent('z'))?.id).toBe('test.zoom');
  });

  it('execute validates and fills arguments (typed by the command) and does not record the command as recent', async () => {
    const { registry, storage, run, zoom } = setup();
    const ctx = testCommandContext();
    await registry.execute(zoom, { level: 5, target: 'graph' }, ctx);
    await registry.execute('test.zoom', { target: 'table' }, ctx);
    await registry.execute('test.openThing', { thingId: 't1' }, ctx);
    expect(run.mock.calls).toEqual([
      ['zoom', { level: 5, target: 'graph' }],
      ['zoom', { level: 2, target: 'table' }],
      ['open', { thingId: 't1' }],
    ]);
    expect(registry.recent()).toEqual([]);
    expect(storage.data.has(RECENT_STORAGE_KEY)).toBe(false);
  });

  it('refuses bad arguments with a clear error naming the command and each problem, before running', async () => {
    const { registry, run } = setup();
    const ctx = testCommandContext();
    const refused = registry.execute('test.zoom', { level: 40, target: 3 }, ctx);
    await expect(refused).rejects.toBeInstanceOf(CommandArgumentsError);
    await expect(registry.execute('test.zoom', { level: 40, target: 3 }, ctx)).rejects.toThrow(
      "Bad arguments for command 'test.zoom': level: Too big: expected number to be <=10; target: Invalid input: expected string, received number",
    );
    await expect(registry.run('test.zoom', ctx, { level: 0 })).rejects.toThrow(/^Bad arguments for command 'test.zoom': level:/);
    await expect(registry.execute('test.openThing', undefined, ctx)).rejects.toThrow(
      "Bad arguments for command 'test.openThing': Invalid input: expected object, received undefined",
    );
    expect(run).not.toHaveBeenCalled();
    expect(registry.recent()).toEqual([]);
    await expect(registry.execute('test.nothing', {}, ctx)).rejects.toBeInstanceOf(CommandUnavailableError);
  });

  it('a command without a schema gets its typed default, or the arguments given', async () => {
    const { registry, run, greet } = setup();
    await registry.run('test.greet', testCommandContext());
    await registry.execute(greet, { name: 'Ada' }, testCommandContext());
    expect(run.mock.calls).toEqual([['greet', { name: 'analyst' }], ['greet', { name: 'Ada' }]]);
  });

  it('a command that cannot run without arguments is not offered by the palette, the editor or keys', () => {
    const { registry } = setup();
    expect(registry.needsArguments('test.openThing')).toBe(true);
    expect(registry.needsArguments('test.zoom')).toBe(false);
    expect(registry.list(testCommandContext()).map((e) => e.command.id)).toEqual(['test.greet', 'test.zoom']);
    expect(registry.entry('test.openThing', testCommandContext())).toBeNull();
    registry.setKeybinding('test.openThing', 'mod+alt+o');
    expect(registry.findByEvent(keyEvent('o'))).toBeUndefined();
  });

  it('refuses to register a keybinding on a command that needs arguments', () => {
    const { registry } = setup();
    const bound: CommandDefinition = { id: 'test.bound', title: 'B', category: 'T', keybinding: 'mod+b', args: z.object({ id: z.string() }), run: () => {} };
    expect(() => registry.register(bound)).toThrow("Command 'test.bound' needs arguments, so it cannot have a keybinding");
    expect(registry.get('test.bound')).toBeUndefined();
  });

  it('execute ignores when and enabled (they describe the palette), and runs in the provided context when given none', async () => {
    const run = vi.fn();
    const registry = new CommandRegistry({ storage: null });
    registry.register({ id: 'test.hidden', title: 'H', category: 'T', when: 'false', enabled: () => 'never', run });
    await expect(registry.execute('test.hidden')).rejects.toThrow('No command context: pass one, or set a provider with setContextProvider');
    const ctx = testCommandContext({ conversationId: 'c1' });
    const dispose = registry.setContextProvider(() => ctx);
    await registry.execute('test.hidden');
    expect(run).toHaveBeenCalledWith(ctx, undefined);
    dispose();
    expect(() => registry.currentContext()).toThrow(/No command context/);
    await expect(registry.run('test.hidden', ctx)).rejects.toThrow("Command 'test.hidden' is not available here");
  });

  it('parseCommandArgs and needsArguments work on a definition alone', () => {
    const { zoom, open } = setup();
    expect(parseCommandArgs(zoom, undefined)).toEqual({ level: 2 });
    expect(() => parseCommandArgs(open, { thingId: '' })).toThrow("Bad arguments for command 'test.openThing': thingId: Too small: expected string to have >=1 characters");
    expect([needsArguments(zoom), needsArguments(open)]).toEqual([false, true]);
  });
});
