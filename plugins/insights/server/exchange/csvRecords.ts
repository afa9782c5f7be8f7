import { CsvError, parse } from 'csv-parse/sync';
import { LineIndex } from './lines';
import { IMPORT_MESSAGES } from './messages';

export interface CsvRecord {
  /** The line where the record starts (a quoted field may hold line breaks, so a record may span lines). */
  line: number;
  cells: string[];
}

export type CsvRead = { ok: true; records: CsvRecord[] } | { ok: false; error: string };

/** Thrown from csv-parse's record callback to stop reading a file with too many rows. */
class TooManyRecords extends Error {}

/** Every line ending a spreadsheet or editor writes, mixed in one file if need be. */
const RECORD_DELIMITERS = ['\r\n', '\n', '\r'];

/**
 * The records of a CSV file (without BOM) with the line each starts on. csv-parse's own line count cannot be used:
 * it counts a CRLF inside a quoted field as two lines. Its byte offsets are exact, so lines are counted from them:
 * a record starts where the previous one ended, after any blank lines. A malformed file is refused whole, with the
 * line of the faulty field (csv-parse's error offset is where that field starts, i.e. the unclosed quote).
 *
 * Records whose cells are all blank (`,,,`) are dropped. Reading stops once there are more than `maxRecords` others:
 * 5 MB of `a` lines would otherwise be 2.5 million records in memory only to be refused.
 */
export function readCsv(bytes: Uint8Array, maxRecords: number): CsvRead {
  const lines = new LineIndex(bytes);
  const records: CsvRecord[] = [];
  let end = 0;
  try {
    parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: RECORD_DELIMITERS,
      on_record: (cells: string[], info) => {
        if (cells.some((c) => c.trim())) records.push({ line: lines.lineAt(lines.skipBreaks(end)), cells });
        if (records.length > maxRecords) throw new TooManyRecords();
        end = info.bytes;
        return null;
      },
    });
  } catch (error) {
    if (error instanceof TooManyRecords) return { ok: false, error: IMPORT_MESSAGES.tooManyRows };
    if (!(error instanceof CsvError)) throw error;
    const at = typeof error.bytes === 'number' ? error.bytes : end;
    const line = lines.lineAt(lines.skipBreaks(at));
    return { ok: false, error: error.code === 'CSV_QUOTE_NOT_CLOSED' ? IMPORT_MESSAGES.unclosedQuote(line) : IMPORT_MESSAGES.misplacedQuote(line) };
  }
  return { ok: true, records };
}
