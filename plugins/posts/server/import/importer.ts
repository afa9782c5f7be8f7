/**
 * Streaming import of posts exported from other tools into an organisation's store. Records are read one at a
 * time (a 1 GB file never sits in memory) and written in batches; a bad record is reported with its line number
 * and reason and the good ones are kept. Posts are deduplicated by (platform, rid), so importing a file again
 * adds nothing twice.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { sql } from 'kysely';
import type { Storage } from '@core/server/storage/database';
import type { PlatformKey } from '@core/shared/platforms';
import { normalizePost, type NormalizedPost } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import { IMPORT_FORMATS, mapFourCat, mapNative, mapQutRow, qutHeaderProblem, type ImportFormat, type Mapped } from './formats';
import { CSV_RECORD_DELIMITERS, CsvQuoteGuard, MAX_LINE_BYTES, parseJsonLine, readLineBatches, type Line } from './lines';

export interface ImportProblem {
  line: number;
  reason: string;
}

export interface ImportReport {
  format: ImportFormat;
  /** Records read (blank lines not counted). */
  records: number;
  /** Posts newly stored. */
  inserted: number;
  /** Valid posts already stored (or repeated in the file). */
  duplicates: number;
  /** Records refused; the first `MAX_REPORTED_PROBLEMS` are listed in `problems`. */
  rejected: number;
  problems: ImportProblem[];
}

export interface ImportOptions {
  storage: Storage;
  organizationId: string;
  input: Readable;
  format: ImportFormat;
  platform?: PlatformKey | null;
  /** Posts per transaction (5000: fewer, larger FTS5 segments; 1.5x faster than 1000). */
  batchSize?: number;
  onProgress?: (report: ImportReport) => void;
}

export const MAX_REPORTED_PROBLEMS = 1000;

/** A fatal problem with the whole file (unreadable header, unknown format): nothing was imported. */
export class ImportError extends Error {}

/** The format for a file name: `.jsonl` native, `.ndjson` 4CAT, `.csv` QUT; null when the extension says nothing. */
export function formatOfFile(file: string): ImportFormat | null {
  const ext = path.extname(file.replace(/\.gz$/, '')).slice(1).toLowerCase();
  return (IMPORT_FORMATS as readonly string[]).includes(ext) ? (ext as ImportFormat) : ext === 'json' ? 'jsonl' : null;
}

export type Item = { line: number; mapped: Mapped };

/** The records of a JSON-lines file, a read chunk's lines at a time (mapped lazily, as the caller takes them). */
async function* jsonRecordBatches(input: Readable, map: (record: unknown) => Mapped): AsyncGenerator<Iterable<Item>> {
  for await (const lines of readLineBatches(input)) yield jsonItems(lines, map);
}

function* jsonItems(lines: readonly Line[], map: (record: unknown) => Mapped): Generator<Item> {
  for (const l of lines) {
    if ('tooLong' in l) {
      yield { line: l.line, mapped: { ok: false, reason: `line longer than ${MAX_LINE_BYTES} bytes` } };
      continue;
    }
    let record: unknown;
    try {
      record = parseJsonLine(l.text);
    } catch {
      yield { line: l.line, mapped: { ok: false, reason: 'not valid JSON' } };
      continue;
    }
    yield { line: l.line, mapped: map(record) };
  }
}

/** Adds a refused record to `items`, kept in line order (the quote guard reports ahead of csv-parse). */
function insertByLine(items: Item[], item: Item): void {
  let at = items.length;
  while (at > 0 && items[at - 1]!.line > item.line) at -= 1;
  items.splice(at, 0, item);
}

async function* csvRecords(input: Readable, platform: PlatformKey | null): AsyncGenerator<Item> {
  const skipped: Item[] = [];
  let headerProblem: string | null = null;
  const parser = parseCsv({
    bom: true,
    columns: (header: string[]) => {
      const columns = header.map((h) => h.trim());
      headerProblem = qutHeaderProblem(columns);
      return columns;
    },
    info: true,
    // The line breaks CsvQuoteGuard knows, so it and csv-parse agree on where records and quoted fields end.
    record_delimiter: CSV_RECORD_DELIMITERS,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: MAX_LINE_BYTES,
  });
  parser.on('skip', (error: Error & { lines?: number }) => {
    insertByLine(skipped, { line: error.lines ?? 0, mapped: { ok: false, reason: `malformed CSV: ${error.message.replace(/^Invalid Record Length: /, '')}` } });
  });
  // An unclosed quote costs its own row only, reported at the line that opened it (see CsvQuoteGuard).
  const guard = new CsvQuoteGuard((problem) => insertByLine(skipped, { line: problem.line, mapped: { ok: false, reason: problem.reason } }));
  input.on('error', (e) => guard.destroy(e));
  guard.on('error', (e) => parser.destroy(e));
  input.pipe(guard).pipe(parser);
  for await (const entry of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
    if (headerProblem) {
      parser.destroy();
      throw new ImportError(headerProblem);
    }
    // csv-parse may report a later malformed record before this one is read: keep line order.
    while (skipped.length && skipped[0]!.line < entry.info.lines) yield skipped.shift()!;
    yield { line: entry.info.lines, mapped: mapQutRow(entry.record, { platform }) };
  }
  if (headerProblem) throw new ImportError(headerProblem);
  while (skipped.length) yield skipped.shift()!;
}

