import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters, type Filters } from '@core/shared/filters';
import { accountKind } from '@core/client/selection/kinds';
import { selectionKey } from '@core/client/services/keys';
import type { WorkbenchHost } from '@core/client/app/host';
import insightsClient from '../index';
import { analyst, fakeInsightsApi, insight, type FakeInsightsApi } from '../testing/fakeInsightsApi';
import { renderWithInsights } from '../testing/harness';
import ConversationInsightsPanel from './ConversationInsightsPanel';
import KeyAccountsPanel from './KeyAccountsPanel';

configure({ asyncUtilTimeout: 5_000 });

let api: FakeInsightsApi;
beforeEach(() => {
  api = fakeInsightsApi([]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Account popups are drawn by another plugin (coordination); this stands for whichever draws them.
const accountPopups = (host: WorkbenchHost) => {
  host.services.get(selectionKey).registerPopup(accountKind, ({ payload }) => <div role="dialog" aria-label="User popup">{payload.rid}</div>);
};
const props = (filters: Filters = emptyFilters()) => ({ paneId: 'p1', config: {}, setConfig: () => undefined, conversationId: 'c1', filters });

describe('Insights in this conversation', () => {
  it('lists approved and pending insights of the conversation; an account opens its user popup', async () => {
    api.conversationInsights = [
      insight(1, { analyzable_id: 'acc-1', status: 'approved' }),
      insight(2, { analyzable_id: 'acc-2', status: 'rejected' }),
      insight(3, { analyzable_type: 'domain', analyzable_id: 'example.com', platform: null, screen_name: null, status: 'pending' }),
    ];
    const { selection } = await renderWithInsights(<ConversationInsightsPanel {...props()} />, { api, user: analyst, plugins: [insightsClient], setup: accountPopups });
    const table = await screen.findByRole('table', { name: 'Insights in this conversation' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Approved');
    expect(rows[1]).toContain('example.com');
    expect(rows[1]).toContain('Pending');
    expect(api.calls.some((c) => c.path === '/api/v2/conversations/c1/insights')).toBe(true);
    await userEvent.click(within(table).getByRole('button', { name: '@handle1' }));
    expect((await screen.findByRole('dialog', { name: 'User popup' })).textContent).toBe('acc-1');
    expect(selection.selected(accountKind)).toEqual({ rid: 'acc-1' });
  });

  it('says when there are none', async () => {
    api.conversationInsights = [];
    await renderWithInsights(<ConversationInsightsPanel {...props()} />, { api, user: analyst, plugins: [insightsClient] });
    expect(await screen.findByText('No analyst insights on the accounts and domains of this conversation.')).toBeTruthy();
  });
});

describe('Notable accounts', () => {
  it('asks for the key accounts of the conversation under the filters and lists them as answered', async () => {
    api.keyAccounts = [
      { rid: 'acc-1', screen_name: 'ivan', display_name: 'Ivan', url: null, user_id: null, post_class: 'TwitterPost', actor_class: null, value: 1200, platform: 'twitter', insights_count: 2 },
      { rid: 'acc-2', screen_name: null, display_name: 'Outlet Bot', url: null, user_id: null, post_class: 'GabPost', actor_class: null, value: 7, platform: 'gab', insights_count: 1 },
    ];
    const filters = { ...emptyFilters(), platforms: { twitter: true } } as Filters;
    await renderWithInsights(<KeyAccountsPanel {...props(filters)} />, { api, user: analyst, plugins: [insightsClient], setup: accountPopups });
    const table = await screen.findByRole('table', { name: 'Notable accounts' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Account', 'Platform', 'Posts', 'Insights']);
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    // The platform badge reads as its monogram then its label.
    expect(rows).toEqual([['@ivan Ivan', expect.stringMatching(/X$/), (1200).toLocaleString(), '2'], ['Outlet Bot', expect.stringMatching(/Gab$/), '7', '1']]);
    const call = api.calls.find((c) => c.path === '/api/v2/insights/key_accounts')!;
    expect(call.query.get('conversation_id')).toBe('c1');
    expect(call.query.getAll('platforms')).toEqual(['twitter:true']);
    await userEvent.click(within(table).getByRole('button', { name: 'Outlet Bot' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'User popup' }).textContent).toBe('acc-2'));
  });
});
