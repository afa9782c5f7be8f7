import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { emptyFilters } from '@core/shared/filters';
import { testCommandContext } from '@core/client/commands/testing';
import { renderInWorkbench } from '@core/client/testing/workbench';
import { workspaceServiceKey, type WorkspaceService } from '@core/client/workspace/workspaceService';
import alertsClient from './index';
import ConversationAlertsPanel from './ConversationAlertsPanel';

const conversationId = '0d9f1f0e-9a57-4c4a-9d0e-2a1c3b4d5e6f';
const envelope = (data: unknown) => new Response(JSON.stringify({ data, metadata: { errors: [], info: null, msg: null, pagination_info: null } }), {
  status: 200, headers: { 'Content-Type': 'application/json' },
});
afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

describe('"New alert rule" from the palette', () => {
  it('opens the Alerts panel and its empty rule dialog; only in a conversation', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => envelope(url.includes('/alerts/notifications') ? { unread: 0, items: [] } : [])));
    const opened: string[] = [];
    const { host, rerender } = renderInWorkbench(<></>, {
      plugins: [alertsClient], conversationId,
      setup: (h) => h.services.provide(workspaceServiceKey, { openPanel: (type: string) => opened.push(type) } as unknown as WorkspaceService),
    });
    const ctx = testCommandContext({ conversationId, services: host.services });
    expect(host.commands.entry('alerts.newRule', { ...ctx, conversationId: null })).toBeNull();
    await act(() => host.commands.run('alerts.newRule', ctx));
    expect(opened).toEqual(['alerts.conversation']);
    // The pane mounts after the command ran, as a lazily loaded panel does, and still opens the dialog.
    rerender(<ConversationAlertsPanel paneId="p" config={{}} setConfig={() => {}} conversationId={conversationId} filters={emptyFilters()} />);
    expect(await screen.findByRole('dialog', { name: 'New alert rule' })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });
});
