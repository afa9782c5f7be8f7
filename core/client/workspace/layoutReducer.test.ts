import { describe, expect, it } from 'vitest';
import { layoutProblems, leavesOf, type Layout, type LayoutNode } from '@core/shared/layout/schema';
import {
  createLayoutReducer,
  initialWorkspaceState,
  layoutForSave,
  type LayoutAction,
  type WorkspaceState,
} from './layoutReducer';
import { nextPaneId } from './paneIds';

const reducer = createLayoutReducer({
  paneDefaults: (type) => (type === 'posts.table' ? { configVersion: 2, config: { columns: ['text'] } } : null),
});

function layout(root: LayoutNode | null, types: Record<string, string> = {}): Layout {
  const panes: Layout['panes'] = {};
  for (const id of leavesOf(root)) panes[id] = { type: types[id] ?? 'posts.table', configVersion: 2, config: { id } };
  return { id: 'explorer.posts', version: 1, title: 'Posts', root, panes };
}

function run(state: WorkspaceState, ...actions: LayoutAction[]): WorkspaceState {
  return actions.reduce(reducer, state);
}

const twoRow = (): WorkspaceState =>
  initialWorkspaceState(layout({ type: 'split', direction: 'row', children: ['a', 'b'], splitPercentages: [40, 60] }));

describe('nextPaneId', () => {
  it('numbers panes per type, after the highest number in use', () => {
    expect(nextPaneId('posts.table', [])).toBe('posts.table#1');
    expect(nextPaneId('posts.table', ['posts.table#1', 'posts.table#7', 'topics.list#9'])).toBe('posts.table#8');
    expect(nextPaneId('posts.table', ['posts.table#x', 'posts'])).toBe('posts.table#1');
  });
});

describe('initial state', () => {
  it('focuses the first visible pane and is not maximised', () => {
    const state = initialWorkspaceState(layout({ type: 'split', direction: 'row', children: [{ type: 'tabs', tabs: ['t1', 't2'], activeTabIndex: 1 }, 'b'] }));
    expect(state.focusedPaneId).toBe('t2');
    expect(state.maximised).toBeNull();
    expect(initialWorkspaceState(layout(null)).focusedPaneId).toBeNull();
  });
});

describe('replaceTree', () => {
  it('takes the new arrangement and keeps the panes', () => {
    const root: LayoutNode = { type: 'split', direction: 'column', children: ['b', 'a'], splitPercentages: [30, 70] };
    const next = run(twoRow(), { type: 'replaceTree', root });
    expect(next.layout.root).toEqual(root);
    expect(Object.keys(next.layout.panes).sort()).toEqual(['a', 'b']);
  });

  it('drops panes whose leaf Mosaic removed and moves focus off them', () => {
    const next = run(twoRow(), { type: 'replaceTree', root: 'b' });
    expect(next.layout.panes).not.toHaveProperty('a');
    expect(next.focusedPaneId).toBe('b');
    expect(layoutProblems(next.layout)).toEqual([]);
  });

  it('accepts an empty tree', () => {
    const next = run(twoRow(), { type: 'replaceTree', root: null });
    expect(next.layout.root).toBeNull();
    expect(next.layout.panes).toEqual({});
    expect(next.focusedPaneId).toBeNull();
  });
});

