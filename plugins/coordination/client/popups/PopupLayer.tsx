import type { Filters } from '@core/shared/filters';
import { usePopupLayer, useSelection } from '../selection';
import { ClusterPopup } from './ClusterPopup';
import { EdgePopup } from './EdgePopup';
import { GraphNodePopup } from './GraphNodePopup';
import { UserPopup } from './UserPopup';

/** The open profile popup, drawn over the panel that hosts the layer. */
export function PopupLayer({ paneId, conversationId, filters }: { paneId: string; conversationId: string; filters: Filters | null }) {
  const { popup } = useSelection();
  const owner = usePopupLayer(paneId);
  if (!popup || !owner) return null;
  switch (popup.type) {
    case 'cluster': return <ClusterPopup key={popup.clusterId} conversationId={conversationId} clusterId={popup.clusterId} filters={filters} />;
    case 'coordination': return <EdgePopup key={`${popup.i}-${popup.j}`} conversationId={conversationId} clusterId={popup.clusterId} i={popup.i} j={popup.j} filters={filters} />;
    case 'user': return <UserPopup key={popup.rid} conversationId={conversationId} rid={popup.rid} clusterId={popup.clusterId} />;
    case 'graph': return <GraphNodePopup key={`${popup.nodeType}:${popup.ref}`} conversationId={conversationId} filters={filters} nodeType={popup.nodeType} label={popup.label} value={popup.ref} postId={popup.postId} />;
  }
}
