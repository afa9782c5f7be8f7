import { ApiError, apiGet, apiMutate } from '@core/client/api/client';
import { encodeFilters, type Filters } from '@core/shared/filters';
import {
  conversationInsightsPath, INSIGHT_MESSAGES, INSIGHT_OPTIONS_PATH, insightListSchema, insightOptionsSchema, insightSchema, INSIGHTS_PATH,
  KEY_ACCOUNTS_PATH, keyAccountsSchema, RISK_CATEGORIES_MAP_PATH, riskCategoriesMapSchema, type Insight, type InsightUpdate, type NewInsight,
} from '../shared/api';
import { REVIEW_MESSAGES } from '../shared/review';

/** Spec part 2 section 9: account insights are cached 1 minute, the risk categories map 1 hour. */
export const INSIGHTS_STALE_MS = 60_000;
export const RISK_MAP_STALE_MS = 60 * 60_000;

/** Every query key of the plugin starts with this, so one invalidation refreshes every list after a change. */
export const INSIGHTS_KEY = ['insights'] as const;

/** Spec part 2 section 7: a create answered above 299 without a message. */
export const unexpectedResponse = (status: number) => `unexpected response code ${status}`;

/** All insights of the organisation but deleted ones (the review queue). */
export const allInsightsQuery = () => ({
  queryKey: ['insights', 'list', 'all'],
  queryFn: async () => (await apiGet(INSIGHTS_PATH, { schema: insightListSchema })) ?? [],
});

/** The insights on one account (`account_id` = its platform id), cached 1 minute. */
export const accountInsightsQuery = (rid: string) => ({
  queryKey: ['insights', 'list', 'account', rid],
  staleTime: INSIGHTS_STALE_MS,
  queryFn: async () => (await apiGet(INSIGHTS_PATH, { query: { account_id: rid }, schema: insightListSchema })) ?? [],
});

/** The insights on a domain (and the domains it is a subdomain of, as the server matches them), cached 1 minute. */
export const domainInsightsQuery = (domain: string) => ({
  queryKey: ['insights', 'list', 'domain', domain],
  staleTime: INSIGHTS_STALE_MS,
  queryFn: async () => (await apiGet(INSIGHTS_PATH, { query: { domain_url: domain }, schema: insightListSchema })) ?? [],
});

/** The insights on the accounts and domains of a conversation's posts. */
export const conversationInsightsQuery = (conversationId: string) => ({
  queryKey: ['insights', 'list', 'conversation', conversationId],
  queryFn: async () => (await apiGet(conversationInsightsPath(conversationId), { schema: insightListSchema })) ?? [],
});

/** Spec "Key insights": the conversation's accounts with approved insights under the filters, most posts first. */
export const keyAccountsQuery = (conversationId: string, filters: Filters) => {
  const query = encodeFilters(filters);
  query.set('conversation_id', conversationId);
  return {
    queryKey: ['insights', 'keyAccounts', conversationId, encodeFilters(filters).toString()],
    queryFn: async () => (await apiGet(KEY_ACCOUNTS_PATH, { query, schema: keyAccountsSchema })) ?? [],
  };
};

export const optionsQuery = () => ({
  queryKey: ['insights', 'options'],
  staleTime: RISK_MAP_STALE_MS,
  queryFn: () => apiGet(INSIGHT_OPTIONS_PATH, { schema: insightOptionsSchema }),
});

export const riskCategoriesMapQuery = () => ({
  queryKey: ['insights', 'riskCategoriesMap'],
  staleTime: RISK_MAP_STALE_MS,
  queryFn: () => apiGet(RISK_CATEGORIES_MAP_PATH, { schema: riskCategoriesMapSchema }),
});

/**
 * Spec part 2 section 7: a create answered above 299 fails with the first of metadata.errors, or "unexpected
 * response code {status}"; an answer that is not JSON (the API client then has no metadata), or no answer at all,
 * with the generic create message.
 */
export function createErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.metadata) return error.metadata.errors?.[0] ?? unexpectedResponse(error.status);
  return INSIGHT_MESSAGES.createFailed;
}

const REVIEW_REFUSALS = new Set<string>(Object.values(REVIEW_MESSAGES));

/**
 * Spec part 2 section 7: an update failure shows the generic update message. The server's review refusals (the
 * user's roles changed since the page loaded) are shown as they are: "try again later" would not help there.
 */
export function updateErrorMessage(error: unknown): string {
  const first = error instanceof ApiError ? error.metadata?.errors?.[0] : undefined;
  return first && REVIEW_REFUSALS.has(first) ? first : INSIGHT_MESSAGES.updateFailed;
}

export async function createInsight(body: NewInsight): Promise<Insight> {
  let created: Insight | null;
  try {
    created = await apiMutate('POST', INSIGHTS_PATH, { body, schema: insightSchema });
  } catch (error) {
    throw new Error(createErrorMessage(error));
  }
  // A 2xx answer that is not JSON leaves no insight behind.
  if (!created) throw new Error(INSIGHT_MESSAGES.createFailed);
  return created;
}

export async function updateInsight(body: InsightUpdate): Promise<Insight> {
  let updated: Insight | null;
  try {
    updated = await apiMutate('PATCH', INSIGHTS_PATH, { body, schema: insightSchema });
  } catch (error) {
    throw new Error(updateErrorMessage(error));
  }
  if (!updated) throw new Error(INSIGHT_MESSAGES.updateFailed);
  return updated;
}
