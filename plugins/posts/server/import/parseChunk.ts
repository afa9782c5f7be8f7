/**
 * The CPU half of a JSON-lines import (native JSONL and 4CAT NDJSON): a chunk of lines parsed, mapped and
 * normalised into the posts the writer stores, or the reason each refused line is refused. Runs in a parse thread
 * (parseThreads.ts) for large files and in the importing thread for small ones; both give the same answer.
 */
import type { PlatformKey } from '@core/shared/platforms';
import { normalizePost, type NormalizedPost } from '@core/server/postStore/normalize';
import { mapFourCat, mapNative } from './formats';
import { MAX_LINE_BYTES, parseJsonLine } from './lines';

export interface LineChunk {
  format: 'jsonl' | 'ndjson';
  platform: PlatformKey | null;
  /** Line numbers in the file, in order. */
  lines: number[];
  /** Each line's text; null for a line longer than MAX_LINE_BYTES (its text was never held). */
  texts: (string | null)[];
}

/** One line's outcome, in the chunk's order: the post to store, or why the line is refused. */
export type ParsedLine = { line: number; post: NormalizedPost } | { line: number; reason: string };

export function parseChunk(chunk: LineChunk): ParsedLine[] {
  const map = chunk.format === 'ndjson' ? mapFourCat : mapNative;
  const options = { platform: chunk.platform };
  const out: ParsedLine[] = new Array(chunk.lines.length);
  for (let i = 0; i < chunk.lines.length; i += 1) {
    const line = chunk.lines[i]!;
    const text = chunk.texts[i];
    if (text === null || text === undefined) {
      out[i] = { line, reason: `line longer than ${MAX_LINE_BYTES} bytes` };
      continue;
    }
    let record: unknown;
    try {
      record = parseJsonLine(text);
    } catch {
      out[i] = { line, reason: 'not valid JSON' };
      continue;
    }
    const mapped = map(record, options);
    out[i] = mapped.ok ? { line, post: normalizePost(mapped.post) } : { line, reason: mapped.reason };
  }
  return out;
}
