import { Readable } from 'node:stream';
import type { PostFacetRegistry } from '@core/server/facets/contract';
import type { Storage } from '@core/server/storage/database';
import type { ExportFormat, RawDataRow } from '../../shared/explorerApi';
import { CSV_COLUMNS, CSV_HEADER, csvCell } from './csv';
import { csvLines } from './csvRows';
import { DEFAULT_EXPORT_ORDER, readBatches } from './page';
import { rowsFor } from './rows';
import type { OrderBy } from './params';
import type { PostSetQuery } from './postSet';

export { CSV_COLUMNS, csvCell } from './csv';

/**
 * Raw data export: the whole filtered post set as CSV or JSON Lines, read in keyset batches and streamed with
 * back-pressure, so memory stays flat whatever the size (the run index keeps 8 bytes per post for the order).
 * Rows are in the raw_data `order_by` order, by default (published_at desc, id desc), as the table shows them.
 */

export const EXPORT_BATCH_SIZE = 2000;

/** One raw data row as a CSV line (the generic form; the export itself writes from stored columns, csvRows.ts). */
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
  let header = format === 'csv' ? CSV_HEADER : '';
  // CSV is written straight from the stored columns (csvRows.ts); JSON Lines are the raw data rows themselves.
  const batches = format === 'csv'
    ? readBatches(storage, registry, q, EXPORT_BATCH_SIZE, orderBy, (ids) => csvLines(storage, registry, q.scope, ids))
    : readBatches(storage, registry, q, EXPORT_BATCH_SIZE, orderBy, async (ids) => {
      let text = '';
      for (const r of await rowsFor(storage, registry, q.scope, ids)) text += `${JSON.stringify(r)}\n`;
      return text;
    });
  for await (const text of batches) {
    yield header + text;
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
