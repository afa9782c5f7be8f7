import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Text } from '@fluentui/react-components';
import type { Filters } from '@core/shared/filters';
import { CLUSTER_POPUP_ACCOUNTS, MESSAGES } from '../../shared/api';
import { useSelectionService } from '@core/client/selection/hooks';
import { clusterQuery } from '../api';
import { showAccount } from '../actions';
import { PopupFrame } from './PopupFrame';

/** Cluster popup: the first 3 accounts, See All expands, Close collapses (spec part 2 sections 2 and 9). */
export function ClusterPopup({ conversationId, clusterId, filters, onClose }: { conversationId: string; clusterId: string; filters: Filters | null; onClose: () => void }) {
  const selection = useSelectionService();
  const [expanded, setExpanded] = useState(false);
  const q = useQuery(clusterQuery(conversationId, clusterId, filters));
  const accounts = q.data?.accounts ?? [];
  const shown = expanded ? accounts : accounts.slice(0, CLUSTER_POPUP_ACCOUNTS);
  return (
    <PopupFrame title={`Cluster ${clusterId}`} onClose={onClose}>
      {q.isLoading && <Text>Loading…</Text>}
      {q.isError && <Text role="alert">{MESSAGES.clusterLoadError}</Text>}
      {q.isSuccess && accounts.length === 0 && <Text>{MESSAGES.noCoordination}</Text>}
      {accounts.length > 0 && (
        <>
          <Text>{q.data!.preview.cluster_insights.join(' ')}</Text>
          <ul aria-label="Cluster accounts">
            {shown.map((a) => (
              <li key={a.rid}>
                <Button appearance="transparent" onClick={() => showAccount(selection, a.rid, clusterId)}>
                  {a.screen_name ? `@${a.screen_name}` : a.rid}
                </Button>
              </li>
            ))}
          </ul>
          {accounts.length > CLUSTER_POPUP_ACCOUNTS && (expanded
            ? <Button onClick={() => setExpanded(false)}>Close</Button>
            : <Button onClick={() => setExpanded(true)}>See All</Button>)}
        </>
      )}
    </PopupFrame>
  );
}
