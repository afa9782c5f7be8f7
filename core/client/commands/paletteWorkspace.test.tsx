import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { z } from 'zod';
import type { CommandContext, PanelDefinition, PanelProps } from '@core/client/plugin/contract';
import { memoryLayoutStore } from '@core/client/workspace/layoutStore';
import { PanelRegistry } from '@core/client/workspace/panelRegistry';
import { WorkspaceHost } from '@core/client/workspace/WorkspaceHost';
import { workspaceContextFields } from '@core/client/workspace/workspaceService';
import type { Layout } from '@core/shared/layout/schema';
import { ServiceRegistry } from '@core/shared/services/registry';
import { CommandPalette } from './CommandPalette';
import { coreCommands } from './coreCommands';
import { CommandRegistry, panelOpenCommands } from './registry';
import { useGlobalKeybindings } from './useGlobalKeybindings';

afterEach(cleanup);

function Note({ paneId }: PanelProps) {
  return <p>note {paneId}</p>;
}
const notes: PanelDefinition = {
  type: 'notes.text',
  title: 'Notes',
  config: { schema: z.object({}), defaults: {}, version: 1 },
  load: async () => ({ default: Note }),
};
const builtIn: Layout = {
  id: 'explorer.posts',
  version: 1,
  title: 'Posts',
  root: 'first',
  panes: { first: { type: 'notes.text', configVersion: 1, config: {} } },
};

/** The wiring an app does: registries, services, host, palette and global shortcuts. */
function setup() {
  const panels = new PanelRegistry([notes]);
  const services = new ServiceRegistry();
  const commands = new CommandRegistry({ storage: null, isMac: false });
  commands.register([...coreCommands(), ...panelOpenCommands(panels.list())]);
  const store = memoryLayoutStore();
  const getContext = (): CommandContext => ({
    conversationId: 'c1',
    projectName: null,
    tab: 'explorer',
    subtab: 'posts',
    services,
    ...workspaceContextFields(services),
  });
  function App() {
    useGlobalKeybindings(commands, getContext);
    return (
      <FluentProvider theme={webLightTheme}>
        <div style={{ height: 600 }}>
          <WorkspaceHost
            layoutId="explorer.posts"
            builtIn={builtIn}
            store={store}
            registry={panels}
            services={services}
            conversationId="c1"
            filters={{} as PanelProps['filters']}
          />
        </div>
        <CommandPalette registry={commands} getContext={getContext} />
      </FluentProvider>
    );
  }
  render(<App />);
  return { store };
}

describe('palette and workspace together', () => {
  it('Ctrl+K, "split", Enter splits the workspace and saves the layout', async () => {
    const { store } = setup();
    expect(await screen.findByText('note first')).toBeTruthy();
    await userEvent.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' });
    await userEvent.keyboard('split right');
    await waitFor(() => expect(within(palette).getAllByRole('option')[0]?.getAttribute('data-value')).toBe('workspace.splitRight'));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('note notes.text#1')).toBeTruthy();
    await waitFor(() => expect(store.saved.get('explorer.posts')?.root).toEqual({
      type: 'split',
      direction: 'row',
      children: ['first', 'notes.text#1'],
      splitPercentages: [50, 50],
    }));
  });

  it('runs workspace shortcuts and reset from anywhere', async () => {
    const { store } = setup();
    await screen.findByText('note first');
    await userEvent.keyboard('{Control>}{Shift>}\\{/Shift}{/Control}');
    expect(await screen.findByText('note notes.text#1')).toBeTruthy();
    expect(document.querySelector('[data-pane-id="notes.text#1"]')?.getAttribute('data-focused')).toBe('true');
    await userEvent.keyboard('{Control>}{Alt>}p{/Alt}{/Control}'); // focus next pane, cycling back to the first
    expect(document.querySelector('[data-pane-id="first"]')?.getAttribute('data-focused')).toBe('true');

    await userEvent.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Command palette' });
    await userEvent.keyboard('reset layout{Enter}');
    await waitFor(() => expect(screen.queryByText('note notes.text#1')).toBeNull());
    await waitFor(() => expect(store.saved.has('explorer.posts')).toBe(false));
  });
});
