import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EventAuditPage from './EventAuditPage';
import { currentUser, renderWithSession, testAccessActors, testSession } from '../../session/testing';

configure({ asyncUtilTimeout: 10_000 });

type Event = { id: string; created_at: string; event_type: string; organization_id: string; user_id: string | null; email: string | null;
  target_user_id: string | null; source_ip: string | null; detail: Record<string, unknown> };

let events: Event[];
let refusal: string | null;
let sent: URL[];

const envelope = (data: unknown, status: number, errors: string[] = [], pagination: unknown = null) =>
  new Response(JSON.stringify({ data, metadata: { errors, info: null, msg: errors[0] ?? null, pagination_info: pagination } }), { status });

beforeEach(() => {
  refusal = null;
  sent = [];
  // 60 events, newest first, one every minute; the first one carries hostile text in its details.
  events = Array.from({ length: 60 }, (_, i) => ({
    id: `e${i}`, created_at: new Date(Date.UTC(2026, 10, 23, 12, 59 - i)).toISOString(), event_type: i % 2 ? 'sign_in' : 'sign_in_failed',
    organization_id: 'org-1', user_id: `u${i}`, email: i === 1 ? null : `user${i}@acme.test`, target_user_id: null, source_ip: '192.0.2.7',
    detail: i === 0 ? { reason: '<img src=x onerror=alert(1)>', attempts: 3 } : {},
  }));
  events[2]!.target_user_id = 'u-target';
  events[2]!.detail = { roles: ['Analyst', 'Senior Analyst'] };
  // The browser boundary: answer GET /api/v2/event_audit as the server does (filter, newest first, limit and offset).
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://narrascope.test');
    sent.push(url);
    if (url.pathname !== '/api/v2/event_audit') return envelope(null, 404, ['Not found']);
    if (refusal) return envelope(null, 403, [refusal]);
    const type = url.searchParams.get('event_type');
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    const hits = events.filter((e) => !type || e.event_type === type);
    return envelope(hits.slice(offset, offset + limit), 200, [], { offset, limit, total: hits.length, order_by: [{ column: 'created_at', direction: 'desc' }] });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function render() {
  const { actor } = testSession([currentUser({ permissions: ['EVENT_AUDIT'] })]);
  renderWithSession(EventAuditPage, { path: '/myOrganization/$page', url: '/myOrganization/eventAudit', session: actor, access: testAccessActors(actor) });
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent);

describe('/myOrganization/eventAudit', () => {
  it('lists events newest first with when, who, type, details as text and source IP', async () => {
    render();
    const table = await screen.findByRole('table', { name: 'Events' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(50);
    expect(cellsOf(rows[0]!)).toEqual(['23 Nov 2026, 12:59:00 UTC', 'user0@acme.test', 'sign_in_failed',
      'reason: <img src=x onerror=alert(1)>\nattempts: 3', '192.0.2.7']);
    expect(table.querySelector('img')).toBeNull();
    // Nobody's e-mail: the user id; someone else's change: the target.
    expect(cellsOf(rows[1]!)[1]).toBe('u1');
    expect(cellsOf(rows[2]!)[3]).toBe('target user: u-target\nroles: ["Analyst","Senior Analyst"]');
    expect(sent[0]!.searchParams.get('limit')).toBe('50');
    expect(sent[0]!.searchParams.get('offset')).toBe('0');
    expect(sent[0]!.searchParams.has('event_type')).toBe(false);
  });

  it('pages through the events', async () => {
    render();
    expect(await screen.findByText('1–50 of 60')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('51–60 of 60')).toBeTruthy();
    expect(sent.at(-1)!.searchParams.get('offset')).toBe('50');
    const table = screen.getByRole('table', { name: 'Events' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('1–50 of 60')).toBeTruthy();
  });

  it('filters by event type from the first page', async () => {
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByText('51–60 of 60');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'sign_in');
    expect(await screen.findByText('1–30 of 30')).toBeTruthy();
    expect(sent.at(-1)!.searchParams.get('event_type')).toBe('sign_in');
    expect(sent.at(-1)!.searchParams.get('offset')).toBe('0');
    const types = within(screen.getByRole('table', { name: 'Events' })).getAllByRole('row').slice(1).map((r) => cellsOf(r)[2]);
    expect(new Set(types)).toEqual(new Set(['sign_in']));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'api_key_created');
    expect(await screen.findByText('No events of this type.')).toBeTruthy();
  });

  it('shows new events after Refresh', async () => {
    render();
    await screen.findByText('1–50 of 60');
    events.unshift({ id: 'new', created_at: '2026-11-23T13:30:00.000Z', event_type: 'mfa_enabled', organization_id: 'org-1', user_id: 'u9',
      email: 'new@acme.test', target_user_id: null, source_ip: null, detail: {} });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('1–50 of 61')).toBeTruthy();
    const first = within(screen.getByRole('table', { name: 'Events' })).getAllByRole('row')[1]!;
    expect(cellsOf(first)).toEqual(['23 Nov 2026, 13:30:00 UTC', 'new@acme.test', 'mfa_enabled', '—', '—']);
  });

  it("shows the server's refusal to a user without EVENT_AUDIT", async () => {
    refusal = 'You do not have permission to perform this action.';
    render();
    expect((await screen.findByRole('alert')).textContent).toBe('You do not have permission to perform this action.');
    expect(screen.queryByRole('table')).toBeNull();
    // Asked once (no retry loop); the failure is also reported to the log endpoint.
    await waitFor(() => expect(sent.filter((u) => u.pathname === '/api/v2/event_audit')).toHaveLength(1));
  });
});
