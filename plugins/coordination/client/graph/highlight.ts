import { NEUTRAL_COLOURS } from '@core/shared/palette';
import type Sigma from 'sigma';
import type { NodeDisplayData, EdgeDisplayData } from 'sigma/types';
import { isLargeGraph, neighbourhood, type EdgeAttributes, type NavigatorGraph, type NodeAttributes } from './buildGraph';

export const FADED_NODE = NEUTRAL_COLOURS.fadedNode;
export const FADED_EDGE = NEUTRAL_COLOURS.fadedEdge;
export const FOCUS_EDGE = NEUTRAL_COLOURS.focusEdge;

/**
 * How hovering shows a node's neighbours. 'fade': everything outside the neighbourhood is greyed, which needs every
 * node and edge redrawn; 'raise': the neighbours are raised onto sigma's highlight layer (with their labels) and the
 * focus's edges darkened, which redraws only those. Sigma redraws a whole graph of 20k nodes and 100k edges in
 * hundreds of milliseconds without a GPU, so large graphs raise instead of fading: hover then costs a few items.
 */
export type HighlightMode = 'fade' | 'raise';
export const highlightModeFor = (nodes: number, edges: number): HighlightMode => (isLargeGraph(nodes, edges) ? 'raise' : 'fade');

export interface HighlightState {
  mode: HighlightMode;
  /** node keys the preset hides */
  hidden: ReadonlySet<string>;
  /** the hovered node, read at each refresh (hover changes without re-creating the reducers) */
  hovered: () => string | null;
  /** the selected account's node key, shown as highlighted and focused when nothing is hovered */
  selected: string | null;
}

/**
 * Sigma node and edge reducers for the navigator: the preset hides node types; hovering or selecting a node shows
 * its neighbourhood (see HighlightMode). Sigma calls a reducer once per node and edge on every full refresh, so the
 * focus's neighbourhood is computed once per focus change, not once per call. Sigma hands reducers a copy of the
 * attributes, so they change it in place rather than allocating another.
 */
export function highlightReducers(graph: NavigatorGraph, state: HighlightState) {
  let cachedFocus: string | null = null;
  let near: Set<string> | null = null;
  const nearOf = (focus: string | null): Set<string> | null => {
    if (focus !== cachedFocus) {
      cachedFocus = focus;
      near = focus && graph.hasNode(focus) ? neighbourhood(graph, focus) : null;
    }
    return near;
  };
  const nodeReducer = (node: string, data: NodeAttributes): Partial<NodeDisplayData> => {
    const around = nearOf(state.hovered() ?? state.selected);
    const inside = around?.has(node) ?? false;
    const shown = data as NodeAttributes & Partial<NodeDisplayData>;
    shown.hidden = state.hidden.has(node);
    if (state.mode === 'raise') {
      shown.highlighted = inside || node === state.selected;
    } else {
      if (around && !inside) shown.color = FADED_NODE;
      shown.highlighted = node === state.selected;
      shown.zIndex = inside ? 1 : 0;
    }
    return shown;
  };
  const edgeReducer = (edge: string, data: EdgeAttributes): Partial<EdgeDisplayData> => {
    const focus = state.hovered() ?? state.selected;
    const source = graph.source(edge);
    const target = graph.target(edge);
    const touches = focus !== null && (source === focus || target === focus);
    const shown = data as EdgeAttributes & Partial<EdgeDisplayData>;
    shown.hidden = state.hidden.has(source) || state.hidden.has(target);
    if (state.mode === 'raise') { if (touches) shown.color = FOCUS_EDGE; } else if (focus !== null && !touches) shown.color = FADED_EDGE;
    return shown;
  };
  return { nodeReducer, edgeReducer };
}

/** The nodes and edges whose drawing changes when the hovered node goes from `previous` to `next` in 'raise' mode. */
export function hoverChanges(graph: NavigatorGraph, previous: string | null, next: string | null): { nodes: string[]; edges: string[] } {
  const nodes = new Set<string>();
  const edges = new Set<string>();
  for (const focus of [previous, next]) {
    if (!focus || !graph.hasNode(focus)) continue;
    for (const n of neighbourhood(graph, focus)) nodes.add(n);
    graph.forEachEdge(focus, (e) => { edges.add(e); });
  }
  return { nodes: [...nodes], edges: [...edges] };
}

/**
 * Redraws what a change of hovered node affects: everything in 'fade' mode; in 'raise' mode only the old and new
 * focus, their neighbours and their edges (sigma's partial refresh, no re-indexation).
 */
export function refreshForHover(sigma: Sigma<NodeAttributes, EdgeAttributes>, graph: NavigatorGraph, mode: HighlightMode, previous: string | null, next: string | null) {
  if (mode === 'fade') sigma.refresh({ skipIndexation: true });
  else sigma.refresh({ partialGraph: hoverChanges(graph, previous, next), skipIndexation: true, schedule: true });
}
