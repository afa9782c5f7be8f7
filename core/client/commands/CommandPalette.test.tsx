import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { CommandDefinition } from '@core/client/plugin/contract';
import { CommandPalette } from './CommandPalette';
import { CommandRegistry } from './registry';
import { memoryStorage, testCommandContext } from './testing';

afterEach(cleanup);

function setup(storage = memoryStorage()) {
  const registry = new CommandRegistry({ storage, isMac: false });
  const runs = { split: vi.fn(), close: vi.fn(), export: vi.fn(), theme: vi.fn(), hidden: vi.fn() };
  const commands: CommandDefinition[] = [
    { id: 'workspace.splitRight', title: 'Split pane right', category: 'Workspace', keybinding: 'mod+\\', run: runs.split },
    { id: 'workspace.closePane', title: 'Close pane', category: 'Workspace', keywords: ['remove'], run: runs.close },
    {
      id: 'posts.exportCsv',
      title: 'Export posts (CSV)',
      category: 'Posts',
      enabled: () => 'Open a conversation first',
      run: runs.export,
    },
    { id: 'theme.toggle', title: 'Toggle dark theme', category: 'Appearance', keywords: ['night'], run: runs.theme },
    { id: 'posts.secret', title: 'Hidden command', category: 'Posts', when: () => false, run: runs.hidden },
  ];
  registry.register(commands);
  render(
    <FluentProvider theme={webLightTheme}>
      <input aria-label="Search posts" />
      <CommandPalette registry={registry} getContext={() => testCommandContext()} />
    </FluentProvider>,
  );
  return { registry, runs, storage };
}

const palette = () => screen.queryByRole('dialog', { name: 'Command palette' });
const optionNames = () => within(palette()!).queryAllByRole('option').map((o) => o.getAttribute('data-value'));

async function openPalette() {
  await userEvent.keyboard('{Control>}k{/Control}');
  await waitFor(() => expect(palette()).not.toBeNull());
}

describe('CommandPalette', () => {
  it('opens with Ctrl+K from anywhere, even inside a text field, and closes with Escape', async () => {
    setup();
    expect(palette()).toBeNull();
    await userEvent.click(screen.getByRole('textbox', { name: 'Search posts' }));
    await openPalette();
    const input = within(palette()!).getByPlaceholderText('Type a command or search…');
    await waitFor(() => expect(document.activeElement).toBe(input));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(palette()).toBeNull());
  });

  it('lists visible commands grouped by category, with shortcuts', async () => {
    setup();
    await openPalette();
    expect(optionNames()).toEqual(['theme.toggle', 'posts.exportCsv', 'workspace.closePane', 'workspace.splitRight']);
    const headings = [...palette()!.querySelectorAll('[cmdk-group-heading]')].map((h) => h.textContent);
    expect(headings).toEqual(['Appearance', 'Posts', 'Workspace']);
    const split = within(palette()!).getByRole('option', { name: /Split pane right/ });
    expect(split.textContent).toContain('Workspace');
    expect(within(split).getByText('Ctrl+\\')).toBeTruthy();
  });

  it('filters by title, keywords and category as the user types, and Enter runs the top match', async () => {
    const { runs } = setup();
    await openPalette();
    await userEvent.keyboard('split');
    await waitFor(() => expect(optionNames()).toEqual(['workspace.splitRight']));
    await userEvent.keyboard('{Enter}');
    expect(runs.split).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(palette()).toBeNull());

    await openPalette();
    await userEvent.keyboard('night'); // a keyword; cmdk's fuzzy score ranks it above loose matches
    await waitFor(() => expect(optionNames()[0]).toBe('theme.toggle'));
    expect(optionNames()).not.toContain('posts.exportCsv');
    await userEvent.clear(within(palette()!).getByRole('combobox'));
    await userEvent.keyboard('zzzzqqq');
    await waitFor(() => expect(within(palette()!).getByText('No matching commands')).toBeTruthy());
  });

  it('shows a disabled command greyed with its reason and never runs it', async () => {
    const { runs } = setup();
    await openPalette();
    const option = within(palette()!).getByRole('option', { name: /Export posts/ });
    expect(option.getAttribute('aria-disabled')).toBe('true');
    expect(option.textContent).toContain('Open a conversation first');
    await userEvent.click(option);
    expect(runs.export).not.toHaveBeenCalled();
    await userEvent.keyboard('export');
    await waitFor(() => expect(optionNames()).toEqual(['posts.exportCsv']));
    await userEvent.keyboard('{Enter}');
    expect(runs.export).not.toHaveBeenCalled();
    expect(palette()).not.toBeNull();
  });

  it('puts recently run commands first on reopening, once each', async () => {
    const { runs, registry } = setup();
    await openPalette();
    await userEvent.click(within(palette()!).getByRole('option', { name: /Close pane/ }));
    expect(runs.close).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(palette()).toBeNull());
    await openPalette();
    await userEvent.keyboard('night{Enter}');
    await waitFor(() => expect(palette()).toBeNull());
    expect(registry.recent()).toEqual(['theme.toggle', 'workspace.closePane']);

    await openPalette();
    const firstGroup = palette()!.querySelector('[cmdk-group]')!;
    expect(firstGroup.querySelector('[cmdk-group-heading]')?.textContent).toBe('Recent');
    expect(optionNames()).toEqual(['theme.toggle', 'workspace.closePane', 'posts.exportCsv', 'workspace.splitRight']);
    // While searching, commands are ranked by match in their own categories.
    await userEvent.keyboard('pane');
    await waitFor(() => expect(palette()!.textContent).not.toContain('Recent'));
  });

  it('reads recent commands remembered in an earlier session, skipping ones not shown here', async () => {
    setup(memoryStorage({ 'narrascope:commands:recent': JSON.stringify(['posts.secret', 'workspace.splitRight', 'gone.command']) }));
    await openPalette();
    expect(optionNames()[0]).toBe('workspace.splitRight');
    expect(optionNames()).not.toContain('posts.secret');
  });

  it('reports a command that fails', async () => {
    const registry = new CommandRegistry({ storage: null, isMac: false });
    registry.register({ id: 'posts.fail', title: 'Fail', category: 'Posts', run: () => Promise.reject(new Error('nope')) });
    const onError = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <CommandPalette registry={registry} getContext={() => testCommandContext()} onError={onError} />
      </FluentProvider>,
    );
    await openPalette();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.any(Error), 'posts.fail'));
  });
});
