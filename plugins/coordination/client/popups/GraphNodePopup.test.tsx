import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POST_STATISTICS_UNAVAILABLE } from '@core/shared/platforms';
import { renderWithProviders } from '@core/client/testing/render';
import type { ClusterData, EdgeData } from '../../shared/api';
import { addEdgeEvidence, buildCoordinationGraph } from '../graph/buildGraph';
import { setCurrentGraph } from '../currentGraph';
import { selection } from '../selection';
import { PopupLayer } from './PopupLayer';
import { URL_NOT_AVAILABLE } from './LinkPopup';

const conversationId = '0d9f1f0e-9a57-4c4a-9d0e-2a1c3b4d5e6f';
const envelope = (data: unknown, status = 200) => new Response(JSON.stringify({ data, metadata: { errors: status === 200 ? [] : ['x'], info: null, msg: null, pagination_info: null } }), {
  status, headers: { 'Content-Type': 'application/json' },
});
const account = (rid: string) => ({ id: 1, rid, platform: 'twitter', screen_name: rid, display_name: null, profile_url: null, avatar_url: null });
const preview = { cluster_insights: [], engagement_score: null, evidences: [], number_accounts: 2, number_posts: 2, percent_accounts: 0.1 };
const cluster: ClusterData = { cluster_id: 'c1', platform: 'twitter', coordinations: [], preview, accounts: ['a', 'b'].map((r) => ({ ...account(r), topic_id: null })), edges: [{ i: 'a', j: 'b', weight: 2, coordination_types: ['SYNCHRONOUS_URL_SHARE'] }] };
const evPost = (id: number, published_at: string) => ({ id, rid: `p${id}`, body: `post ${id}`, published_at, source_url: null });
const edge: EdgeData = {
  cluster_id: 'c1', i: account('a'), j: account('b'), weight: 2, coordination_types: ['SYNCHRONOUS_URL_SHARE', 'SYNCHRONOUS_HASHTAG_SHARE'], coordinations: [
    { type: 'SYNCHRONOUS_URL_SHARE', group: 'Synchronous Posting', co_actions: 2, weight: 0.3, evidence: [
      { key: 'news.example/story', post_i: evPost(11, '2025-01-01T10:00:00.000Z'), post_j: evPost(12, '2025-01-01T10:00:03.000Z'), time_i: null, time_j: null, delta_seconds: 3 },
    ] },
    { type: 'SYNCHRONOUS_HASHTAG_SHARE', group: 'Hashtag Amplification', co_actions: 2, weight: 0.3, evidence: [
      { key: 'vote', post_i: evPost(13, '2025-01-02T00:00:00.000Z'), post_j: evPost(14, '2025-01-02T00:00:01.000Z'), time_i: null, time_j: null, delta_seconds: 1 },
    ] },
  ],
};
const postRow = (platform: string, statistics: unknown) => ({
  id: 11, rid: 'p11', class: platform, platform_label: platform, post_class: null, subject: null, title: null,
  body: '<img src=x onerror=alert(1)> Read this\nnow', display_name: 'Alice', screen_name: 'a', user_id: '1', user_rid: 'a', user_class: null,
  creator: null, domains: ['news.example'], entities: null, published_at: '2025-01-01T10:00:00.000Z', source_url: null, avatar_url: null,
  accounts_url: null, urls: [], images: [], language: 'en', is_repost: false, is_reply: false, is_quote: false, is_niche: false,
  additional_properties: {}, topic_rid: null, confidence_score: null, is_exemplar: null, coordination_cluster_ids: null, narrative: null,
  sentiment: null, engagement_score: null, threats_of_violence: null, first_ngram: null, insights_count: null, statistics,
});
const topics = {
  run_id: 'r', topics_status: null, total_posts: 100, conversation_total_posts: 200,
  topics: [{ rid: 't1', title: 'Ballots', ngrams: ['mail ballots', 'stolen votes'], post_dates: [], cohesion_score: 0.5, post_count: 40, keywords: ['ballots', 'fraud'] }],
  narratives: [{
    id: 't1', ngrams: ['mail ballots'], post_count: 40, post_percent: 0.4, coordination_cluster_count: 1, engagement_score: 0.2, category: null,
    title: 'Mail ballots were stolen', description: '', is_threat: false, risk_level: 'LOW_RISK', risk: { level: 'LOW_RISK', signals: [], drivers: [] },
    conversation_post_count: 50, conversation_post_percent: 0.25, entities: [{ entity_name: 'Arizona', entity_type: 'LOCATION', post_count: 3 }],
  }],
  conversation_risk: null,
};

