import type { NavigatorGraph, NodeAttributes } from './buildGraph';
import { EDGE_TYPES, type EdgeType, type NodeType } from './model';

/** One end of a graph edge as the generic edge popup shows it (and opens its node popup from). */
export interface EdgeEnd { nodeType: NodeType; ref: string; label: string; postId?: number }

/** What the generic edge popup needs: the edge type and its action and receiver nodes (null when a node is gone). */
export interface EdgeEnds { edgeType: EdgeType; action: EdgeEnd | null; receiver: EdgeEnd | null }

const endOf = (a: NodeAttributes): EdgeEnd => ({ nodeType: a.nodeType, ref: a.ref, label: a.label, ...(a.postId !== undefined ? { postId: a.postId } : {}) });

/**
 * The action and receiver of an edge. The graph is undirected, so the stored source may be either end: the edge
 * type says which node type acts (`domainPosts`: the domain is contained in the post). When both ends have the same
 * type (account reposted account) the stored source is the actor, as the edge was added.
 */
export function edgeEnds(graph: NavigatorGraph, edge: string): EdgeEnds {
  const edgeType = graph.getEdgeAttribute(edge, 'edgeType');
  const source = graph.hasNode(graph.source(edge)) ? graph.getNodeAttributes(graph.source(edge)) : null;
  const target = graph.hasNode(graph.target(edge)) ? graph.getNodeAttributes(graph.target(edge)) : null;
  const spec = EDGE_TYPES[edgeType];
  const swapped = source?.nodeType !== spec.action && target?.nodeType === spec.action;
  const [action, receiver] = swapped ? [target, source] : [source, target];
  return { edgeType, action: action ? endOf(action) : null, receiver: receiver ? endOf(receiver) : null };
}
