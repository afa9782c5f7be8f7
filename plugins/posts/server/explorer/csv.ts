import { csvText } from '@core/shared/csv/cells';

/**
 * CSV cells of the raw data export: RFC 4180 quoting and formula neutralisation (core/shared/csv). Shared by the
 * generic path (`csvCell` over raw data rows) and the export's direct path (`csvText` over stored columns, csvRows.ts).
 */

/** CSV columns: the table's post fields, then facet fields; list fields joined with spaces, objects as JSON. */
export const CSV_COLUMNS = [
  'id', 'rid', 'class', 'published_at', 'screen_name', 'display_name', 'user_id', 'user_rid', 'title', 'subject', 'body',
  'source_url', 'urls', 'domains', 'images', 'language', 'is_repost', 'is_reply', 'is_quote', 'is_niche', 'sentiment',
  'threats_of_violence', 'engagement_score', 'narrative', 'coordination_cluster_ids', 'first_ngram', 'additional_properties',
] as const;

export const CSV_HEADER = `${CSV_COLUMNS.join(',')}\r\n`;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(' ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export { csvText };

/** Any raw data value as a cell (lists joined with spaces, objects as JSON). */
export function csvCell(value: unknown): string {
  // Fast paths (an export formats millions of cells): empty, booleans and numbers (a number is never a formula,
  // so a negative one stays a number) need no checks.
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return csvText(value);
  return csvText(cellText(value));
}
