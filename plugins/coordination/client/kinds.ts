import { selectionKind } from '@core/client/selection/kinds';
import type { EdgeEnds } from './graph/edgeEnds';
import type { NodeType } from './graph/model';

/**
 * The coordination popups beyond core's `cluster` and `account` kinds (spec part 2 section 2): why two accounts
 * are linked, a graph node other than an account (post, link, domain, hashtag, topic), and any other graph edge
 * (genericEdge: its action node, sentence and receiver node).
 */
export const edgeKind = selectionKind<{ clusterId: string; i: string; j: string }>('coordination.edge');
export const graphNodeKind = selectionKind<{ nodeType: NodeType; ref: string; label: string; postId?: number }>('coordination.graphNode');
export const genericEdgeKind = selectionKind<EdgeEnds>('coordination.genericEdge');
