import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUser, renderWithSession, testAccessActors, testSession } from '@core/client/session/testing';
import type { AuditEntry } from '../../shared/api';
import AlertAuditPage from './AlertAuditPage';

configure({ asyncUtilTimeout: 10_000 });

const FORBIDDEN = 'You do not have permission to perform this action.';

function entry(i: number, over: Partial<AuditEntry> = {}): AuditEntry {
  const at = new Date(Date.UTC(2026, 10, 23 - Math.floor(i / 10), 12, 59 - (i % 10))).toISOString();
  return {
    id: `f${i}`, alert_config_id: i % 2 ? 'rule-2' : 'rule-1', alert_name: i % 2 ? 'Telegram surge' : 'Harbour volume',
    conversation_id: i % 2 ? 'c-2' : 'c-1', conversation_name: i % 2 ? 'Outage watch' : 'Harbour strike',
    recipients: [{ email: 'ada@acme.test' }],
    details: {
      message: 'Harbour volume: post_count rose by 18 (from 12 to 30; threshold 10)', dag_run_id: `run-${i}`,
      criteria: [
        { metric: 'post_count', unit: 'count', direction: 'increase', threshold: 10, actual: 30, platform: ['twitter'], risk_categories: null, previous: 12, change: 18, fired: true, explanation: null },
        { metric: 'risk_score', unit: 'percent', direction: 'either', threshold: 50, actual: 2, platform: null, risk_categories: null, previous: 2, change: 0, fired: false, explanation: null },
      ],
    },
    run_at: at, created_at: at, updated_at: at,
    deliveries: [{ channel: 'email', target: 'ada@acme.test', status: 'sent', attempts: 1, sent_at: at }],
    ...over,
  };
}

let entries: AuditEntry[];
let refusal: string | null;
let sent: URL[];
const envelope = (data: unknown, status: number, errors: string[] = [], pagination: unknown = null) =>
  new Response(JSON.stringify({ data, metadata: { errors, info: null, msg: errors[0] ?? null, pagination_info: pagination } }), { status });
const rule = (id: string, name: string) => ({
  id, name, alertable_type: 'conversation', alertable_id: 'c-1', config: { criteria: [] }, enabled: true, recipients: null, webhook_secret: 's',
  muted_until: null, created_by: null, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z',
});

beforeEach(() => {
  refusal = null;
  sent = [];
  entries = Array.from({ length: 30 }, (_, i) => entry(i));
  entries[0] = entry(0, {
    alert_name: 'Harbour <b>volume</b>', recipients: [],
    details: { ...entry(0).details, criteria: [{ metric: 'post_count', unit: 'count', direction: 'increase', threshold: 5, actual: 40, platform: null, risk_categories: null,
      kind: 'unusual_change', previous: 10, change: 30, fired: true,
      explanation: { model: 'negative_binomial', history_points: 20, expected: 11.25, dispersion: 3, observed: 40, tail_probability: 0.000123, cutoff: 0.005 } }] },
    deliveries: [{ channel: 'webhook', target: 'https://hooks.acme.test/alerts', status: 'failed', attempts: 8, sent_at: null }],
  });
  // A continuous conversation's post_count: judged on the posts new since the previous run.
  entries[2] = entry(2, {
    details: { ...entry(2).details, criteria: [{ metric: 'post_count', unit: 'count', direction: 'increase', threshold: 0, actual: 189, platform: null, risk_categories: null,
      kind: 'unusual_change', previous: 149, change: 40, fired: true,
      explanation: { model: 'poisson', history_points: 13, expected: 20.82, dispersion: null, observed: 60, tail_probability: 1.2e-10, cutoff: 0.005, basis: 'new_posts', period_days: 0.96 } }] },
  });
  // Since the sixth step (ADR 0011): judged by change points, with the level since the last change and the median.
  entries[3] = entry(3, {
    details: { ...entry(3).details, criteria: [{ metric: 'post_count', unit: 'count', direction: 'increase', threshold: 0, actual: 812, platform: null, risk_categories: null,
      kind: 'unusual_change', previous: 760, change: 52, fired: true,
      explanation: { model: 'change_point', history_points: 20, expected: 101.3, dispersion: null, observed: 160, tail_probability: 6.4e-8, cutoff: 0.0005,
        basis: 'new_posts', period_days: 1, segment_runs: 9, segment_rate: 101.24, median_rate: 98 } }] },
  });
  // The browser boundary: the rules list and GET /api/v2/alerts/audit as the server answers them.
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://narrascope.test');
    sent.push(url);
    if (url.pathname === '/api/v2/alerts/configs') return envelope([rule('rule-1', 'Harbour volume'), rule('rule-2', 'Telegram surge')], 200);
    if (url.pathname !== '/api/v2/alerts/audit') return envelope(null, 404, ['Not found']);
    if (refusal) return envelope(null, 403, [refusal]);
    const p = url.searchParams;
    const hits = entries.filter((e) => (!p.get('alert_config_id') || e.alert_config_id === p.get('alert_config_id'))
      && (!p.get('since') || e.created_at >= p.get('since')!) && (!p.get('until') || e.created_at < p.get('until')!));
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
  const { actor } = testSession([currentUser({ permissions: ['ALERT_AUDIT'] })]);
  renderWithSession(AlertAuditPage, { path: '/myOrganization/$page', url: '/myOrganization/alertAudit', session: actor, access: testAccessActors(actor) });
}

const rowsOf = () => within(screen.getByRole('table', { name: 'Fired alerts' })).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);
const auditCalls = () => sent.filter((u) => u.pathname === '/api/v2/alerts/audit');

