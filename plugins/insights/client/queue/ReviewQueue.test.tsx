import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionSubject } from '@core/shared/access/permissions';
import { REVIEW_MESSAGES } from '../../shared/review';
import insightsClient from '../index';
import { analyst, fakeInsightsApi, insight, seniorAnalyst, type FakeInsightsApi } from '../testing/fakeInsightsApi';
import { renderWithInsights } from '../testing/harness';
import ReviewQueuePage from './ReviewQueuePage';
import ReviewQueuePanel from './ReviewQueuePanel';

configure({ asyncUtilTimeout: 5_000 });

let api: FakeInsightsApi;
beforeEach(() => {
  // The number is the edit minute: a higher one was edited later.
  api = fakeInsightsApi([
    insight(3, { status: 'pending' }), insight(9, { status: 'approved' }), insight(5, { status: 'pending' }),
    insight(7, { status: 'rejected' }), insight(1, { status: 'pending' }), insight(8, { status: 'deleted' }),
    insight(4, { status: 'approved', analyzable_type: 'domain', analyzable_id: 'news.example.com', platform: null, screen_name: null }),
  ]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (user: PermissionSubject = seniorAnalyst) =>
  renderWithInsights(<ReviewQueuePanel paneId="pane-q" config={{}} setConfig={() => undefined} conversationId="c1" filters={{} as never} />, {
    api, user, plugins: [insightsClient],
  });
const group = (name: RegExp) => screen.getByRole('group', { name });
const subjects = (g: HTMLElement) => within(g).queryAllByRole('option').map((o) => /@handle\d+|news\.example\.com/.exec(o.textContent ?? '')?.[0]);
const focusedRow = () => (document.activeElement?.getAttribute('role') === 'option' ? /@handle\d+|news\.example\.com/.exec(document.activeElement.textContent ?? '')?.[0] : null);
const patches = () => api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

describe('review queue: groups and order', () => {
  it('pending and archived groups, each newest edit first; deleted insights are not listed', async () => {
    await render();
    await screen.findByRole('listbox', { name: 'Insight review queue' });
    expect(group(/^Pending/).textContent).toContain('Pending (3)');
    expect(subjects(group(/^Pending/))).toEqual(['@handle5', '@handle3', '@handle1']);
    expect(subjects(group(/^Archived/))).toEqual(['@handle9', '@handle7', 'news.example.com']);
    expect(within(group(/^Archived/)).getByText('Rejected')).toBeTruthy();
    expect(screen.queryByText('@handle8')).toBeNull();
  });

  it('the /myOrganization/insights page shows the same queue', async () => {
    await renderWithInsights(<ReviewQueuePage />, { api, user: analyst, plugins: [insightsClient] });
    expect(screen.getByRole('heading', { name: 'Insights' })).toBeTruthy();
    await screen.findByRole('listbox', { name: 'Insight review queue' });
    expect(subjects(group(/^Pending/))).toEqual(['@handle5', '@handle3', '@handle1']);
  });
});

describe('review queue: keyboard', () => {
  it('one tab stop; arrow keys and j/k move through both groups; Home and End', async () => {
    await render();
    await screen.findByRole('listbox');
    await userEvent.tab();
    expect(focusedRow()).toBe('@handle5');
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedRow()).toBe('@handle3');
    await userEvent.keyboard('jj');
    expect(focusedRow()).toBe('@handle9');
    expect(document.activeElement?.getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('k{ArrowUp}');
    expect(focusedRow()).toBe('@handle3');
    await userEvent.keyboard('{End}');
    expect(focusedRow()).toBe('news.example.com');
    await userEvent.keyboard('{ArrowDown}');
    expect(focusedRow()).toBe('news.example.com');
    await userEvent.keyboard('{Home}');
    expect(focusedRow()).toBe('@handle5');
    expect(screen.getAllByRole('option').filter((o) => o.tabIndex === 0)).toHaveLength(1);
  });

  it('Enter opens the review of the focused insight; closing it returns focus to the row', async () => {
    await render();
    await screen.findByRole('listbox');
    await userEvent.tab();
    await userEvent.keyboard('j{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Review insight' });
    expect(within(dialog).getByText('@handle3')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(focusedRow()).toBe('@handle3'));
  });
});

describe('review queue: approve or decline the focused insight and go to the next', () => {
  it('approve moves the insight to the archived group and focus to the next pending one', async () => {
    const { host } = await render();
    await screen.findByRole('listbox');
    await userEvent.tab();
    await userEvent.keyboard('j');
    await act(() => host.commands.execute('insights.approveNext'));
    await waitFor(() => expect(subjects(group(/^Pending/))).toEqual(['@handle5', '@handle1']));
    expect(patches()).toEqual([{ id: api.insights.find((i) => i.screen_name === 'handle3')!.id, status: 'approved' }]);
    expect(subjects(group(/^Archived/))).toContain('@handle3');
    await waitFor(() => expect(focusedRow()).toBe('@handle1'));
    expect(screen.getByRole('status').textContent).toBe('Approved @handle3');
  });

  it('decline of the last pending one goes to the one before it', async () => {
    const { host } = await render();
    await screen.findByRole('listbox');
    await userEvent.tab();
    await userEvent.keyboard('jj');
    await act(() => host.commands.execute('insights.declineNext'));
    await waitFor(() => expect(focusedRow()).toBe('@handle3'));
    expect(patches()[0]).toMatchObject({ status: 'rejected' });
    expect(within(group(/^Archived/)).getAllByText('Rejected')).toHaveLength(2);
  });

  it('the commands are disabled, with the reason, unless a pending insight has focus', async () => {
    const { host } = await render();
    await screen.findByRole('listbox');
    const ctx = { conversationId: 'c1', projectName: null, tab: 'insights', subtab: null, focusedPaneId: 'pane-q', paneCount: 3, services: host.services };
    await waitFor(() => expect(host.commands.entry('insights.approveNext', ctx)?.enabled).toBe(true));
    await userEvent.tab();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(host.commands.entry('insights.approveNext', ctx)?.reason).toBe('Focus a pending insight in the review queue first'));
    expect(host.commands.entry('insights.declineNext', ctx)?.enabled).toBe(false);
  });

  it('an analyst is told why and nothing is sent', async () => {
    const { host } = await render(analyst);
    await screen.findByRole('listbox');
    await userEvent.tab();
    await act(() => host.commands.execute('insights.approveNext'));
    expect((await screen.findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.notReviewer);
    expect(patches()).toEqual([]);
    expect(focusedRow()).toBe('@handle5');
  });
});
