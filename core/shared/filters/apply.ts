import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { booleanDimensions, flagOf, listDimensions, selectionOf, splitSelection } from './model';
import type { Filters, Selection } from './model';

/**
 * Applying filters: `filterPredicate` builds the SQL condition, `matchesFilters` is the same rule in memory.
 * Tests prove that both select the same posts on SQLite and PostgreSQL.
 */

/** A column name (`'posts.platform'`) or any SQL expression giving the post's value. */
export type ColumnRef = string | Expression<unknown>;

/**
 * For multi-valued dimensions: a condition true when the post has ANY of `values` (never NULL), e.g.
 * ``(values) => sql<SqlBool>`posts.id in (select post_id from post_domains where domain in (${sql.join(values)}))` ``.
 * Exclusion is `NOT` of it.
 */
export type MembershipTest = (values: readonly string[]) => Expression<SqlBool>;

/**
 * How each dimension is stored. A dimension left out cannot be filtered on and is ignored: a plugin that does
 * not store a dimension is not filtered by it.
 */
export type FilterColumns = {
  /** A list dimension's column or membership test, a boolean dimension's column (by dimension name). */
  [dimension: string]: ColumnRef | MembershipTest | undefined;
} & {
  /** Tested by start_range and end_range. SQLite: ISO text as `Date#toISOString` writes it; PostgreSQL: timestamptz. */
  published_at?: ColumnRef;
  /** Any-match test over the post's `key:value` insight risk entries. */
  insight_risk?: MembershipTest;
  /**
   * `'native'` (default): `col = true` / `col = false`, for Kysely's `boolean` column type (0/1 integers on
   * SQLite, boolean on PostgreSQL). `'integer'`: `col = 1` / `col = 0`, for 0/1 integer columns on both.
   */
  booleans?: 'native' | 'integer';
};

function toExpression(column: ColumnRef): Expression<unknown> {
  return typeof column === 'string' ? sql.ref(column) : column;
}

/** Range ends compared in one canonical form, so ISO text on SQLite orders like time. */
export function canonicalInstant(isoDateTime: string): string {
  return new Date(isoDateTime).toISOString();
}

function listCondition<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  selection: Selection,
  column: ColumnRef | MembershipTest,
): Expression<SqlBool> | null {
  const { included, excluded } = splitSelection(selection);
  if (typeof column === 'function') {
    if (included.length > 0) return column(included);
    return excluded.length > 0 ? eb.not(column(excluded)) : null;
  }
  const value = toExpression(column);
  if (included.length > 0) return sql<SqlBool>`${value} in (${sql.join(included)})`;
  if (excluded.length === 0) return null;
  // A post without a value (unknown sentiment, say) is not one of the excluded values, so it stays.
  return sql<SqlBool>`(${value} is null or ${value} not in (${sql.join(excluded)}))`;
}

/** The SQL condition selecting the posts that `filters` select; `1 = 1` when nothing applies. */
export function filterPredicate<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  filters: Filters,
  columns: FilterColumns,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  for (const dimension of listDimensions()) {
    const column = columns[dimension];
    const condition = column === undefined ? null : listCondition(eb, selectionOf(filters, dimension), column);
    if (condition !== null) conditions.push(condition);
  }
  for (const dimension of booleanDimensions()) {
    const column = columns[dimension];
    const wanted = flagOf(filters, dimension);
    if (column === undefined || typeof column === 'function' || wanted === null) continue;
    const literal = columns.booleans === 'integer' ? sql.lit(wanted ? 1 : 0) : sql.lit(wanted);
    conditions.push(sql<SqlBool>`${toExpression(column)} = ${literal}`);
  }
  if (columns.published_at !== undefined) {
    const published = toExpression(columns.published_at);
    const { start_range: start, end_range: end } = filters;
    if (start !== null) conditions.push(sql<SqlBool>`${published} >= ${canonicalInstant(start)}`);
    if (end !== null) conditions.push(sql<SqlBool>`${published} <= ${canonicalInstant(end)}`);
  }
  if (columns.insight_risk !== undefined && filters.insight_risk.length > 0) {
    conditions.push(columns.insight_risk([...new Set(filters.insight_risk)]));
  }
  return eb.and(conditions);
}

/**
 * A post as `matchesFilters` sees it, keyed like the filters. A list dimension is one value (string or null)
 * or several (array); `undefined` means "not stored", and that dimension is ignored, like a dimension missing
 * from FilterColumns. null booleans and null dates match no set filter, as NULL does in SQL.
 */
export type FilterablePost = {
  /** A list dimension's value(s) or a boolean dimension's value, by dimension name. */
  [dimension: string]: string | readonly string[] | boolean | null | undefined;
} & {
  published_at?: string | null;
  insight_risk?: readonly string[] | null;
};

function listMatches(selection: Selection, value: string | readonly string[] | null): boolean {
  const { included, excluded } = splitSelection(selection);
  const values: readonly string[] = value === null ? [] : typeof value === 'string' ? [value] : value;
  if (included.length > 0) return values.some((v) => included.includes(v));
  return !values.some((v) => excluded.includes(v));
}

/** The in-memory twin of filterPredicate: true when `filters` select `post`. */
export function matchesFilters(post: FilterablePost, filters: Filters): boolean {
  for (const dimension of listDimensions()) {
    const value = post[dimension];
    if (value !== undefined && typeof value !== 'boolean' && !listMatches(selectionOf(filters, dimension), value)) return false;
  }
  for (const dimension of booleanDimensions()) {
    const value = post[dimension];
    const wanted = flagOf(filters, dimension);
    if (value !== undefined && wanted !== null && value !== wanted) return false;
  }
  if (post.published_at !== undefined && (filters.start_range !== null || filters.end_range !== null)) {
    if (post.published_at === null) return false;
    const time = Date.parse(post.published_at);
    if (filters.start_range !== null && !(time >= Date.parse(filters.start_range))) return false;
    if (filters.end_range !== null && !(time <= Date.parse(filters.end_range))) return false;
  }
  if (post.insight_risk !== undefined && filters.insight_risk.length > 0) {
    const entries = post.insight_risk ?? [];
    if (!filters.insight_risk.some((entry) => entries.includes(entry))) return false;
  }
  return true;
}
