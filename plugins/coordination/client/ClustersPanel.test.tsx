import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { ServiceRegistry } from '@core/shared/services/registry';
import { emptyFilters, type Filters } from '@core/shared/filters';
import { apiKey, filtersKey } from '@core/client/services/keys';
import { renderWithProviders } from '@core/client/testing/render';
import coordinationClient from './index';
import ClustersPanel from './ClustersPanel';
import { coordinationSelectionKey, selection } from './selection';
import { setCurrentGraph } from './currentGraph';
import { buildCoordinationGraph } from './graph/buildGraph';

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
  selection.reset();
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

const panel = (filters: Filters = emptyFilters()) =>
  renderWithProviders(<ClustersPanel paneId="p1" config={{}} setConfig={() => {}} conversationId={conversationId} filters={filters} />);

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
    selection.openPopup({ type: 'cluster', clusterId: 'c1' });
    expect(await screen.findByText('An error occurred while loading cluster popup data')).toBeTruthy();
    selection.clearPopup();
    cluster = { status: 200, data: { ...clusterData, accounts: [] } };
    selection.openPopup({ type: 'cluster', clusterId: 'c2' });
    expect(await screen.findByText('No Coordination Detected')).toBeTruthy();
  });

  it('user popup: profile, Account Info, sorted extra properties, Connected Accounts with count, URLs newest first', async () => {
    panel();
    selection.openPopup({ type: 'user', rid: 'r1', clusterId: 'c1' });
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
    expect(selection.get().popup).toEqual({ type: 'coordination', clusterId: 'c1', i: 'r1', j: 'r2' });
  });

  it('user popup without URLs says there is no data', async () => {
    urls = { urls: [], post_dates: [] };
    panel();
    selection.openPopup({ type: 'user', rid: 'r1', clusterId: null });
    expect(await screen.findByText('No available data to display')).toBeTruthy();
  });

  it('edge popup: action node, sentence, receiver node and the proving posts as text', async () => {
    panel();
    selection.openPopup({ type: 'coordination', clusterId: 'c1', i: 'r1', j: 'r2' });
    const popup = await screen.findByRole('dialog', { name: 'Coordination' });
    expect(await within(popup).findByText('Account @user1 coordinated with Account @user2')).toBeTruthy();
    expect(within(popup).getByText('@user1: <img src=x onerror=alert(1)> read')).toBeTruthy();
    expect(popup.querySelector('img')).toBeNull();
    expect(within(popup).getByText('news.example/a — 2 s apart')).toBeTruthy();
    await userEvent.click(within(popup).getByRole('button', { name: 'Open @user2' }));
    expect(selection.get().popup).toEqual({ type: 'user', rid: 'r2', clusterId: 'c1' });
  });

  it('a popup request without a type logs a warning and opens nothing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    selection.openPopup({} as never);
    expect(warn).toHaveBeenCalledWith('Profile popup requested without a type; nothing to show');
    expect(selection.get().popup).toBeNull();
    warn.mockRestore();
  });

  it('only one pane draws the popup when two coordination panels are open', async () => {
    panel();
    renderWithProviders(<ClustersPanel paneId="p2" config={{}} setConfig={() => {}} conversationId={conversationId} filters={emptyFilters()} />);
    selection.openPopup({ type: 'cluster', clusterId: 'c1' });
    await screen.findByRole('dialog', { name: 'Cluster c1' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});

describe('coordination commands', () => {
  const context = () => {
    const services = new ServiceRegistry();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let filters = emptyFilters();
    services.provide(apiKey, { queryClient });
    services.provide(filtersKey, { get: () => filters, set: (f: Filters) => { filters = f; }, hasAny: () => false, clearAll: () => {} });
    coordinationClient.activate!(services);
    return { ctx: { conversationId, projectName: null, tab: null, subtab: null, focusedPaneId: null, paneCount: 1, services }, filters: () => filters };
  };
  const command = (id: string) => coordinationClient.commands!.find((c) => c.id === id)!;

  it('open cluster opens the largest cluster when none is selected; filter to cluster sets the coordination filter', async () => {
    const { ctx, filters } = context();
    expect(command('coordination.openCluster').when!({ ...ctx, conversationId: null })).toBe(false);
    await command('coordination.openCluster').run(ctx);
    expect(ctx.services.get(coordinationSelectionKey).get().popup).toEqual({ type: 'cluster', clusterId: 'c1' });
    await command('coordination.filterToCluster').run(ctx);
    expect(filters().coordination_cluster).toEqual({ c1: true });
  });

  it('focus account needs a selected account; fit and focus ask the navigator; exports need an open graph', async () => {
    const { ctx } = context();
    expect(command('coordination.focusAccount').enabled!(ctx)).toBe('Select an account first');
    selection.selectAccount('r1', 'c1');
    expect(command('coordination.focusAccount').enabled!(ctx)).toBe(true);
    await command('coordination.focusAccount').run(ctx);
    await command('coordination.fitGraph').run(ctx);
    expect(selection.get()).toMatchObject({ focusRequest: 1, fitRequest: 1 });
    expect(command('coordination.exportGexf').enabled!(ctx)).toBe('Open the network navigator first');
    setCurrentGraph(buildCoordinationGraph([clusterData as never], { grouping: 'coordinationCluster' }));
    expect(command('coordination.exportGexf').enabled!(ctx)).toBe(true);
    setCurrentGraph(null);
  });

  it('switch preset cycles narrative, coordination, actor', async () => {
    const { ctx } = context();
    expect(selection.get().preset).toBe('narrative');
    await command('coordination.switchPreset').run(ctx);
    expect(selection.get().preset).toBe('coordination');
    await command('coordination.switchPreset').run(ctx);
    await command('coordination.switchPreset').run(ctx);
    expect(selection.get().preset).toBe('narrative');
  });

  it("expand neighbourhood adds the selected account's evidence posts and links to the open graph", async () => {
    const { ctx } = context();
    const graph = buildCoordinationGraph([{ ...clusterData, edges: [{ i: 'r1', j: 'r2', weight: 3, coordination_types: ['SYNCHRONOUS_URL_SHARE'] }] } as never], { grouping: 'coordinationCluster' });
    setCurrentGraph(graph);
    expect(command('coordination.expandNeighbourhood').enabled!(ctx)).toBe('Select an account first');
    selection.selectAccount('r1', 'c1');
    expect(command('coordination.expandNeighbourhood').enabled!(ctx)).toBe(true);
    await command('coordination.expandNeighbourhood').run(ctx);
    expect(graph.hasNode('posts:p1')).toBe(true);
    expect(graph.hasNode('links:news.example/a')).toBe(true);
    setCurrentGraph(null);
  });

  it('export evidence downloads the cluster edges and their proving posts as CSV', async () => {
    const { ctx } = context();
    cluster = { status: 200, data: { ...clusterData, edges: [{ i: 'r1', j: 'r2', weight: 3, coordination_types: ['SYNCHRONOUS_URL_SHARE'] }] } };
    let blob: Blob | null = null;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => { blob = b; return 'blob:x'; }, revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    selection.selectCluster('c1');
    await command('coordination.exportEvidence').run(ctx);
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
