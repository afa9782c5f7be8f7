/**
 * CSV cells, one rule for every export (raw data, coordination evidence, insights): RFC 4180 quoting and spreadsheet
 * formula neutralisation, reversible so an export re-imports unchanged.
 *
 * A cell a spreadsheet would run as a formula (leading = + - @ tab CR, or their full-width forms, which some
 * spreadsheets fold to ASCII) gets a leading apostrophe. To keep the export reversible, text that already starts with
 * apostrophes before such a sign gets one more, and an import removes exactly one from any cell of that shape:
 * `=1` <-> `'=1`, `'=1` <-> `''=1`, while `'abc` stays `'abc` both ways.
 */
const FORMULA_SIGN = '[=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20]';
const NEEDS_APOSTROPHE = new RegExp(`^'*${FORMULA_SIGN}`);
const ADDED_APOSTROPHE = new RegExp(`^'(?='*${FORMULA_SIGN})`);
const NEEDS_QUOTES = /[",\r\n]/;

/** A text cell for the export. */
export function csvText(text: string | null | undefined): string {
  if (!text) return '';
  const safe = NEEDS_APOSTROPHE.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A cell as read back by the import: the export's apostrophe removed. */
export function unneutralise(cell: string): string {
  return cell.replace(ADDED_APOSTROPHE, '');
}

/** One CSV line (CRLF-terminated, as RFC 4180 writes them). */
export function csvLine(cells: ReadonlyArray<string | null | undefined>): string {
  return `${cells.map(csvText).join(',')}\r\n`;
}
