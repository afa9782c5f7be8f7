import type { Kysely } from 'kysely';
import type { PostStoreTables } from '@core/server/postStore/tables';
import { tablesOf, type Storage } from '@core/server/storage/database';
import type { CoreTables } from '@core/server/storage/tables';

/**
 * The insights plugin's tables (migrations.ts). Timestamps are ISO text, JSON documents text.
 *
 * `insights_insights` holds the entity; `insights_match_keys` and `insights_values` are derived from it on every write
 * (store.ts), so the facets, the lookup and the list filters join with equality on indexed columns instead of parsing
 * JSON or normalising URLs per post.
 */
export interface InsightRow {
  id: string;
  organization_id: string;
  analyzable_type: string;
  analyzable_id: string | null;
  platform: string | null;
  user_id: string | null;
  screen_name: string | null;
  link: string | null;
  user_class: string | null;
  source: string;
  status: string;
  confidence: string | null;
  permanence: string | null;
  /** JSON: the analyst's properties plus edited/reviewed by and at (InsightProperties without `status`). */
  additional_properties: string;
  /** JSON: InsightChange[], oldest first. */
  changes: string;
  created_at: string;
  updated_at: string;
  edited_at: string;
  /** Incremented by every write: the facets' revision sums it, so two writes in one millisecond still differ. */
  version: number;
}

/**
 * How an insight is found from the posts' side. Accounts: `rid` (analyzable_id), `screen` (handle, lower case),
 * `user_id`, `url` (profile link, normaliseProfileUrl) — each with the account's platform. Domains: `domain`, whose
 * `key` is the registrable domain of the FQDN (what `posts_urls.domain` holds, indexed) and `fqdn` the name itself;
 * a post matches when one of its links' host is the FQDN or a subdomain of it.
 */
export interface MatchKeyRow {
  insight_id: string;
  organization_id: string;
  kind: MatchKind;
  /** The account's platform; '' for domains (a not-null column keeps the join an equality). */
  platform: string;
  key: string;
  fqdn: string | null;
}
export type MatchKind = 'rid' | 'screen' | 'user_id' | 'url' | 'domain';

/** One row per insight, property and value: what the insight_* filters and the repair call read. */
export interface ValueRow {
  insight_id: string;
  organization_id: string;
  property: string;
  value: string;
}

export interface InsightsTables {
  insights_insights: InsightRow;
  insights_match_keys: MatchKeyRow;
  insights_values: ValueRow;
}

export type Db = Kysely<CoreTables & PostStoreTables & InsightsTables>;
export const dbOf = (storage: Storage): Db => tablesOf<PostStoreTables & InsightsTables>(storage);
