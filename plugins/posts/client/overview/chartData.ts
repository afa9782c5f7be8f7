import { displayPlatform } from '@core/shared/platforms';
import { categoricalColour, CATEGORICAL_COLOURS, GRADIENT_COLOURS, OTHER_COLOUR, topWithOther } from '@core/shared/palette';
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

/**
 * How many series, slices or bars a chart draws before the rest become "Other" (ADR 0012): the palette's first
 * six colours stay far apart, and six labels fit a legend of a quarter pane at 1280x800.
 */
export const CHART_TOP_N = 6;
/** The key of the "Other" slice or series: not a platform, so a click on it applies no filter. */
export const OTHER_KEY = '__other__';

/** Platforms by post count, largest first, coloured by rank from the palette. */
export function platformBars(counts: FilterCounts | null): Bar[] {
  return Object.entries(countsOf(counts, 'platform'))
    .filter(([, n]) => n > 0)
    .map(([key, value]) => ({ key, label: displayPlatform(key, quiet).label, value }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label))
    .map((b, rank) => ({ ...b, colour: categoricalColour(rank) }));
}

/** The pie's slices: the top platforms and one "Other" slice whose hover names the rest. */
export function platformSlices(bars: readonly Bar[], limit = CHART_TOP_N): Array<Bar & { hover: string }> {
  const { top, other } = topWithOther(bars, limit, (b) => b.value);
  const slices = top.map((b) => ({ ...b, hover: b.label }));
  if (!other) return slices;
  const names = other.rest.map((b) => `${b.label} ${b.value.toLocaleString('en-US')}`);
  return [...slices, { key: OTHER_KEY, label: 'Other', value: other.value, colour: OTHER_COLOUR, hover: `Other (${other.count} platforms): ${names.join(', ')}` }];
}

/**
 * A slice's text: its percentage when the slice is wide enough to hold it (>= 5%), else nothing (hover has it).
 * With a label (a compact pie has no legend): "label 42%" on slices of at least 10%.
 */
export function sliceText(value: number, total: number, label: string | null = null): string {
  const share = total > 0 ? value / total : 0;
  const percent = `${Math.round(share * 100)}%`;
  if (label !== null) return share >= 0.1 ? `${label} ${percent}` : '';
  return share >= 0.05 ? percent : '';
}

const [BLUE, , GREEN, , , VERMILLION] = CATEGORICAL_COLOURS;
const GREY = CATEGORICAL_COLOURS[11];
const SENTIMENT_COLOURS: Record<string, string> = { POSITIVE: GREEN, NEGATIVE: VERMILLION, NEUTRAL: BLUE };
const SENTIMENT_LABELS: Record<string, string> = { POSITIVE: 'Positive', NEGATIVE: 'Negative', NEUTRAL: 'Neutral' };

/** Sentiments in the spec's order, other values as Unknown. */
export function sentimentBars(counts: FilterCounts | null): Bar[] {
  const c = countsOf(counts, 'sentiment');
  const known = ['POSITIVE', 'NEGATIVE', 'NEUTRAL'].map((key) => ({ key, label: SENTIMENT_LABELS[key]!, value: c[key] ?? 0, colour: SENTIMENT_COLOURS[key]! }));
  const others = Object.entries(c).filter(([k]) => !(k in SENTIMENT_LABELS)).map(([key, value]) => ({ key, label: 'Unknown', value, colour: GREY }));
  return [...known, ...others];
}

/** Posts with and without threatening language. */
export function threatBars(counts: FilterCounts | null): Bar[] {
  const c = countsOf(counts, 'contains_threatening_language');
  return [
    { key: 'true', label: 'Threatening', value: c.true ?? 0, colour: VERMILLION },
    { key: 'false', label: 'Not threatening', value: c.false ?? 0, colour: OTHER_COLOUR },
  ];
}

export const ENGAGEMENT_LEVEL_ORDER = ['low', 'medium', 'high'] as const;
// Levels are ordered: low to high along the gradient (its light end would vanish on white, so from step 9 down).
const ENGAGEMENT_COLOURS: Record<string, string> = { low: GRADIENT_COLOURS[9], medium: GRADIENT_COLOURS[5], high: GRADIENT_COLOURS[1] };

