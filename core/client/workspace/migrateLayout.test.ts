import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { layoutProblems, layoutSchema, type Layout, type Pane } from '@core/shared/layout/schema';
import { builtInPanesNewTo, migrateLayout } from './migrateLayout';
import { PanelRegistry } from './panelRegistry';

const pane = (type: string, config: Record<string, unknown> = {}, configVersion = 1): Pane => ({ type, configVersion, config });

/** Version 2 of a built-in layout: version 1 had the table and the notes; version 2 adds a summary. */
const builtIn: Layout = {
  id: 'explorer.posts',
  version: 2,
  title: 'Explorer: Posts',
  root: { type: 'split', direction: 'row', children: ['test.table#1', 'test.notes#1', 'test.summary#1'], splitPercentages: [50, 25, 25] },
  panes: {
    'test.table#1': pane('test.table'),
    'test.notes#1': pane('test.notes', { text: '' }),
    'test.summary#1': pane('test.summary', { top: 5 }),
  },
};

/** What a user made of version 1: table above two notes side by side, resized, one note retitled and edited. */
const userTree: Layout['root'] = {
  type: 'split',
  direction: 'column',
  children: [
    'test.table#1',
    { type: 'split', direction: 'row', children: ['test.notes#1', 'test.notes#2'], splitPercentages: [30, 70] },
  ],
  splitPercentages: [65, 35],
};
const userPanes: Layout['panes'] = {
  'test.table#1': pane('test.table', { columns: ['author', 'reach'] }),
  'test.notes#1': pane('test.notes', { body: 'old shape' }, 1),
  'test.notes#2': { ...pane('test.notes', { text: 'mine' }, 2), title: 'Leads' },
};
const saved: Layout = { id: 'explorer.posts', version: 1, title: 'Posts (old title)', root: userTree, panes: userPanes };

function expectUsable(layout: Layout) {
  expect(layoutSchema.safeParse(layout).success).toBe(true);
  expect(layoutProblems(layout)).toEqual([]);
}

