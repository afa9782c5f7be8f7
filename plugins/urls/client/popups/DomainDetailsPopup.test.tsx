import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters, type Filters } from '@core/shared/filters';
import { testCommandContext } from '@core/client/commands/testing';
import { domainKind } from '@core/client/selection/kinds';
import { filtersKey, notificationsKey } from '@core/client/services/keys';
import { renderInWorkbench } from '@core/client/testing/workbench';
import type { DomainDetails, Registration } from '../../shared/api';
import urlsClient from '../index';
import { filterToDomainCommand, lookUpRegistrationCommand, openDomainCommand } from '../commands';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const snapshot = (at: string, name: string, email: string): Registration => ({
  name, telephone: '+1.5555550100', registrar: 'Porkbun LLC', contact_email: email, reg_created_at: '2026-03-02T00:00:00.000Z',
  reg_expires_at: '2027-03-02T00:00:00.000Z', reg_updated_at: at, looked_up_at: at,
});
const HIDDEN = snapshot('2026-03-13T00:00:00.000Z', 'Privacy Protect, LLC', 'fresh-report.com@privacyprotect.example');
const EXPOSED = snapshot('2026-03-09T00:00:00.000Z', 'Alex Morgan', 'admin@fresh-report.com');
const DETAILS: DomainDetails = {
  source: 'fresh-report.com', total_count: 12, unique_users: 7, first_seen: '2026-03-10T01:00:00.000Z', last_seen: '2026-03-12T01:00:00.000Z',
  category: null, urls: [{ url: 'https://fresh-report.com/a', value: 9, posts_with_insights: 2 }],
  timeline: [{ date: '2026-03-10', value: 5 }, { date: '2026-03-12', value: 7 }], registration: HIDDEN, history: [HIDDEN, EXPOSED],
  detected_risk: [], signals: { days_registered_before_first_share: 8, new_domain: true, share_velocity: 6, accounts_per_domain: 7 },
};

/** The plugin's real popup and commands against stubbed HTTP answers: domain-details, and a lookup refused with 409. */
function render() {
  const calls: Array<{ method: string; url: string }> = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ method: init?.method ?? 'GET', url: String(url) });
    if (init?.method === 'POST') {
      return new Response(JSON.stringify({ data: null, metadata: { errors: ['Registration lookups are off for this organization'], msg: null, info: null, pagination_info: null } }),
        { status: 409, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ data: DETAILS, metadata: {} }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
  let filters: Filters = emptyFilters();
  const notices: string[] = [];
  const rendered = renderInWorkbench(<div />, {
    plugins: [urlsClient],
    setup: (host) => {
      host.services.provide(filtersKey, { get: () => filters, set: (f: Filters) => { filters = f; }, hasAny: () => false, clearAll: () => {} });
      host.services.provide(notificationsKey, { notify: (message: string) => notices.push(message) });
    },
  });
  const ctx = testCommandContext({ conversationId: 'c1', services: rendered.host.services });
  return { ...rendered, calls, notices, ctx, filters: () => filters };
}

describe('the domain popup', () => {
  it('shows the current registration, the past registrations with what changed, and the timeline against the first share', async () => {
    const { selection, calls } = render();
    act(() => { selection.openPopup(domainKind, { domain: 'fresh-report.com' }); });
    const popup = await screen.findByRole('dialog', { name: 'Domain' });
    const current = await within(popup).findByRole('table', { name: 'Current Registration' });
    expect(within(current).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'Creation2026-03-02', 'Expiration2027-03-02', 'Last Updated2026-03-13', 'RegistrarPorkbun LLC', 'Registrar Emailfresh-report.com@privacyprotect.example',
    ]);
    const past = within(popup).getByRole('table', { name: 'Past Registration' });
    const rows = within(past).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['2026-03-13', 'Privacy Protect, LLC', '+1.5555550100', 'Porkbun LLC', 'fresh-report.com@privacyprotect.example'],
      ['2026-03-09', 'Alex Morgan', '+1.5555550100', 'Porkbun LLC', 'admin@fresh-report.com'],
    ]);
    // The newest row marks the registrant's name and e-mail as changed, not the unchanged phone.
    const newest = within(within(past).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(newest.map((c) => c.getAttribute('title'))).toEqual([null, 'Changed since the lookup before', null, null, 'Changed since the lookup before']);
    expect(within(popup).getByTestId('domain-timeline').textContent).toContain('Registered 8 days before its first share');
    expect(calls[0]!.url).toContain('/api/v2/analysis/domain-details/fresh-report.com?');
    expect(calls[0]!.url).toContain('history=true');
  });

  it("'Look up registration' shows the server's reason when lookups are off; 'Filter to this domain' narrows the workspace", async () => {
    const { selection, calls, filters } = render();
    act(() => { selection.openPopup(domainKind, { domain: 'fresh-report.com' }); });
    const popup = await screen.findByRole('dialog', { name: 'Domain' });
    await userEvent.click(within(popup).getByRole('button', { name: 'Look up registration' }));
    expect((await within(popup).findByRole('alert')).textContent).toBe('Registration lookups are off for this organization');
    expect(calls.find((c) => c.method === 'POST')!.url).toContain('/api/v2/urls/registrations/fresh-report.com/lookup');
    await userEvent.click(within(popup).getByRole('button', { name: 'Filter to this domain' }));
    expect(filters().domains).toEqual({ 'fresh-report.com': true });
  });
});

describe('the URLs palette commands', () => {
  it('act on the selected domain: open it, look its registration up (the 409 message is the notice), filter to it', async () => {
    const { selection, notices, ctx, filters } = render();
    act(() => { selection.select(domainKind, { domain: 'fresh-report.com' }); });
    await act(async () => { await openDomainCommand.run(ctx, {}); });
    expect(selection.popup(domainKind)).toEqual({ domain: 'fresh-report.com' });
    await screen.findByRole('dialog', { name: 'Domain' });
    await act(async () => { await lookUpRegistrationCommand.run(ctx, {}); });
    expect(notices).toEqual(['Registration lookups are off for this organization']);
    await act(async () => { await filterToDomainCommand.run(ctx, {}); });
    expect(filters().domains).toEqual({ 'fresh-report.com': true });
  });
});
