import { JsonSyntaxError, TooManyElements, parseJsonDocument } from './json';
import { LineIndex } from './lines';
import { IMPORT_MESSAGES } from './messages';
import type { SourceRow } from './csvRows';

/**
 * The rows of a JSON upload: an array of insights (each row's line is where its element starts), or JSON Lines (one
 * insight per line, blank lines skipped). The first non-blank character decides. A syntax error refuses the file
 * with the line where the JSON went wrong. Reading stops after `maxRows` rows.
 */
export function jsonRows(text: string, maxRows: number): { ok: true; rows: SourceRow[] } | { ok: false; error: string } {
  if (text.trimStart().startsWith('[')) {
    const lines = new LineIndex(text);
    try {
      const doc = parseJsonDocument(text, maxRows);
      return { ok: true, rows: (doc.elements ?? []).map((e) => ({ line: lines.lineAt(e.offset), value: e.value })) };
    } catch (error) {
      if (error instanceof TooManyElements) return { ok: false, error: IMPORT_MESSAGES.tooManyRows };
      if (!(error instanceof JsonSyntaxError)) throw error;
      return { ok: false, error: IMPORT_MESSAGES.malformedJson(lines.lineAt(error.offset), error.problem) };
    }
  }
  const rows: SourceRow[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.trim()) continue;
    if (rows.length === maxRows) return { ok: false, error: IMPORT_MESSAGES.tooManyRows };
    try {
      rows.push({ line: i + 1, value: parseJsonDocument(lines[i]!).value });
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      return { ok: false, error: IMPORT_MESSAGES.malformedJson(i + 1, error.problem) };
    }
  }
  return { ok: true, rows };
}
