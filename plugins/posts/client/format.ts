/** Dates as analysts read them: `2024-03-05 14:07 UTC` (fixed zone so exports, popups and tables agree). */
export function formatPublished(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Compact counts with at most 3 significant digits (spec part 2 section 9): 1234 → 1.23K. */
export function compactNumber(n: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 }).format(n);
}

/** A facet value (sentiment, engagement level, threat score) as text; null → N/A. */
export function facetText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return JSON.stringify(value);
}
