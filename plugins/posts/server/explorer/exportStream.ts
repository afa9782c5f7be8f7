import { Readable } from 'node:stream';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import type { Storage } from '@core/server/storage/database';
import type { ExportFormat, RawDataRow } from '../../shared/explorerApi';
import { DEFAULT_EXPORT_ORDER, rowBatches } from './page';
import type { OrderBy } from './params';
import type { PostSetQuery } from './postSet';

/**
 * Raw data export: the whole filtered post set as CSV or JSON Lines, read in keyset batches and streamed with
 * back-pressure, so memory stays flat whatever the size (the run index keeps 8 bytes per post for the order).
 * Rows are in the raw_data `order_by` order, by default (published_at desc, id desc), as the table shows them.
 */

export const EXPORT_BATCH_SIZE = 2000;

/** CSV columns: the table's post fields, then facet fields; list fields joined with spaces, objects as JSON. */
export const CSV_COLUMNS = [
  'id', 'rid', 'class', 'published_at', 'screen_name', 'display_name', 'user_id', 'user_rid', 'title', 'subject', 'body',
  'source_url', 'urls', 'domains', 'images', 'language', 'is_repost', 'is_reply', 'is_quote', 'is_niche', 'sentiment',
  'threats_of_violence', 'engagement_score', 'narrative', 'coordination_cluster_ids', 'first_ngram', 'additional_properties',
] as const;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(' ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

// Full-width ＝ ＋ － ＠ too: some spreadsheets normalise them to their ASCII forms before evaluating.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180 quoting; a leading = + - @ (or tab/CR) is prefixed with ' so spreadsheets do not run hostile text as a formula. */
export function csvCell(value: unknown): string {
  // Fast paths (an export formats millions of cells): empty, booleans and numbers (a number is never a formula,
  // so a negative one stays a number) need no checks.
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  let text = cellText(value);
  if (text === '') return text;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (row: RawDataRow): string => `${CSV_COLUMNS.map((c) => csvCell(row[c])).join(',')}\r\n`;

export function exportFileName(conversationId: string, format: ExportFormat, now = new Date()): string {
  const safe = conversationId.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64);
  return `raw-data-${safe}-${now.toISOString().slice(0, 10)}.${format}`;
}

/** Batches of formatted text; the first batch is read before any header is sent, so early failures can still answer an error. */
export async function* exportChunks(
  storage: Storage, registry: PostFacetRegistry, q: PostSetQuery, format: ExportFormat, orderBy: readonly OrderBy[] = DEFAULT_EXPORT_ORDER,
): AsyncGenerator<string> {
  // The header travels with the first batch, so a failure of that batch still answers an error, not a truncated file.
  let header = format === 'csv' ? `${CSV_COLUMNS.join(',')}\r\n` : '';
  for await (const rows of rowBatches(storage, registry, q, EXPORT_BATCH_SIZE, orderBy)) {
    yield header + rows.map((r) => (format === 'csv' ? csvLine(r) : `${JSON.stringify(r)}\n`)).join('');
    header = '';
  }
  if (header !== '') yield header;
}

/** A byte stream of the export; `first` is already read (to surface failures before the download starts). */
export function exportStream(first: IteratorResult<string>, rest: AsyncGenerator<string>, onError: (e: unknown) => void): Readable {
  async function* all() {
    if (!first.done) yield first.value;
    try {
      for await (const chunk of rest) yield chunk;
    } catch (error) {
      onError(error);
      throw error;
    }
  }
  return Readable.from(all(), { objectMode: false });
}
