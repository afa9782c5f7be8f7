import { COLUMN_FIELDS, DIMENSION_COLUMN_PREFIX, POST_CONTENT_FIELDS, type RawDataTableOrdering } from '@core/shared/access/api';
import { filterDimensions, type FilterDimension } from '@core/shared/filters';

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

/** A column a filter dimension contributes through its `rowField`: `dimension:<name>` (see DIMENSION_COLUMN_PREFIX). */
export type DimensionColumn = `dimension:${string}`;
export type TableColumn = ColumnField | DimensionColumn;

/** Row fields the spec's fixed columns already show: their dimensions add no second column. */
const FIXED_ROW_FIELDS: Record<string, ColumnField> = { engagement_score: 'engagementScore', threats_of_violence: 'threatsOfViolence' };

export const isDimensionColumn = (column: string): column is DimensionColumn => column.startsWith(DIMENSION_COLUMN_PREFIX);
export const dimensionOfColumn = (column: DimensionColumn): FilterDimension | undefined => filterDimensions.get(column.slice(DIMENSION_COLUMN_PREFIX.length));

/** The registered dimensions that carry a row field no fixed column shows, in filters panel order. */
export function dimensionColumns(): DimensionColumn[] {
  return filterDimensions.names()
    .map((name) => filterDimensions.get(name)!)
    .filter((d) => d.rowField && !FIXED_ROW_FIELDS[d.rowField])
    .map((d) => `${DIMENSION_COLUMN_PREFIX}${d.name}` as DimensionColumn);
}

/** Every column the table can show: the spec's fixed ones, then the dimensions' (hidden until the user shows them). */
export const tableColumnCatalogue = (): TableColumn[] => [...COLUMN_FIELDS, ...dimensionColumns()];

export function columnLabel(column: TableColumn): string {
  return isDimensionColumn(column) ? dimensionOfColumn(column)?.label ?? column.slice(DIMENSION_COLUMN_PREFIX.length) : COLUMN_LABELS[column];
}

/**
 * The shown columns in the user's order (ties keep the catalogue order). The spec's columns show unless hidden;
 * a dimension's column shows only once the user turned it on, so a new plugin does not widen everyone's table.
 */
export function visibleColumns(ordering: RawDataTableOrdering | null | undefined): TableColumn[] {
  const stored = (ordering?.column_fields ?? {}) as Partial<Record<TableColumn, { is_shown: boolean; order: number }>>;
  return tableColumnCatalogue()
    .map((field, index) => ({ field, index, pref: stored[field] }))
    .filter((c) => (isDimensionColumn(c.field) ? c.pref?.is_shown === true : c.pref?.is_shown !== false))
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
