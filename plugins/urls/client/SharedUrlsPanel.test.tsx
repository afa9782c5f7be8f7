import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters, type Filters } from '@core/shared/filters';
import { domainKind } from '@core/client/selection/kinds';
import { filtersKey } from '@core/client/services/keys';
import { renderInWorkbench } from '@core/client/testing/workbench';
import type { SharedUrl } from '../shared/api';
import SharedUrlsPanel from './SharedUrlsPanel';
import { urlsCsv } from './urlsTable';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const url = (link: string, domain: string, value: number, accounts: number, first: string): SharedUrl => ({
  url: link, domain, value, unique_users: accounts, first_seen: `${first}T01:00:00.000Z`, last_seen: '2026-03-20T01:00:00.000Z',
});
const ROWS = [url('https://wire.org/a', 'wire.org', 9, 2, '2026-03-01'), url('https://fresh-report.com/b', 'fresh-report.com', 5, 7, '2026-03-10'),
  url('https://plain.net/c', 'plain.net', 3, 3, '2026-03-05')];

function render() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (u: string) => {
    calls.push(String(u));
    return new Response(JSON.stringify({ data: ROWS, metadata: {} }), { status: 200, headers: { 'content-type': 'application/json' } });
  }));
  let filters: Filters = emptyFilters();
  const rendered = renderInWorkbench(<SharedUrlsPanel paneId="p1" config={{}} setConfig={() => undefined} conversationId="c1" filters={emptyFilters()} />, {
    setup: (host) => host.services.provide(filtersKey, { get: () => filters, set: (f: Filters) => { filters = f; }, hasAny: () => false, clearAll: () => {} }),
  });
  return { ...rendered, calls, filters: () => filters };
}

const firstCells = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent);

describe('Shared URLs panel', () => {
  it('lists the links most shared first and sorts by accounts and by first share', async () => {
    const { calls } = render();
    const table = await screen.findByRole('table', { name: 'Shared URLs' });
    expect(firstCells(table)).toEqual(['https://wire.org/a', 'https://fresh-report.com/b', 'https://plain.net/c']);
    expect(calls[0]).toContain('/api/v2/analysis/urls-shared?');
    await userEvent.click(within(table).getByRole('button', { name: 'Accounts' }));
    expect(firstCells(table)).toEqual(['https://fresh-report.com/b', 'https://plain.net/c', 'https://wire.org/a']);
    await userEvent.click(within(table).getByRole('button', { name: 'First Seen' }));
    await userEvent.click(within(table).getByRole('button', { name: 'First Seen' }));
    expect(firstCells(table)).toEqual(['https://wire.org/a', 'https://plain.net/c', 'https://fresh-report.com/b']);
  });

  it('a link click filters the workspace to its domain and selects the domain; Exclude X asks again', async () => {
    const { calls, filters, selection } = render();
    const table = await screen.findByRole('table', { name: 'Shared URLs' });
    await userEvent.click(within(table).getByRole('button', { name: 'https://fresh-report.com/b' }));
    expect(filters().domains).toEqual({ 'fresh-report.com': true });
    expect(selection.selected(domainKind)).toEqual({ domain: 'fresh-report.com' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Exclude X' }));
    await vi.waitFor(() => expect(calls.some((c) => c.includes('exclude_twitter=true'))).toBe(true));
  });

  it('exports the table as CSV with neutralised cells', () => {
    const lines = urlsCsv([{ ...ROWS[0]!, url: '=HYPERLINK("x")' }]).split('\r\n');
    expect(lines[0]).toBe('url,domain,posts,accounts,first_seen,last_seen');
    expect(lines[1]!.includes('=HYPERLINK') && !lines[1]!.startsWith('=')).toBe(true);
  });
});