describe('/myOrganization/alertAudit', () => {
  it('lists fired alerts with rule, conversation, message, fired criteria, recipients, delivery and run, as text', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Fired alerts' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent))
      .toEqual(['Fired', 'Rule', 'Conversation', 'Message', 'Criteria', 'Recipients', 'Delivery', 'Run']);
    expect(rowsOf()).toHaveLength(25);
    expect(cellsOf(rowsOf()[0]!)).toEqual([
      '23 Nov 2026, 12:59:00 UTC', 'Harbour <b>volume</b>', 'Harbour strike', 'Harbour volume: post_count rose by 18 (from 12 to 30; threshold 10)',
      'post_count = 40: unusual (p = 0.00012, expected 11.3)', '—', 'webhook https://hooks.acme.test/alerts: failed (8 attempts)', 'run-0',
    ]);
    expect(table.querySelector('b')).toBeNull();
    // Only the criteria that fired are listed.
    expect(cellsOf(rowsOf()[1]!).slice(2, 7)).toEqual(['Outage watch', 'Harbour volume: post_count rose by 18 (from 12 to 30; threshold 10)',
      'post_count (twitter) = 30: increase 10', 'ada@acme.test', 'email ada@acme.test: sent']);
    expect(cellsOf(rowsOf()[2]!)[4]).toBe('post_count = 189: unusual (p = 1.2e-10, 60 new since the previous run, expected 20.8 new in 0.96 days)');
    expect(cellsOf(rowsOf()[3]!)[4]).toBe('post_count = 812: unusual (p = 6.4e-8, 160 new since the previous run, expected 101.3 new in 1 day; ' +
      'level over the last 9 runs: 101.2/day; history median: 98.0/day)');
    expect(auditCalls()[0]!.search).toBe('?limit=25&offset=0');
  });

  it('pages through the fired alerts', async () => {
    render();
    expect(await screen.findByText('1–25 of 30')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('26–30 of 30')).toBeTruthy();
    expect(rowsOf()).toHaveLength(5);
    expect(auditCalls().at(-1)!.searchParams.get('offset')).toBe('25');
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('1–25 of 30')).toBeTruthy();
  });

  it('filters by rule and by the days fired (UTC), back on the first page', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('26–30 of 30');
    const picker = screen.getByRole('combobox', { name: 'Rule' });
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['All rules', 'Harbour volume', 'Telegram surge']));
    await userEvent.selectOptions(picker, 'rule-2');
    expect(await screen.findByText('1–15 of 15')).toBeTruthy();
    expect(new Set(rowsOf().map((r) => cellsOf(r)[2]))).toEqual(new Set(['Outage watch']));
    expect(auditCalls().at(-1)!.search).toBe('?limit=25&offset=0&alert_config_id=rule-2');
    await userEvent.selectOptions(picker, '');
    // 23 Nov holds entries 0-9, 22 Nov 10-19, 21 Nov 20-29: from 22 Nov to 22 Nov is one day.
    fireEvent.change(screen.getByLabelText('Fired from (UTC)'), { target: { value: '2026-11-22' } });
    fireEvent.change(screen.getByLabelText('Fired to (UTC)'), { target: { value: '2026-11-22' } });
    expect(await screen.findByText('1–10 of 10')).toBeTruthy();
    expect(auditCalls().at(-1)!.search).toBe('?limit=25&offset=0&since=2026-11-22T00%3A00%3A00.000Z&until=2026-11-23T00%3A00%3A00.000Z');
    fireEvent.change(screen.getByLabelText('Fired from (UTC)'), { target: { value: '2026-12-01' } });
    expect(await screen.findByText('No fired alert matches these filters.')).toBeTruthy();
  });

  it('says so when no alert has fired', async () => {
    entries = [];
    render();
    expect(await screen.findByText('No alert has fired yet.')).toBeTruthy();
  });

  it("shows the server's refusal to a user without ALERT_AUDIT", async () => {
    refusal = FORBIDDEN;
    render();
    expect((await screen.findByRole('alert')).textContent).toBe(FORBIDDEN);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
