import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { ServiceRegistry } from '@core/shared/services/registry';
import { emptyFilters } from '@core/shared/filters';
import { apiKey } from '@core/client/services/keys';
import { renderWithProviders } from '@core/client/testing/render';
import templateClient from './index';
import NotesPanel from './NotesPanel';

const conversationId = '0d9f1f0e-9a57-4c4a-9d0e-2a1c3b4d5e6f';
const envelope = (data: unknown) => new Response(JSON.stringify({ data, metadata: { errors: [], info: null, msg: null, pagination_info: null } }), {
  status: 200, headers: { 'Content-Type': 'application/json' },
});

afterEach(() => vi.unstubAllGlobals());

describe('template notes panel', () => {
  it('lists notes as text and posts a new one with the CSRF header', async () => {
    document.cookie = 'csrf_access_token=abc123';
    const notes = [{ id: '1', text: '<b>not html</b>', created_at: '2026-11-01T10:00:00.000Z' }];
    const calls: Array<{ url: string; init?: RequestInit }> = [];
    // The browser's network boundary: the panel talks HTTP, so the test answers HTTP.
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { text: string };
        notes.push({ id: '2', text: body.text, created_at: '2026-11-02T10:00:00.000Z' });
        return envelope(notes[1]);
      }
      return envelope(notes);
    }));
    renderWithProviders(<NotesPanel paneId="p" config={{ showDates: false }} setConfig={() => {}} conversationId={conversationId} filters={emptyFilters()} />);
    expect(await screen.findByText('<b>not html</b>')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('New note'), 'second');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await screen.findByText('second');
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect((post.init!.headers as Record<string, string>)['X-CSRF-TOKEN']).toBe('abc123');
    expect(JSON.parse(String(post.init!.body))).toEqual({ conversation_id: conversationId, text: 'second' });
  });
});

describe('template.refreshNotes command', () => {
  it('shows only inside a conversation and invalidates the notes queries', async () => {
    const command = templateClient.commands![0]!;
    const services = new ServiceRegistry();
    const queryClient = new QueryClient();
    services.provide(apiKey, { queryClient });
    queryClient.setQueryData(['template', 'notes', conversationId], []);
    const ctx = { conversationId, projectName: null, tab: null, subtab: null, focusedPaneId: null, paneCount: 0, services };
    expect(command.when!({ ...ctx, conversationId: null })).toBe(false);
    expect(command.when!(ctx)).toBe(true);
    await command.run(ctx);
    await waitFor(() => expect(queryClient.getQueryState(['template', 'notes', conversationId])?.isInvalidated).toBe(true));
  });
});
