import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { z } from 'zod';
import type { PanelDefinition, PanelProps } from '@core/client/plugin/contract';
import type { Layout } from '@core/shared/layout/schema';
import { PanelRegistry } from './panelRegistry';
import { useWorkspaceController, type WorkspaceController } from './useWorkspaceController';
import { Workspace } from './Workspace';

type NotesConfig = { text: string };

function NotesPanel({ paneId, config, setConfig }: PanelProps<NotesConfig>) {
  return (
    <div>
      <p>Note: {config.text}</p>
      <button onClick={() => setConfig({ text: 'edited' })}>Edit {paneId}</button>
    </div>
  );
}

function CrashingPanel(): never {
  throw new Error('chart library exploded');
}

const notes: PanelDefinition<NotesConfig> = {
  type: 'test.notes',
  title: 'Notes',
  config: { schema: z.object({ text: z.string() }), defaults: { text: 'hello' }, version: 1 },
  load: async () => ({ default: NotesPanel }),
};
const crashing: PanelDefinition = {
  type: 'test.crash',
  title: 'Crashing chart',
  config: { schema: z.object({}), defaults: {}, version: 1 },
  load: async () => ({ default: CrashingPanel }),
};

const filters = {} as PanelProps['filters'];

function makeLayout(root: Layout['root'], panes: Layout['panes']): Layout {
  return { id: 'explorer.posts', version: 1, title: 'Posts', root, panes };
}

const twoNotes = () =>
  makeLayout(
    { type: 'split', direction: 'row', children: ['a', 'b'], splitPercentages: [40, 60] },
    {
      a: { type: 'test.notes', configVersion: 1, config: { text: 'first' } },
      b: { type: 'test.notes', configVersion: 1, config: { text: 'second' }, title: 'My second note' },
    },
  );

let controller: WorkspaceController;

/** The Mosaic window around a pane's body (its toolbar holds the title and the controls). */
function windowOf(region: HTMLElement): HTMLElement {
  return region.closest('.mosaic-window') as HTMLElement;
}
function titleOf(region: HTMLElement): string | null | undefined {
  return windowOf(region).querySelector(':scope > .mosaic-window-toolbar .mosaic-window-title')?.textContent;
}
const paneA = () => windowOf(screen.getByText('Note: first').closest('section')!);

function renderWorkspace(layout: Layout, onPersist = vi.fn()) {
  const registry = new PanelRegistry([notes, crashing], { onWarning: () => {} });
  function Harness() {
    controller = useWorkspaceController({ initialLayout: layout, registry, onPersist });
    return (
      <FluentProvider theme={webLightTheme}>
        <div style={{ height: 600, width: 1000 }}>
          <Workspace controller={controller} registry={registry} conversationId={null} filters={filters} />
        </div>
      </FluentProvider>
    );
  }
  const view = render(<Harness />);
  return { ...view, onPersist };
}

