import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandArgumentsError } from '@core/client/commands/args';
import { commandsServiceKey } from '@core/client/commands/commandService';
import { CommandRegistry } from '@core/client/commands/registry';
import { memoryStorage, testCommandContext } from '@core/client/commands/testing';
import { postKind } from '@core/client/selection/kinds';
import { SelectionService } from '@core/client/selection/selectionService';
import { filtersKey, notificationsKey, selectionKey } from '@core/client/services/keys';
import { workspaceServiceKey, type WorkspaceService } from '@core/client/workspace/workspaceService';
import { clearAll, decodeFilters, isEmptyFilters, mergeIntoSearch, toQueryString } from '@core/shared/filters';
import { ServiceRegistry } from '@core/shared/services/registry';
import { dimensionCommands, postsCommands } from './commands';
import { ExplorerState, explorerStateKey } from './explorerState';
import { fakeExplorerApi, row } from './testing/fakeExplorerApi';
import { urlStore } from './testing/harness';

afterEach(() => vi.unstubAllGlobals());

function setup(search = '') {
  const services = new ServiceRegistry();
  const url = urlStore(search);
  const opened: string[] = [];
  const notes: string[] = [];
  const state = new ExplorerState();
  const selection = new SelectionService();
  services.provide(explorerStateKey, state);
  services.provide(selectionKey, selection);
  services.provide(notificationsKey, { notify: (m) => notes.push(m) });
  services.provide(filtersKey, {
    get: () => decodeFilters(url.get()),
    hasAny: () => !isEmptyFilters(decodeFilters(url.get())),
    set: (next) => url.set(toQueryString(mergeIntoSearch(url.get(), next))),
    clearAll: () => url.set(toQueryString(clearAll(url.get()))),
  });
  services.provide(workspaceServiceKey, { openPanel: (type: string) => opened.push(type) } as unknown as WorkspaceService);
  const registry = new CommandRegistry({ storage: memoryStorage() });
  services.provide(commandsServiceKey, registry);
  registry.register([...postsCommands, ...dimensionCommands()]);
  const ctx = testCommandContext({ conversationId: 'c1', services });
  return { registry, ctx, url, state, selection, opened, notes };
}

