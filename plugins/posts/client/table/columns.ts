import { COLUMN_FIELDS, POST_CONTENT_FIELDS, type RawDataTableOrdering } from '@core/shared/access/api';

/** A column of the raw data table, named as in the user's `raw_data_table_ordering` preference. */
export type ColumnField = (typeof COLUMN_FIELDS)[number];
export type PostContentField = (typeof POST_CONTENT_FIELDS)[number];

export const COLUMN_LABELS: Record<ColumnField, string> = {
  type: 'Platform',
  publishedAt: 'Published',
  creator: 'Creator',
  engagementScore: 'Engagement',
  firstNgram: 'First n-gram',
  threatsOfViolence: 'Threats of violence',
  sourceUrl: 'Source URL',
  entities: 'Entities',
};

/**
 * The raw_data `order_by` column each sortable column sorts by: post store columns (POST_SORT_COLUMNS) and the sort
 * keys analysis plugins register (engagement_score, threats_of_violence). Other columns do not sort.
 */
export const SORT_COLUMNS: Partial<Record<ColumnField, string>> = {
  type: 'class',
  publishedAt: 'published_at',
  creator: 'display_name',
  engagementScore: 'engagement_score',
  threatsOfViolence: 'threats_of_violence',
};

/** The shown columns in the user's order (ties keep the catalogue order). */
export function visibleColumns(ordering: RawDataTableOrdering | null | undefined): ColumnField[] {
  if (!ordering) return [...COLUMN_FIELDS];
  return COLUMN_FIELDS
    .map((field, index) => ({ field, index, pref: ordering.column_fields[field] }))
    .filter((c) => c.pref?.is_shown !== false)
    .sort((a, b) => (a.pref?.order ?? a.index) - (b.pref?.order ?? b.index) || a.index - b.index)
    .map((c) => c.field);
}

/** Which parts of a post the "Post" column shows. */
export function postContentShown(ordering: RawDataTableOrdering | null | undefined): Record<PostContentField, boolean> {
  const shown = ordering?.post_content_fields;
  return Object.fromEntries(POST_CONTENT_FIELDS.map((f) => [f, shown?.[f] ?? true])) as Record<PostContentField, boolean>;
}

export type SortDirection = 'asc' | 'desc';
export interface SortState { column: string; direction: SortDirection }

/** `column:direction`, the raw_data order_by form. */
export const orderByParam = (sort: SortState | null): string | undefined => (sort ? `${sort.column}:${sort.direction}` : undefined);

/** Clicking a header cycles none → ascending → descending → none. */
export function nextSort(current: SortState | null, column: string): SortState | null {
  if (!current || current.column !== column) return { column, direction: 'asc' };
  if (current.direction === 'asc') return { column, direction: 'desc' };
  return null;
}
