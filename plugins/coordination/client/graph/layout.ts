import { inferSettings } from 'graphology-layout-forceatlas2';
import FA2Layout from 'graphology-layout-forceatlas2/worker';
import { prefersReducedMotion } from '@core/client/motion';
import { isLargeGraph, type NavigatorGraph } from './buildGraph';

/**
 * How often ForceAtlas2's positions reach the drawn graph: every iteration (0) for graphs sigma redraws within a
 * frame; once a second for large ones. Every position change makes sigma re-index and redraw the whole graph on the
 * main thread (about half a second for 20k nodes and 100k edges without a GPU), so handing it every iteration of a
 * large graph would keep the main thread busy for as long as the layout runs.
 */
export const layoutPaceMs = (nodes: number, edges: number) => (isLargeGraph(nodes, edges) ? 1_000 : 0);

export interface RunningLayout {
  /** stops iterating and keeps the last positions */
  stop(): void;
  /** ends the worker (the panel unmounts or draws another graph) */
  kill(): void;
}

/**
 * ForceAtlas2 in its web worker for `durationMs`. Paced graphs lay out a structural copy and copy its positions to
 * the drawn graph every `layoutPaceMs` and once more when the layout stops.
 */
export function startLayout(graph: NavigatorGraph, durationMs: number): RunningLayout {
  // With reduced motion the nodes do not drift into place: a copy is laid out and its positions drawn once, at the end.
  const still = prefersReducedMotion();
  const pace = still ? 0 : layoutPaceMs(graph.order, graph.size);
  const laidOut: NavigatorGraph = pace === 0 && !still ? graph : graph.copy();
  const layout = new FA2Layout(laidOut, { settings: { ...inferSettings(laidOut), barnesHutOptimize: laidOut.order > 2000 }, getEdgeWeight: 'weight' });
  const copyPositions = () => {
    if (laidOut === graph) return;
    graph.updateEachNodeAttributes((node, attributes) => {
      if (laidOut.hasNode(node)) {
        attributes.x = laidOut.getNodeAttribute(node, 'x');
        attributes.y = laidOut.getNodeAttribute(node, 'y');
      }
      return attributes;
    }, { attributes: ['x', 'y'] });
  };
  layout.start();
  const ticker = pace ? window.setInterval(copyPositions, pace) : undefined;
  const end = window.setTimeout(() => stop(), durationMs);
  function stop() {
    window.clearInterval(ticker);
    window.clearTimeout(end);
    if (!layout.isRunning()) return;
    layout.stop();
    copyPositions();
  }
  return {
    stop,
    kill() {
      window.clearInterval(ticker);
      window.clearTimeout(end);
      layout.kill();
    },
  };
}
