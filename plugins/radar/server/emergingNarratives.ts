import type { EmergingNarrative } from '../shared/api';
import type { RunSet } from './assessment';
import { burstRates, currentBurst } from './burst';
import type { Db } from './tables';

const HOUR = 3_600_000;
/** The detector reads the last 30 days of hours, as for themes. */
const WINDOW_HOURS = 720;
const FIRST_POSTS = 3;
const hourKey = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/**
 * The conversation's narratives (topics) whose share of the conversation's posts bursts now: the same Kleinberg
 * detector as the themes (burst.ts) over the hour counts of stage radar.narratives, in the 30 days ending with the
 * run's newest post. Evidence: since when, the hourly rate before and during the burst, the burst's first posts.
 */
export async function emergingNarratives(db: Db, runs: RunSet): Promise<EmergingNarrative[]> {
  const runId = runs.runIds[0];
  if (runs.runIds.length !== 1 || runId === undefined || runs.lastPostAt === null) return [];
  const end = Math.floor(Date.parse(runs.lastPostAt) / HOUR) * HOUR + HOUR;
  const from = end - WINDOW_HOURS * HOUR;
  const hours = Array.from({ length: WINDOW_HOURS }, (_, i) => hourKey(from + i * HOUR));
  const index = new Map(hours.map((h, i) => [h, i]));
  const totals = new Array<number>(WINDOW_HOURS).fill(0);
  for (const r of await db.selectFrom('radar_run_hours').select(['hour', 'posts']).where('run_id', '=', runId).where('theme', '=', '')
    .where('hour', '>=', hours[0]!).execute()) {
    const i = index.get(r.hour);
    if (i !== undefined) totals[i] = Number(r.posts);
  }
  const byTopic = new Map<string, { series: number[]; first: Array<{ i: number; ids: number[] }> }>();
  for (const r of await db.selectFrom('radar_run_topic_hours').select(['topic', 'hour', 'posts', 'first_post_ids']).where('run_id', '=', runId)
    .where('hour', '>=', hours[0]!).execute()) {
    const i = index.get(r.hour);
    if (i === undefined) continue;
    let t = byTopic.get(r.topic);
    if (!t) byTopic.set(r.topic, (t = { series: new Array<number>(WINDOW_HOURS).fill(0), first: [] }));
    t.series[i] = Number(r.posts);
    t.first.push({ i, ids: JSON.parse(r.first_post_ids) as number[] });
  }
  const out: EmergingNarrative[] = [];
  for (const [topic, t] of byTopic) {
    const burst = currentBurst(t.series, totals);
    if (!burst) continue;
    const firstPosts = t.first.filter((f) => f.i >= burst.start).sort((a, b) => a.i - b.i).flatMap((f) => f.ids).slice(0, FIRST_POSTS);
    out.push({
      topic, posts: t.series.reduce((a, b) => a + b, 0),
      emerging: { since: new Date(from + burst.start * HOUR).toISOString(), ...burstRates(t.series, burst), first_post_ids: firstPosts },
    });
  }
  const lift = (n: EmergingNarrative) => n.emerging.current_per_hour / Math.max(n.emerging.baseline_per_hour, 1e-9);
  return out.sort((a, b) => lift(b) - lift(a) || a.topic.localeCompare(b.topic));
}
