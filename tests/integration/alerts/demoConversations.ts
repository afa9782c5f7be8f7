import { Random } from '@core/shared/random';
import { CorpusGenerator } from '@plugins/posts/server/demo/generator';
import { THEME_NARRATIVES } from '@plugins/posts/server/demo/narratives';
import { CONTINUOUS_WINDOW_DAYS } from '@plugins/conversations/shared/dates';
import { metricBuckets, type MetricPost } from '@plugins/alerts/server/metrics/compute';
import type { SeriesRow } from '@plugins/alerts/server/firing/series';

/**
 * The demo corpus as continuous conversations would see it run after run: one conversation per Topic Radar theme
 * (the posts of that theme's narrative, as a query on the theme would collect them), run once a day over the 7 days
 * before the run (conversations' `continuousWindow`), each run's posts turned into the metric rows the metrics stage
 * writes (`metricBuckets`: per narrative, platform and risk category), with the posts new since the previous run
 * (`new_posts`) from the second run on, as the stage writes them for a continuous conversation. The demo has no approved insights, so every
 * post is in the Default risk category; threats come from the generator's labels, as the enrichment would find them.
 *
 * The planted surges are the generator's `themeSpikes` (a theme's weight times 1 + height * exp(-|h - peak| / 18)):
 * its peaks are drawn again from the same seeded stream ('<seed>/posts/spikes'), the way the radar's burst backtest
 * recovers them (tests/integration/radar/bursts.test.ts).
 */
const HOUR = 3_600_000;

export interface DemoConversation {
  theme: string;
  /** The metric rows of every run, as `alerts_metrics` would hold them. */
  rows: SeriesRow[];
  /** Hours since the corpus start of the run times, oldest first. */
  runHours: number[];
  /** Hours since the corpus start of the planted spikes' peaks. */
  peaks: number[];
  /** The spikes' height: at its peak the theme is drawn 1 + height times as often. */
  height: number;
}

export interface DemoCorpusOptions { seed: string; posts: number; days: number; now?: number }

export function demoConversations(options: DemoCorpusOptions): { conversations: DemoConversation[]; hours: number } {
  const generator = new CorpusGenerator({ seed: options.seed, posts: options.posts, days: options.days, now: options.now ?? Date.UTC(2026, 10, 1) });
  const hours = Math.round((generator.end - generator.start) / HOUR);
  const themes = new Set(THEME_NARRATIVES.map((n) => n.id));
  // Per theme, per hour: the theme's posts as the metrics stage sees them.
  const byHour = new Map(THEME_NARRATIVES.map((n) => [n.id, Array.from({ length: hours }, () => [] as MetricPost[])]));
  for (const { post, narrative, threat } of generator.posts()) {
    if (!themes.has(narrative)) continue;
    const h = Math.floor((Date.parse(post.published_at) - generator.start) / HOUR);
    if (h >= 0 && h < hours) byHour.get(narrative)![h]!.push({ platform: post.platform, narrative, riskCategory: 'Default', threatening: threat });
  }
  const window = CONTINUOUS_WINDOW_DAYS * 24;
  // The first run with a whole window of data behind it, then one a day up to the corpus's end.
  const runHours: number[] = [];
  for (let h = window; h <= hours; h += 24) runHours.push(h);
  const rng = new Random(`narrascope-demo:${options.seed}`).fork('posts').fork('spikes');
  // In the generator's draw order: per theme the number of peaks, their hours, then the height.
  const spikes = THEME_NARRATIVES.map(() => ({ at: Array.from({ length: rng.int(1, 3) }, () => rng.int(0, hours - 1)), height: 1 + rng.next() * 3 }));
  const conversations = THEME_NARRATIVES.map((n, i) => {
    const perHour = byHour.get(n.id)!;
    const rows = runHours.flatMap((at, r) => {
      const timestamp = new Date(generator.start + at * HOUR).toISOString();
      const run_id = `run-${String(r).padStart(4, '0')}`;
      // The posts new since the previous run: those of the hours after it (the stage finds them by id, the same set).
      const since = r === 0 ? null : runHours[r - 1]!;
      const posts = perHour.slice(at - window, at).flatMap((list, i) => (since === null ? list : list.map((p) => ({ ...p, isNew: at - window + i >= since }))));
      return metricBuckets(posts).map((b) => ({
        run_id, timestamp, narrative: b.narrative, platform: b.platform, risk_category: b.risk_category, value: b.post_count, weight: b.post_count,
        new_posts: since === null ? null : b.new_posts,
      }));
    });
    return { theme: n.id, rows, runHours, peaks: [...spikes[i]!.at].sort((a, b) => a - b), height: spikes[i]!.height };
  });
  return { conversations, hours };
}
