import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { KeybindingsEditor } from './KeybindingsEditor';
import { CommandRegistry, KEYBINDINGS_STORAGE_KEY } from './registry';
import { memoryStorage } from './testing';

afterEach(cleanup);

function setup() {
  const storage = memoryStorage();
  const registry = new CommandRegistry({ storage, isMac: false });
  registry.register([
    { id: 'workspace.splitRight', title: 'Split pane right', category: 'Workspace', keybinding: 'mod+\\', run: () => {} },
    { id: 'posts.exportCsv', title: 'Export posts (CSV)', category: 'Posts', keybinding: 'mod+shift+e', run: () => {} },
  ]);
  render(
    <FluentProvider theme={webLightTheme}>
      <KeybindingsEditor registry={registry} />
    </FluentProvider>,
  );
  const row = (id: string) => document.querySelector(`[data-command-id="${id}"]`) as HTMLElement;
  return { registry, storage, row };
}

describe('KeybindingsEditor', () => {
  it('lists commands with their shortcuts', () => {
    const { row } = setup();
    expect(within(row('workspace.splitRight')).getByText('Ctrl+\\')).toBeTruthy();
    expect(within(row('posts.exportCsv')).getByText('Ctrl+Shift+E')).toBeTruthy();
  });

  it('records a new shortcut, unbinds and resets to the default', async () => {
    const { row, registry, storage } = setup();
    const split = row('workspace.splitRight');
    await userEvent.click(within(split).getByRole('textbox', { name: 'New shortcut for Split pane right' }));
    await userEvent.keyboard('{Control>}{Alt>}j{/Alt}{/Control}');
    expect(within(split).getByText('Ctrl+Alt+J')).toBeTruthy();
    expect(registry.effectiveKeybinding('workspace.splitRight')).toBe('mod+alt+j');
    expect(JSON.parse(storage.data.get(KEYBINDINGS_STORAGE_KEY)!)).toEqual({ 'workspace.splitRight': 'mod+alt+j' });

    await userEvent.click(within(split).getByRole('button', { name: 'Unbind' }));
    expect(within(split).getByText('None')).toBeTruthy();

    await userEvent.click(within(split).getByRole('button', { name: 'Reset to default' }));
    expect(within(split).getByText('Ctrl+\\')).toBeTruthy();
    expect(storage.data.has(KEYBINDINGS_STORAGE_KEY)).toBe(false);
  });

  it('warns about a shortcut used twice and filters the list', async () => {
    const { row } = setup();
    await userEvent.click(within(row('posts.exportCsv')).getByRole('textbox'));
    await userEvent.keyboard('{Control>}\\{/Control}');
    expect(within(row('posts.exportCsv')).getByText('Also used by workspace.splitRight')).toBeTruthy();
    expect(within(row('workspace.splitRight')).getByText('Also used by posts.exportCsv')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: 'Filter commands' }), 'export');
    expect(row('workspace.splitRight')).toBeNull();
    expect(row('posts.exportCsv')).not.toBeNull();
  });
});
