import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServiceRegistry } from '@core/shared/services/registry';
import type { CommandContext } from '@core/client/plugin/contract';
import { isCommandVisible } from '@core/client/commands/conditions';
import { conversationCommands } from './commands';
import { conversation, fakeApi, project } from './testing/fakeApi';
import { renderWithApp } from './testing/harness';
import Picker from './picker/Picker';

afterEach(() => { cleanup(); vi.unstubAllGlobals(); });

const command = (id: string) => conversationCommands.find((c) => c.id === id)!;
const ctx = (services: ServiceRegistry, over: Partial<CommandContext> = {}): CommandContext =>
  ({ conversationId: null, projectName: null, tab: null, subtab: null, focusedPaneId: null, paneCount: 0, services, ...over });

async function setup(path = '/projects/Elections/c1') {
  const api = fakeApi({
    projects: [project('p1', 'Elections'), project('p2', 'Health')],
    conversations: [
      conversation('c1', { name: 'Ballots', status: 'SUCCESS' }),
      conversation('c2', { name: 'Vaccine rumours', project_id: 'p2', status: 'RUNNING' }),
    ],
  });
  const app = await renderWithApp(Picker, { api, path });
  await waitFor(() => expect(screen.getAllByTestId(path === '/' ? 'project-row' : 'conversation-item').length).toBeGreaterThan(0));
  return { api, ...app };
}

describe('palette commands', () => {
  it('are declared with permanent ids and hidden where the picker is not mounted', () => {
    expect(conversationCommands.map((c) => c.id)).toEqual([
      'conversations.goToProject', 'conversations.goToConversation', 'conversations.create', 'conversations.rerun',
    ]);
    const services = new ServiceRegistry();
    for (const c of conversationCommands) expect(isCommandVisible(c, ctx(services, { conversationId: 'c1' }))).toBe(false);
  });

  it('conversations.rerun is enabled for a finished conversation and re-runs it through its lifecycle', async () => {
    const { api, host } = await setup();
    const c = ctx(host.services, { conversationId: 'c1', projectName: 'Elections' });
    expect(isCommandVisible(command('conversations.rerun'), c)).toBe(true);
    expect(isCommandVisible(command('conversations.rerun'), { ...c, conversationId: null })).toBe(false);
    expect(command('conversations.rerun').enabled!(c)).toBe(true);
    await command('conversations.rerun').run(c);
    expect(command('conversations.rerun').enabled!(c)).toBe('A re-run is being requested');
    await waitFor(() => expect(api.mutations()).toEqual([{ method: 'PUT', path: '/api/v2/conversations/c1', body: { rerun: true, use_existing_data: false } }]));
    expect(command('conversations.rerun').enabled!(ctx(host.services, { conversationId: 'unknown' }))).toBe('The conversation is still loading');
  });

  it('conversations.goToConversation finds a conversation of any project by name and opens it', async () => {
    const { host, router } = await setup();
    await command('conversations.goToConversation').run(ctx(host.services));
    const pick = await screen.findByRole('dialog', { name: 'Go to conversation' });
    await userEvent.type(within(pick).getByRole('combobox'), 'vaccine');
    const options = await within(pick).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Vaccine rumoursHealth']);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/Health/c2'));
  });

  it('conversations.goToProject opens a project by name', async () => {
    const { host, router } = await setup('/');
    await command('conversations.goToProject').run(ctx(host.services));
    const pick = await screen.findByRole('dialog', { name: 'Go to project' });
    await userEvent.type(within(pick).getByRole('combobox'), 'heal');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/Health'));
  });

  it('conversations.create opens Create Conversation in the current project', async () => {
    const { host } = await setup('/projects/Health');
    await command('conversations.create').run(ctx(host.services, { projectName: 'Health' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Conversation' });
    expect((within(dialog).getByRole('combobox', { name: /Project/ }) as HTMLSelectElement).value).toBe('p2');
  });
});
