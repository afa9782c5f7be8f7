import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { conversation, fakeApi, project } from '../testing/fakeApi';
import { renderWithApp } from '../testing/harness';
import ConversationHeader from './ConversationHeader';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

// The header reads the conversation id from the route, as inside ConversationPage.
const routePath = 'conversations/$conversationId';

describe('the conversation view header', () => {
  it('says "Conversation not found" for an unknown conversation', async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections')] });
    await renderWithApp(ConversationHeader, { api, routePath, path: '/conversations/0d9f1f0e-9a57-4c4a-9d0e-2a1c3b4d5e6f' });
    expect(await screen.findByText('Conversation not found')).toBeTruthy();
  });

  it('shows the name, the status and, while running, the DAG step of 5 and the enrichment stage', async () => {
    const api = fakeApi({
      projects: [project('p1', 'Elections')],
      conversations: [conversation('abc', { name: 'Ballots', status: 'RUNNING', DAG_step: 2, enrichment_stages: [{ datacollector: 'Reddit', stage: 'EXPAND_URLS' }] })],
    });
    await renderWithApp(ConversationHeader, { api, routePath, path: '/conversations/abc' });
    expect(await screen.findByRole('heading', { name: 'Ballots' })).toBeTruthy();
    expect(screen.getByTestId('status-badge').textContent).toBe('Running');
    expect(screen.getByTestId('run-progress').textContent).toBe('Step 2 of 5 · EXPAND_URLS');
    expect(screen.getByRole('button', { name: 'Cancel run' })).toBeTruthy();
  });

  it("shows Topic Radar's notices: threats, state media and government posts, only those above zero", async () => {
    const api = fakeApi({ projects: [project('p1', 'Elections')], conversations: [conversation('abc', { name: 'Ballots', status: 'SUCCESS' })] });
    const inner = api.fetch;
    api.fetch = async (input: string, init: RequestInit = {}) => (String(input).startsWith('/api/v2/radar/notices?conversation_id=abc')
      ? new Response(JSON.stringify({ data: { threat_count: 3, state_media_count: 1250, government_count: 0 }, metadata: { errors: [], info: null, msg: null } }), { status: 200 })
      : inner(input, init));
    await renderWithApp(ConversationHeader, { api, routePath, path: '/conversations/abc' });
    await screen.findByRole('heading', { name: 'Ballots' });
    expect((await screen.findAllByTestId('conversation-notice')).map((b) => b.textContent))
      .toEqual(['3 posts with threatening language', '1,250 posts linking state media']);
  });
});
