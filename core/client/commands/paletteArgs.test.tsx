import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { defineCommand } from '@core/client/plugin/contract';
import { accountKind } from '@core/client/selection/kinds';
import { SelectionService } from '@core/client/selection/selectionService';
import { selectionKey } from '@core/client/services/keys';
import { ServiceRegistry } from '@core/shared/services/registry';
import { CommandPalette } from './CommandPalette';
import { CommandRegistry } from './registry';
import { memoryStorage, testCommandContext } from './testing';

afterEach(cleanup);

function setup() {
  const services = new ServiceRegistry();
  const selection = new SelectionService();
  services.provide(selectionKey, selection);
  const registry = new CommandRegistry({ storage: memoryStorage(), isMac: false });
  const run = vi.fn();
  registry.register([
    defineCommand({
      id: 'test.zoomIn', title: 'Zoom in', category: 'Test',
      args: z.object({ step: z.number().default(2) }).default({ step: 2 }),
      run: (ctx, args) => run('zoomIn', args),
    }),
    defineCommand({
      id: 'test.openAccount', title: 'Open an account', category: 'Test',
      args: z.object({ rid: z.string() }),
      run: (ctx, args) => run('openAccount', args),
    }),
    defineCommand({
      id: 'test.focusAccount', title: 'Focus the selected account', category: 'Test',
      when: "selectionKind == 'account'",
      run: () => run('focusAccount'),
    }),
  ]);
  render(
    <FluentProvider theme={webLightTheme}>
      <CommandPalette registry={registry} getContext={() => testCommandContext({ services })} />
    </FluentProvider>,
  );
  return { selection, run };
}

const palette = () => screen.queryByRole('dialog', { name: 'Command palette' });
const options = () => within(palette()!).queryAllByRole('option').map((o) => o.getAttribute('data-value'));
async function openPalette() {
  await userEvent.keyboard('{Control>}k{/Control}');
  await waitFor(() => expect(palette()).not.toBeNull());
}

describe('the palette and commands with arguments and when expressions', () => {
  it('runs a command with its default arguments, leaves out commands that need arguments, and follows context keys', async () => {
    const { selection, run } = setup();
    await openPalette();
    expect(options()).toEqual(['test.zoomIn']);
    await userEvent.click(within(palette()!).getByRole('option', { name: /Zoom in/ }));
    expect(run).toHaveBeenCalledWith('zoomIn', { step: 2 });
    await waitFor(() => expect(palette()).toBeNull());
    selection.select(accountKind, { rid: 'r1' });
    await openPalette();
    expect(options()).toEqual(['test.zoomIn', 'test.focusAccount']);
  });
});
