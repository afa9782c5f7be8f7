import { selectionKind } from '@core/client/selection/kinds';
import type { NodeType } from './graph/model';

/**
 * The coordination popups beyond core's `cluster` and `account` kinds (spec part 2 section 2): why two accounts
 * are linked, and a graph node other than an account (post, link, domain, hashtag, topic).
 */
export const edgeKind = selectionKind<{ clusterId: string; i: string; j: string }>('coordination.edge');
export const graphNodeKind = selectionKind<{ nodeType: NodeType; ref: string; label: string; postId?: number }>('coordination.graphNode');
