import { sql, type SqlBool } from 'kysely';
import type { FacetScope, PostFacetRegistry } from '@core/server/facets/contract';
import { badRequest } from '@core/server/http/errors';
import { BOOLEAN_DIMENSIONS, LIST_DIMENSIONS, decodeFiltersStrict, type FilterColumns, type Filters, type QueryInput } from '@core/shared/filters';
import { postFilterColumns } from '@plugins/posts/shared/public';

/**
 * Filter columns over `posts_posts` aliased `alias`: the post store's own columns, and every other dimension
 * through the facet its plugin registered (ADR 0005). A dimension without a provider does not filter.
 */
export function filterColumnsFor(facets: PostFacetRegistry | null, scope: FacetScope, alias = 'p'): FilterColumns {
  const columns: FilterColumns = postFilterColumns(alias);
  const id = sql.ref(`${alias}.id`);
  for (const dimension of LIST_DIMENSIONS) {
    if (columns[dimension] !== undefined) continue;
    const source = facets?.facet(dimension);
    if (!source) continue;
    columns[dimension] = (values) =>
      sql<SqlBool>`${id} in (select f.post_id from (${source(scope)}) f where f.value in (${sql.join(values)}))`;
  }
  for (const dimension of BOOLEAN_DIMENSIONS) {
    if (columns[dimension] !== undefined) continue;
    const source = facets?.facet(dimension);
    if (!source) continue;
    // Boolean facets list the posts for which the value is true; columns here are 0/1 integers.
    columns[dimension] = sql`(case when ${id} in (select f.post_id from (${source(scope)}) f where f.value = 'true') then 1 else 0 end)`;
  }
  return columns;
}

/** Decodes the filter parameters of a request; a malformed one is a 400 naming the parameter and the reason. */
export function filtersOfRequest(query: QueryInput): Filters {
  const { filters, problems } = decodeFiltersStrict(query);
  if (problems.length) throw badRequest(problems[0]!, problems);
  return filters;
}