/**
 * The records of a file in line order, each mapped to a post or to the reason it is refused: the reading half of
 * `importPosts`, with no store. Throws ImportError when the whole file is unreadable (a CSV header without the
 * toolkit's columns); a bad record is never thrown, it is an item with `ok: false`.
 */
export async function* readRecords(input: Readable, format: ImportFormat, platform: PlatformKey | null = null): AsyncGenerator<Item> {
  for await (const items of readRecordBatches(input, format, platform)) yield* items;
}

/** `readRecords` a group at a time (a read chunk's lines for JSON lines, one row for CSV), for `importPosts`. */
async function* readRecordBatches(input: Readable, format: ImportFormat, platform: PlatformKey | null): AsyncGenerator<Iterable<Item>> {
  if (format === 'csv') {
    for await (const item of csvRecords(input, platform)) yield [item];
    return;
  }
  yield* jsonRecordBatches(input, (record) => (format === 'ndjson' ? mapFourCat(record, { platform }) : mapNative(record, { platform })));
}

const YIELD_EVERY = 100;

export async function importPosts(opts: ImportOptions): Promise<ImportReport> {
  const platform = opts.platform ?? null;
  const report: ImportReport = { format: opts.format, records: 0, inserted: 0, duplicates: 0, rejected: 0, problems: [] };
  const writer = new PostWriter(opts.storage, opts.organizationId, 'import');
  const batchSize = opts.batchSize ?? 5000;
  let batch: NormalizedPost[] = [];
  // PostgreSQL: the next batch is parsed while the server writes this one (one batch in flight, so batches are
  // still written one after the other in file order, each its own transaction). SQLite's writes run on this
  // thread, and a transaction held open while parsing would keep the connection from everyone else.
  const overlap = opts.storage.dialect === 'postgres';
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (batch.length === 0) return;
    const posts = batch;
    batch = [];
    await writing;
    writing = writer.write(posts).then((result) => {
      report.inserted += result.inserted;
      report.duplicates += result.duplicates;
      opts.onProgress?.(report);
    });
    // Marked handled now: a failed write is thrown where it is awaited (the next flush or the end).
    writing.catch(() => undefined);
    if (!overlap) await writing;
  };
  const restore = await importPragmas(opts.storage);
  try {
    for await (const items of readRecordBatches(opts.input, opts.format, platform)) {
      for (const { line, mapped } of items) {
        // The write's answers from the server are taken between records: without a turn of the event loop every
        // YIELD_EVERY records, each of a batch's round trips would wait for a whole read chunk (~1,000 lines) to parse.
        if (overlap && report.records % YIELD_EVERY === 0) await new Promise<void>((resolve) => { setImmediate(resolve); });
        report.records += 1;
        if (!mapped.ok) {
          report.rejected += 1;
          if (report.problems.length < MAX_REPORTED_PROBLEMS) report.problems.push({ line, reason: mapped.reason });
          continue;
        }
        batch.push(normalizePost(mapped.post));
        if (batch.length >= batchSize) await flush();
      }
    }
    await flush();
    await writing;
  } finally {
    await writing.catch(() => undefined);
    await restore();
  }
  return report;
}

/**
 * SQLite: a 256 MB page cache while an import writes (the posts' unique key, date and actor indexes and the side
 * tables' indexes are written at random places; at 1M posts they outgrow the default 16 MB), and a checkpoint once
 * the WAL holds 64 MB instead of 4 MB (index pages written by every batch are copied back to the database file once
 * per checkpoint, not once per batch: a third less commit time). Both restored afterwards. WAL and synchronous stay
 * as they are: each batch is one durable transaction.
 */
async function importPragmas(storage: Storage): Promise<() => Promise<void>> {
  if (storage.dialect !== 'sqlite') return async () => undefined;
  // Imports at once on one connection (two uploads) share the settings; the last one to finish restores them.
  let active = importsRunning.get(storage);
  if (active) {
    active.count += 1;
  } else {
    active = { count: 1, previous: [] };
    importsRunning.set(storage, active);
    for (const [name, value] of IMPORT_PRAGMAS) {
      const before = await sql.raw<Record<string, number>>(`PRAGMA ${name}`).execute(storage.db);
      active.previous.push([name, Number(Object.values(before.rows[0] ?? {})[0])]);
      await sql.raw(`PRAGMA ${name} = ${value}`).execute(storage.db);
    }
  }
  const state = active;
  return async () => {
    state.count -= 1;
    if (state.count > 0) return;
    importsRunning.delete(storage);
    for (const [name, value] of state.previous) if (Number.isFinite(value)) await sql.raw(`PRAGMA ${name} = ${value}`).execute(storage.db);
  };
}

const importsRunning = new WeakMap<Storage, { count: number; previous: [string, number][] }>();
/** cache_size in KiB when negative (256 MB); wal_autocheckpoint in pages (16,384 pages of 4 KiB = 64 MB). */
const IMPORT_PRAGMAS: [string, number][] = [['cache_size', -262_144], ['wal_autocheckpoint', 16_384]];
