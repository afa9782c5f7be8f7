import { apiGet } from '@core/client/api/client';
import { encodeFilters, type Filters } from '@core/shared/filters';
import { DOMAINS_SHARED_PATH, sharedDomainSchema } from '../shared/api';

/** domains-shared under the workspace filters (query keys start with the plugin id). */
export const sharedDomainsQuery = (conversationId: string, filters: Filters, excludeTwitter: boolean) => {
  const query = encodeFilters(filters);
  query.set('conversation_id', conversationId);
  if (excludeTwitter) query.set('exclude_twitter', 'true');
  return {
    queryKey: ['urls', 'domainsShared', conversationId, query.toString()],
    queryFn: async () => (await apiGet(DOMAINS_SHARED_PATH, { query, schema: sharedDomainSchema.array() })) ?? [],
  };
};
