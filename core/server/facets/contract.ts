import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { serviceKey } from '@core/shared/services/registry';

/**
 * Post facets: how analysis plugins add what they computed about posts (sentiment, threats, engagement,
 * narratives, coordination clusters ...) to the posts explorer without the posts plugin knowing their tables.
 *
 * The posts plugin owns raw_data, filter_counts, export and GraphQL. It builds its SQL from the post store's own
 * columns plus, for every other filter dimension, the `values` source a provider registered here. A provider
 * registers in its plugin's `activate`: `ctx.services.get(postFacetsKey).register({...})`.
 * See docs/adr/0005-post-facets.md.
 */

/** Whose view of the posts: the caller's organisation, and the conversation run being explored (if any). */
export interface FacetScope {
  organizationId: string;
  conversationId: string | null;
  /** The run whose analysis results apply (topics and coordination are per run; enrichment is per post). */
  runId: string | null;
}

/**
 * A dimension's values as SQL rows `(post_id, value)`: one row per post and value (a multi-valued dimension has
 * several rows per post; a post without a value has none). `post_id` is `posts_posts.id`; `value` is text.
 * Boolean dimensions list the posts for which the value is true, with value `'true'` (absent = false).
 */
export type FacetValues = (scope: FacetScope) => RawBuilder<{ post_id: number; value: string }>;

export interface PostFacetProvider {
  /** The plugin id that owns the tables behind the facets. */
  owner: string;
  /** The filter dimensions this provider answers (each declared by its plugin, ADR 0007). One provider per dimension. */
  facets: Partial<Record<string, FacetValues>>;
  /**
   * Extra fields for raw data rows, exports and post details, fetched for one page (or export batch) of posts:
   * post id -> fields (spec field names, e.g. `sentiment`, `threats_of_violence`, `engagement_score`).
   */
  fields?: (postIds: readonly number[], scope: FacetScope) => Promise<Map<number, Record<string, unknown>>>;
  /**
   * Sort keys for `order_by=<key>:asc|desc`: a scalar SQL expression of the post id (a correlated subquery).
   * Posts without a value sort last in both directions.
   */
  sortKeys?: Record<string, (postId: Expression<number>, scope: FacetScope) => Expression<unknown>>;
  /**
   * Optional: a short token that changes whenever this provider's values or sort keys for the scope may have
   * changed (e.g. `pipelineRevision` below when only pipeline stages write them). When every provider with facets
   * or sort keys has one, the posts explorer keeps a run's values in memory and reuses them while the tokens stay
   * the same (filters, counts and sorts then cost no per-dimension SQL); otherwise it reads the sources live.
   */
  revision?: (scope: FacetScope) => Promise<string>;
}

/**
 * A revision for providers whose values only pipeline stages write: it changes when any run of the organisation
 * finishes (a stage may rewrite shared per-post values such as enrichment for every conversation). Values a run
 * still in progress writes are picked up when it finishes. One indexed read of the organisation's runs.
 */
export async function pipelineRevision(db: Kysely<any>, organizationId: string): Promise<string> {
  const row = (await sql<{ n: number; last: string | null }>`select count(*) as n, max(finished_at) as last from core_pipeline_runs
    where organization_id = ${organizationId} and finished_at is not null`.execute(db)).rows[0];
  return `${Number(row?.n ?? 0)}:${row?.last ?? ''}`;
}

export interface PostFacetRegistry {
  /** Adds a provider; answers its disposer. Fails when a dimension or sort key already has a provider. */
  register(provider: PostFacetProvider): () => void;
  /** The provider of a dimension, if any. */
  facet(dimension: string): FacetValues | undefined;
  sortKey(name: string): ((postId: Expression<number>, scope: FacetScope) => Expression<unknown>) | undefined;
  providers(): readonly PostFacetProvider[];
}

export const postFacetsKey = serviceKey<PostFacetRegistry>('core.postFacets');
