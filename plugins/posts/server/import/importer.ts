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
import { WRITE_CACHE_KIB } from '@core/server/storage/pageCache';
import { readPragma, type PragmaName } from '@core/server/storage/pragma';
import type { PlatformKey } from '@core/shared/platforms';
import { normalizePost } from '@core/server/postStore/normalize';
import { preparePost, type PreparedPost } from '@core/server/postStore/prepared';
import { PostWriter } from '@core/server/postStore/writer';
import { IMPORT_FORMATS, mapQutRow, qutHeaderProblem, type ImportFormat, type Mapped } from './formats';
import { CSV_RECORD_DELIMITERS, CsvQuoteGuard, LineSplitter, MAX_LINE_BYTES, readLineBatches, type Line } from './lines';
import { chunkOf, mapJsonLine, parseChunk, type BytesMessage, type ParsedChunk } from './parseChunk';
import { ParseThread } from './parseThread';

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
  /**
   * JSON lines (native and NDJSON) are parsed in a thread of their own while this thread writes: 'auto' starts it
   * once a file passes PARSE_THREAD_AFTER_LINES lines (its start-up, about a second of CPU, is not worth it for
   * less) and parses here until it is ready; true uses it from the first line; false never. Default: 'auto' on
   * SQLite, false on PostgreSQL, where the next batch is already parsed while the server writes and the thread
   * measured slower for 40 % more node CPU (docs/benchmarks.md, issue 19 round 5).
   */
  parseThread?: boolean | 'auto';
}

/** Lines read before an 'auto' import starts its parse thread. */
export const PARSE_THREAD_AFTER_LINES = 20_000;
/** Bytes of the file per message to the parse thread (~1,000 demo posts), and messages sent ahead of the writes. */
const THREAD_CHUNK_BYTES = 1 << 20;
const THREAD_CHUNKS_AHEAD = 12;

export const MAX_REPORTED_PROBLEMS = 1000;

/** A fatal problem with the whole file (unreadable header, unknown format): nothing was imported. */
export class ImportError extends Error {}

/** The format for a file name: `.jsonl` native, `.ndjson` 4CAT, `.csv` QUT; null when the extension says nothing. */
export function formatOfFile(file: string): ImportFormat | null {
  const ext = path.extname(file.replace(/\.gz$/, '')).slice(1).toLowerCase();
  return (IMPORT_FORMATS as readonly string[]).includes(ext) ? (ext as ImportFormat) : ext === 'json' ? 'jsonl' : null;
}

export type Item = { line: number; mapped: Mapped };

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
  if (format === 'csv') {
    yield* csvRecords(input, platform);
    return;
  }
  for await (const lines of readLineBatches(input)) {
    for (const l of lines) yield { line: l.line, mapped: mapJsonLine('tooLong' in l ? null : l.text, format, { platform }) };
  }
}

/**
 * The records of a file in line order, parsed, mapped, normalised and prepared for the writer, a group at a time.
 * JSON lines are split and parsed here, YIELD_EVERY lines at a time, until the parse thread (when `threadMode` says
 * so) is ready; from then on the file's bytes go to the thread as they are read, up to THREAD_CHUNKS_AHEAD messages
 * of THREAD_CHUNK_BYTES ahead of the records the caller is writing.
 */
