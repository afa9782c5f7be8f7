import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUser, renderWithSession, testAccessActors, testSession } from '@core/client/session/testing';
import type { QueryAuditEntry } from '../../shared/queryAudit';
import { conversation } from '../testing/fakeApi';
import QueryAuditPage, { durationText } from './QueryAuditPage';

configure({ asyncUtilTimeout: 10_000 });

const FORBIDDEN = 'You do not have permission to perform this action.';

function entry(i: number, over: Partial<QueryAuditEntry> = {}): QueryAuditEntry {
  return {
    id: `a${i}`, organization_id: 'org-1', created_at: new Date(Date.UTC(2026, 10, 23, 12, 59 - i)).toISOString(), user_id: 'u1',
    user: 'ada@acme.test', organization: 'Acme Research', query_string: '"mail-in ballots" AND fraud', status: 'SUCCESS',
    state: 'topics.cluster', threat_feed: false, query_duration: 12.34, start_date: '2026-11-01T00:00:00.000Z', end_date: '2026-11-04T12:30:00.000Z',
    last_run: null, data_collectors: [{ name: 'Local archive', collected_records: 42, record_limit: 100, source: 'local' }],
    conversation_id: i % 2 ? 'c-2' : 'c-1', conversation_name: i % 2 ? 'Outage watch' : 'Election talk', project_name: 'Elections',
    coordination_detected: false, datacollector_failures: [], conversation_run_type: 'STATIC_RUN', ...over,
  };
}

let entries: QueryAuditEntry[];
let refusal: string | null;
let sent: URL[];
const envelope = (data: unknown, status: number, errors: string[] = [], pagination: unknown = null) =>
  new Response(JSON.stringify({ data, metadata: { errors, info: null, msg: errors[0] ?? null, pagination_info: pagination } }), { status });

beforeEach(() => {
  refusal = null;
  sent = [];
  entries = Array.from({ length: 30 }, (_, i) => entry(i));
  entries[0] = entry(0, {
    status: 'FAILED', state: 'conversations.collect', query_string: '<script>alert("x")</script> OR ballots', query_duration: 75,
    threat_feed: true, coordination_detected: true, conversation_run_type: 'SCHEDULED_RUN',
    data_collectors: [{ name: 'Local archive', collected_records: 42, record_limit: 100, source: 'local' },
      { name: 'Bluesky', collected_records: 0, record_limit: null, source: 'bluesky' }],
    datacollector_failures: [{ name: 'Bluesky', message: 'HTTP 503 from bsky.social' }],
  });
  // The browser boundary: the conversations list and GET /api/v2/query_audit as the server answers them.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://narrascope.test');
    sent.push(url);
    if (url.pathname === '/api/v2/conversations') {
      return envelope([conversation('c-1', { name: 'Election talk' }), conversation('c-2', { name: 'Outage watch' })], 200);
    }
    if (url.pathname !== '/api/v2/query_audit') return envelope(null, 404, ['Not found']);
    if (refusal) return envelope(null, 403, [refusal]);
    const p = url.searchParams;
    const hits = entries.filter((e) => (!p.get('conversation_id') || e.conversation_id === p.get('conversation_id'))
      && (!p.get('status') || e.status === p.get('status')));
    const limit = Number(p.get('limit'));
    const offset = Number(p.get('offset'));
    return envelope(hits.slice(offset, offset + limit), 200, [], { offset, limit, total: hits.length, order_by: [{ column: 'created_at', direction: 'desc' }] });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function render() {
  const { actor } = testSession([currentUser({ permissions: ['QUERY_AUDIT'] })]);
  renderWithSession(QueryAuditPage, { path: '/myOrganization/$page', url: '/myOrganization/queryAudit', session: actor, access: testAccessActors(actor) });
}

const rowsOf = () => within(screen.getByRole('table', { name: 'Query audit entries' })).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const auditCalls = () => sent.filter((u) => u.pathname === '/api/v2/query_audit');

describe('/myOrganization/queryAudit', () => {
  it('lists finished runs with the query as text, collectors with collected / limit, failures and duration', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Query audit entries' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Finished', 'User', 'Conversation', 'Project', 'Query',
      'Run type', 'Status', 'State', 'Window', 'Collectors (collected / limit)', 'Collector failures', 'Coordination', 'Duration']);
    expect(rowsOf()).toHaveLength(25);
    expect(cellsOf(rowsOf()[0]!)).toEqual([
      '23 Nov 2026, 12:59:00 UTC', 'ada@acme.test', 'Election talk', 'Elections', '<script>alert("x")</script> OR ballots', 'SCHEDULED_RUN',
      'FAILED', 'conversations.collect', '2026-11-01 – 2026-11-04 (continuous)', 'Local archive (local): 42 / 100\nBluesky (bluesky): 0 / no limit',
      'Bluesky: HTTP 503 from bsky.social', 'Detected', '1 min 15 s',
    ]);
    expect(table.querySelector('script')).toBeNull();
    expect(cellsOf(rowsOf()[1]!).slice(10)).toEqual(['—', '—', '12.3 s']);
    expect(auditCalls()[0]!.search).toBe('?limit=25&offset=0');
  });

  it('pages through the entries', async () => {
    render();
    expect(await screen.findByText('1–25 of 30')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('26–30 of 30')).toBeTruthy();
    expect(rowsOf()).toHaveLength(5);
    expect(auditCalls().at(-1)!.searchParams.get('offset')).toBe('25');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('filters by conversation and by status, back on the first page', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('26–30 of 30');
    const picker = screen.getByRole('combobox', { name: 'Conversation' });
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['All conversations', 'Election talk', 'Outage watch']));
    await userEvent.selectOptions(picker, 'c-2');
    expect(await screen.findByText('1–15 of 15')).toBeTruthy();
    expect(new Set(rowsOf().map((r) => cellsOf(r)[2]))).toEqual(new Set(['Outage watch']));
    expect(auditCalls().at(-1)!.search).toBe('?limit=25&offset=0&conversation_id=c-2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'CANCELLED');
    expect(await screen.findByText('No runs match these filters.')).toBeTruthy();
    expect(auditCalls().at(-1)!.searchParams.get('status')).toBe('CANCELLED');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Conversation' }), '');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'FAILED');
    expect(await screen.findByText('1–1 of 1')).toBeTruthy();
  });

  it('shows new entries after Refresh', async () => {
    render();
    await screen.findByText('1–25 of 30');
    entries.unshift(entry(-1, { conversation_name: 'Fresh run', created_at: '2026-11-23T13:30:00.000Z' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('1–25 of 31')).toBeTruthy();
    expect(cellsOf(rowsOf()[0]!)[2]).toBe('Fresh run');
  });

  it("shows the server's refusal to a user without QUERY_AUDIT", async () => {
    refusal = FORBIDDEN;
    render();
    expect((await screen.findByRole('alert')).textContent).toBe(FORBIDDEN);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('durationText', () => {
  it('writes seconds for people', () => {
    expect(durationText(null)).toBe('—');
    expect(durationText(0.04)).toBe('0.0 s');
    expect(durationText(3600)).toBe('60 min 0 s');
  });
});
