import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { ServiceRegistry } from '@core/shared/services/registry';
import { decodeFilters, emptyFilters, filterDimensions, isFilterParam } from '@core/shared/filters';
import { createWorkbenchHost } from '@core/client/app/host';
import { isCommandVisible } from '@core/client/commands/conditions';
import type { CommandDefinition } from '@core/client/plugin/contract';
import { testCommandContext } from '@core/client/commands/testing';
import { apiKey } from '@core/client/services/keys';
import { renderInWorkbench } from '@core/client/testing/workbench';
import { workspaceServiceKey, type WorkspaceService } from '@core/client/workspace/workspaceService';
import templateClient from './index';
import { startNoteCommand } from './commands';
import NotesPanel from './NotesPanel';
import { disposeAfterTest } from '@core/client/testing/teardown';

const conversationId = '0d9f1f0e-9a57-4c4a-9d0e-2a1c3b4d5e6f';
const envelope = (data: unknown) => new Response(JSON.stringify({ data, metadata: { errors: [], info: null, msg: null, pagination_info: null } }), {
  status: 200, headers: { 'Content-Type': 'application/json' },
});

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const notesPanel = () => <NotesPanel paneId="p" config={{ showDates: false }} setConfig={() => {}} conversationId={conversationId} filters={emptyFilters()} />;
/** The panel as the workspace shows it: inside the plugin's host (its commands and services). */
const renderPanel = () => renderInWorkbench(notesPanel(), { plugins: [templateClient], conversationId });

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
    renderPanel();
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
    const command: CommandDefinition = templateClient.commands![0]!;
    const services = new ServiceRegistry();
    const queryClient = new QueryClient();
    services.provide(apiKey, { queryClient });
    queryClient.setQueryData(['template', 'notes', conversationId], []);
    const ctx = testCommandContext({ conversationId, services });
    expect(isCommandVisible(command, { ...ctx, conversationId: null })).toBe(false);
    expect(isCommandVisible(command, ctx)).toBe(true);
    await command.run(ctx);
    await waitFor(() => expect(queryClient.getQueryState(['template', 'notes', conversationId])?.isInvalidated).toBe(true));
  });
});

describe('template.startNote, a command with arguments', () => {
  const stubNotes = () => vi.stubGlobal('fetch', vi.fn(async () => envelope([])));

  it('from the palette (no arguments): shows the Notes panel and focuses the new-note box; only in a conversation', async () => {
    stubNotes();
    const opened: string[] = [];
    const { host, rerender } = renderInWorkbench(<></>, {
      plugins: [templateClient], conversationId,
      setup: (h) => h.services.provide(workspaceServiceKey, { openPanel: (type: string) => opened.push(type) } as unknown as WorkspaceService),
    });
    const ctx = testCommandContext({ conversationId, services: host.services });
    expect(host.commands.entry('template.startNote', { ...ctx, conversationId: null })).toBeNull();
    await act(() => host.commands.run('template.startNote', ctx));
    expect(opened).toEqual(['template.notes']);
    // The pane mounts after the command ran, as a lazily loaded panel does, and still gets the request.
    rerender(notesPanel());
    const box = screen.getByLabelText('New note');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('from code: execute(command, { text }) puts the draft in the box; a bad argument is refused before running', async () => {
    stubNotes();
    const { host } = renderPanel();
    const ctx = testCommandContext({ conversationId, services: host.services });
    await act(() => host.commands.execute(startNoteCommand, { text: 'Quote: "flood"' }, ctx));
    const box = screen.getByLabelText('New note') as HTMLInputElement;
    expect(box.value).toBe('Quote: "flood"');
    await waitFor(() => expect(document.activeElement).toBe(box));
    await expect(host.commands.execute('template.startNote', { text: 42 }, ctx)).rejects.toThrow(
      "Bad arguments for command 'template.startNote': text: Invalid input: expected string, received number",
    );
    expect(box.value).toBe('Quote: "flood"');
  });

  it('declares its filter dimension: the host registers it, so the URL codec and the filters panel know it', () => {
    const host = createWorkbenchHost([templateClient]);
    disposeAfterTest(host.dispose);
    try {
      expect(decodeFilters('template_post_length=short:true').template_post_length).toEqual({ short: true });
      expect(filterDimensions.get('template_post_length')?.label).toBe('Post length');
      expect(isFilterParam('template_post_length')).toBe(true);
    } finally {
      host.dispose();
    }
  });
});
