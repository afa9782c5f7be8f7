import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@core/client/api/client';
import { encodeFilters, type Filters } from '@core/shared/filters';
import { conversationTopicsSchema, topicsPath } from '../shared/api';

/** Query key of a conversation's topics under some filters; starts with the plugin id. */
export const topicsQueryKey = (conversationId: string, filters: Filters) =>
  ['topics', 'conversation', conversationId, encodeFilters(filters).toString()] as const;

/** Topics and narratives of the conversation's latest successful run, counted over the filtered posts. */
export function useConversationTopics(conversationId: string | null, filters: Filters) {
  return useQuery({
    queryKey: topicsQueryKey(conversationId ?? '', filters),
    enabled: !!conversationId,
    queryFn: ({ signal }) => apiGet(topicsPath(conversationId!), { query: encodeFilters(filters), schema: conversationTopicsSchema, signal }),
  });
}
