import { useQuery } from '@tanstack/react-query';
import { Button, Text } from '@fluentui/react-components';
import { useSelectionService } from '@core/client/selection/hooks';
import type { Filters } from '@core/shared/filters';
import { MESSAGES, type AccountRef } from '../../shared/api';
import { showAccount } from '../actions';
import { edgeQuery } from '../api';
import { edgeSentence } from '../graph/model';
import { PopupFrame } from './PopupFrame';

const name = (a: AccountRef) => (a.screen_name ? `@${a.screen_name}` : a.rid);

/** Edge popup: action node, the sentence, receiver node, and why they are linked (the proving posts). */
export function EdgePopup({ conversationId, clusterId, i, j, filters, onClose }: {
  conversationId: string; clusterId: string; i: string; j: string; filters: Filters | null; onClose: () => void;
}) {
  const selection = useSelectionService();
  const q = useQuery(edgeQuery(conversationId, clusterId, i, j, filters));
  const open = (a: AccountRef) => showAccount(selection, a.rid, clusterId);
  const d = q.data;
  return (
    <PopupFrame title="Coordination" onClose={onClose}>
      {q.isLoading && <Text>Loading…</Text>}
      {(q.isError || (q.isSuccess && !d)) && <Text>{MESSAGES.noEdgeData}</Text>}
      {d && (
        <>
          <div>
            <Button size="small" aria-label={`Open ${name(d.i)}`} onClick={() => open(d.i)}>👤 {name(d.i)}</Button>
            <Text block>{edgeSentence('accountCoordinationEvidenceAccounts', name(d.i), name(d.j))}</Text>
            <Button size="small" aria-label={`Open ${name(d.j)}`} onClick={() => open(d.j)}>👤 {name(d.j)}</Button>
          </div>
          {d.coordinations.map((c) => (
            <div key={c.type} aria-label={c.type}>
              <Text weight="semibold">{c.group}: {c.type}</Text> <Text size={200}>({c.co_actions} co-actions)</Text>
              <ul>
                {c.evidence.map((x, k) => (
                  <li key={k}>
                    <Text size={200}>{x.key}{x.delta_seconds !== null ? ` — ${Math.abs(x.delta_seconds)} s apart` : ''}</Text>
                    {/* Post bodies are hostile: text only. */}
                    {x.post_i && <Text block>{name(d.i)}: {x.post_i.body}</Text>}
                    {x.post_j && <Text block>{name(d.j)}: {x.post_j.body}</Text>}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </>
      )}
    </PopupFrame>
  );
}
