import type { DateRange } from '../shared/api';

const compactFormat = new Intl.NumberFormat('en', { notation: 'compact', maximumSignificantDigits: 3 });
/** Spec part 2 section 9: compact numbers use at most 3 significant digits. */
export const compact = (n: number) => compactFormat.format(n);
/** Percentages have no decimals. */
export const percent = (n: number) => `${Math.round(n)}%`;

const dayFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const hourFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', hour: 'numeric', timeZone: 'UTC' });

/** The window as the closed dropdown shows it, e.g. "Jun 23 – Jun 30". */
export function dateRangeText(start: string | null, end: string | null): string {
  if (!start || !end) return '';
  const last = new Date(Date.parse(end) - 1);
  return `${dayFormat.format(new Date(start))} – ${dayFormat.format(last)}`;
}

/** A history point's label: the hour for LAST_DAY, the day otherwise. */
export const pointLabel = (date: string, range: DateRange) => (range === 'LAST_DAY' ? hourFormat : dayFormat).format(new Date(date));
