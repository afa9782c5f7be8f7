import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Assessment, Assessments, DateRange, Emerging, RepresentativePost } from '../shared/api';
import { DATE_RANGE_LABELS } from '../shared/api';
import { THEME_LABELS, type ThemeName } from '../shared/themes';
import { currentBurst } from './burst';
import type { Db } from './tables';
import { hourCounts, sumHours } from './volumes';

const HOUR = 3_600_000;
export const RANGE_HOURS: Readonly<Record<DateRange, number>> = { LAST_DAY: 24, LAST_WEEK: 168, LAST_MONTH: 720 };
/** Spec part 2 section 9: the theme volume is measured over 24 hours. */
const VOLUME_WINDOW_HOURS = 24;
const REPRESENTATIVE_POSTS = 5;
/** Posts whose cues make the summary: the newest of the range (bounded work on a large theme). */
const SUMMARY_SAMPLE = 1_000;
/** The burst detector reads the last 30 days of hours, whatever the range shown. */
const BURST_WINDOW_HOURS = 720;
const FIRST_POSTS = 3;

/** The runs an assessment reads and where their data ends. */
export interface RunSet { organizationId: string; conversationId: string | null; runIds: string[]; lastPostAt: string | null }

const hourKey = (ms: number) => new Date(ms).toISOString().slice(0, 13);
const isoOf = (ms: number) => new Date(ms).toISOString();

