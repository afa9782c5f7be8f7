import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * `organization_id = ?` for a query that selects rows by a list of primary keys (`id IN (...)`), written so that no
 * index can answer it. Without table statistics SQLite's planner takes any equality on an index's first column for
 * about ten rows, so it walked the organisation's whole (organization_id, ...) index for each batch of ids instead of
 * looking the ids up: quadratic in the run (Topic Radar's themes stage, 5M posts: 22x its 1M time, issue 19). The
 * check stays as a filter on the rows found (every query is scoped to the caller's organisation); `|| ''` keeps it a
 * plain text comparison on both engines.
 */
export function sameOrganization(organizationId: string, column = 'organization_id'): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} || '' = ${organizationId}`;
}
