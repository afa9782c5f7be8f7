import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POST_STATISTICS_UNAVAILABLE } from '@core/shared/platforms';
import { renderInWorkbench } from '@core/client/testing/workbench';
import { emptyFilters } from '@core/shared/filters';
import { accountKind, type PayloadOf } from '@core/client/selection/kinds';
import type { SelectionService } from '@core/client/selection/selectionService';
import { urlsPopupSectionsKey } from '@plugins/urls/shared/public';
import coordinationClient from '../index';
import { graphNodeKind } from '../kinds';
import { URL_NOT_AVAILABLE } from './LinkPopup';

const conversationId = '0d9f1f0e-9a57-4c4a-9d0e-2a1c3b4d5e6f';
const envelope = (data: unknown, status = 200) => new Response(JSON.stringify({ data, metadata: { errors: status === 200 ? [] : ['x'], info: null, msg: null, pagination_info: null } }), {
  status, headers: { 'Content-Type': 'application/json' },
});
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

/** The sharing call's answers by value, as the server gives them (the route is tested in tests/integration/coordination/sharing.test.ts). */
const when = (d: number) => new Date(`2025-01-0${d}T00:00:00.000Z`).toLocaleString();
const iso = (d: number) => `2025-01-0${d}T00:00:00.000Z`;
const sharer = (rid: string, screen_name: string | null, display_name: string | null, d: number) => ({ rid, platform: 'twitter', screen_name, display_name, date_shared: iso(d) });
const THREE = [sharer('c', 'c', 'Cee', 9), sharer('b', null, 'Bee', 5), sharer('a-rid', null, null, 2)];
const MANY = [sharer('u0', '<img src=x onerror=alert(1)>', null, 9), ...Array.from({ length: 149 }, (_, k) => sharer(`u${k + 1}`, `user${k + 1}`, null, 3))];
function sharingAnswer(url: URL) {
  const q = url.searchParams;
  const value = q.get('value')!;
  if (value.startsWith('broken')) return envelope(null, 500);
  const accounts = value === 'many' ? MANY : value.startsWith('gone') || value === 'nothing' ? [] : THREE;
  const offset = Number(q.get('offset')), limit = Number(q.get('limit'));
  return envelope({
    kind: q.get('kind'), value, posts: accounts.length ? 1234 : 0, accounts: accounts.length,
    first_seen: accounts.length ? iso(1) : null, last_seen: accounts.length ? iso(9) : null, shares: accounts.slice(offset, offset + limit),
  });
}
const rowsOf = (table: HTMLElement) => [...table.querySelectorAll('tr')].map((r) => r.textContent);

let details: { status: number; data: unknown };
const calls: string[] = [];
const sharingCalls: string[] = [];
beforeEach(() => {
  calls.length = 0;
  sharingCalls.length = 0;
  details = { status: 200, data: [postRow('twitter', [{ key: 'likes', label: 'likes', value: 1200 }, { key: 'replies', label: 'replies', value: 3 }, { key: 'retweets', label: 'retweets', value: null }])] };
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    calls.push(url);
    if (url.includes('/accounts/sharing')) {
      sharingCalls.push(url);
      return sharingAnswer(new URL(url, 'http://localhost'));
    }
    if (url.includes('/posts/details')) return envelope(details.data, details.status);
    if (url.includes('/topics')) return envelope(topics);
    return envelope(null, 404);
  }));
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

let selection: SelectionService;
/** The conversation page's popup host with the coordination plugin's renderers, and no panel. */
const layer = (filters = emptyFilters()) => { selection = renderInWorkbench(<></>, { plugins: [coordinationClient], conversationId, filters }).selection; };
const open = (payload: PayloadOf<typeof graphNodeKind>) => act(() => { selection.openPopup(graphNodeKind, payload); });
const topPopup = () => {
  const top = selection.getSnapshot().popups.at(-1);
  return top ? { kind: top.kind, payload: top.payload } : null;
};

