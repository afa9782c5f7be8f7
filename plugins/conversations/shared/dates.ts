/**
 * Conversation dates (spec part 1 sections 5 and 9): dates yyyy-mm-dd, times hh:mm, all UTC; a date ending in T
 * gets midnight; with no date range the last 3 days are used (end is now); continuous conversations collect the
 * previous 7 days every day. Shared by the form (browser) and the API (server).
 */

export const DEFAULT_RANGE_DAYS = 3;
export const CONTINUOUS_WINDOW_DAYS = 7;
export const DAY_MS = 24 * 60 * 60 * 1000;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(?:(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]00:?00)?)?)?$/;

/**
 * Reads a date as the API and the form accept it: `yyyy-mm-dd`, `yyyy-mm-ddT` (midnight), `yyyy-mm-ddThh:mm`,
 * or a full ISO-8601 UTC instant. Answers the canonical ISO string (`…Z`, milliseconds), or null when invalid
 * (wrong shape, day 31 of a 30-day month, hour 24, another time zone...).
 */
export function parseConversationDate(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const m = DATE_TIME.exec(input.trim());
  if (!m) return null;
  const [year, month, day, hour = '00', minute = '00', second = '00', ms = '0'] = m.slice(1, 8);
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  const s = Number(second);
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59 || y < 1900 || y > 9999) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s, Number(ms.padEnd(3, '0')));
  const check = new Date(t);
  if (check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1) return null;
  return check.toISOString();
}

/** The form's two fields joined: a date with an empty time ends in T and gets midnight. */
export function joinDateTime(date: string, time: string): string {
  return `${date.trim()}T${time.trim()}`;
}

/** An ISO instant as the form's `yyyy-mm-dd` and `hh:mm` fields (UTC). */
export function splitDateTime(iso: string): { date: string; time: string } {
  const d = new Date(iso);
  const text = d.toISOString();
  return { date: text.slice(0, 10), time: text.slice(11, 16) };
}

/** The default range: the last 3 days, ending now. */
export function defaultRange(now: Date = new Date()): { start: string; end: string } {
  return { start: new Date(now.getTime() - DEFAULT_RANGE_DAYS * DAY_MS).toISOString(), end: now.toISOString() };
}

/** What a continuous conversation's run collects: the previous 7 days. */
export function continuousWindow(now: Date = new Date()): { start: string; end: string } {
  return { start: new Date(now.getTime() - CONTINUOUS_WINDOW_DAYS * DAY_MS).toISOString(), end: now.toISOString() };
}

export type RangeResult = { ok: true; start: string; end: string } | { ok: false };

/**
 * The range of a date-range conversation from what the user sent: both missing = the last 3 days; only a start =
 * up to now; only an end = the 3 days before it. Invalid dates, or a start not before the end, are refused.
 */
export function resolveRange(start: string | null | undefined, end: string | null | undefined, now: Date = new Date()): RangeResult {
  const blank = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';
  if (blank(start) && blank(end)) return { ok: true, ...defaultRange(now) };
  const s = blank(start) ? null : parseConversationDate(start);
  const e = blank(end) ? null : parseConversationDate(end);
  if ((!blank(start) && !s) || (!blank(end) && !e)) return { ok: false };
  const endIso = e ?? now.toISOString();
  const startIso = s ?? new Date(new Date(endIso).getTime() - DEFAULT_RANGE_DAYS * DAY_MS).toISOString();
  if (new Date(startIso).getTime() >= new Date(endIso).getTime()) return { ok: false };
  return { ok: true, start: startIso, end: endIso };
}
