import { isEmptyFilters } from '@core/shared/filters';
import type { PayloadOf, narrativeKind } from '@core/client/selection/kinds';
import type { PopupRendererProps } from '@core/client/selection/selectionService';
import { useConversationTopics } from './api';
import type { comparisonKind } from './kinds';
import { CompareDialog } from './NarrativeDialogs';
import { NarrativePopup } from './NarrativePopup';

// What core's popup host draws for the narrative kinds (registered lazily in index.ts). They read the narratives
// with the page's filters, the same query (and cache entry) as the narratives panel.

export function NarrativePopupRenderer({ payload, conversationId, filters, close }: PopupRendererProps<PayloadOf<typeof narrativeKind>>) {
  const { data } = useConversationTopics(conversationId, filters);
  const narrative = data?.narratives.find((n) => n.id === payload.narrativeId);
  if (!data || !narrative) return null;
  return (
    <NarrativePopup narrative={narrative} topic={data.topics.find((t) => t.rid === narrative.id)} filtered={!isEmptyFilters(filters)}
      conversationTotal={data.conversation_total_posts} onClose={close} />
  );
}

export function ComparisonRenderer({ payload, conversationId, filters, close }: PopupRendererProps<PayloadOf<typeof comparisonKind>>) {
  const { data } = useConversationTopics(conversationId, filters);
  const [a, b] = payload.ids.map((id) => data?.narratives.find((n) => n.id === id));
  if (!a || !b) return null;
  return <CompareDialog pair={[a, b]} onClose={close} />;
}