describe('migrateLayout', () => {
  it('keeps the user-rearranged tree and adds the pane of the new panel type beside it, on the right', () => {
    const { layout, migratedFrom, addedPaneIds } = migrateLayout(saved, builtIn);
    expect(migratedFrom).toBe(1);
    expect(addedPaneIds).toEqual(['test.summary#1']);
    expect(layout).toEqual({
      id: 'explorer.posts',
      version: 2,
      title: 'Explorer: Posts',
      // The user's root is a column, so it is wrapped in a row with the new pane: user's tree left, new pane right.
      root: { type: 'split', direction: 'row', children: [userTree, 'test.summary#1'], splitPercentages: [50, 50] },
      panes: { ...userPanes, 'test.summary#1': builtIn.panes['test.summary#1'] },
    });
    expectUsable(layout);
  });

  it('joins a root row with an equal share, the user’s columns keeping their proportions', () => {
    const rowSaved: Layout = {
      ...saved,
      root: { type: 'split', direction: 'row', children: ['test.table#1', 'test.notes#1', 'test.notes#2'], splitPercentages: [60, 30, 10] },
    };
    expect(migrateLayout(rowSaved, builtIn).layout.root).toEqual({
      type: 'split',
      direction: 'row',
      children: ['test.table#1', 'test.notes#1', 'test.notes#2', 'test.summary#1'],
      splitPercentages: [45, 22.5, 7.5, 25],
    });
  });

  it('adds several new panes as one block that keeps their built-in arrangement and relative sizes', () => {
    const wider: Layout = {
      ...builtIn,
      version: 3,
      root: {
        type: 'split',
        direction: 'row',
        children: [
          { type: 'split', direction: 'column', children: ['test.table#1', 'test.chart#1'], splitPercentages: [50, 50] },
          { type: 'split', direction: 'column', children: ['test.notes#1', 'test.summary#1', 'test.map#1'], splitPercentages: [20, 60, 20] },
        ],
        splitPercentages: [60, 40],
      },
      panes: { ...builtIn.panes, 'test.chart#1': pane('test.chart'), 'test.map#1': pane('test.map') },
    };
    const { layout, addedPaneIds } = migrateLayout(saved, wider);
    expect(addedPaneIds).toEqual(['test.chart#1', 'test.summary#1', 'test.map#1']);
    expect(layout.root).toEqual({
      type: 'split',
      direction: 'row',
      children: [
        userTree,
        {
          type: 'split',
          direction: 'row',
          children: ['test.chart#1', { type: 'split', direction: 'column', children: ['test.summary#1', 'test.map#1'], splitPercentages: [75, 25] }],
          splitPercentages: [60, 40],
        },
      ],
      splitPercentages: [50, 50],
    });
    expectUsable(layout);
  });

  it('keeps panes whose panel type the new version no longer shows, with their place and config', () => {
    const withHeatmap: Layout = {
      ...saved,
      root: { type: 'tabs', tabs: ['test.table#1', 'old.heatmap#1'], activeTabIndex: 1 },
      panes: { 'test.table#1': userPanes['test.table#1']!, 'old.heatmap#1': pane('old.heatmap', { metric: 'reach' }, 3) },
    };
    const withoutNew: Layout = { ...builtIn, root: 'test.table#1', panes: { 'test.table#1': pane('test.table') } };
    const { layout, addedPaneIds } = migrateLayout(withHeatmap, withoutNew);
    expect(addedPaneIds).toEqual([]);
    expect(layout).toEqual({ ...withHeatmap, version: 2, title: 'Explorer: Posts' });
    expectUsable(layout);
  });

  it('leaves pane configs and their versions alone, so the panel’s own migration still applies when rendered', () => {
    const { layout } = migrateLayout(saved, builtIn);
    expect(layout.panes['test.notes#1']).toBe(userPanes['test.notes#1']);
    const registry = new PanelRegistry(
      [
        {
          type: 'test.notes',
          title: 'Notes',
          config: {
            schema: z.object({ text: z.string() }),
            defaults: { text: '' },
            version: 2,
            migrate: (stored, from) => (from === 1 ? { text: String((stored as { body?: unknown }).body) } : stored),
          },
          load: async () => ({ default: () => null }),
        },
      ],
      { onWarning: () => {} },
    );
    expect(registry.resolvePaneConfig(layout.panes['test.notes#1']!).config).toEqual({ text: 'old shape' });
    expect(registry.resolvePaneConfig(layout.panes['test.notes#2']!).config).toEqual({ text: 'mine' });
  });

  it('adds back a built-in panel type the user had closed (judged by type; documented trade-off)', () => {
    const closedNotes: Layout = { ...saved, root: 'test.table#1', panes: { 'test.table#1': userPanes['test.table#1']! } };
    const { layout, addedPaneIds } = migrateLayout(closedNotes, builtIn);
    expect(addedPaneIds).toEqual(['test.notes#1', 'test.summary#1']);
    expect(layout.root).toEqual({
      type: 'split',
      direction: 'row',
      children: ['test.table#1', { type: 'split', direction: 'row', children: ['test.notes#1', 'test.summary#1'], splitPercentages: [50, 50] }],
      splitPercentages: [50, 50],
    });
  });

  it('gives an emptied arrangement the new version’s panes in the built-in arrangement', () => {
    const empty: Layout = { ...saved, root: null, panes: {} };
    const { layout } = migrateLayout(empty, builtIn);
    expect(layout.root).toEqual(builtIn.root);
    expect(layout.panes).toEqual(builtIn.panes);
  });

  it('renames an added pane whose built-in id the user’s arrangement already uses', () => {
    const clash: Layout = {
      ...saved,
      root: { type: 'split', direction: 'row', children: ['test.table#1', 'test.summary#1'] },
      panes: { 'test.table#1': pane('test.table'), 'test.summary#1': pane('test.notes', { text: 'hand-made id' }) },
    };
    const { layout, addedPaneIds } = migrateLayout(clash, builtIn);
    expect(addedPaneIds).toEqual(['test.summary#2']);
    expect(layout.panes['test.summary#1']).toEqual(clash.panes['test.summary#1']);
    expect(layout.panes['test.summary#2']).toBe(builtIn.panes['test.summary#1']);
    expectUsable(layout);
  });

  it('is a no-op for an arrangement saved at the current version or a newer one', () => {
    expect(migrateLayout({ ...saved, version: 2 }, builtIn)).toEqual({ layout: { ...saved, version: 2 }, migratedFrom: null, addedPaneIds: [] });
    const current = { ...saved, version: 2 };
    expect(migrateLayout(current, builtIn).layout).toBe(current);
    const newer = { ...saved, version: 5 };
    expect(migrateLayout(newer, builtIn).layout).toBe(newer);
  });

  it('is idempotent: a migrated arrangement migrates to itself and has nothing left to add', () => {
    const once = migrateLayout(saved, builtIn).layout;
    const twice = migrateLayout(once, builtIn);
    expect(twice).toEqual({ layout: once, migratedFrom: null, addedPaneIds: [] });
    expect(twice.layout).toBe(once);
    // Even ignoring the version, every built-in panel type is now present.
    expect(builtInPanesNewTo(once, builtIn)).toEqual({ root: null, panes: {} });
  });

  it('does not modify its inputs', () => {
    const savedBefore = structuredClone(saved);
    const builtInBefore = structuredClone(builtIn);
    migrateLayout(saved, builtIn);
    expect(saved).toEqual(savedBefore);
    expect(builtIn).toEqual(builtInBefore);
  });
});
