import { isUtf8 } from 'node:buffer';
import type { ValidInsight } from '../../shared/validation';
import { checkRow, identityKeys } from './checkRow';
import { readCsv } from './csvRecords';
import { csvRows, type SourceRow } from './csvRows';
import { jsonRows } from './jsonRows';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES } from './messages';

/**
 * Import of analyst insights from an upload (issue #13 item 5): pure, no store. The route stores `accepted` (as
 * pending insights with source `import`) and reports `refused`; a file-level problem refuses everything.
 */
export type ImportFormat = 'csv' | 'json';

export interface ImportResult {
  /** Rows that pass spec section 5, by the 1-based line where each starts. */
  accepted: Array<{ line: number; insight: ValidInsight }>;
  /** Rows refused, each message prefixed with `Line N: `. */
  refused: Array<{ line: number; errors: string[] }>;
}

export type ImportOutcome = ({ ok: true } & ImportResult) | { ok: false; error: string };

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const BOM = [0xef, 0xbb, 0xbf];

/** The format of an uploaded file by its name or media type; null when neither says. */
export function importFormatOf(fileName: string, mediaType?: string | null): ImportFormat | null {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  if (ext === 'csv') return 'csv';
  if (ext === 'json' || ext === 'jsonl' || ext === 'ndjson') return 'json';
  const type = mediaType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'text/csv') return 'csv';
  if (type === 'application/json' || type === 'application/x-ndjson' || type === 'application/jsonl') return 'json';
  return null;
}

export function importInsights(upload: Uint8Array | string, format: ImportFormat): ImportOutcome {
  let bytes = typeof upload === 'string' ? new TextEncoder().encode(upload) : upload;
  if (bytes.byteLength > IMPORT_MAX_BYTES) return { ok: false, error: IMPORT_MESSAGES.tooLarge };
  if (BOM.every((b, i) => bytes[i] === b)) bytes = bytes.subarray(BOM.length);

  let read: { ok: true; rows: SourceRow[] } | { ok: false; error: string };
  if (format === 'csv') {
    // csv-parse would read bad UTF-8 as U+FFFD without a word; check first, as the JSON path does by decoding.
    if (!isUtf8(bytes)) return { ok: false, error: IMPORT_MESSAGES.notUtf8 };
    const csv = readCsv(bytes, IMPORT_MAX_ROWS + 1); // + the header
    read = csv.ok ? csvRows(csv.records) : csv;
  } else {
    let text: string;
    try {
      text = UTF8.decode(bytes);
    } catch {
      return { ok: false, error: IMPORT_MESSAGES.notUtf8 };
    }
    read = jsonRows(text, IMPORT_MAX_ROWS);
  }
  if (!read.ok) return read;
  if (read.rows.length === 0) return { ok: false, error: IMPORT_MESSAGES.empty };
  return { ok: true, ...checkRows(read.rows) };
}

/** Every row against spec section 5, then against the rows before it: a repeat is refused, naming the first line. */
function checkRows(rows: readonly SourceRow[]): ImportResult {
  const result: ImportResult = { accepted: [], refused: [] };
  const firstLine = new Map<string, number>();
  const refuse = (line: number, errors: readonly string[]) => result.refused.push({ line, errors: errors.map((e) => IMPORT_MESSAGES.row(line, e)) });
  for (const row of rows) {
    if ('errors' in row) {
      refuse(row.line, row.errors);
      continue;
    }
    const checked = checkRow(row.value);
    if (!checked.ok) {
      refuse(row.line, checked.errors);
      continue;
    }
    const keys = identityKeys(checked.value);
    const seen = keys.map((k) => firstLine.get(k)).find((l) => l !== undefined);
    if (seen !== undefined) {
      refuse(row.line, [IMPORT_MESSAGES.duplicate(seen)]);
      continue;
    }
    for (const k of keys) firstLine.set(k, row.line);
    result.accepted.push({ line: row.line, insight: checked.value });
  }
  return result;
}
