import { EdgeLineProgram } from 'sigma/rendering';
import { isLargeGraph } from './buildGraph';

/**
 * Sigma settings by graph size: large graphs hide edges and labels while the camera moves and draw fewer labels
 * (software WebGL on a machine without GPU draws 100k edges in about a second), and give up edge picking, whose
 * hit-testing costs a frame of its own. Edge popups then open from the user popup's Connected Accounts.
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