describe('splitPane', () => {
  it('wraps a lone pane in a 50/50 split with a new pane of the same type and default config', () => {
    const next = run(initialWorkspaceState(layout('a')), { type: 'splitPane', paneId: 'a', direction: 'row' });
    expect(next.layout.root).toEqual({ type: 'split', direction: 'row', children: ['a', 'posts.table#1'], splitPercentages: [50, 50] });
    expect(next.layout.panes['posts.table#1']).toEqual({ type: 'posts.table', configVersion: 2, config: { columns: ['text'] } });
    expect(next.focusedPaneId).toBe('posts.table#1');
  });

  it('adds a sibling taking half the share when the parent split has the same direction', () => {
    const next = run(twoRow(), { type: 'splitPane', paneId: 'a', direction: 'row' });
    expect(next.layout.root).toEqual({
      type: 'split',
      direction: 'row',
      children: ['a', 'posts.table#1', 'b'],
      splitPercentages: [20, 20, 60],
    });
  });

  it('nests a split of the other direction', () => {
    const next = run(twoRow(), { type: 'splitPane', paneId: 'b', direction: 'column' });
    expect(next.layout.root).toEqual({
      type: 'split',
      direction: 'row',
      children: ['a', { type: 'split', direction: 'column', children: ['b', 'posts.table#1'], splitPercentages: [50, 50] }],
      splitPercentages: [40, 60],
    });
  });

  it('uses an explicitly given type and config', () => {
    const next = run(initialWorkspaceState(layout('a')), {
      type: 'splitPane',
      paneId: 'a',
      direction: 'column',
      panelType: 'topics.list',
      config: { limit: 5 },
      configVersion: 3,
    });
    expect(next.layout.panes['topics.list#1']).toEqual({ type: 'topics.list', configVersion: 3, config: { limit: 5 } });
  });

  it('copies the config of a pane whose type has no defaults (unknown panel)', () => {
    const state = initialWorkspaceState(layout('x', { x: 'gone.panel' }));
    const next = run(state, { type: 'splitPane', paneId: 'x', direction: 'row' });
    expect(next.layout.panes['gone.panel#1']).toEqual({ type: 'gone.panel', configVersion: 2, config: { id: 'x' } });
  });

  it('splits the whole tab group when the pane is a tab', () => {
    const state = initialWorkspaceState(layout({ type: 'tabs', tabs: ['t1', 't2'], activeTabIndex: 0 }));
    const next = run(state, { type: 'splitPane', paneId: 't2', direction: 'row' });
    expect(next.layout.root).toEqual({
      type: 'split',
      direction: 'row',
      children: [{ type: 'tabs', tabs: ['t1', 't2'], activeTabIndex: 0 }, 'posts.table#1'],
      splitPercentages: [50, 50],
    });
  });

  it('ignores unknown panes', () => {
    const state = twoRow();
    expect(run(state, { type: 'splitPane', paneId: 'nope', direction: 'row' })).toBe(state);
  });

  it('generates unique ids on repeated splits', () => {
    const next = run(
      initialWorkspaceState(layout('a')),
      { type: 'splitPane', paneId: 'a', direction: 'row' },
      { type: 'splitPane', paneId: 'a', direction: 'row' },
      { type: 'splitPane', paneId: 'posts.table#1', direction: 'column' },
    );
    const leaves = leavesOf(next.layout.root);
    expect(new Set(leaves).size).toBe(leaves.length);
    expect(leaves.sort()).toEqual(['a', 'posts.table#1', 'posts.table#2', 'posts.table#3']);
    expect(layoutProblems(next.layout)).toEqual([]);
  });
});

describe('addPane', () => {
  it('puts the pane beside the focused one', () => {
    const state = run(twoRow(), { type: 'focusPane', paneId: 'b' });
    const next = run(state, { type: 'addPane', panelType: 'topics.list', config: { k: 1 }, title: 'My topics' });
    expect(next.layout.root).toEqual({
      type: 'split',
      direction: 'row',
      children: ['a', 'b', 'topics.list#1'],
      splitPercentages: [40, 30, 30],
    });
    expect(next.layout.panes['topics.list#1']).toEqual({ type: 'topics.list', configVersion: 1, config: { k: 1 }, title: 'My topics' });
    expect(next.focusedPaneId).toBe('topics.list#1');
  });

  it('becomes the root of an empty layout, with defaults', () => {
    const next = run(initialWorkspaceState(layout(null)), { type: 'addPane', panelType: 'posts.table' });
    expect(next.layout.root).toBe('posts.table#1');
    expect(next.layout.panes['posts.table#1']?.config).toEqual({ columns: ['text'] });
  });

  it('joins the root when nothing is focused', () => {
    const state: WorkspaceState = { ...twoRow(), focusedPaneId: null };
    const next = run(state, { type: 'addPane', panelType: 'topics.list' });
    expect(next.layout.root).toMatchObject({ type: 'split', direction: 'row', children: ['a', 'b', 'topics.list#1'] });
    const percentages = (next.layout.root as { splitPercentages: number[] }).splitPercentages;
    expect(percentages.reduce((x, y) => x + y, 0)).toBeCloseTo(100);
  });

  it('wraps a root of the other direction', () => {
    const state = initialWorkspaceState(layout({ type: 'split', direction: 'column', children: ['a', 'b'] }));
    const next = run({ ...state, focusedPaneId: null }, { type: 'addPane', panelType: 'x.y' });
    expect(next.layout.root).toEqual({
      type: 'split',
      direction: 'row',
      children: [{ type: 'split', direction: 'column', children: ['a', 'b'] }, 'x.y#1'],
      splitPercentages: [50, 50],
    });
  });

  it('leaves a default config object unshared between panes', () => {
    const next = run(
      initialWorkspaceState(layout(null)),
      { type: 'addPane', panelType: 'posts.table' },
      { type: 'addPane', panelType: 'posts.table' },
    );
    expect(next.layout.panes['posts.table#1']!.config).not.toBe(next.layout.panes['posts.table#2']!.config);
  });
});

