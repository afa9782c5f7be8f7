import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInWorkbench } from '@core/client/testing/workbench';
import { navigationKey } from '@core/client/services/keys';
import alertsClient from './index';
import NotificationBell from './NotificationBell';

const envelope = (data: unknown) => new Response(JSON.stringify({ data, metadata: { errors: [], info: null, msg: null, pagination_info: null } }), {
  status: 200, headers: { 'Content-Type': 'application/json' },
});

function inbox() {
  return {
    unread: 2,
    items: [
      { id: 'n1', fired_alert_id: 'f1', conversation_id: 'c-harbour', title: '<i>Harbour</i> surge', message: 'Harbour surge: post_count rose by 18',
        read_at: null as string | null, created_at: '2026-11-02T10:00:00.000Z' },
      { id: 'n2', fired_alert_id: 'f2', conversation_id: 'c-outage', title: 'Outage risk', message: 'Outage risk: risk_score rose by 20%',
        read_at: null as string | null, created_at: '2026-11-02T09:00:00.000Z' },
      { id: 'n3', fired_alert_id: 'f3', conversation_id: 'c-outage', title: 'Outage volume', message: 'Outage volume: post_count fell by 50%',
        read_at: '2026-11-01T12:00:00.000Z' as string | null, created_at: '2026-11-01T09:00:00.000Z' },
    ],
  };
}

/** The server's side: the list, and marking read (POST .../:id/read) as the server does it. */
function serve(state = inbox()) {
  const reads: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const read = /\/api\/v2\/alerts\/notifications\/([^/]+)\/read$/.exec(url);
    if (read && init?.method === 'POST') {
      reads.push(read[1]!);
      const n = state.items.find((i) => i.id === read[1])!;
      if (!n.read_at) { n.read_at = '2026-11-02T11:00:00.000Z'; state.unread -= 1; }
      return envelope({ id: n.id, read_at: n.read_at });
    }
    if (url.startsWith('/api/v2/alerts/notifications')) return envelope(state);
    return envelope(null);
  }));
  return reads;
}

function render() {
  const visited: string[] = [];
  renderInWorkbench(<NotificationBell />, {
    plugins: [alertsClient],
    setup: (host) => host.services.provide(navigationKey, { navigate: (to) => visited.push(to), currentPath: () => '/' }),
  });
  return visited;
}

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });
// Fluent's popover surface counts as hidden to jsdom's accessibility tree (no layout): its contents are queried with hidden.

describe('the header notification bell', () => {
  it('shows the unread count and lists my notifications as text, unread ones marked', async () => {
    serve();
    render();
    const bell = await screen.findByRole('button', { name: 'Alert notifications: 2 unread' });
    expect(bell.textContent).toBe('2');
    await userEvent.click(bell);
    const list = await screen.findByRole('list', { hidden: true });
    expect(within(list).getAllByRole('listitem', { hidden: true }).map((li) => li.getAttribute('aria-label')))
      .toEqual(['Unread: <i>Harbour</i> surge', 'Unread: Outage risk', 'Read: Outage volume']);
    expect(screen.getByText('<i>Harbour</i> surge')).toBeTruthy();
    expect(list.querySelector('i')).toBeNull();
    expect(screen.getByText('Outage risk: risk_score rose by 20%')).toBeTruthy();
    expect(screen.getByText('Alert notifications (2 unread)')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Mark read: /, hidden: true })).toHaveLength(2);
  });

  it('marks one read and the count falls', async () => {
    const reads = serve();
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Alert notifications: 2 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark read: Outage risk', hidden: true }));
    expect(await screen.findByText('Alert notifications (1 unread)')).toBeTruthy();
    expect(reads).toEqual(['n2']);
    expect(screen.queryByRole('button', { name: 'Mark read: Outage risk', hidden: true })).toBeNull();
    // The popover traps focus, so the page behind it (the bell) is hidden to assistive technology while it is open.
    expect(screen.getByRole('button', { name: 'Alert notifications: 1 unread', hidden: true }).textContent).toBe('1');
  });

  it("opening a notification marks it read and goes to its conversation's Alerts tab", async () => {
    const reads = serve();
    const visited = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Alert notifications: 2 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open fired alert: <i>Harbour</i> surge', hidden: true }));
    expect(visited).toEqual(['/conversations/c-harbour/alerts']);
    expect(reads).toEqual(['n1']);
    expect(await screen.findByRole('button', { name: 'Alert notifications: 1 unread' })).toBeTruthy();
    // Opening a read one marks nothing again.
    await userEvent.click(screen.getByRole('button', { name: 'Alert notifications: 1 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open fired alert: Outage volume', hidden: true }));
    expect(visited).toEqual(['/conversations/c-harbour/alerts', '/conversations/c-outage/alerts']);
    expect(reads).toEqual(['n1']);
  });

  it('shows no count and says so when there is nothing', async () => {
    serve({ unread: 0, items: [] });
    render();
    const bell = await screen.findByRole('button', { name: 'Alert notifications: 0 unread' });
    expect(bell.textContent).toBe('');
    await userEvent.click(bell);
    expect(await screen.findByText('No notifications.')).toBeTruthy();
  });
});
