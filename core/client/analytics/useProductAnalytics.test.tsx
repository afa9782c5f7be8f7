import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { AnalyticsEvent, AnalyticsIdentity } from '@core/shared/analytics/api';
import { CommandRegistry } from '../commands/registry';
import { memoryStorage, testCommandContext } from '../commands/testing';
import { currentUser, renderWithSession, testAccessActors, testSession } from '../session/testing';
import { useProductAnalytics } from './useProductAnalytics';

afterEach(() => { cleanup(); });

function setUp(analytics: boolean) {
  const sent: { identity: AnalyticsIdentity; events: AnalyticsEvent[] }[] = [];
  const send = vi.fn(async (body: (typeof sent)[number]) => { sent.push(body); });
  const commands = new CommandRegistry({ storage: memoryStorage() });
  commands.register({ id: 'test.hello', title: 'Hello', category: 'Test', run: () => undefined });
  function Page() {
    useProductAnalytics(commands, send);
    return <p>Project page</p>;
  }
  const { actor } = testSession([currentUser({ id: 'u-7', email: 'ada@example.org', organization_id: 'org-3' }, { analytics })]);
  renderWithSession(() => <Page />, { path: '/projects/$projectName', url: '/projects/Secret%20Campaign', session: actor, access: testAccessActors(actor) });
  return { sent, send, commands };
}

describe('product analytics in the shell', () => {
  it('reports the page by its route pattern (not the project in the address) and the commands run, as the signed-in user', async () => {
    const { sent, commands } = setUp(true);
    await screen.findByText('Project page');
    await commands.run('test.hello', testCommandContext());
    cleanup(); // unmounting sends what was gathered
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.identity).toEqual({ user_id: 'u-7', email: 'ada@example.org', organization_id: 'org-3' });
    expect(sent[0]!.events.map((e) => [e.name, e.subject])).toEqual([['page_view', '/projects/$projectName'], ['command_run', 'test.hello']]);
    expect(JSON.stringify(sent)).not.toContain('Secret');
  });

  it('sends nothing when the server has analytics off', async () => {
    const { send, commands } = setUp(false);
    await screen.findByText('Project page');
    await commands.run('test.hello', testCommandContext());
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(send).not.toHaveBeenCalled();
  });
});
