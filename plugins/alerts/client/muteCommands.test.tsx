import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyFilters } from '@core/shared/filters';
import { testCommandContext } from '@core/client/commands/testing';
import { navigationKey, notificationsKey } from '@core/client/services/keys';
import { renderInWorkbench } from '@core/client/testing/workbench';
import alertsClient from './index';
import ConversationAlertsPanel from './ConversationAlertsPanel';

const conversationId = '0d9f1f0e-9a57-4c4a-9d0e-2a1c3b4d5e6f';
const envelope = (data: unknown, status = 200, errors: string[] = []) =>
  new Response(JSON.stringify({ data, metadata: { errors, info: null, msg: errors[0] ?? null, pagination_info: null } }), {
    status, headers: { 'Content-Type': 'application/json' },
  });
const rule = (id: string, name: string, mutedUntil: string | null = null) => ({
  id, name, alertable_type: 'conversation', alertable_id: conversationId, enabled: true, recipients: null, webhook_secret: 's',
  muted_until: mutedUntil, created_by: null, created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z',
  config: { webhook_url: null, criteria: [{ metric: 'post_count', unit: 'count', direction: 'increase', threshold: 10, platform: null, risk_categories: null }] },
});

/** The server's side of the rules and the mute call; `refuse` answers every mute with the permission refusal. */
function serve(rules: Array<ReturnType<typeof rule>>, refuse = false) {
  const mutes: Array<{ id: string; muted_until: string | null }> = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const mute = /\/api\/v2\/alerts\/configs\/([^/]+)\/mute$/.exec(url);
    if (mute && init?.method === 'PUT') {
      if (refuse) return envelope(null, 403, ['You do not have permission to perform this action.']);
      const body = JSON.parse(String(init.body)) as { muted_until: string | null };
      mutes.push({ id: mute[1]!, muted_until: body.muted_until });
      const r = rules.find((x) => x.id === mute[1])!;
      r.muted_until = body.muted_until;
      return envelope(r);
    }
    if (url.includes('/alerts/configs')) return envelope(rules);
    if (url.includes('/alerts/notifications')) return envelope({ unread: 0, items: [] });
    return envelope([]);
  }));
  return mutes;
}

function workbench() {
  const told: Array<[string, string | undefined]> = [];
  const visited: string[] = [];
  const rendered = renderInWorkbench(<></>, {
    plugins: [alertsClient], conversationId,
    setup: (h) => {
      h.services.provide(notificationsKey, { notify: (message, intent) => told.push([message, intent]) });
      h.services.provide(navigationKey, { navigate: (to) => visited.push(to), currentPath: () => '/' });
      h.commands.setContextProvider(() => testCommandContext({ conversationId, services: h.services }));
    },
  });
  const ctx = (over: Partial<ReturnType<typeof testCommandContext>> = {}) => testCommandContext({ conversationId, services: rendered.host.services, ...over });
  return { ...rendered, told, visited, ctx };
}

const hoursAhead = (iso: string | null) => (Date.parse(iso!) - Date.now()) / 3_600_000;

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('mute commands', () => {
  it('"Mute alerts of this conversation" mutes each of its rules for 24 hours; only in a conversation', async () => {
    const mutes = serve([rule('r1', 'Harbour surge'), rule('r2', 'Risk jump')]);
    const { host, told, ctx } = workbench();
    expect(host.commands.entry('alerts.muteConversation', ctx({ conversationId: null }))).toBeNull();
    expect(host.commands.entry('alerts.muteConversation', ctx())?.command.title).toBe('Mute alerts of this conversation for 24 hours');
    await act(() => host.commands.run('alerts.muteConversation', ctx()));
    expect(mutes.map((m) => m.id)).toEqual(['r1', 'r2']);
    for (const m of mutes) expect(hoursAhead(m.muted_until)).toBeCloseTo(24, 1);
    expect(told).toHaveLength(1);
    expect(told[0]![0]).toMatch(/^Muted 2 alert rules of this conversation until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/);
    expect(told[0]![1]).toBe('success');
  });

  it('"Unmute alerts of this conversation" unmutes only the muted rules, and says when there is nothing to do', async () => {
    const mutes = serve([rule('r1', 'Harbour surge', '2099-01-01T00:00:00.000Z'), rule('r2', 'Risk jump')]);
    const { host, told, ctx } = workbench();
    await act(() => host.commands.run('alerts.unmuteConversation', ctx()));
    expect(mutes).toEqual([{ id: 'r1', muted_until: null }]);
    expect(told).toEqual([['Unmuted 1 alert rule of this conversation', 'success']]);
    await act(() => host.commands.run('alerts.unmuteConversation', ctx()));
    expect(told.at(-1)).toEqual(['No alert rule of this conversation is muted', 'info']);
  });

  it("tells the server's refusal, and that a conversation without rules has nothing to mute", async () => {
    serve([rule('r1', 'Harbour surge')], true);
    const { host, told, ctx } = workbench();
    await act(() => host.commands.run('alerts.muteConversation', ctx()));
    expect(told).toEqual([['You do not have permission to perform this action.', 'error']]);
    cleanup();
    serve([]);
    const second = workbench();
    await act(() => second.host.commands.run('alerts.muteConversation', second.ctx()));
    expect(second.told).toEqual([['This conversation has no alert rules to mute', 'info']]);
  });

  it("a rule's Mute 24 h in the Alerts panel mutes that rule and the panel shows it muted", async () => {
    const mutes = serve([rule('r1', 'Harbour surge'), rule('r2', 'Risk jump')]);
    const { rerender } = workbench();
    rerender(<ConversationAlertsPanel paneId="p" config={{}} setConfig={() => {}} conversationId={conversationId} filters={emptyFilters()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mute Risk jump for 24 hours' }));
    expect(await screen.findByText(/^Muted until /)).toBeTruthy();
    expect(mutes.map((m) => m.id)).toEqual(['r2']);
    expect(hoursAhead(mutes[0]!.muted_until)).toBeCloseTo(24, 1);
    expect(screen.queryByRole('button', { name: 'Mute Risk jump for 24 hours' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mute Harbour surge for 24 hours' })).toBeTruthy();
  });

  it('"Open fired alerts" goes to the Alerts tab in a conversation, else to the alert audit', async () => {
    serve([]);
    const { host, visited, ctx } = workbench();
    await act(() => host.commands.run('alerts.openFired', ctx()));
    await act(() => host.commands.run('alerts.openFired', ctx({ conversationId: null })));
    expect(visited).toEqual([`/conversations/${conversationId}/alerts`, '/myOrganization/alertAudit']);
  });
});
