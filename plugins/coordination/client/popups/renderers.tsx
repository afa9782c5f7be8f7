import type { PopupRendererProps } from '@core/client/selection/selectionService';
import { accountKind, clusterKind, type PayloadOf } from '@core/client/selection/kinds';
import { edgeKind, genericEdgeKind, graphNodeKind } from '../kinds';
import { ClusterPopup } from './ClusterPopup';
import { EdgePopup } from './EdgePopup';
import { GenericEdgePopup } from './GenericEdgePopup';
import { GraphNodePopup } from './GraphNodePopup';
import { UserPopup } from './UserPopup';

// What core's popup host draws for each coordination popup kind (registered lazily in ../index.ts).

export const ClusterRenderer = ({ payload, conversationId, filters, close }: PopupRendererProps<PayloadOf<typeof clusterKind>>) =>
  <ClusterPopup conversationId={conversationId} clusterId={payload.clusterId} filters={filters} onClose={close} />;

export const AccountRenderer = ({ payload, conversationId, close }: PopupRendererProps<PayloadOf<typeof accountKind>>) =>
  <UserPopup conversationId={conversationId} rid={payload.rid} clusterId={payload.clusterId ?? null} onClose={close} />;

export const EdgeRenderer = ({ payload, conversationId, filters, close }: PopupRendererProps<PayloadOf<typeof edgeKind>>) =>
  <EdgePopup conversationId={conversationId} clusterId={payload.clusterId} i={payload.i} j={payload.j} filters={filters} onClose={close} />;

export const GraphNodeRenderer = ({ payload, conversationId, filters, close }: PopupRendererProps<PayloadOf<typeof graphNodeKind>>) => (
  <GraphNodePopup conversationId={conversationId} filters={filters} nodeType={payload.nodeType} label={payload.label} value={payload.ref}
    postId={payload.postId} onClose={close} />
);

export const GenericEdgeRenderer = ({ payload, close }: PopupRendererProps<PayloadOf<typeof genericEdgeKind>>) =>
  <GenericEdgePopup edge={payload} onClose={close} />;
