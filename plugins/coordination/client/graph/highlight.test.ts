import { describe, expect, it } from 'vitest';
import type { ClusterData } from '../../shared/api';
import { buildCoordinationGraph, isLargeGraph } from './buildGraph';
import { FADED_EDGE, FADED_NODE, FOCUS_EDGE, highlightModeFor, highlightReducers, hoverChanges, type HighlightMode } from './highlight';

const cluster = (id: string, rids: string[]): ClusterData => ({
  cluster_id: id, platform: 'twitter', coordinations: [],
  preview: { cluster_insights: [], engagement_score: null, evidences: [], number_accounts: rids.length, number_posts: 0, percent_accounts: 0 },
  accounts: rids.map((rid) => ({ id: 1, rid, platform: 'twitter', screen_name: rid, display_name: null, profile_url: null, avatar_url: null, topic_id: null })),
  edges: rids.slice(1).map((r) => ({ i: rids[0]!, j: r, weight: 2, coordination_types: ['SYNCHRONOUS_URL_SHARE'] })),
});
// a is linked to b and c; d to e
const graph = () => buildCoordinationGraph([cluster('c1', ['a', 'b', 'c']), cluster('c2', ['d', 'e'])], { grouping: 'coordinationCluster' });

function drawn(mode: HighlightMode, hovered: string | null, options: { selected?: string; hidden?: string[] } = {}) {
  const g = graph();
  const { nodeReducer, edgeReducer } = highlightReducers(g, { mode, hidden: new Set(options.hidden ?? []), hovered: () => hovered, selected: options.selected ?? null });
  // sigma hands each reducer a copy of the attributes
  const nodes = Object.fromEntries(g.mapNodes((n, a) => [n, nodeReducer(n, { ...a })]));
  const edges = Object.fromEntries(g.mapEdges((e, a, s, t) => [`${s}-${t}`, edgeReducer(e, { ...a })]));
  return { g, nodes, edges };
}

describe('hover highlight', () => {
  it('is "fade" for graphs sigma redraws in a frame and "raise" above 5,000 nodes or 20,000 edges', () => {
    expect(highlightModeFor(5_000, 20_000)).toBe('fade');
    expect(highlightModeFor(5_001, 10)).toBe('raise');
    expect(highlightModeFor(100, 20_001)).toBe('raise');
    expect(isLargeGraph(20_000, 100_000)).toBe(true);
  });

  it('fade: greys everything outside the hovered node and its neighbours and puts them on top', () => {
    const { g, nodes, edges } = drawn('fade', 'accounts:a');
    expect(nodes['accounts:b']).toMatchObject({ color: g.getNodeAttribute('accounts:b', 'color'), zIndex: 1, highlighted: false, hidden: false });
    expect(nodes['accounts:d']).toMatchObject({ color: FADED_NODE, zIndex: 0 });
    expect(edges['accounts:a-accounts:b']!.color).toBe(g.getEdgeAttribute('accounts:a', 'accounts:b', 'color'));
    expect(edges['accounts:d-accounts:e']!.color).toBe(FADED_EDGE);
  });

  it('raise: lifts the neighbourhood onto the highlight layer and darkens only its edges, leaving the rest as drawn', () => {
    const { g, nodes, edges } = drawn('raise', 'accounts:a');
    expect(['a', 'b', 'c', 'd', 'e'].map((r) => nodes[`accounts:${r}`]!.highlighted)).toEqual([true, true, true, false, false]);
    expect(nodes['accounts:d']!.color).toBe(g.getNodeAttribute('accounts:d', 'color'));
    expect(edges['accounts:a-accounts:c']!.color).toBe(FOCUS_EDGE);
    expect(edges['accounts:d-accounts:e']!.color).toBe(g.getEdgeAttribute('accounts:d', 'accounts:e', 'color'));
  });

  it('with nothing hovered the selected account is the focus; the preset hides nodes and their edges', () => {
    const { nodes, edges } = drawn('fade', null, { selected: 'accounts:d', hidden: ['accounts:c'] });
    expect(nodes['accounts:d']).toMatchObject({ highlighted: true, zIndex: 1 });
    expect(nodes['accounts:a']!.color).toBe(FADED_NODE);
    expect(nodes['accounts:c']!.hidden).toBe(true);
    expect(edges['accounts:a-accounts:c']!.hidden).toBe(true);
    expect(edges['accounts:a-accounts:b']!.hidden).toBe(false);
  });

  it('raise mode redraws only the old and new neighbourhoods and their edges', () => {
    const g = graph();
    const moved = hoverChanges(g, 'accounts:b', 'accounts:d');
    expect(moved.nodes.sort()).toEqual(['accounts:a', 'accounts:b', 'accounts:d', 'accounts:e']);
    expect(moved.edges.map((e) => g.extremities(e).sort().join('-')).sort()).toEqual(['accounts:a-accounts:b', 'accounts:d-accounts:e']);
    expect(hoverChanges(g, null, 'missing')).toEqual({ nodes: [], edges: [] });
  });
});
