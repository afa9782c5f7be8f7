import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommandContext } from '@core/client/plugin/contract';
import { clientPluginProblems, PALETTE_CHORD } from '@core/client/plugin/validate';
import { coreCommands } from '@core/client/commands/coreCommands';
import { shellCommands } from '@core/client/shell/shellCommands';
import { accountKind, domainKind } from '@core/client/selection/kinds';
import { workspaceServiceKey, type WorkspaceService } from '@core/client/workspace/workspaceService';
import { INSIGHT_KEYBINDINGS, REVIEW_QUEUE_PAGE } from './commands';
import insightsClient from './index';
import { analyst, fakeInsightsApi, type FakeInsightsApi } from './testing/fakeInsightsApi';
import { renderWithInsights } from './testing/harness';

configure({ asyncUtilTimeout: 5_000 });

let api: FakeInsightsApi;
beforeEach(() => {
  api = fakeInsightsApi([]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const actor = { platform: 'gab', id: 1, rid: 'acc-9', screen_name: 'ninehandle', display_name: 'Nine', class: 'GabUser', post_class: 'GabPost',
  location: null, url: 'https://gab.com/ninehandle', avatar_url: null, bio: null, created_at: null, embedded_profile_url: null, insights: [],
  additional_properties: {}, coordinationClusterId: null };

async function setup() {
  const base = api.fetch;
  // The account details call belongs to the coordination plugin's API: answered here as that route answers it.
  api.fetch = async (input, init) => (String(input).startsWith('/api/v2/accounts/acc-9/details')
    ? new Response(JSON.stringify({ data: actor, metadata: { errors: [] } }), { status: 200 })
    : base(input, init));
  const result = await renderWithInsights(<div />, { api, user: analyst, plugins: [insightsClient] });
  const ctx = (over: Partial<CommandContext> = {}): CommandContext => ({
    conversationId: 'c1', projectName: null, tab: 'explorer', subtab: null, focusedPaneId: null, paneCount: 0, services: result.host.services, ...over,
  });
  const visible = (c: CommandContext) => result.host.commands.list(c).filter((e) => e.command.id.startsWith('insights.')).map((e) => e.command.title);
  return { ...result, ctx, visible };
}

describe('insight commands', () => {
  // Clashes with the other plugins' keys are checked with every plugin registered, in tests/contracts/plugins.test.ts.
  it("have default keys that clash with none of core's", () => {
    expect(clientPluginProblems([insightsClient], [PALETTE_CHORD, ...coreCommands(), ...shellCommands()])).toEqual([]);
    expect(insightsClient.commands!.map((c) => [c.title, c.keybinding])).toEqual([
      ['Add insight on selected account', INSIGHT_KEYBINDINGS.addOnAccount],
      ['Add insight on selected domain', INSIGHT_KEYBINDINGS.addOnDomain],
      ['Open insight review queue', INSIGHT_KEYBINDINGS.openQueue],
      ['Approve focused insight and go to next', INSIGHT_KEYBINDINGS.approveNext],
      ['Decline focused insight and go to next', INSIGHT_KEYBINDINGS.declineNext],
    ]);
  });

  it('offer adding an insight only on a selected account or domain, in a conversation', async () => {
    const { selection, ctx, visible } = await setup();
    expect(visible(ctx())).not.toContain('Add insight on selected account');
    selection.select(accountKind, { rid: 'acc-9' });
    expect(visible(ctx())).toContain('Add insight on selected account');
    expect(visible(ctx())).not.toContain('Add insight on selected domain');
    expect(visible(ctx({ conversationId: null }))).not.toContain('Add insight on selected account');
    selection.select(domainKind, { domain: 'news.example.com' });
    expect(visible(ctx())).toEqual(expect.arrayContaining(['Add insight on selected domain', 'Open insight review queue']));
  });

  it('"Add insight on selected account" opens the dialog filled in with the account as the conversation knows it', async () => {
    const { host, selection, ctx } = await setup();
    selection.select(accountKind, { rid: 'acc-9' });
    await act(() => host.commands.run('insights.addOnAccount', ctx()));
    // The dialog first reads the account, then shows the form.
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Handle' }) as HTMLInputElement).value).toBe('ninehandle'));
    const dialog = screen.getByRole('dialog', { name: 'Add insight' });
    expect((within(dialog).getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value).toBe('https://gab.com/ninehandle');
    expect((within(dialog).getByLabelText('Platform', { exact: false }) as HTMLSelectElement).value).toBe('gab');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role', { exact: false }), 'Journalist');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      analyzable_type: 'account', analyzable_id: 'acc-9', platform: 'gab', screen_name: 'ninehandle', additional_properties: { role: 'Journalist' },
    });
  });

  it('"Add insight on selected domain" opens the dialog on that FQDN', async () => {
    const { host, selection, ctx } = await setup();
    selection.select(domainKind, { domain: 'news.example.com' });
    await act(() => host.commands.run('insights.addOnDomain', ctx()));
    const dialog = await screen.findByRole('dialog', { name: 'Add insight' });
    expect((within(dialog).getByRole('textbox', { name: /FQDN/ }) as HTMLInputElement).value).toBe('news.example.com');
  });

  it('"Open insight review queue" opens the pane in a workspace, the management page elsewhere', async () => {
    const { host, ctx, navigated } = await setup();
    await act(() => host.commands.run('insights.openQueue', ctx({ conversationId: null })));
    expect(navigated).toEqual([REVIEW_QUEUE_PAGE]);
    const opened: string[] = [];
    host.services.provide(workspaceServiceKey, { openPanel: (type: string) => opened.push(type) } as unknown as WorkspaceService);
    await act(() => host.commands.run('insights.openQueue', ctx()));
    expect(opened).toEqual(['insights.reviewQueue']);
    expect(navigated).toHaveLength(1);
  });

  it('approve and decline wait for the review queue, saying so', async () => {
    const { host, ctx } = await setup();
    const entry = host.commands.entry('insights.approveNext', ctx());
    expect(entry).toMatchObject({ enabled: false, reason: 'Focus a pending insight in the review queue first' });
  });
});