async function* parsedChunks(input: Readable, format: ImportFormat, platform: PlatformKey | null, threadMode: boolean | 'auto'): AsyncGenerator<ParsedChunk> {
  if (format === 'csv') {
    for await (const { line, mapped } of csvRecords(input, platform)) {
      yield mapped.ok
        ? { lines: [line], reasons: [null], posts: [preparePost(normalizePost(mapped.post))] }
        : { lines: [line], reasons: [mapped.reason], posts: [] };
    }
    return;
  }
  const splitter = new LineSplitter();
  let thread: ParseThread | null = threadMode === true ? new ParseThread() : null;
  /** Set once the bytes go to the thread: where this thread's line splitting stopped. */
  let handedOver: BytesMessage['start'] | null = null;
  const ahead: Promise<ParsedChunk>[] = [];
  let bytes: Buffer[] = [];
  let size = 0;
  let sent = false;
  const send = (end: boolean) => {
    const parsed = thread!.parse({ ...(sent ? {} : { start: handedOver! }), bytes: Buffer.concat(bytes, size), end });
    parsed.catch(() => undefined); // thrown where it is awaited, in order
    ahead.push(parsed);
    sent = true;
    bytes = [];
    size = 0;
  };
  try {
    for await (const chunk of input as AsyncIterable<Buffer | string>) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      if (!handedOver && thread && (thread.ready || threadMode === true)) handedOver = { state: splitter.state(), format, platform };
      if (handedOver) {
        bytes.push(buf);
        size += buf.length;
        if (size >= THREAD_CHUNK_BYTES) send(false);
        if (ahead.length >= THREAD_CHUNKS_AHEAD) yield await ahead.shift()!;
        continue;
      }
      const lines = splitter.push(buf);
      if (threadMode === 'auto' && thread === null && lines.length > 0 && lines.at(-1)!.line >= PARSE_THREAD_AFTER_LINES) thread = new ParseThread();
      yield* parsedHere(lines, format, platform);
    }
    if (handedOver) {
      send(true);
      while (ahead.length > 0) yield await ahead.shift()!;
    } else {
      yield* parsedHere(splitter.end(), format, platform);
    }
  } finally {
    await thread?.close();
  }
}

/** Lines parsed in this thread, YIELD_EVERY at a time (the caller may give the event loop a turn between). */
function* parsedHere(lines: readonly Line[], format: 'jsonl' | 'ndjson', platform: PlatformKey | null): Generator<ParsedChunk> {
  for (let i = 0; i < lines.length; i += YIELD_EVERY) yield parseChunk(chunkOf(lines.slice(i, i + YIELD_EVERY), format, platform));
}

const YIELD_EVERY = 100;

export async function importPosts(opts: ImportOptions): Promise<ImportReport> {
  const platform = opts.platform ?? null;
  const report: ImportReport = { format: opts.format, records: 0, inserted: 0, duplicates: 0, rejected: 0, problems: [] };
  const writer = new PostWriter(opts.storage, opts.organizationId, 'import');
  const batchSize = opts.batchSize ?? 5000;
  let batch: PreparedPost[] = [];
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
    writing = writer.writePrepared(posts).then((result) => {
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
    const threadMode = opts.parseThread ?? (opts.storage.dialect === 'sqlite' ? 'auto' : false);
    for await (const chunk of parsedChunks(opts.input, opts.format, platform, threadMode)) {
      let next = 0;
      for (let i = 0; i < chunk.lines.length; i += 1) {
        // The write's answers from the server are taken between records: without a turn of the event loop every
        // YIELD_EVERY records, each of a batch's round trips would wait for a whole read chunk (~1,000 lines) to parse.
        if (overlap && report.records % YIELD_EVERY === 0) await new Promise<void>((resolve) => { setImmediate(resolve); });
        report.records += 1;
        const reason = chunk.reasons[i];
        if (reason !== null && reason !== undefined) {
          report.rejected += 1;
          if (report.problems.length < MAX_REPORTED_PROBLEMS) report.problems.push({ line: chunk.lines[i]!, reason });
          continue;
        }
        batch.push(chunk.posts[next++]!);
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
      active.previous.push([name, await readPragma(storage.db, name)]);
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

const importsRunning = new WeakMap<Storage, { count: number; previous: [PragmaName, number][] }>();
/** cache_size in KiB when negative (the stages' write cache, 256 MB); wal_autocheckpoint in pages (16,384 pages of 4 KiB = 64 MB). */
const IMPORT_PRAGMAS: [PragmaName, number][] = [['cache_size', -WRITE_CACHE_KIB], ['wal_autocheckpoint', 16_384]];
