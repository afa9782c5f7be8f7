import type { NavigatorGraph } from './graph/buildGraph';

/** The graph the navigator draws, for the export commands (GEXF, GraphML); null when no navigator is open. */
let current: NavigatorGraph | null = null;
export const setCurrentGraph = (graph: NavigatorGraph | null) => { current = graph; };
export const currentGraph = () => current;