describe('closePane', () => {
  it('collapses a two-child split and focuses the neighbour', () => {
    const next = run(twoRow(), { type: 'closePane', paneId: 'a' });
    expect(next.layout.root).toBe('b');
    expect(next.layout.panes).not.toHaveProperty('a');
    expect(next.focusedPaneId).toBe('b');
  });

  it('rescales the remaining percentages of an n-ary split', () => {
    const state = initialWorkspaceState(
      layout({ type: 'split', direction: 'row', children: ['a', 'b', 'c'], splitPercentages: [50, 25, 25] }),
    );
    const next = run(state, { type: 'closePane', paneId: 'a' });
    expect(next.layout.root).toEqual({ type: 'split', direction: 'row', children: ['b', 'c'], splitPercentages: [50, 50] });
  });

  it('keeps focus when another pane closes', () => {
    const state = run(twoRow(), { type: 'focusPane', paneId: 'b' });
    expect(run(state, { type: 'closePane', paneId: 'a' }).focusedPaneId).toBe('b');
  });

  it('removes a tab, adjusting the active index, and collapses a one-tab group', () => {
    const tabs = initialWorkspaceState(layout({ type: 'tabs', tabs: ['t1', 't2', 't3'], activeTabIndex: 2 }));
    const one = run(tabs, { type: 'closePane', paneId: 't1' });
    expect(one.layout.root).toEqual({ type: 'tabs', tabs: ['t2', 't3'], activeTabIndex: 1 });
    const two = run(one, { type: 'closePane', paneId: 't3' });
    expect(two.layout.root).toBe('t2');
    expect(two.focusedPaneId).toBe('t2');
  });

  it('empties the layout when the last pane closes', () => {
    const next = run(initialWorkspaceState(layout('a')), { type: 'closePane', paneId: 'a' });
    expect(next.layout.root).toBeNull();
    expect(next.focusedPaneId).toBeNull();
  });

  it('ignores unknown panes', () => {
    const state = twoRow();
    expect(run(state, { type: 'closePane', paneId: 'zzz' })).toBe(state);
  });
});

describe('maximise and restore', () => {
  it('shows one pane and restore brings back the exact tree', () => {
    const state = twoRow();
    const max = run(state, { type: 'maximisePane', paneId: 'b' });
    expect(max.layout.root).toBe('b');
    expect(max.maximised).toEqual({ paneId: 'b', restoreRoot: state.layout.root });
    expect(max.focusedPaneId).toBe('b');
    const restored = run(max, { type: 'restore' });
    expect(restored.layout.root).toEqual(state.layout.root);
    expect(restored.maximised).toBeNull();
  });

  it('toggles when the maximised pane is maximised again, and switches to another pane', () => {
    const max = run(twoRow(), { type: 'maximisePane', paneId: 'a' });
    expect(run(max, { type: 'maximisePane', paneId: 'a' }).maximised).toBeNull();
    const other = run(max, { type: 'maximisePane', paneId: 'b' });
    expect(other.layout.root).toBe('b');
    expect(other.maximised?.restoreRoot).toEqual(twoRow().layout.root);
  });

  it('saves the full tree while maximised', () => {
    const max = run(twoRow(), { type: 'maximisePane', paneId: 'a' });
    expect(layoutForSave(max).root).toEqual(twoRow().layout.root);
    expect(layoutProblems(layoutForSave(max))).toEqual([]);
  });

  it('restores before splitting or adding', () => {
    const max = run(twoRow(), { type: 'maximisePane', paneId: 'a' });
    const split = run(max, { type: 'splitPane', paneId: 'a', direction: 'row' });
    expect(split.maximised).toBeNull();
    expect(leavesOf(split.layout.root)).toEqual(['a', 'posts.table#1', 'b']);
    const added = run(max, { type: 'addPane', panelType: 'x.y' });
    expect(leavesOf(added.layout.root).sort()).toEqual(['a', 'b', 'x.y#1']);
  });

  it('closing the maximised pane brings the others back', () => {
    const max = run(twoRow(), { type: 'maximisePane', paneId: 'a' });
    const next = run(max, { type: 'closePane', paneId: 'a' });
    expect(next.layout.root).toBe('b');
    expect(next.maximised).toBeNull();
    expect(next.focusedPaneId).toBe('b');
    // The same through Mosaic's own remove (onChange with an empty tree).
    expect(run(max, { type: 'replaceTree', root: null }).layout.root).toBe('b');
  });

  it('closing a hidden pane keeps the maximised view', () => {
    const max = run(twoRow(), { type: 'maximisePane', paneId: 'a' });
    const next = run(max, { type: 'closePane', paneId: 'b' });
    expect(next.layout.root).toBe('a');
    expect(next.maximised).toEqual({ paneId: 'a', restoreRoot: 'a' });
    expect(next.layout.panes).not.toHaveProperty('b');
  });

  it('ignores Mosaic changes that still show the maximised pane, and unknown panes', () => {
    const max = run(twoRow(), { type: 'maximisePane', paneId: 'a' });
    expect(run(max, { type: 'replaceTree', root: 'a' })).toBe(max);
    const state = twoRow();
    expect(run(state, { type: 'maximisePane', paneId: 'nope' })).toBe(state);
    expect(run(state, { type: 'restore' })).toBe(state);
  });
});