beforeEach(() => {
  // jsdom has no layout; Mosaic's divider drag needs a measurable container.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    x: 0, y: 0, left: 0, top: 0, right: 1000, bottom: 600, width: 1000, height: 600, toJSON: () => ({}),
  } as DOMRect);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Workspace', () => {
  it('renders each pane with its lazily loaded panel, title and accessible name', async () => {
    renderWorkspace(twoNotes());
    expect(await screen.findByText('Note: first')).toBeTruthy();
    expect(await screen.findByText('Note: second')).toBeTruthy();
    // Title from the panel definition, or the pane's own title.
    expect(screen.getByRole('region', { name: 'Notes' }).textContent).toContain('Note: first');
    expect(screen.getByRole('region', { name: 'My second note' })).toBeTruthy();
    expect(titleOf(screen.getByRole('region', { name: 'My second note' }))).toBe('My second note');
  });

  it('shows a placeholder for an unknown panel type and keeps its config on save', async () => {
    const layout = makeLayout(
      { type: 'split', direction: 'row', children: ['a', 'ghost'] },
      {
        a: { type: 'test.notes', configVersion: 1, config: { text: 'first' } },
        ghost: { type: 'removed.heatmap', configVersion: 3, config: { metric: 'reach', colours: ['<b>red</b>'] } },
      },
    );
    const { onPersist } = renderWorkspace(layout);
    const ghost = screen.getByRole('region', { name: 'Unknown panel (removed.heatmap)' });
    expect(within(ghost).getByText('Unknown panel type "removed.heatmap"')).toBeTruthy();
    expect(within(ghost).getByText("This pane's configuration is kept.")).toBeTruthy();
    // The config is text, not markup.
    expect(ghost.textContent).toContain('"metric": "reach"');
    expect(ghost.textContent).toContain('<b>red</b>');
    expect(ghost.querySelector('b')).toBeNull();

    // Any saved edit carries the unknown pane through untouched.
    await userEvent.click(await screen.findByRole('button', { name: 'Split right: Notes' }));
    expect(onPersist).toHaveBeenCalledTimes(1);
    const saved = onPersist.mock.calls[0]![0] as Layout;
    expect(saved.panes.ghost).toEqual(layout.panes.ghost);
  });

  it('updates on every Mosaic change but persists only on release', async () => {
    const { container, onPersist } = renderWorkspace(twoNotes());
    await screen.findByText('Note: first');
    const divider = container.querySelector('.mosaic-split')!;
    expect(divider).toBeTruthy();

    fireEvent.mouseDown(divider, { button: 0, clientX: 400, clientY: 300 });
    fireEvent.mouseMove(document, { buttons: 1, clientX: 300, clientY: 300 });
    await waitFor(() => expect(controller.state.layout.root).toMatchObject({ splitPercentages: [30, 70] }));
    expect(onPersist).not.toHaveBeenCalled();

    fireEvent.mouseUp(document, { clientX: 300, clientY: 300 });
    expect(onPersist).toHaveBeenCalledTimes(1);
    expect((onPersist.mock.calls[0]![0] as Layout).root).toEqual({
      type: 'split',
      direction: 'row',
      children: ['a', 'b'],
      splitPercentages: [30, 70],
    });
  });

  it('focuses the pane the user clicks in and outlines it', async () => {
    renderWorkspace(twoNotes());
    const first = screen.getByRole('region', { name: 'Notes' });
    const second = screen.getByRole('region', { name: 'My second note' });
    expect(first.getAttribute('data-focused')).toBe('true');
    expect(second.getAttribute('data-focused')).toBe('false');
    await userEvent.click(await within(second).findByText('Note: second'));
    expect(second.getAttribute('data-focused')).toBe('true');
    expect(first.getAttribute('data-focused')).toBe('false');
    expect(controller.state.focusedPaneId).toBe('b');
  });

  it('splits, maximises, restores and closes from the pane toolbar, persisting structural edits', async () => {
    const { onPersist } = renderWorkspace(twoNotes());
    await userEvent.click(screen.getByRole('button', { name: 'Split down: My second note' }));
    expect(await screen.findByText('Note: hello')).toBeTruthy(); // new pane: same type, default config
    expect(onPersist).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Note: first')).toBeTruthy();

    await userEvent.click(within(paneA()).getByRole('button', { name: 'Maximise pane: Notes' }));
    expect(screen.queryByText('Note: second')).toBeNull();
    expect(screen.getByText('Note: first')).toBeTruthy();
    expect(onPersist).toHaveBeenCalledTimes(1); // view-only
    await userEvent.click(screen.getByRole('button', { name: 'Restore layout: Notes' }));
    expect(await screen.findByText('Note: second')).toBeTruthy();

    await userEvent.click(within(paneA()).getByRole('button', { name: 'Close pane: Notes' }));
    expect(screen.queryByText('Note: first')).toBeNull();
    expect(onPersist).toHaveBeenCalledTimes(2);
    expect(Object.keys((onPersist.mock.calls[1]![0] as Layout).panes)).not.toContain('a');
  });

  it('saves a config a panel sets', async () => {
    const { onPersist } = renderWorkspace(twoNotes());
    await userEvent.click(await screen.findByRole('button', { name: 'Edit a' }));
    expect(await screen.findByText('Note: edited')).toBeTruthy();
    expect((onPersist.mock.calls[0]![0] as Layout).panes.a).toEqual({ type: 'test.notes', configVersion: 1, config: { text: 'edited' } });
  });

  it('keeps a crashing panel inside its pane', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWorkspace(
      makeLayout(
        { type: 'split', direction: 'row', children: ['a', 'boom'] },
        {
          a: { type: 'test.notes', configVersion: 1, config: { text: 'still here' } },
          boom: { type: 'test.crash', configVersion: 1, config: {} },
        },
      ),
    );
    const pane = screen.getByRole('region', { name: 'Crashing chart' });
    expect(await within(pane).findByText(/chart library exploded/)).toBeTruthy();
    expect(within(pane).getByRole('alert')).toBeTruthy();
    expect(await screen.findByText('Note: still here')).toBeTruthy();
  });

  it('shows a zero state that adds a pane when the layout is empty', async () => {
    const { onPersist } = renderWorkspace(makeLayout(null, {}));
    expect(screen.getByText('This workspace is empty')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add pane' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Crashing charttest.crash', 'Notestest.notes']);
    await userEvent.click(items[1]!);
    expect(await screen.findByText('Note: hello')).toBeTruthy();
    expect(onPersist).toHaveBeenCalledTimes(1);
  });

  it('reflects outside dispatches (commands) immediately', async () => {
    renderWorkspace(twoNotes());
    await screen.findByText('Note: second');
    act(() => {
      controller.dispatch({ type: 'focusNextPane' });
    });
    expect(screen.getByRole('region', { name: 'My second note' }).getAttribute('data-focused')).toBe('true');
  });
});
