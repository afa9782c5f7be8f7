import { EdgeLineProgram } from 'sigma/rendering';
import { isLargeGraph } from './buildGraph';

/**
 * Sigma settings by graph size (ADR 0006): large graphs draw edges as GL lines, hide edges and labels while the
 * camera moves and draw fewer labels (software WebGL redraws 100k edges in 0.1-0.4 s), and above 50k edges give up
 * edge picking, whose hit-testing costs a frame of its own. Edge popups then open from the user popup's Connected
 * Accounts.
 */
export function rendererSettings(nodes: number, edges: number) {
  const large = isLargeGraph(nodes, edges);
  return {
    enableEdgeEvents: edges <= 50_000,
    hideEdgesOnMove: large,
    hideLabelsOnMove: large,
    labelRenderedSizeThreshold: large ? 14 : 8,
    renderEdgeLabels: false,
    // one-pixel GL lines instead of sigma's default quads: about half the rasterising cost per edge
    ...(large ? { edgeProgramClasses: { line: EdgeLineProgram } } : {}),
  };
}
