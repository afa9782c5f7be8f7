import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters, type Filters } from '@core/shared/filters';
import { createWorkbenchHost } from '@core/client/app/host';
import type { CommandContext } from '@core/client/plugin/contract';
import { accountKind, clusterKind } from '@core/client/selection/kinds';
import type { SelectionService } from '@core/client/selection/selectionService';
import { apiKey, filtersKey, selectionKey } from '@core/client/services/keys';
import { renderInWorkbench } from '@core/client/testing/workbench';
import { QueryClient } from '@tanstack/react-query';
import coordinationClient from './index';
import ClustersPanel from './ClustersPanel';
import { buildCoordinationGraph } from './graph/buildGraph';
import { expandNeighbourhood, nextPreset } from './navigatorCommands';
import { edgeKind } from './kinds';
import { disposeAfterTest } from '@core/client/testing/teardown';

const conversationId = '0d9f1f0e-9a57-4c4a-9d0e-2a1c3b4d5e6f';
const envelope = (data: unknown, status = 200) => new Response(JSON.stringify({ data, metadata: { errors: status === 200 ? [] : ['x'], info: null, msg: null, pagination_info: null } }), {
  status, headers: { 'Content-Type': 'application/json' },
});
const account = (n: number) => ({ id: n, rid: `r${n}`, platform: 'twitter', screen_name: `user${n}`, display_name: `User ${n}`, profile_url: null, avatar_url: null });
const preview = {
  cluster_insights: ['5 accounts shared the same links (6 links) within 60 seconds of each other.'], engagement_score: null,
  evidences: [
    { type: 'SYNCHRONOUS_URL_SHARE', group: 'Synchronous Posting', edges: 10, accounts: 5, posts: 30 },
    { type: 'SIMILAR_SCREEN_NAMES', group: 'Sock Puppets', edges: 4, accounts: 5, posts: 0 },
  ],
  number_accounts: 5, number_posts: 30, percent_accounts: 0.0412,
};
const clusterData = { cluster_id: 'c1', platform: 'twitter', coordinations: preview.evidences, accounts: [1, 2, 3, 4, 5].map((n) => ({ ...account(n), topic_id: null })), edges: [], preview };
const edgeData = {
  cluster_id: 'c1', i: account(1), j: account(2), weight: 3, coordination_types: ['SYNCHRONOUS_URL_SHARE'],
  coordinations: [{ type: 'SYNCHRONOUS_URL_SHARE', group: 'Synchronous Posting', co_actions: 6, weight: 0.4, evidence: [{
    key: 'news.example/a', time_i: '2025-01-01T00:00:00.000Z', time_j: '2025-01-01T00:00:02.000Z', delta_seconds: 2,
    post_i: { id: 1, rid: 'p1', body: '<img src=x onerror=alert(1)> read', published_at: '2025-01-01T00:00:00.000Z', source_url: null },
    post_j: { id: 2, rid: 'p2', body: 'read too', published_at: '2025-01-01T00:00:02.000Z', source_url: null },
  }] }],
};
const details = {
  platform: 'twitter', id: 1, rid: 'r1', screen_name: 'user1', display_name: 'User One', class: 'TwitterUser', post_class: 'TwitterPost',
  location: 'Lyon', url: 'https://one.example', avatar_url: null, bio: 'I <b>post</b>', created_at: '2020-01-01T00:00:00.000Z', embedded_profile_url: null,
  insights: [], additional_properties: { zeta: 1, alpha: 'a' }, coordinationClusterId: 'c1',
};