/** A stable uuid per conversation (or organisation) and theme: the assessment's id (spec: ids are uuids). */
function assessmentId(owner: string, theme: string): string {
  const h = crypto.createHash('sha1').update(`radar:${owner}:${theme}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/**
 * The narrative risk assessment of each enabled theme over the runs, for the date range. The window ends with the
 * hour of the newest post: a conversation that stopped collecting shows its last week, not an empty one.
 */
export async function assess(db: Db, runs: RunSet, themes: readonly ThemeName[], range: DateRange): Promise<Assessments> {
  const base = { conversation_id: runs.conversationId, date_range: range };
  if (runs.runIds.length === 0 || runs.lastPostAt === null) {
    return { ...base, start: null, end: null, total_posts_date_range: 0, total_posts_last_24h: 0, themes: themes.map((t) => emptyAssessment(runs, t)) };
  }
  const rangeHours = RANGE_HOURS[range];
  const end = Math.floor(Date.parse(runs.lastPostAt) / HOUR) * HOUR + HOUR;
  const start = end - rangeHours * HOUR;
  const previous = start - rangeHours * HOUR;
  const dayStart = end - VOLUME_WINDOW_HOURS * HOUR;
  const burstFrom = end - BURST_WINDOW_HOURS * HOUR;
  const counts = await hourCounts(db, runs.organizationId, runs.runIds, hourKey(Math.min(previous, dayStart, burstFrom)));
  const hoursOfWindow = Array.from({ length: BURST_WINDOW_HOURS }, (_, i) => hourKey(burstFrom + i * HOUR));
  const totalSeries = hoursOfWindow.map((h) => counts.total.get(h) ?? 0);
  const [startH, endH, prevH, dayH] = [hourKey(start), hourKey(end), hourKey(previous), hourKey(dayStart)];
  const totalRange = sumHours(counts.total, startH, endH);
  const total24 = sumHours(counts.total, dayH, endH);
  const bucketHours = range === 'LAST_DAY' ? 1 : 24;
  const out: Assessment[] = [];
  for (const theme of themes) {
    const byHour = counts.themes.get(theme);
    const inRange = sumHours(byHour, startH, endH);
    const last24 = sumHours(byHour, dayH, endH);
    const history = [];
    for (let b = start; b < end; b += bucketHours * HOUR) history.push({ date: isoOf(b), volume: sumHours(byHour, hourKey(b), hourKey(b + bucketHours * HOUR)) });
    const window = { from: isoOf(start), to: isoOf(end) };
    out.push({
      id: assessmentId(runs.conversationId ?? `org:${runs.organizationId}`, theme),
      conversation_id: runs.conversationId, theme_name: theme, label: THEME_LABELS[theme],
      volume_history: history,
      volume_percentage: total24 === 0 ? 0 : (100 * last24) / total24,
      volume_raw: last24,
      volume_raw_date_range: inRange,
      total_posts_date_range: totalRange,
      representative_posts: inRange === 0 ? [] : await representativePosts(db, runs, theme, window),
      theme_summary: inRange === 0 ? null
        : summarize(range, inRange, totalRange, sumHours(byHour, prevH, startH), await topCues(db, runs, theme, window)),
      emerging: await emerging(db, runs, theme, burstFrom, hoursOfWindow.map((h) => byHour?.get(h) ?? 0), totalSeries),
    });
  }
  return { ...base, start: isoOf(start), end: isoOf(end), total_posts_date_range: totalRange, total_posts_last_24h: total24, themes: out };
}

/** The theme's current burst with its evidence (baseline and current hourly rate, first posts), or null. */
async function emerging(db: Db, runs: RunSet, theme: string, from: number, themed: number[], totals: number[]): Promise<Emerging | null> {
  const burst = currentBurst(themed, totals);
  if (!burst) return null;
  const since = isoOf(from + burst.start * HOUR);
  const sum = (a: number, b: number) => themed.slice(a, b).reduce((x, y) => x + y, 0);
  // The burst's first posts (a post two conversations share is one).
  const base = db.selectFrom('radar_post_themes').where('run_id', 'in', runs.runIds).where('organization_id', '=', runs.organizationId)
    .where('theme', '=', theme).where('published_at', '>=', since);
  const first = runs.runIds.length === 1
    ? await base.select(['post_id', 'published_at as at']).orderBy('published_at').orderBy('post_id').limit(FIRST_POSTS).execute()
    : await base.select(['post_id', sql<string>`min(published_at)`.as('at')]).groupBy('post_id').orderBy('at').orderBy('post_id').limit(FIRST_POSTS).execute();
  return {
    since,
    baseline_per_hour: burst.start === 0 ? 0 : sum(0, burst.start) / burst.start,
    current_per_hour: sum(burst.start, burst.end) / (burst.end - burst.start),
    first_post_ids: first.map((r) => Number(r.post_id)),
  };
}

function emptyAssessment(runs: RunSet, theme: ThemeName): Assessment {
  return {
    id: assessmentId(runs.conversationId ?? `org:${runs.organizationId}`, theme), conversation_id: runs.conversationId, theme_name: theme,
    label: THEME_LABELS[theme], volume_history: [], volume_percentage: 0, volume_raw: 0, volume_raw_date_range: 0, total_posts_date_range: 0,
    representative_posts: [], theme_summary: null, emerging: null,
  };
}

const themedInWindow = (db: Db, runs: RunSet, theme: string, window: { from: string; to: string }) => db.selectFrom('radar_post_themes as t')
  .where('t.run_id', 'in', runs.runIds).where('t.organization_id', '=', runs.organizationId).where('t.theme', '=', theme)
  .where('t.published_at', '>=', window.from).where('t.published_at', '<', window.to);

/**
 * The theme's most typical posts of the range: the strongest theme score, the newest first among equals; one post
 * per text (reposts of one text are one voice). The first is the card's key post.
 */
async function representativePosts(db: Db, runs: RunSet, theme: string, window: { from: string; to: string }): Promise<RepresentativePost[]> {
  const limit = REPRESENTATIVE_POSTS * 6;
  const top = runs.runIds.length === 1 ? await strongestOfRun(db, runs, theme, window, limit)
    : await themedInWindow(db, runs, theme, window)
      .select(['t.post_id', sql<number>`max(t.score)`.as('score'), sql<string>`max(t.published_at)`.as('at'), sql<string>`min(t.run_id)`.as('run_id')])
      .groupBy('t.post_id').orderBy('score', 'desc').orderBy('at', 'desc').orderBy('t.post_id').limit(limit).execute();
  if (top.length === 0) return [];
  const posts = await db.selectFrom('posts_posts as p').leftJoin('posts_actors as a', 'a.id', 'p.actor_id')
    .select(['p.id', 'p.platform', 'p.rid', 'p.title', 'p.body', 'p.published_at', 'p.source_url', 'a.screen_name'])
    .where('p.organization_id', '=', runs.organizationId).where('p.id', 'in', top.map((r) => Number(r.post_id))).execute();
  const byId = new Map(posts.map((p) => [Number(p.id), p]));
  const conversationOfRun = new Map((await db.selectFrom('radar_runs').select(['run_id', 'conversation_id'])
    .where('run_id', 'in', [...new Set(top.map((r) => r.run_id))]).execute()).map((r) => [r.run_id, r.conversation_id]));
  const seen = new Set<string>();
  const out: RepresentativePost[] = [];
  for (const r of top) {
    const p = byId.get(Number(r.post_id));
    if (!p || seen.has(p.body)) continue;
    seen.add(p.body);
    out.push({ id: Number(p.id), conversation_id: runs.conversationId ?? conversationOfRun.get(r.run_id) ?? '', platform: p.platform, rid: p.rid, title: p.title, body: p.body, published_at: p.published_at,
      source_url: p.source_url, author: p.screen_name ?? null, score: Number(r.score) });
    if (out.length === REPRESENTATIVE_POSTS) break;
  }
  return out;
}

/**
 * One run holds a post once. Its strongest posts of the window, score by score from the highest: each step reads the
 * (run, theme, score, time) index newest first and stops at the limit, instead of sorting the window's posts.
 */
async function strongestOfRun(db: Db, runs: RunSet, theme: string, window: { from: string; to: string }, limit: number) {
  const scores = await db.selectFrom('radar_post_themes').select('score').distinct()
    .where('run_id', '=', runs.runIds[0]!).where('theme', '=', theme).orderBy('score', 'desc').execute();
  const out: Array<{ post_id: number; score: number; at: string; run_id: string }> = [];
  for (const { score } of scores) {
    const rows = await themedInWindow(db, runs, theme, window).where('t.score', '=', score)
      .select(['t.post_id', 't.score', 't.published_at as at', 't.run_id']).orderBy('t.published_at', 'desc').orderBy('t.post_id')
      .limit(limit - out.length).execute();
    out.push(...rows);
    if (out.length >= limit) break;
  }
  return out;
}

/** The cues most often found in the theme's newest posts of the range. */
async function topCues(db: Db, runs: RunSet, theme: string, window: { from: string; to: string }): Promise<string[]> {
  const rows = await themedInWindow(db, runs, theme, window).select('t.cues').orderBy('t.published_at', 'desc').limit(SUMMARY_SAMPLE).execute();
  const counts = new Map<string, number>();
  for (const r of rows) for (const cue of new Set(JSON.parse(r.cues) as string[])) counts.set(cue, (counts.get(cue) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 4).map(([cue]) => cue);
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumSignificantDigits: 3 });

/**
 * A short, factual summary from the numbers (no language model): volume and share of the range, the change against
 * the period before, and what the posts mention most.
 */
export function summarize(range: DateRange, volume: number, total: number, before: number, cues: readonly string[]): string {
  const period = DATE_RANGE_LABELS[range].toLowerCase();
  const share = total === 0 ? 0 : Math.round((100 * volume) / total);
  const unit = range === 'LAST_DAY' ? 'day' : range === 'LAST_WEEK' ? 'week' : 'month';
  let trend: string;
  if (before === 0) trend = `none in the ${unit} before`;
  else {
    const change = Math.round((100 * (volume - before)) / before);
    trend = Math.abs(change) < 10 ? `about as many as the ${unit} before` : `${change > 0 ? 'up' : 'down'} ${Math.abs(change)}% on the ${unit} before`;
  }
  const mentions = cues.length ? ` Most mentioned: ${cues.map((c) => `"${c}"`).join(', ')}.` : '';
  return `${compact.format(volume)} posts in the ${period} (${share}% of the conversation), ${trend}.${mentions}`;
}
