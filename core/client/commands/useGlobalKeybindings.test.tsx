import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommandRegistry } from './registry';
import { testCommandContext } from './testing';
import { useGlobalKeybindings } from './useGlobalKeybindings';

afterEach(cleanup);

function setup(options: { enabled?: boolean } = {}) {
  const registry = new CommandRegistry({ storage: null, isMac: false });
  const split = vi.fn();
  const find = vi.fn();
  const disabled = vi.fn();
  registry.register([
    { id: 'workspace.splitRight', title: 'Split', category: 'Workspace', keybinding: 'mod+\\', run: split },
    { id: 'search.focus', title: 'Search', category: 'Search', keybinding: '/', run: find },
    { id: 'posts.export', title: 'Export', category: 'Posts', keybinding: 'mod+e', enabled: () => 'Nothing selected', run: disabled },
  ]);
  function Harness() {
    useGlobalKeybindings(registry, () => testCommandContext(), options);
    return (
      <div>
        <input aria-label="Query" />
        <button>Somewhere</button>
      </div>
    );
  }
  render(<Harness />);
  return { registry, split, find, disabled };
}

describe('useGlobalKeybindings', () => {
  it('runs the command bound to a chord', async () => {
    const { split, registry } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Somewhere' }));
    await userEvent.keyboard('{Control>}\\{/Control}');
    expect(split).toHaveBeenCalledTimes(1);
    expect(registry.recent()).toEqual(['workspace.splitRight']);
  });

  it('leaves plain keys typed in inputs alone but still runs chords there', async () => {
    const { split, find } = setup();
    const input = screen.getByRole('textbox', { name: 'Query' });
    await userEvent.click(input);
    await userEvent.keyboard('a/b');
    expect(find).not.toHaveBeenCalled();
    expect((input as HTMLInputElement).value).toBe('a/b');
    await userEvent.keyboard('{Control>}\\{/Control}');
    expect(split).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Somewhere' }));
    await userEvent.keyboard('/');
    expect(find).toHaveBeenCalledTimes(1);
  });

  it('swallows the chord of a disabled command without running it', async () => {
    const { disabled } = setup();
    const event = new KeyboardEvent('keydown', { key: 'e', ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(disabled).not.toHaveBeenCalled();
  });

  it('does nothing while turned off', async () => {
    const { split } = setup({ enabled: false });
    await userEvent.keyboard('{Control>}\\{/Control}');
    expect(split).not.toHaveBeenCalled();
  });
});
