/**
 * Instants as exports write them: ISO 8601 with Z or an offset; ISO without a zone and 4CAT's
 * `YYYY-MM-DD HH:MM:SS` (both read as UTC); Unix seconds (10 digits, fractions allowed) or milliseconds (13
 * digits), as numbers or digit strings. Answers the canonical `Date#toISOString` form, or null.
 */
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

export const INSTANT_PROBLEM = 'expected an ISO 8601 date-time or a Unix timestamp';

/** `Date#toISOString`'s own form: most exports (and every Narrascope export) write instants this way. */
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function parseInstant(value: unknown): string | null {
  // Fast path (a tenth of an import's parsing time went here): a canonical instant that prints back unchanged is
  // valid as it is; a rolled-over calendar date (2024-02-30) prints differently and takes the full path below.
  if (typeof value === 'string' && value.length === 24 && CANONICAL.test(value)) {
    const ms = Date.parse(value);
    if (Number.isFinite(ms) && new Date(ms).toISOString() === value) return value;
  }
  let ms: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    ms = Math.abs(value) >= 1e11 ? value : value * 1000;
  } else if (typeof value === 'string') {
    const v = value.trim();
    if (/^-?\d+(\.\d+)?$/.test(v)) return parseInstant(Number(v));
    if (!ISO.test(v)) return null;
    let text = v.replace(' ', 'T');
    if (!text.includes('T')) text += 'T00:00:00';
    if (!HAS_ZONE.test(text)) text += 'Z';
    ms = Date.parse(text);
    if (!Number.isFinite(ms)) return null;
    // Date.parse rolls 2024-02-30 over to March: refuse calendar dates that do not exist.
    const [y = 0, m = 0, d = 0] = v.slice(0, 10).split('-').map(Number);
    const calendar = new Date(Date.UTC(y, m - 1, d));
    if (calendar.getUTCMonth() !== m - 1 || calendar.getUTCDate() !== d) return null;
  } else {
    return null;
  }
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (!Number.isFinite(date.getTime()) || year < 1 || year > 9999) return null;
  return date.toISOString();
}
