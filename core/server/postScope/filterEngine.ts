import { sql, type SqlBool } from 'kysely';
import { booleanDimensions, listDimensions, type FilterColumns } from '@core/shared/filters';
import type { FacetScope, PostFacetRegistry } from '../facets/contract';
import { postFilterColumns } from '../postStore/filterColumns';

/**
 * The one filter engine: the post store's columns, and every other dimension through the facet its plugin
 * registered (ADR 0005). A dimension nobody provides does not filter.
 */
export function scopeFilterColumns(facets: PostFacetRegistry | null, scope: FacetScope, alias = 'p'): FilterColumns {
  const columns: FilterColumns = postFilterColumns(alias);
  const id = sql.ref(`${alias}.id`);
  for (const dimension of listDimensions()) {
    if (columns[dimension] !== undefined) continue;
    const source = facets?.facet(dimension);
    if (!source) continue;
    columns[dimension] = (values) =>
      sql<SqlBool>`${id} in (select f.post_id from (${source(scope)}) f where f.value in (${sql.join(values)}))`;
  }
  for (const dimension of booleanDimensions()) {
    if (columns[dimension] !== undefined) continue;
    const source = facets?.facet(dimension);
    if (!source) continue;
    // Boolean facets list the posts for which the value is true; the store's booleans are 0/1 integers.
    columns[dimension] = sql`(case when ${id} in (select f.post_id from (${source(scope)}) f where f.value = 'true') then 1 else 0 end)`;
  }
  return columns;
}

/** Dimensions the columns answer (the store's own and the registered facets). */
export function providedDimensions(columns: FilterColumns): string[] {
  return [...listDimensions(), ...booleanDimensions()].filter((d) => columns[d] !== undefined);
}
