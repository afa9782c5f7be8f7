import { serviceKey } from '@core/shared/services/registry';
import type { Insight } from './api';

/** An account as other plugins know it from the post store (posts_actors). */
export interface AccountRef {
  platform: string;
  /** The platform's id of the account (posts_actors.rid). */
  rid: string;
  screen_name: string | null;
  user_id: string | null;
  url: string | null;
}

/**
 * What other plugins read of insights on the server: the approved insights on accounts and domains, matched the way
 * the insight_* filters match them (an account by its platform id, handle, user id or profile link; a domain by its
 * name or any of its subdomains). Provided by the insights plugin; optional for its readers.
 */
export interface InsightLookup {
  /** `platform:rid` -> the approved insights on that account. Accounts without any are absent. */
  approvedForAccounts(organizationId: string, accounts: readonly AccountRef[]): Promise<Map<string, Insight[]>>;
  /**
   * For many batches of one organisation's accounts (a pipeline stage over a run): answers as `approvedForAccounts`,
   * from the organisation's approved account insights read once when they are few (`MATCHER_MAX_KEYS` keys), or asked
   * batch by batch when they are more. Read when made: insights approved afterwards are not seen.
   */
  accountMatcher(organizationId: string): Promise<AccountMatcher>;
  /** domain (lower case) -> the approved insights on it. */
  approvedForDomains(organizationId: string, domains: readonly string[]): Promise<Map<string, Insight[]>>;
}

export interface AccountMatcher {
  /** No approved insight names an account of the organisation: every answer is empty (a caller may skip asking). */
  readonly matchesNothing: boolean;
  approvedForAccounts(accounts: readonly AccountRef[]): Promise<Map<string, Insight[]>>;
}

export const insightLookupKey = serviceKey<InsightLookup>('insights.lookup');
export const accountKey = (a: { platform: string; rid: string }) => `${a.platform}:${a.rid}`;
