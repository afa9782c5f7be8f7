import { ApiError, apiGet, apiMutate } from '@core/client/api/client';
import { encodeFilters, type Filters } from '@core/shared/filters';
import {
  DOMAIN_DETAILS_PATH, DOMAINS_SHARED_PATH, REGISTRATION_LOOKUP_PATH, URLS_SHARED_PATH, domainDetailsSchema, registrationLookupAnswerSchema,
  sharedDomainSchema, sharedUrlSchema,
} from '../shared/api';

// Query keys start with the plugin id; filters are part of the key as their canonical query string.

const withConversation = (conversationId: string, filters: Filters | null, excludeTwitter = false) => {
  const query = filters ? encodeFilters(filters) : new URLSearchParams();
  query.set('conversation_id', conversationId);
  if (excludeTwitter) query.set('exclude_twitter', 'true');
  return query;
};

/** domains-shared under the workspace filters. */
export const sharedDomainsQuery = (conversationId: string, filters: Filters, excludeTwitter: boolean) => {
  const query = withConversation(conversationId, filters, excludeTwitter);
  return {
    queryKey: ['urls', 'domainsShared', conversationId, query.toString()],
    queryFn: async () => (await apiGet(DOMAINS_SHARED_PATH, { query, schema: sharedDomainSchema.array() })) ?? [],
  };
};

/** urls-shared under the workspace filters. */
export const sharedUrlsQuery = (conversationId: string, filters: Filters, excludeTwitter: boolean) => {
  const query = withConversation(conversationId, filters, excludeTwitter);
  return {
    queryKey: ['urls', 'urlsShared', conversationId, query.toString()],
    queryFn: async () => (await apiGet(URLS_SHARED_PATH, { query, schema: sharedUrlSchema.array() })) ?? [],
  };
};

/**
 * The host of a URL, or the text itself when it is already a domain: domain-details answers for the registrable
 * domain of any host (news.example.co.uk answers for example.co.uk), so the browser needs no public suffix list.
 */
export function hostOf(domainOrUrl: string): string {
  const text = domainOrUrl.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text.toLowerCase();
  try {
    return new URL(text).hostname;
  } catch {
    return text.toLowerCase();
  }
}

/** domain-details with the registration history (Past Registration); the activity is the whole conversation's unless filters are given. */
export const domainDetailsQuery = (conversationId: string, domainOrUrl: string, filters: Filters | null = null) => {
  const query = withConversation(conversationId, filters);
  query.set('history', 'true');
  const host = hostOf(domainOrUrl);
  return {
    queryKey: ['urls', 'domainDetails', conversationId, host, query.toString()],
    queryFn: () => apiGet(DOMAIN_DETAILS_PATH.replace(':domain', encodeURIComponent(host)), { query, schema: domainDetailsSchema }),
  };
};

/** Looks the registration up now (RDAP); throws ApiError with the server's message (409 when lookups are off). */
export const lookUpRegistration = (domain: string) =>
  apiMutate('POST', REGISTRATION_LOOKUP_PATH.replace(':domain', encodeURIComponent(hostOf(domain))), { body: {}, schema: registrationLookupAnswerSchema });

/** What the server said when a lookup failed (409: "Registration lookups are off for this organization"). */
export const lookupErrorMessage = (error: unknown): string =>
  (error instanceof ApiError ? error.metadata?.errors?.[0] ?? error.metadata?.msg ?? error.message : error instanceof Error ? error.message : String(error));