describe('graph node popups', () => {
  it('Post: body as text, platform badge, published date and the platform statistics from posts/details', async () => {
    layer();
    open({ nodeType: 'posts', ref: 'p11', label: 'post 11', postId: 11 });
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
    open({ nodeType: 'posts', ref: 'p11', label: 'post 11', postId: 11 });
    expect(await screen.findByText(POST_STATISTICS_UNAVAILABLE)).toBeTruthy();
    cleanup();
    details = { status: 200, data: [] };
    layer();
    open({ nodeType: 'posts', ref: 'p99', label: 'post 99', postId: 99 });
    expect(await screen.findByText('No available data to display')).toBeTruthy();
    warn.mockRestore();
  });

  it('URL: the link, Posts, Accounts, First/Last Seen over the whole conversation, registration Unavailable, accounts newest first', async () => {
    const filters = { ...emptyFilters(), platforms: { twitter: true } };
    layer(filters);
    open({ nodeType: 'links', ref: 'news.example/story', label: 'news.example/story' });
    const dialog = await screen.findByRole('dialog', { name: 'URL' });
    expect(within(dialog).getByText('Loading…')).toBeTruthy();
    expect(within(dialog).getByTestId('popup-url').textContent).toBe('news.example/story');
    const fields = await within(dialog).findByRole('table', { name: 'URL' });
    expect(rowsOf(fields)).toEqual(['Posts1,234', 'Accounts3', `First Seen${when(1)}`, `Last Seen${when(9)}`]);
    expect(rowsOf(within(dialog).getByRole('table', { name: 'Current Registration' }))).toEqual([
      'CreationUnavailable', 'ExpirationUnavailable', 'Last UpdatedUnavailable', 'RegistrarUnavailable', 'Registrar EmailUnavailable',
    ]);
    expect(rowsOf(within(dialog).getByRole('table', { name: 'Past Registration' }))).toEqual(['NamesPhonesRegistrarsEmails', 'Unavailable']);
    expect(rowsOf(within(dialog).getByRole('table', { name: 'Accounts' }))).toEqual(['NameDate Shared', `@c${when(9)}`, `Bee${when(5)}`, `a-rid${when(2)}`]);
    const call = new URL(sharingCalls[0]!, 'http://localhost');
    expect(call.pathname).toBe('/api/v2/accounts/sharing');
    expect(Object.fromEntries(call.searchParams)).toEqual({
      conversation_id: conversationId, kind: 'url', value: 'news.example/story', limit: '100', offset: '0', platforms: 'twitter:true',
    });
    expect(within(dialog).queryByRole('button', { name: /Show more/ })).toBeNull();
  });

  it('URL with the URLs plugin installed: its registration section replaces the Unavailable tables, given the conversation and the link', async () => {
    // The URLs plugin's section (tested there: plugins/urls/client/popups/RegistrationSection.test.tsx) as the service's contract gives it.
    const given: string[] = [];
    const Registration = ({ conversationId: c, domainOrUrl }: { conversationId: string; domainOrUrl: string }) => {
      given.push(`${c} ${domainOrUrl}`);
      return <p>Registration of {domainOrUrl}</p>;
    };
    selection = renderInWorkbench(<></>, { plugins: [coordinationClient], conversationId, setup: (host) => host.services.provide(urlsPopupSectionsKey, { Registration }) }).selection;
    open({ nodeType: 'links', ref: 'https://news.example.com/story', label: 'news.example.com/story' });
    const dialog = await screen.findByRole('dialog', { name: 'URL' });
    await within(dialog).findByText('Registration of https://news.example.com/story');
    expect(given.at(-1)).toBe(`${conversationId} https://news.example.com/story`);
    expect(within(dialog).queryByRole('table', { name: 'Current Registration' })).toBeNull();
  });

  it('URL nobody shared under the filters: "The URL is not available"; a failed call says so', async () => {
    layer();
    open({ nodeType: 'links', ref: 'gone.example/x', label: 'gone.example/x' });
    expect(await screen.findByText(URL_NOT_AVAILABLE)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Accounts' })).toBeNull();
    open({ nodeType: 'links', ref: 'broken.example/x', label: 'broken.example/x' });
    expect(await screen.findByText('An error occurred while loading popup data')).toBeTruthy();
  });

  it('Domain and Hashtag: the same counts and Accounts table for their kind; nobody sharing says "No available data to display"', async () => {
    layer();
    open({ nodeType: 'domains', ref: 'news.example', label: 'news.example' });
    let dialog = await screen.findByRole('dialog', { name: 'Domain' });
    expect(rowsOf(await within(dialog).findByRole('table', { name: 'Domain' }))).toEqual(['Posts1,234', 'Accounts3', `First Seen${when(1)}`, `Last Seen${when(9)}`]);
    expect(within(dialog).queryByRole('table', { name: 'Current Registration' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Copy to clipboard' })).toBeTruthy();
    open({ nodeType: 'hashtags', ref: 'vote', label: '#vote' });
    dialog = await screen.findByRole('dialog', { name: 'Hashtag' });
    expect(within(dialog).getByText('#vote')).toBeTruthy();
    expect(rowsOf(await within(dialog).findByRole('table', { name: 'Accounts' }))).toEqual(['NameDate Shared', `@c${when(9)}`, `Bee${when(5)}`, `a-rid${when(2)}`]);
    open({ nodeType: 'hashtags', ref: 'nothing', label: '#nothing' });
    dialog = await screen.findByRole('dialog', { name: 'Hashtag' });
    expect(await within(dialog).findByText('No available data to display')).toBeTruthy();
    expect(sharingCalls.map((u) => new URL(u, 'http://localhost').searchParams.get('kind'))).toEqual(['domain', 'hashtag', 'hashtag']);
  });

  it('Show more loads the next page of accounts; a name opens the account\'s user popup; names are text', async () => {
    layer();
    open({ nodeType: 'hashtags', ref: 'many', label: '#many' });
    const dialog = await screen.findByRole('dialog', { name: 'Hashtag' });
    const table = await within(dialog).findByRole('table', { name: 'Accounts' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(100);
    expect(table.querySelector('tbody tr')!.textContent).toBe(`@<img src=x onerror=alert(1)>${when(9)}`);
    expect(dialog.querySelector('img')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show more accounts (100 of 150)' }));
    await waitFor(() => expect(table.querySelectorAll('tbody tr')).toHaveLength(150));
    expect(sharingCalls.map((u) => new URL(u, 'http://localhost').searchParams.get('offset'))).toEqual(['0', '100']);
    expect(within(dialog).queryByRole('button', { name: /Show more/ })).toBeNull();
    await userEvent.click(within(table).getByRole('button', { name: '@user149' }));
    expect(topPopup()).toEqual({ kind: accountKind.kind, payload: { rid: 'u149', clusterId: null } });
  });

  it('Topic: title, keyphrases, keywords and entities, share; an unknown topic has no data', async () => {
    layer();
    open({ nodeType: 'topics', ref: 't1', label: 'Mail ballots were stolen' });
    const dialog = await screen.findByRole('dialog', { name: 'Topic' });
    const table = await within(dialog).findByRole('table', { name: 'Topic' });
    expect([...table.querySelectorAll('tr')].map((r) => r.textContent)).toEqual([
      'Cluster TitleMail ballots were stolen', 'Keyphrasesmail ballots, stolen votes',
      'Cluster Keywords and Entitiesballots, fraud, Arizona', 'Share25.0% of posts (50)',
    ]);
    open({ nodeType: 'topics', ref: 't9', label: 'Topic t9' });
    expect(await screen.findByText('No available data to display')).toBeTruthy();
  });

  it('is draggable by its header and cleared with ×', async () => {
    layer();
    open({ nodeType: 'hashtags', ref: 'vote', label: '#vote' });
    const dialog = await screen.findByRole('dialog', { name: 'Hashtag' });
    const handle = within(dialog).getByTestId('popup-drag-handle');
    fireEvent.pointerDown(handle, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 60, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(dialog.style.transform).toBe('translate(50px, 20px)');
    // Never off the top-left edge (jsdom lays nothing out: the frame's corner is at 0, 0 whatever its offset).
    fireEvent.pointerDown(handle, { clientX: 60, clientY: 30, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 0, clientY: 0, pointerId: 1 });
    fireEvent.pointerUp(handle, { pointerId: 1 });
    expect(dialog.style.transform).toBe('translate(50px, 20px)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear popup' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(topPopup()).toBeNull();
  });

  it('moves with the arrow keys while its header has focus (Shift: four steps), never off the top-left edge', async () => {
    layer();
    open({ nodeType: 'hashtags', ref: 'vote', label: '#vote' });
    const dialog = await screen.findByRole('dialog', { name: 'Hashtag' });
    // It focuses its clear button when it opens (an effect): wait for that before focusing the header.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Clear popup' })));
    const handle = within(dialog).getByRole('group', { name: 'Move Hashtag with the arrow keys' });
    handle.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(dialog.style.transform).toBe('translate(40px, 80px)');
    // jsdom lays nothing out: the frame's corner is at 0, 0, so a step left or up would leave the screen.
    await userEvent.keyboard('{ArrowLeft}{ArrowUp}');
    expect(dialog.style.transform).toBe('translate(40px, 80px)');
    // Keys on the clear button are the button's.
    fireEvent.keyDown(within(dialog).getByRole('button', { name: 'Clear popup' }), { key: 'ArrowRight' });
    expect(dialog.style.transform).toBe('translate(40px, 80px)');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(topPopup()).toBeNull();
  });
});
