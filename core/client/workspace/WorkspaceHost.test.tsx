import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { z } from 'zod';
import type { PanelDefinition, PanelProps } from '@core/client/plugin/contract';
import type { Layout } from '@core/shared/layout/schema';
import { ServiceRegistry } from '@core/shared/services/registry';
import { memoryLayoutStore } from './layoutStore';
import { PanelRegistry } from './panelRegistry';
import { WorkspaceHost } from './WorkspaceHost';

type NotesConfig = { text: string };

/** Notes moved from `{ body }` (version 1) to `{ text }` (version 2): stored version-1 configs must still render. */
const notes: PanelDefinition<NotesConfig> = {
  type: 'test.notes',
  title: 'Notes',
  config: {
    schema: z.object({ text: z.string() }),
    defaults: { text: '' },
    version: 2,
    migrate: (stored, fromVersion) => (fromVersion === 1 ? { text: String((stored as { body?: unknown }).body ?? '') } : stored),
  },
  load: async () => ({ default: ({ config }: PanelProps<NotesConfig>) => <p>Note: {config.text}</p> }),
};
const summary: PanelDefinition = {
  type: 'test.summary',
  title: 'Summary',
  config: { schema: z.object({}), defaults: {}, version: 1 },
  load: async () => ({ default: () => <p>Summary of the conversation</p> }),
};

/** Version 2 of the built-in layout adds the summary; `old.heatmap` was dropped from it (and from the app). */
const builtIn: Layout = {
  id: 'explorer.posts',
  version: 2,
  title: 'Explorer: Posts',
  root: { type: 'split', direction: 'row', children: ['test.notes#1', 'test.summary#1'] },
  panes: {
    'test.notes#1': { type: 'test.notes', configVersion: 2, config: { text: 'built-in note' } },
    'test.summary#1': { type: 'test.summary', configVersion: 1, config: {} },
  },
};

/** The user's arrangement of version 1: two notes (one split off, retitled) above the heatmap. */
const savedAtVersion1: Layout = {
  id: 'explorer.posts',
  version: 1,
  title: 'Explorer: Posts',
  root: {
    type: 'split',
    direction: 'column',
    children: [{ type: 'split', direction: 'row', children: ['test.notes#1', 'test.notes#2'], splitPercentages: [30, 70] }, 'old.heatmap#1'],
    splitPercentages: [80, 20],
  },
  panes: {
    'test.notes#1': { type: 'test.notes', configVersion: 1, config: { body: 'my first note' } },
    'test.notes#2': { type: 'test.notes', configVersion: 2, config: { text: 'my second note' }, title: 'Leads' },
    'old.heatmap#1': { type: 'old.heatmap', configVersion: 1, config: { metric: 'reach' } },
  },
};

afterEach(cleanup);

describe('WorkspaceHost with an arrangement saved against an older built-in layout', () => {
  it("shows the user's panes plus the new one, and saves the arrangement at the new version", async () => {
    const store = memoryLayoutStore([savedAtVersion1]);
    const onError = vi.fn();
    const onWarning = vi.fn();
    render(
      <FluentProvider theme={webLightTheme}>
        <div style={{ height: 600, width: 1000 }}>
          <WorkspaceHost
            layoutId="explorer.posts"
            builtIn={builtIn}
            store={store}
            registry={new PanelRegistry([notes, summary], { onWarning })}
            services={new ServiceRegistry()}
            conversationId={null}
            filters={{} as PanelProps['filters']}
            onError={onError}
          />
        </div>
      </FluentProvider>,
    );

    // The user's notes, the first one through the panel's config migration, not the built-in's note.
    expect(await screen.findByText('Note: my first note')).toBeTruthy();
    expect(await screen.findByText('Note: my second note')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Leads' })).toBeTruthy();
    expect(screen.queryByText('Note: built-in note')).toBeNull();
    // The pane of the type the new version adds.
    expect(await screen.findByText('Summary of the conversation')).toBeTruthy();
    // The pane whose type is gone is kept, as the unknown-panel placeholder.
    expect(screen.getByRole('region', { name: 'Unknown panel (old.heatmap)' })).toBeTruthy();

    await waitFor(() => expect(store.saved.get('explorer.posts')?.version).toBe(2));
    const stored = store.saved.get('explorer.posts')!;
    expect(stored.root).toEqual({ type: 'split', direction: 'row', children: [savedAtVersion1.root, 'test.summary#1'], splitPercentages: [50, 50] });
    // Stored configs are untouched: the panel migrates on render and stores its version when it next sets a config.
    expect(stored.panes['test.notes#1']).toEqual(savedAtVersion1.panes['test.notes#1']);
    expect(onError).not.toHaveBeenCalled();
    expect(onWarning).not.toHaveBeenCalled();
  });
});
