import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandRegistry } from '@core/client/commands/registry';
import { memoryStorage, testCommandContext } from '@core/client/commands/testing';
import { filtersKey, notificationsKey } from '@core/client/services/keys';
import { workspaceServiceKey, type WorkspaceService } from '@core/client/workspace/workspaceService';
import { clearAll, decodeFilters, isEmptyFilters, mergeIntoSearch, toQueryString } from '@core/shared/filters';
import { ServiceRegistry } from '@core/shared/services/registry';
import { postsCommands } from './commands';
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
  services.provide(explorerStateKey, state);
  services.provide(notificationsKey, { notify: (m) => notes.push(m) });
  services.provide(filtersKey, {
    get: () => decodeFilters(url.get()),
    hasAny: () => !isEmptyFilters(decodeFilters(url.get())),
    set: (next) => url.set(toQueryString(mergeIntoSearch(url.get(), next))),
    clearAll: () => url.set(toQueryString(clearAll(url.get()))),
  });
  services.provide(workspaceServiceKey, { openPanel: (type: string) => opened.push(type) } as unknown as WorkspaceService);
  const registry = new CommandRegistry({ storage: memoryStorage() });
  registry.register(postsCommands);
  const ctx = testCommandContext({ conversationId: 'c1', services });
  return { registry, ctx, url, state, opened, notes };
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

  it('opens the filters panel on a list dimension', async () => {
    const { registry, ctx, state, opened } = setup();
    await registry.run('posts.togglePlatformsFilter', ctx);
    expect(opened).toEqual(['posts.filters']);
    expect(state.get().focusDimension).toEqual({ name: 'platforms', tick: 1 });
  });

  it('focuses the search box of the raw data panel', async () => {
    const { registry, ctx, state, opened } = setup();
    expect(registry.entry('posts.focusSearch', ctx)?.keybinding).toBe('mod+alt+f');
    await registry.run('posts.focusSearch', ctx);
    expect(opened).toEqual(['posts.rawData']);
    expect(state.get().focusSearchTick).toBe(1);
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

    api.failNext(/export=csv/, 500, ['nope']);
    await registry.run('posts.exportCsv', ctx);
    expect(notes).toEqual(['an error occurred while exporting raw data.  Please try again later.']);
    click.mockRestore();
  });
});
