import { displayPlatform } from '@core/shared/platforms';
import type { FilterCounts } from '../../shared/explorerApi';

/**
 * Pure chart data of the explorer overview (spec part 2 section 3 "chart data"): what each Plotly chart draws and
 * which filter a click on a mark applies. Kept apart from Plotly so it is testable without a canvas.
 */
/** One dimension's value -> count of a filter_counts answer (`{}` when absent). */
export function countsOf(counts: FilterCounts | null | undefined, key: string): Record<string, number> {
  return ((counts as Record<string, unknown> | null | undefined)?.[key] ?? {}) as Record<string, number>;
}

export interface Bar { key: string; label: string; value: number; colour: string }

const quiet = () => undefined;

/** Platforms by post count, largest first, in catalogue colours. */
export function platformBars(counts: FilterCounts | null): Bar[] {
  return Object.entries(countsOf(counts, 'platform'))
    .filter(([, n]) => n > 0)
    .map(([key, value]) => {
      const p = displayPlatform(key, quiet);
      return { key, label: p.label, value, colour: p.colour };
    })
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
}

const SENTIMENT_COLOURS: Record<string, string> = { POSITIVE: '#2e7d32', NEGATIVE: '#c62828', NEUTRAL: '#757575' };
const SENTIMENT_LABELS: Record<string, string> = { POSITIVE: 'Positive', NEGATIVE: 'Negative', NEUTRAL: 'Neutral' };

/** Sentiments in the spec's order, other values as Unknown. */
export function sentimentBars(counts: FilterCounts | null): Bar[] {
  const c = countsOf(counts, 'sentiment');
  const known = ['POSITIVE', 'NEGATIVE', 'NEUTRAL'].map((key) => ({ key, label: SENTIMENT_LABELS[key]!, value: c[key] ?? 0, colour: SENTIMENT_COLOURS[key]! }));
  const others = Object.entries(c).filter(([k]) => !(k in SENTIMENT_LABELS)).map(([key, value]) => ({ key, label: 'Unknown', value, colour: '#9e9e9e' }));
  return [...known, ...others];
}

/** Posts with and without threatening language. */
export function threatBars(counts: FilterCounts | null): Bar[] {
  const c = countsOf(counts, 'contains_threatening_language');
  return [
    { key: 'true', label: 'Threatening', value: c.true ?? 0, colour: '#b71c1c' },
    { key: 'false', label: 'Not threatening', value: c.false ?? 0, colour: '#90a4ae' },
  ];
}

export const ENGAGEMENT_LEVEL_ORDER = ['low', 'medium', 'high'] as const;
const ENGAGEMENT_COLOURS: Record<string, string> = { low: '#b0bec5', medium: '#4fc3f7', high: '#0277bd' };

/** One stacked-bar series per engagement level, over platforms (from per-platform filter counts). */
export function engagementSeries(perPlatform: Array<{ platform: string; counts: FilterCounts | null }>) {
  const platforms = perPlatform.map((p) => ({ key: p.platform, label: displayPlatform(p.platform, quiet).label }));
  return ENGAGEMENT_LEVEL_ORDER.map((level) => ({
    level,
    label: level[0]!.toUpperCase() + level.slice(1),
    colour: ENGAGEMENT_COLOURS[level]!,
    platforms,
    values: perPlatform.map((p) => countsOf(p.counts, 'engagement_score')[level] ?? 0),
  }));
}

/** The `n` most shared domains of each platform. */
export function topDomains(perPlatform: Array<{ platform: string; counts: FilterCounts | null }>, n = 5) {
  return perPlatform.map((p) => ({
    platform: p.platform,
    label: displayPlatform(p.platform, quiet).label,
    colour: displayPlatform(p.platform, quiet).colour,
    domains: Object.entries(countsOf(p.counts, 'domain'))
      .filter(([, c]) => c > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, n)
      .map(([domain, count]) => ({ domain, count })),
  })).filter((p) => p.domains.length > 0);
}

export interface TimeBucket { start: string; end: string }

/** Splits [first, last] into at most `n` equal buckets on whole hours or days, both ends inclusive, ISO with Z. */
export function timeBuckets(first: string, last: string, n = 24): TimeBucket[] {
  const a = Date.parse(first);
  const b = Date.parse(last);
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return [];
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const unit = b - a > 3 * DAY ? DAY : HOUR;
  const from = Math.floor(a / unit) * unit;
  const to = Math.floor(b / unit) * unit + unit;
  const step = Math.max(unit, Math.ceil((to - from) / n / unit) * unit);
  const buckets: TimeBucket[] = [];
  for (let t = from; t < to; t += step) {
    buckets.push({ start: new Date(t).toISOString().replace('.000Z', 'Z'), end: new Date(t + step - 1000).toISOString().replace('.000Z', 'Z') });
  }
  return buckets;
}

/** One line per platform over the buckets (from per-bucket filter counts). */
export function timeSeries(buckets: Array<{ bucket: TimeBucket; counts: FilterCounts | null }>) {
  const platforms = new Set<string>();
  buckets.forEach((b) => Object.keys(countsOf(b.counts, 'platform')).forEach((p) => platforms.add(p)));
  return [...platforms].sort().map((platform) => {
    const info = displayPlatform(platform, quiet);
    return {
      platform,
      label: info.label,
      colour: info.colour,
      x: buckets.map((b) => b.bucket.start),
      y: buckets.map((b) => countsOf(b.counts, 'platform')[platform] ?? 0),
    };
  });
}
