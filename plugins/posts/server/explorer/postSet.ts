import { expressionBuilder, sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { FacetValues, PostFacetRegistry } from '@core/server/facets/contract';
import type { DialectName } from '@core/server/storage/database';
import { filterPredicate, type BooleanDimension, type FilterColumns, type Filters, type ListDimension } from '@core/shared/filters';
import { toFts5, toTsquery, and as allOf, phrase } from '@core/shared/query';
import { scopeFilterColumns } from '@core/server/postScope';
import { liveFacts } from './facts';
import type { ExplorerScope } from './scope';

/**
 * The explorer's post set as SQL: the posts of the scope's run (alias `p` for its narrow facts, facts.ts), narrowed by the shared
 * filter model (store columns + every facet provider's dimension), the global search and coordination_only.
 * Used by raw_data, export, filter_counts, GraphQL and notable posts, so they all select the same posts.
 */

export interface PostSetQuery {
  scope: ExplorerScope;
  filters: Filters;
  search: string | null;
  coordinationOnly: boolean;
  /** Read the run's posts live from the store (facts.ts `liveFacts`): its facts are still being filled. */
  live?: boolean;
}

export type Dimension = ListDimension | BooleanDimension;

/** `(post_id, value)` rows of a facet, as a derived table. */
export const facetRows = (values: FacetValues, scope: ExplorerScope): RawBuilder<unknown> => sql`(${values(scope)})`;

/** Core's one filter engine (the store's columns, then every facet provider), less the `omit` dimensions. */
export function filterColumnsFor(registry: PostFacetRegistry, scope: ExplorerScope, omit: readonly Dimension[] = []): FilterColumns {
  const columns = scopeFilterColumns(registry, scope, 'p');
  for (const dimension of omit) delete columns[dimension];
  return columns;
}

/** Full-text condition of the global search: every word must occur (the store's index, FTS5 or tsvector). */
export function searchCondition(dialect: DialectName, search: string, organizationId: string): RawBuilder<SqlBool> | null {
  const words = search.split(/\s+/).map((w) => w.replace(/^["'#@]+|["']+$/g, '')).filter((w) => w !== '').slice(0, 20);
  if (words.length === 0) return null;
  const query = allOf(...words.map((w) => phrase(w)));
  if (dialect === 'sqlite') {
    const fts = toFts5(query);
    if (fts.kind === 'all') return null;
    if (fts.kind === 'none') return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`p.id in (select s.rowid from posts_search s where posts_search match ${fts.expression})`;
  }
  const ts = toTsquery(query);
  if (ts.kind === 'all') return null;
  if (ts.kind === 'none') return sql<SqlBool>`1 = 0`;
  // Not correlated with `p` (the organisation is a parameter): PostgreSQL then hashes the matches once from the GIN
  // index; correlated, it re-ran the subquery per fact row (over 40 s for a 20k-post run).
  return sql<SqlBool>`p.id in (select x.id from posts_posts x where x.organization_id = ${organizationId} and x.search_vector @@ to_tsquery('simple', ${ts.expression}))`;
}

/** Every condition on `p` besides run membership: organisation, filters (minus `omit`), search, coordination_only. */
export function postConditions(registry: PostFacetRegistry, dialect: DialectName, q: PostSetQuery, omit: readonly Dimension[] = []): RawBuilder<SqlBool> {
  const eb = expressionBuilder<any, any>();
  const parts: Expression<SqlBool>[] = [sql<SqlBool>`p.organization_id = ${q.scope.organizationId}`];
  parts.push(filterPredicate(eb, q.filters, filterColumnsFor(registry, q.scope, omit)));
  if (q.search !== null) {
    const condition = searchCondition(dialect, q.search, q.scope.organizationId);
    if (condition) parts.push(condition);
  }
  if (q.coordinationOnly) {
    // Coordinated = in any coordination cluster; without a coordination analysis no post is known to be.
    const clusters = registry.facet('coordination_cluster');
    parts.push(clusters ? sql<SqlBool>`p.id in (select f.post_id from ${facetRows(clusters, q.scope)} f)` : sql<SqlBool>`1 = 0`);
  }
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/**
 * `from posts_explorer_facts p where ...`: the run's posts matching `q`, read from the run's narrow facts (facts.ts;
 * `p.id` is the post id). Pages walk its (run_id, published_at, id) index; counts scan the run's rows only. With
 * `q.live` the same columns come from the store's tables (`liveFacts`), while the facts are being filled.
 */
export function fromRunPosts(registry: PostFacetRegistry, dialect: DialectName, q: PostSetQuery, omit: readonly Dimension[] = []): RawBuilder<unknown> {
  const source = q.live && q.scope.runId !== null ? liveFacts({ ...q.scope, runId: q.scope.runId }) : sql`posts_explorer_facts`;
  return sql`from ${source} p where p.run_id = ${q.scope.runId} and ${postConditions(registry, dialect, q, omit)}`;
}
