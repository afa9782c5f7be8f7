/**
 * The CPU half of a JSON-lines import (native JSONL and 4CAT NDJSON): a chunk of lines parsed, mapped, normalised
 * and prepared as the cells the writer stores, or the reason each refused line is refused. Runs in the import's
 * parse thread (parseThread.ts) for large files and in the importing thread for small ones; both answer the same.
 */
import type { PlatformKey } from '@core/shared/platforms';
import { normalizePost } from '@core/server/postStore/normalize';
import { packPrepared, preparePost, type PreparedPost } from '@core/server/postStore/prepared';
import type { Cell } from '@core/server/postStore/sql';
import { mapFourCat, mapNative, type MapOptions, type Mapped } from './formats';
import { LineSplitter, MAX_LINE_BYTES, parseJsonLine, type Line, type SplitterState } from './lines';

export interface LineChunk {
  format: 'jsonl' | 'ndjson';
  platform: PlatformKey | null;
  /** Line numbers in the file, in order. */
  lines: number[];
  /** Each line's text; null for a line longer than MAX_LINE_BYTES (its text was never held). */
  texts: (string | null)[];
}

/** A chunk's records in file order: line `lines[i]` is refused for `reasons[i]`, or (null) is the next of `posts`. */
export interface ParsedChunk {
  lines: number[];
  reasons: (string | null)[];
  posts: PreparedPost[];
}

/** `ParsedChunk` with its posts as one flat array of primitives, as the parse thread sends it back (`packPrepared`). */
export interface PackedChunk {
  lines: number[];
  reasons: (string | null)[];
  cells: Cell[];
}

/** One JSON line (null: longer than MAX_LINE_BYTES) as a post of the format, or the reason it is refused. */
export function mapJsonLine(text: string | null, format: 'jsonl' | 'ndjson', opts: MapOptions): Mapped {
  if (text === null) return { ok: false, reason: `line longer than ${MAX_LINE_BYTES} bytes` };
  let record: unknown;
  try {
    record = parseJsonLine(text);
  } catch {
    return { ok: false, reason: 'not valid JSON' };
  }
  return format === 'ndjson' ? mapFourCat(record, opts) : mapNative(record, opts);
}

export function parseChunk(chunk: LineChunk): ParsedChunk {
  const options = { platform: chunk.platform };
  const reasons: (string | null)[] = new Array(chunk.lines.length);
  const posts: PreparedPost[] = [];
  for (let i = 0; i < chunk.lines.length; i += 1) {
    const mapped = mapJsonLine(chunk.texts[i] ?? null, chunk.format, options);
    if (!mapped.ok) {
      reasons[i] = mapped.reason;
      continue;
    }
    reasons[i] = null;
    posts.push(preparePost(normalizePost(mapped.post)));
  }
  return { lines: chunk.lines, reasons, posts };
}

/** The lines of a chunk to parse. */
export function chunkOf(lines: readonly Line[], format: 'jsonl' | 'ndjson', platform: PlatformKey | null): LineChunk {
  const chunk: LineChunk = { format, platform, lines: new Array(lines.length), texts: new Array(lines.length) };
  for (let i = 0; i < lines.length; i += 1) {
    const l = lines[i]!;
    chunk.lines[i] = l.line;
    chunk.texts[i] = 'tooLong' in l ? null : l.text;
  }
  return chunk;
}

/**
 * What the importing thread sends its parse thread: the file's bytes as they are read (the thread splits them into
 * lines itself, so no line text is copied across), the first time with where the importing thread's own line
 * splitting stopped, the last time with `end`.
 */
export interface BytesMessage {
  start?: { state: SplitterState; format: 'jsonl' | 'ndjson'; platform: PlatformKey | null };
  bytes: Uint8Array;
  end: boolean;
}

let reading: { splitter: LineSplitter; format: 'jsonl' | 'ndjson'; platform: PlatformKey | null } | null = null;

/** In the parse thread: the records of the lines that end in these bytes, their posts packed for the trip back. */
export function parseBytes(message: BytesMessage): PackedChunk {
  if (message.start) reading = { splitter: new LineSplitter(MAX_LINE_BYTES, message.start.state), ...message.start };
  if (!reading) throw new Error('bytes before the start of a file');
  const lines = reading.splitter.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
  if (message.end) lines.push(...reading.splitter.end());
  const parsed = parseChunk(chunkOf(lines, reading.format, reading.platform));
  return { lines: parsed.lines, reasons: parsed.reasons, cells: packPrepared(parsed.posts) };
}