describe('the posts palette commands', () => {
  it('are offered only inside a conversation', () => {
    const { registry } = setup();
    expect(registry.list(testCommandContext({ services: new ServiceRegistry() }))).toEqual([]);
  });

  it('cycles a boolean filter dimension any → yes → no → any in the URL', async () => {
    const { registry, ctx, url } = setup('viz:preset=narrative');
    await registry.run('posts.toggleIsReplyFilter', ctx);
    expect(url.get()).toBe('viz:preset=narrative&is_reply=true');
    await registry.run('posts.toggleIsReplyFilter', ctx);
    expect(url.get()).toBe('viz:preset=narrative&is_reply=false');
    await registry.run('posts.toggleIsReplyFilter', ctx);
    expect(url.get()).toBe('viz:preset=narrative');
  });

  it('opens the filters panel on a list dimension: the dimension waits for the pane, which takes it once', async () => {
    const { registry, ctx, opened } = setup();
    await registry.run('posts.togglePlatformsFilter', ctx);
    expect(opened).toEqual(['posts.filters']);
    const shown = vi.fn();
    // The filters pane mounts after the command ran (the workspace loads it): it still gets the dimension.
    const dispose = registry.handlers.handle('posts.showFilter', shown, 'pane-filters');
    expect(shown).toHaveBeenCalledWith({ dimension: 'platforms' });
    await registry.run('posts.toggleDomainsFilter', ctx);
    expect(shown.mock.calls).toEqual([[{ dimension: 'platforms' }], [{ dimension: 'domains' }]]);
    dispose();
    // Remounting later does not replay an old request (a tick counter in shared state would).
    registry.handlers.handle('posts.showFilter', shown, 'pane-filters');
    expect(shown).toHaveBeenCalledTimes(2);
  });

  it('posts.showFilter needs a list dimension: not in the palette, bad arguments refused before running', async () => {
    const { registry, ctx, opened } = setup();
    expect(registry.entry('posts.showFilter', ctx)).toBeNull();
    expect(registry.needsArguments('posts.showFilter')).toBe(true);
    await expect(registry.execute('posts.showFilter', { dimension: 'is_reply' }, ctx)).rejects.toThrow(CommandArgumentsError);
    await expect(registry.execute('posts.showFilter', undefined, ctx)).rejects.toThrow(
      "Bad arguments for command 'posts.showFilter': Invalid input: expected object, received undefined",
    );
    expect(opened).toEqual([]);
  });

  it('focuses the search box of the raw data panel (its pane handles the command)', async () => {
    const { registry, ctx, opened } = setup();
    const focus = vi.fn();
    registry.handlers.handle('posts.focusSearch', focus, 'pane-table');
    expect(registry.entry('posts.focusSearch', ctx)?.keybinding).toBe('mod+alt+f');
    await registry.run('posts.focusSearch', ctx);
    expect(opened).toEqual(['posts.rawData']);
    expect(focus).toHaveBeenCalledTimes(1);
  });

  it('opens a post by id (number or string) and closes it; "Close the post window" shows only while one is open', async () => {
    const { registry, ctx, selection } = setup();
    selection.registerPopup(postKind, () => null);
    expect(registry.entry('posts.closePost', ctx)).toBeNull();
    await registry.execute('posts.openPost', { postId: 42 }, ctx);
    expect(selection.popup(postKind)).toEqual({ postId: '42' });
    expect(registry.entry('posts.closePost', ctx)).not.toBeNull();
    await registry.run('posts.closePost', ctx);
    expect(selection.popup(postKind)).toBeNull();
  });

  it('sets the page size and saves it as results_per_page; the current size is disabled with a reason', async () => {
    const api = fakeExplorerApi([]);
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    const { registry, ctx, state } = setup();
    expect(registry.list(ctx).filter((c) => c.command.id.startsWith('posts.setPageSize')).map((c) => c.command.title)).toEqual([
      'Show 10 posts per page', 'Show 100 posts per page', 'Show 200 posts per page', 'Show 30 posts per page',
      'Show 300 posts per page', 'Show 50 posts per page',
    ]);
    await registry.run('posts.setPageSize100', ctx);
    expect(state.get().pageSize).toBe(100);
    expect(api.preference.raw_data_table_ordering.results_per_page).toBe(100);
    expect(registry.entry('posts.setPageSize100', ctx)).toMatchObject({ enabled: false, reason: 'The table already shows 100 posts per page' });
  });

  it('exports raw data of the current filters and search, or says the export failed', async () => {
    const api = fakeExplorerApi([row(1), row(2, { class: 'gab' })]);
    vi.stubGlobal('fetch', vi.fn(api.fetch));
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { registry, ctx, state, notes } = setup('platforms=gab:true');
    state.setSearch('flood');
    await registry.run('posts.exportJsonl', ctx);
    const call = api.calls.find((c) => c.query.get('export') === 'jsonl')!;
    expect(call.path).toBe('/api/v2/conversations/c1/raw_data');
    expect(call.query.getAll('platforms')).toEqual(['gab:true']);
    expect(call.query.get('search')).toBe('flood');
    expect(click).toHaveBeenCalledTimes(1);
    // The toast (read out by the toaster's live region) says the file is ready.
    expect(notes).toEqual(['Raw data exported as JSONL']);

    api.failNext(/export=csv/, 500, ['nope']);
    await registry.run('posts.exportCsv', ctx);
    expect(notes).toEqual(['Raw data exported as JSONL', 'an error occurred while exporting raw data.  Please try again later.']);
    click.mockRestore();
  });
});
