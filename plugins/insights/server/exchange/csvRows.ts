import { EXPORT_COLUMNS, IMPORT_COLUMNS, LIST_COLUMNS, LIST_SEPARATOR, type ImportColumn } from './columns';
import type { CsvRecord } from './csvRecords';
import { unneutralise } from '@core/shared/csv/cells';
import { IMPORT_MESSAGES } from './messages';

/** A row of the file: the object to check, or the problems that already refuse it. */
export type SourceRow = { line: number; value: unknown } | { line: number; errors: string[] };

const blank = (cell: string | undefined) => !cell?.trim();

/**
 * CSV records (header first, blank records already dropped) as objects shaped like a new insight. Header names are matched trimmed and without
 * case; unknown, repeated or missing-type columns refuse the file. A blank header cell is a spreadsheet's trailing
 * empty column and is ignored, unless a row has a value under it (that value would otherwise be lost silently).
 */
export function csvRows(records: readonly CsvRecord[]): { ok: true; rows: SourceRow[] } | { ok: false; error: string } {
  const [header, ...data] = records;
  if (!header) return { ok: false, error: IMPORT_MESSAGES.empty };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const unknown = names.filter((n) => n && !(EXPORT_COLUMNS as readonly string[]).includes(n));
  if (unknown.length) return { ok: false, error: IMPORT_MESSAGES.unknownColumns(unknown) };
  const repeated = names.find((n, i) => n && names.indexOf(n) !== i);
  if (repeated) return { ok: false, error: IMPORT_MESSAGES.duplicateColumn(repeated) };
  if (!names.includes('analyzable_type')) return { ok: false, error: IMPORT_MESSAGES.noTypeColumn };
  const unnamed = names.findIndex((n, i) => !n && data.some((r) => !blank(r.cells[i])));
  if (unnamed >= 0) return { ok: false, error: IMPORT_MESSAGES.unnamedColumn(unnamed + 1) };

  const rows: SourceRow[] = [];
  for (const record of data) {
    if (record.cells.slice(names.length).some((c) => !blank(c))) {
      rows.push({ line: record.line, errors: [IMPORT_MESSAGES.fieldCount(record.cells.length, names.length)] });
      continue;
    }
    const cells = new Map<string, string>();
    names.forEach((n, i) => {
      if ((IMPORT_COLUMNS as readonly string[]).includes(n)) cells.set(n, unneutralise(record.cells[i] ?? ''));
    });
    rows.push({ line: record.line, value: newInsightOf((c) => cells.get(c) ?? '') });
  }
  return { ok: true, rows };
}

/**
 * The cells as `newInsightSchema` input. Type, platform, confidence and permanence are lower-cased (a spreadsheet
 * user types "Account" or "High"); lists are split; empty cells are absent. Trimming is left to `checkNewInsight`.
 */
function newInsightOf(cell: (column: ImportColumn) => string): Record<string, unknown> {
  const text = (c: ImportColumn) => cell(c) || undefined;
  const lower = (c: ImportColumn) => cell(c).trim().toLowerCase() || undefined;
  const list = (c: (typeof LIST_COLUMNS)[number]) => cell(c).split(LIST_SEPARATOR).map((v) => v.trim()).filter(Boolean);
  return {
    analyzable_type: cell('analyzable_type').trim().toLowerCase(),
    analyzable_id: text('analyzable_id'), platform: lower('platform'), user_id: text('user_id'),
    screen_name: text('screen_name'), link: text('link'), user_class: text('user_class'),
    confidence: lower('confidence'), permanence: lower('permanence'),
    additional_properties: {
      name: text('name'), country_of_origin: text('country_of_origin'), operating_country: text('operating_country'),
      state_association: text('state_association'), region: text('region'), role: text('role'),
      language: list('language'), subcategory: list('subcategory'),
    },
  };
}