/** One stacked-bar series per engagement level, over platforms (chart_data platform_engagement). */
export function engagementSeries(answer: ChartData<'platform_engagement'> | null | undefined) {
  const perPlatform = answer ?? [];
  const platforms = perPlatform.map((p) => ({ key: p.platform, label: p.platform === OTHER_KEY ? 'Other' : displayPlatform(p.platform, quiet).label, score: p.value }));
  return ENGAGEMENT_LEVEL_ORDER.map((level) => ({
    level,
    label: level[0]!.toUpperCase() + level.slice(1),
    colour: ENGAGEMENT_COLOURS[level]!,
    platforms,
    values: perPlatform.map((p) => p.levels[level] ?? 0),
  }));
}

/** The chart's platforms: the CHART_TOP_N with most posts and "Other" with the rest's levels summed (score: none). */
export function engagementTop(answer: ChartData<'platform_engagement'> | null | undefined, limit = CHART_TOP_N): ChartData<'platform_engagement'> {
  const { top, other } = topWithOther(answer ?? [], limit, (p) => p.posts);
  if (!other) return top;
  const levels: Record<string, number> = {};
  for (const p of other.rest) for (const [level, n] of Object.entries(p.levels)) levels[level] = (levels[level] ?? 0) + n;
  return [...top, { platform: OTHER_KEY, value: null, posts: other.value, levels }];
}

/** The top domains of each platform (chart_data post_domain_count), platforms without domains left out, coloured by rank. */
export function topDomains(answer: ChartData<'post_domain_count'> | null | undefined) {
  return (answer ?? []).map((p) => ({
    platform: p.platform,
    label: displayPlatform(p.platform, quiet).label,
    domains: p.data.filter((d) => d.count > 0).map((d) => ({ domain: d.source_domain, count: d.count })),
  })).filter((p) => p.domains.length > 0).map((p, rank) => ({ ...p, colour: categoricalColour(rank) }));
}

/** A label cut to `max` characters with an ellipsis (the hover and the data list keep the whole text). */
export const shortLabel = (text: string, max = 28) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The domain bars: the `limit` domains most linked over all platforms, one bar each, split by platform (the top
 * platforms by rank colour, the rest as "Other"), so a narrow pane shows a few long readable bars.
 */
export function domainBars(answer: ChartData<'post_domain_count'> | null | undefined, limit = 8) {
  const platforms = topDomains(answer);
  const totals = new Map<string, number>();
  for (const p of platforms) for (const d of p.domains) totals.set(d.domain, (totals.get(d.domain) ?? 0) + d.count);
  const domains = [...totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit).map(([domain, total]) => ({ domain, total }));
  const countOf = (p: (typeof platforms)[number], domain: string) => p.domains.find((d) => d.domain === domain)?.count ?? 0;
  const { top, other } = topWithOther(platforms, CHART_TOP_N, (p) => domains.reduce((n, d) => n + countOf(p, d.domain), 0));
  const series = top.map((p) => ({ key: p.platform, label: p.label, colour: p.colour, values: domains.map((d) => countOf(p, d.domain)) }));
  if (other) series.push({ key: OTHER_KEY, label: 'Other', colour: OTHER_COLOUR, values: domains.map((d) => other.rest.reduce((n, p) => n + countOf(p, d.domain), 0)) });
  return { domains, series: series.filter((s) => s.values.some((v) => v > 0)) };
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

/**
 * One line per platform over the buckets: the CHART_TOP_N busiest platforms in rank colours, the rest summed into
 * one "Other" line (its hover names them), so a conversation of 20 platforms still reads.
 */
export function timeSeries(answer: ChartData<'post_count_over_time'> | null | undefined) {
  const all = (answer ?? []).map((s) => ({
    platform: s.platform, label: displayPlatform(s.platform, quiet).label, x: s.data.map((d) => d.date), y: s.data.map((d) => d.value),
  }));
  const total = (s: { y: number[] }) => s.y.reduce((n, v) => n + v, 0);
  const { top, other } = topWithOther(all, CHART_TOP_N, total);
  const lines = top.map((s, rank) => ({ ...s, colour: categoricalColour(rank), hover: s.label }));
  if (!other) return lines;
  const y = other.rest[0]!.y.map((_, b) => other.rest.reduce((n, s) => n + (s.y[b] ?? 0), 0));
  return [...lines, { platform: OTHER_KEY, label: 'Other', x: other.rest[0]!.x, y, colour: OTHER_COLOUR, hover: `Other (${other.rest.map((s) => s.label).join(', ')})` }];
}