describe('focus', () => {
  it('focuses a pane and activates its tab', () => {
    const state = initialWorkspaceState(
      layout({ type: 'split', direction: 'row', children: ['a', { type: 'tabs', tabs: ['t1', 't2'], activeTabIndex: 0 }] }),
    );
    const next = run(state, { type: 'focusPane', paneId: 't2' });
    expect(next.focusedPaneId).toBe('t2');
    expect(next.layout.root).toMatchObject({ children: ['a', { type: 'tabs', activeTabIndex: 1 }] });
    expect(run(next, { type: 'focusPane', paneId: 't2' })).toBe(next);
    expect(run(next, { type: 'focusPane', paneId: 'missing' })).toBe(next);
  });

  it('cycles over all leaves in tree order, both ways', () => {
    const state = initialWorkspaceState(layout({ type: 'split', direction: 'row', children: ['a', { type: 'split', direction: 'column', children: ['b', 'c'] }] }));
    const order: Array<string | null> = [];
    let current = state;
    for (let i = 0; i < 4; i += 1) {
      current = run(current, { type: 'focusNextPane' });
      order.push(current.focusedPaneId);
    }
    expect(order).toEqual(['b', 'c', 'a', 'b']);
    expect(run(state, { type: 'focusNextPane', backwards: true }).focusedPaneId).toBe('c');
  });

  it('starts from the first pane when nothing is focused, and does nothing when empty', () => {
    expect(run({ ...twoRow(), focusedPaneId: null }, { type: 'focusNextPane' }).focusedPaneId).toBe('a');
    const empty = initialWorkspaceState(layout(null));
    expect(run(empty, { type: 'focusNextPane' })).toBe(empty);
  });
});

describe('setPaneConfig and reset', () => {
  it('replaces one pane config and its version, leaving the others untouched', () => {
    const state = twoRow();
    const next = run(state, { type: 'setPaneConfig', paneId: 'a', config: { q: 'x' }, configVersion: 3 });
    expect(next.layout.panes.a).toEqual({ type: 'posts.table', configVersion: 3, config: { q: 'x' } });
    expect(next.layout.panes.b).toBe(state.layout.panes.b);
    expect(next.layout.root).toBe(state.layout.root);
    expect(run(state, { type: 'setPaneConfig', paneId: 'zz', config: {} })).toBe(state);
  });

  it('reset replaces everything with the given layout', () => {
    const builtIn = layout('z');
    const messy = run(twoRow(), { type: 'maximisePane', paneId: 'a' });
    const next = run(messy, { type: 'reset', layout: builtIn });
    expect(next).toEqual({ layout: builtIn, focusedPaneId: 'z', maximised: null });
  });

  it('never mutates the previous state', () => {
    const state = twoRow();
    const snapshot = structuredClone(state);
    run(
      state,
      { type: 'splitPane', paneId: 'a', direction: 'row' },
      { type: 'closePane', paneId: 'b' },
      { type: 'setPaneConfig', paneId: 'a', config: {} },
    );
    run(state, { type: 'maximisePane', paneId: 'a' }, { type: 'closePane', paneId: 'a' });
    expect(state).toEqual(snapshot);
  });
});
