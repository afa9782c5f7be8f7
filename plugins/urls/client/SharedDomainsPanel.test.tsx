import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters, type Filters } from '@core/shared/filters';
import { filtersKey } from '@core/client/services/keys';
import { renderInWorkbench } from '@core/client/testing/workbench';
import type { SharedDomain } from '../shared/api';
import { domainsCsv } from './domainsTable';
import SharedDomainsPanel from './SharedDomainsPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const domain = (name: string, value: number, accounts: number, days: number | null): SharedDomain => ({
  domain: name, value, unique_users: accounts, unique_urls: 1, first_seen: '2026-03-10T01:00:00.000Z', last_seen: '2026-03-11T01:00:00.000Z',
  category: name === 'wire.org' ? 'government' : null, reg_created_at: days === null ? null : '2026-03-05T01:00:00.000Z',
  signals: { days_registered_before_first_share: days, new_domain: days !== null && days <= 90, share_velocity: 1, accounts_per_domain: accounts },
});
const ROWS = [domain('wire.org', 9, 2, 4000), domain('fresh-report.com', 5, 7, 5), domain('plain.net', 3, 3, null)];

/** The real panel against a stubbed HTTP answer of domains-shared; the filters service records what it is given. */
function render() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    calls.push(String(url));
    return new Response(JSON.stringify({ data: ROWS, metadata: {} }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
  let filters: Filters = emptyFilters();
  renderInWorkbench(<SharedDomainsPanel paneId="p1" config={{}} setConfig={() => undefined} conversationId="c1" filters={emptyFilters()} />, {
    setup: (host) => host.services.provide(filtersKey, { get: () => filters, set: (f: Filters) => { filters = f; }, hasAny: () => false, clearAll: () => {} }),
  });
  return { calls, filters: () => filters };
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('Shared domains panel', () => {
  it('lists the domains most posts first, sorts by accounts, marks new domains and shows N/A without registration', async () => {
    const { calls } = render();
    const table = await screen.findByRole('table', { name: 'Shared domains' });
    expect(rowsOf(table)).toEqual(['wire.org', 'fresh-report.com', 'plain.net']);
    expect(calls[0]).toContain('/api/v2/analysis/domains-shared?');
    expect(calls[0]).toContain('conversation_id=c1');
    await userEvent.click(within(table).getByRole('button', { name: 'Accounts' }));
    expect(rowsOf(table)).toEqual(['fresh-report.com', 'plain.net', 'wire.org']);
    const fresh = within(table).getAllByRole('row')[1]!;
    expect(within(fresh).getByText('5 days')).toBeTruthy();
    expect(within(within(table).getAllByRole('row')[2]!).getByText('N/A')).toBeTruthy();
  });

  it('a domain click filters the workspace to it; Exclude X asks again with exclude_twitter', async () => {
    const { calls, filters } = render();
    const table = await screen.findByRole('table', { name: 'Shared domains' });
    await userEvent.click(within(table).getByRole('button', { name: 'fresh-report.com' }));
    expect(filters().domains).toEqual({ 'fresh-report.com': true });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Exclude X' }));
    await vi.waitFor(() => expect(calls.some((c) => c.includes('exclude_twitter=true'))).toBe(true));
  });

  it('exports the table as CSV with neutralised cells', () => {
    const csv = domainsCsv([{ ...ROWS[0]!, domain: '=cmd.example.com' }]);
    expect(csv.split('\r\n')[0]).toBe('domain,posts,accounts,links,first_seen,last_seen,reg_created_at,days_registered_before_first_share,new_domain,category');
    expect(csv.split('\r\n')[1]!.startsWith("'=cmd.example.com") || csv.split('\r\n')[1]!.startsWith('"\'=cmd')).toBe(true);
  });
});
