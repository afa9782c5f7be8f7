import { displayPlatform } from '@core/shared/platforms';
import { CHART_INTERVAL_MS, type ChartData, type FilterCounts } from '../../shared/explorerApi';

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

/** One stacked-bar series per engagement level, over platforms (chart_data platform_engagement). */
export function engagementSeries(answer: ChartData<'platform_engagement'> | null | undefined) {
  const perPlatform = answer ?? [];
  const platforms = perPlatform.map((p) => ({ key: p.platform, label: displayPlatform(p.platform, quiet).label, score: p.value }));
  return ENGAGEMENT_LEVEL_ORDER.map((level) => ({
    level,
    label: level[0]!.toUpperCase() + level.slice(1),
    colour: ENGAGEMENT_COLOURS[level]!,
    platforms,
    values: perPlatform.map((p) => p.levels[level] ?? 0),
  }));
}

/** The top domains of each platform (chart_data post_domain_count), platforms without domains left out. */
export function topDomains(answer: ChartData<'post_domain_count'> | null | undefined) {
  return (answer ?? []).map((p) => ({
    platform: p.platform,
    label: displayPlatform(p.platform, quiet).label,
    colour: displayPlatform(p.platform, quiet).colour,
    domains: p.data.filter((d) => d.count > 0).map((d) => ({ domain: d.source_domain, count: d.count })),
  })).filter((p) => p.domains.length > 0);
}

export interface TimeBucket { start: string; end: string; total: number }

const isoOf = (t: number) => new Date(t).toISOString().replace('.000Z', 'Z');

/**
 * The buckets of a post_count_over_time answer (every series has the same dates): start, inclusive end
 * (start + interval - 1 s, what a click narrows the date range to) and posts over all platforms.
 */
export function overTimeBuckets(answer: ChartData<'post_count_over_time'> | null | undefined): TimeBucket[] {
  const series = answer ?? [];
  const first = series[0];
  if (!first) return [];
  const size = CHART_INTERVAL_MS[first.time_interval];
  return first.data.map((d, b) => ({
    start: d.date,
    end: isoOf(Date.parse(d.date) + size - 1000),
    total: series.reduce((n, s) => n + (s.data[b]?.value ?? 0), 0),
  }));
}

/** One line per platform over the buckets, platforms in name order. */
export function timeSeries(answer: ChartData<'post_count_over_time'> | null | undefined) {
  return [...(answer ?? [])].sort((a, b) => (a.platform < b.platform ? -1 : 1)).map((s) => {
    const info = displayPlatform(s.platform, quiet);
    return { platform: s.platform, label: info.label, colour: info.colour, x: s.data.map((d) => d.date), y: s.data.map((d) => d.value) };
  });
}