let details: { status: number; data: unknown };
const calls: string[] = [];
beforeEach(() => {
  selection.reset();
  calls.length = 0;
  details = { status: 200, data: [postRow('twitter', [{ key: 'likes', label: 'likes', value: 1200 }, { key: 'replies', label: 'replies', value: 3 }, { key: 'retweets', label: 'retweets', value: null }])] };
  const g = buildCoordinationGraph([cluster], { grouping: 'coordinationCluster' });
  addEdgeEvidence(g, edge);
  setCurrentGraph(g);
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    calls.push(url);
    if (url.includes('/posts/details')) return envelope(details.data, details.status);
    if (url.includes('/topics')) return envelope(topics);
    return envelope(null, 404);
  }));
});
afterEach(() => { cleanup(); setCurrentGraph(null); vi.unstubAllGlobals(); });

const layer = () => renderWithProviders(<PopupLayer paneId="p1" conversationId={conversationId} filters={null} />);
const open = (request: Parameters<typeof selection.openPopup>[0]) => act(() => selection.openPopup(request));

describe('graph node popups', () => {
  it('Post: body as text, platform badge, published date and the platform statistics from posts/details', async () => {
    layer();
    open({ type: 'graph', nodeType: 'posts', ref: 'p11', label: 'post 11', postId: 11 });
    const dialog = await screen.findByRole('dialog', { name: 'Post' });
    expect(await within(dialog).findByTestId('post-body')).toHaveProperty('textContent', '<img src=x onerror=alert(1)> Read this\nnow');
    expect(dialog.querySelector('img')).toBeNull();
    expect(dialog.querySelector('[data-platform="twitter"]')?.textContent).toBe('XX'); // monogram and label: twitter is shown as X
    expect(within(dialog).getByText('Alice @a', { exact: false })).toBeTruthy();
    const stats = within(dialog).getByRole('table', { name: 'Post statistics' });
    expect([...stats.querySelectorAll('tr')].map((r) => r.textContent)).toEqual(['likes1,200', 'replies3', 'retweetsN/A']);
    expect(within(dialog).getByRole('table', { name: 'Post' }).textContent).toBe(`Published${new Date('2025-01-01T10:00:00.000Z').toLocaleString()}`);
    expect(decodeURIComponent(calls[0]!)).toContain(`/api/v2/posts/details?conversation_id=${conversationId}&post_id=11`);
    expect(within(dialog).getByRole('button', { name: 'Copy to clipboard' })).toBeTruthy();
  });

  it('Post: "Post statistics unavailable" when the platform has none known; "No available data to display" when the post is gone', async () => {
    details = { status: 200, data: [postRow('someplatform', null)] };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    layer();
    open({ type: 'graph', nodeType: 'posts', ref: 'p11', label: 'post 11', postId: 11 });
    expect(await screen.findByText(POST_STATISTICS_UNAVAILABLE)).toBeTruthy();
    cleanup();
    details = { status: 200, data: [] };
    layer();
    open({ type: 'graph', nodeType: 'posts', ref: 'p99', label: 'post 99', postId: 99 });
    expect(await screen.findByText('No available data to display')).toBeTruthy();
    warn.mockRestore();
  });

  it('URL: the link, Posts, Accounts, First/Last Seen and who shared it when, newest first', async () => {
    layer();
    open({ type: 'graph', nodeType: 'links', ref: 'news.example/story', label: 'news.example/story' });
    const dialog = await screen.findByRole('dialog', { name: 'URL' });
    expect(within(dialog).getByTestId('popup-url').textContent).toBe('news.example/story');
    const fields = within(dialog).getByRole('table', { name: 'URL' });
    expect([...fields.querySelectorAll('tr')].map((r) => r.textContent)).toEqual([
      'Posts2', 'Accounts2', `First Seen${new Date('2025-01-01T10:00:00.000Z').toLocaleString()}`,
      `Last Seen${new Date('2025-01-01T10:00:03.000Z').toLocaleString()}`, 'Current RegistrationUnavailable',
    ]);
    const rows = [...within(dialog).getByRole('table', { name: 'Accounts' }).querySelectorAll('tr')].map((r) => r.textContent);
    expect(rows).toEqual(['NameDate Shared', `@b${new Date('2025-01-01T10:00:03.000Z').toLocaleString()}`, `@a${new Date('2025-01-01T10:00:00.000Z').toLocaleString()}`]);
  });

  it('URL not in the graph: "The URL is not available"', async () => {
    layer();
    open({ type: 'graph', nodeType: 'links', ref: 'gone.example/x', label: 'gone.example/x' });
    expect(await screen.findByText(URL_NOT_AVAILABLE)).toBeTruthy();
  });

  it('Domain: posts and accounts sharing it; Hashtag: accounts using it; empty ones say "No available data to display"', async () => {
    layer();
    open({ type: 'graph', nodeType: 'domains', ref: 'news.example', label: 'news.example' });
    let dialog = await screen.findByRole('dialog', { name: 'Domain' });
    expect(within(dialog).getByText('Posts (2)')).toBeTruthy();
    expect(within(dialog).getByText('Accounts (2)')).toBeTruthy();
    expect(within(dialog).getByRole('table', { name: 'Posts' }).textContent).toContain('post 12');
    open({ type: 'graph', nodeType: 'hashtags', ref: 'vote', label: '#vote' });
    dialog = await screen.findByRole('dialog', { name: 'Hashtag' });
    expect(within(dialog).getByText('#vote')).toBeTruthy();
    expect([...within(dialog).getByRole('table', { name: 'Accounts' }).querySelectorAll('tbody tr')].map((r) => r.firstChild?.textContent)).toEqual(['@b', '@a']);
    open({ type: 'graph', nodeType: 'hashtags', ref: 'nothing', label: '#nothing' });
    dialog = await screen.findByRole('dialog', { name: 'Hashtag' });
    expect(within(dialog).getByText('No available data to display')).toBeTruthy();
  });

  it('Topic: title, keyphrases, keywords and entities, share; an unknown topic has no data', async () => {
    layer();
    open({ type: 'graph', nodeType: 'topics', ref: 't1', label: 'Mail ballots were stolen' });
    const dialog = await screen.findByRole('dialog', { name: 'Topic' });
    const table = await within(dialog).findByRole('table', { name: 'Topic' });
    expect([...table.querySelectorAll('tr')].map((r) => r.textContent)).toEqual([
      'Cluster TitleMail ballots were stolen', 'Keyphrasesmail ballots, stolen votes',
      'Cluster Keywords and Entitiesballots, fraud, Arizona', 'Share25.0% of posts (50)',
    ]);
    open({ type: 'graph', nodeType: 'topics', ref: 't9', label: 'Topic t9' });
    expect(await screen.findByText('No available data to display')).toBeTruthy();
  });

  it('is draggable by its header and cleared with ×', async () => {
    layer();
    open({ type: 'graph', nodeType: 'hashtags', ref: 'vote', label: '#vote' });
    const dialog = await screen.findByRole('dialog', { name: 'Hashtag' });
    const handle = within(dialog).getByTestId('popup-drag-handle');
    fireEvent.pointerDown(handle, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 60, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(dialog.style.transform).toBe('translate(50px, 20px)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear popup' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(selection.get().popup).toBeNull();
  });
});