let cluster: { status: number; data: unknown };
let urls: { urls: string[]; post_dates: string[] };
const calls: string[] = [];
beforeEach(() => {
  calls.length = 0;
  cluster = { status: 200, data: clusterData };
  urls = { urls: ['https://old.example', 'https://new.example'], post_dates: ['2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z'] };
  // The browser's network boundary: the panels talk HTTP, so the test answers HTTP.
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    calls.push(url);
    if (url.includes('/coordination_clusters')) return envelope({ run_id: 'r', detected_at: null, clusters: [{ cluster_id: 'c1', platform: 'twitter', preview }] });
    if (url.includes('/cluster?')) return envelope(cluster.data, cluster.status);
    if (url.includes('/edge?')) return envelope(edgeData);
    if (url.includes('/node?')) return envelope({ cluster_id: 'c1', account: account(1), actor_class: 'TwitterUser', connected_accounts: [{ screen_name: 'user2', rid: 'r2', profile_url: null, weight: { value: 2, coordination_types: ['SYNCHRONOUS_URL_SHARE'] } }] });
    if (url.includes('/details')) return envelope(details);
    if (url.includes('/urls')) return envelope(urls);
    return envelope(null, 404);
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const clustersPanel = (filters: Filters = emptyFilters(), paneId = 'p1') =>
  <ClustersPanel paneId={paneId} config={{}} setConfig={() => {}} conversationId={conversationId} filters={filters} />;
let selection: SelectionService;
/** The clusters panel in the conversation page's plugin host, with the page's popup host. */
const panel = (filters: Filters = emptyFilters()) => {
  const rendered = renderInWorkbench(clustersPanel(filters), { plugins: [coordinationClient], conversationId, filters });
  selection = rendered.selection;
  return rendered;
};
const open = <P,>(kind: { kind: string; __payload?: P }, payload: P) => act(() => { selection.openPopup(kind, payload); });
/** The top popup's kind and payload, as the popup host draws it. */
const topPopup = () => {
  const { popups } = selection.getSnapshot();
  const top = popups[popups.length - 1];
  return top ? { kind: top.kind, payload: top.payload } : null;
};

describe('coordination clusters panel', () => {
  it('lists each cluster with its preview and evidence groups, sending the filters', async () => {
    panel({ ...emptyFilters(), platforms: { twitter: true } });
    const item = await screen.findByRole('button', { name: /Cluster c1/ });
    expect(item.textContent).toContain('5 accounts (4%) · 30 posts');
    expect(within(item).getByText('Synchronous Posting')).toBeTruthy();
    expect(within(item).getByText('Sock Puppets')).toBeTruthy();
    expect(within(item).queryByText('Replication')).toBeNull();
    expect(item.textContent).toContain('5 accounts shared the same links');
    expect(decodeURIComponent(calls[0]!)).toContain('platforms=twitter:true');
  });

  it('opens the cluster popup: 3 accounts, See All shows all, Close collapses; the popup can be cleared', async () => {
    panel();
    await userEvent.click(await screen.findByRole('button', { name: /Cluster c1/ }));
    const popup = await screen.findByRole('dialog', { name: 'Cluster c1' });
    await within(popup).findByText('@user1');
    expect(within(popup).getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(within(popup).getByRole('button', { name: 'See All' }));
    expect(within(popup).getAllByRole('listitem')).toHaveLength(5);
    await userEvent.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(within(popup).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: /Cluster c1/ }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(popup).getByRole('button', { name: 'Clear popup' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cluster popup messages: load error and no coordination', async () => {
    cluster = { status: 500, data: null };
    panel();
    open(clusterKind, { clusterId: 'c1' });
    expect(await screen.findByText('An error occurred while loading cluster popup data')).toBeTruthy();
    act(() => selection.closePopup());
    cluster = { status: 200, data: { ...clusterData, accounts: [] } };
    open(clusterKind, { clusterId: 'c2' });
    expect(await screen.findByText('No Coordination Detected')).toBeTruthy();
  });

  it('user popup: profile, Account Info, sorted extra properties, Connected Accounts with count, URLs newest first', async () => {
    panel();
    open(accountKind, { rid: 'r1', clusterId: 'c1' });
    const popup = await screen.findByRole('dialog', { name: 'User One' });
    await within(popup).findByText('Account Info');
    expect(within(popup).getByText('I <b>post</b>')).toBeTruthy(); // text, never HTML
    const props = within(popup).getByRole('table', { name: 'Additional properties' });
    expect([...props.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['alpha', 'zeta']);
    expect(await within(popup).findByText('Connected Accounts (1)')).toBeTruthy();
    expect(within(popup).getByRole('button', { name: '@user2' })).toBeTruthy();
    const table = await within(popup).findByRole('table', { name: 'URLs' });
    expect([...table.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['url', 'Date Shared']);
    expect([...table.querySelectorAll('tbody td:first-child')].map((td) => td.textContent)).toEqual(['https://new.example', 'https://old.example']);
    await userEvent.click(within(popup).getByRole('button', { name: '@user2' }));
    expect(topPopup()).toEqual({ kind: edgeKind.kind, payload: { clusterId: 'c1', i: 'r1', j: 'r2' } });
    // One profile popup at a time: the edge popup replaced the user popup.
    expect(selection.getSnapshot().popups).toHaveLength(1);
  });

  it('user popup without URLs says there is no data', async () => {
    urls = { urls: [], post_dates: [] };
    panel();
    open(accountKind, { rid: 'r1', clusterId: null });
    expect(await screen.findByText('No available data to display')).toBeTruthy();
  });

  it('edge popup: action node, sentence, receiver node and the proving posts as text', async () => {
    panel();
    open(edgeKind, { clusterId: 'c1', i: 'r1', j: 'r2' });
    const popup = await screen.findByRole('dialog', { name: 'Coordination' });
    expect(await within(popup).findByText('Account @user1 coordinated with Account @user2')).toBeTruthy();
    expect(within(popup).getByText('@user1: <img src=x onerror=alert(1)> read')).toBeTruthy();
    expect(popup.querySelector('img')).toBeNull();
    expect(within(popup).getByText('news.example/a — 2 s apart')).toBeTruthy();
    await userEvent.click(within(popup).getByRole('button', { name: 'Open @user2' }));
    expect(topPopup()).toEqual({ kind: accountKind.kind, payload: { rid: 'r2', clusterId: 'c1' } });
    // Opening an account from the evidence selects it, with its cluster: the list highlights that cluster.
    expect(selection.getSnapshot().selection).toEqual({ kind: 'account', payload: { rid: 'r2', clusterId: 'c1' } });
    expect(screen.getByRole('button', { name: /Cluster c1/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a popup request without a kind logs a warning and opens nothing', () => {
    panel();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    act(() => { selection.openPopup({} as never, {}); });
    expect(warn).toHaveBeenCalledWith("No popup renderer for kind ''; nothing to show");
    expect(topPopup()).toBeNull();
    warn.mockRestore();
  });

  it('draws the popup once when two coordination panels are open (one popup host for the page)', async () => {
    renderInWorkbench(<>{clustersPanel(emptyFilters(), 'p1')}{clustersPanel(emptyFilters(), 'p2')}</>, { plugins: [coordinationClient], conversationId });
    await userEvent.click((await screen.findAllByRole('button', { name: /Cluster c1/ }))[1]!);
    await screen.findByRole('dialog', { name: 'Cluster c1' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});

describe('coordination commands', () => {
  /** The plugin's host with the services a conversation page has; commands run through the registry, as the palette does. */
  const context = () => {
    const host = createWorkbenchHost([coordinationClient]);
    disposeAfterTest(host.dispose);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let filters = emptyFilters();
    host.services.provide(apiKey, { queryClient });
    host.services.provide(filtersKey, { get: () => filters, set: (f: Filters) => { filters = f; }, hasAny: () => false, clearAll: () => {} });
    const ctx: CommandContext = { conversationId, projectName: null, tab: null, subtab: null, focusedPaneId: null, paneCount: 1, services: host.services };
    const selection = host.services.get(selectionKey);
    /** A navigator pane: records what the commands hand it. */
    const navigator = (ids: string[]) => {
      const received: Array<[string, unknown]> = [];
      for (const id of ids) host.commands.handlers.handle(id, (args) => { received.push([id, args]); }, 'navigator');
      return received;
    };
    return { host, ctx, selection, queryClient, navigator, filters: () => filters, reason: (id: string) => host.commands.entry(id, ctx)?.reason ?? null };
  };

  it('are offered in a conversation only (when expressions over context keys)', () => {
    const { host, ctx } = context();
    expect(host.commands.entry('coordination.openCluster', ctx)).not.toBeNull();
    expect(host.commands.entry('coordination.openCluster', { ...ctx, conversationId: null })).toBeNull();
  });

  it('open cluster opens the largest cluster when none is selected, or the one given; filter to cluster sets the coordination filter', async () => {
    const { host, ctx, selection, filters } = context();
    await host.commands.run('coordination.openCluster', ctx);
    expect(selection.popup(clusterKind)).toEqual({ clusterId: 'c1' });
    expect(selection.selected(clusterKind)).toEqual({ clusterId: 'c1' });
    await host.commands.execute('coordination.openCluster', { clusterId: 'c7' }, ctx);
    expect(selection.popup(clusterKind)).toEqual({ clusterId: 'c7' });
    await host.commands.run('coordination.filterToCluster', ctx);
    expect(filters().coordination_cluster).toEqual({ c7: true });
    await expect(host.commands.execute('coordination.openCluster', { clusterId: 7 }, ctx)).rejects.toThrow(
      "Bad arguments for command 'coordination.openCluster': clusterId: Invalid input: expected string, received number",
    );
  });

  it('focus account needs a selected account and an open navigator, and hands the navigator the account', async () => {
    const { host, ctx, selection, navigator } = context();
    expect(host.commands.entry('coordination.focusAccount', ctx)).toMatchObject({ enabled: false, reason: 'Select an account first' });
    selection.select(accountKind, { rid: 'r1', clusterId: 'c1' });
    expect(host.commands.entry('coordination.focusAccount', ctx)?.reason).toBe('Open the network navigator first');
    const received = navigator(['coordination.focusAccount', 'coordination.fitGraph']);
    expect(host.commands.entry('coordination.focusAccount', ctx)?.enabled).toBe(true);
    await host.commands.run('coordination.focusAccount', ctx);
    await host.commands.execute('coordination.focusAccount', { rid: 'r9' }, ctx);
    await host.commands.run('coordination.fitGraph', ctx);
    expect(received).toEqual([['coordination.focusAccount', { rid: 'r1' }], ['coordination.focusAccount', { rid: 'r9' }], ['coordination.fitGraph', undefined]]);
  });

  it('fit, presets and exports are disabled until a navigator pane handles them', () => {
    const { navigator, reason } = context();
    const ids = ['coordination.fitGraph', 'coordination.switchPreset', 'coordination.exportGexf', 'coordination.exportGraphml'];
    for (const id of ids) expect(reason(id)).toBe('Open the network navigator first');
    navigator(ids);
    for (const id of ids) expect(reason(id)).toBeNull();
  });

  it('switch preset hands the navigator the preset asked for (none = the next one); the next cycles narrative, coordination, actor', async () => {
    const { host, ctx, navigator } = context();
    const received = navigator(['coordination.switchPreset']);
    await host.commands.run('coordination.switchPreset', ctx);
    await host.commands.execute('coordination.switchPreset', { preset: 'actor' }, ctx);
    expect(received).toEqual([['coordination.switchPreset', {}], ['coordination.switchPreset', { preset: 'actor' }]]);
    await expect(host.commands.execute('coordination.switchPreset', { preset: 'nope' }, ctx)).rejects.toThrow(/Bad arguments for command 'coordination.switchPreset': preset:/);
    expect([nextPreset('narrative'), nextPreset('coordination'), nextPreset('actor')]).toEqual(['coordination', 'actor', 'narrative']);
  });

  it('expand neighbourhood hands the navigator the selected account and its cluster; the navigator adds the evidence posts and links', async () => {
    const { host, ctx, selection, navigator, queryClient } = context();
    expect(host.commands.entry('coordination.expandNeighbourhood', ctx)?.reason).toBe('Select an account first');
    selection.select(accountKind, { rid: 'r1', clusterId: 'c1' });
    const received = navigator(['coordination.expandNeighbourhood']);
    await host.commands.run('coordination.expandNeighbourhood', ctx);
    expect(received).toEqual([['coordination.expandNeighbourhood', { rid: 'r1', clusterId: 'c1' }]]);
    const graph = buildCoordinationGraph([{ ...clusterData, edges: [{ i: 'r1', j: 'r2', weight: 3, coordination_types: ['SYNCHRONOUS_URL_SHARE'] }] } as never], { grouping: 'coordinationCluster' });
    await expandNeighbourhood(queryClient, graph, { conversationId, clusterId: 'c1', rid: 'r1', filters: null });
    expect(graph.hasNode('posts:p1')).toBe(true);
    expect(graph.hasNode('links:news.example/a')).toBe(true);
  });

  it('export evidence downloads the cluster edges and their proving posts as CSV', async () => {
    const { host, ctx, selection } = context();
    cluster = { status: 200, data: { ...clusterData, edges: [{ i: 'r1', j: 'r2', weight: 3, coordination_types: ['SYNCHRONOUS_URL_SHARE'] }] } };
    let blob: Blob | null = null;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => { blob = b; return 'blob:x'; }, revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    selection.select(clusterKind, { clusterId: 'c1' });
    await host.commands.run('coordination.exportEvidence', ctx);
    expect(click).toHaveBeenCalled();
    const lines = (await blob!.text()).split('\r\n');
    expect(lines[0]).toMatch(/^cluster_id,account_i,account_j,type/);
    expect(lines[1]).toContain('c1,r1,r2,SYNCHRONOUS_URL_SHARE,Synchronous Posting,news.example/a,p1,p2');
    click.mockRestore();
  });

  it('declares the two panels and prefixed ids', () => {
    expect(coordinationClient.panels!.map((p) => p.type)).toEqual(['coordination.networkNavigator', 'coordination.clusters']);
    expect(coordinationClient.commands!.every((c) => c.id.startsWith('coordination.'))).toBe(true);
  });
});
