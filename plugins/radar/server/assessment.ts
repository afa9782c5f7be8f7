import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Assessment, Assessments, DateRange, Emerging, RepresentativePost } from '../shared/api';
import { DATE_RANGE_LABELS } from '../shared/api';
import { THEME_LABELS, type ThemeName } from '../shared/themes';
import { strongest, type Candidate, type RankedPost } from './aggregates';
import { burstRates, currentBurst } from './burst';
import type { Db } from './tables';
import { hourCounts, sumHours } from './volumes';

const HOUR = 3_600_000;
export const RANGE_HOURS: Readonly<Record<DateRange, number>> = { LAST_DAY: 24, LAST_WEEK: 168, LAST_MONTH: 720 };
/** Spec part 2 section 9: the theme volume is measured over 24 hours. */
const VOLUME_WINDOW_HOURS = 24;
const REPRESENTATIVE_POSTS = 5;
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
        : summarize(range, inRange, totalRange, sumHours(byHour, prevH, startH), await topCues(db, runs, theme, startH, endH)),
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
  // The burst's first posts (a post two conversations share is one).
  const base = db.selectFrom('radar_post_themes').where('run_id', 'in', runs.runIds).where('organization_id', '=', runs.organizationId)
    .where('theme', '=', theme).where('published_at', '>=', since);
  const first = runs.runIds.length === 1
    ? await base.select(['post_id', 'published_at as at']).orderBy('published_at').orderBy('post_id').limit(FIRST_POSTS).execute()
    : await base.select(['post_id', sql<string>`min(published_at)`.as('at')]).groupBy('post_id').orderBy('at').orderBy('post_id').limit(FIRST_POSTS).execute();
  return {
    since,
    ...burstRates(themed, burst),
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
  const top = await strongestInWindow(db, runs, theme, window, REPRESENTATIVE_POSTS * 6);
  if (top.length === 0) return [];
  // By primary key, the organisation checked here: with organization_id in the WHERE, SQLite walks the organisation's
  // posts index instead (tens of ms a theme at 1M posts).
  const posts = await db.selectFrom('posts_posts as p').leftJoin('posts_actors as a', 'a.id', 'p.actor_id')
    .select(['p.id', 'p.organization_id', 'p.platform', 'p.rid', 'p.title', 'p.body', 'p.published_at', 'p.source_url', 'a.screen_name'])
    .where('p.id', 'in', top.map((r) => r.postId)).execute();
  const byId = new Map(posts.filter((p) => p.organization_id === runs.organizationId).map((p) => [Number(p.id), p]));
  const conversationOfRun = new Map((await db.selectFrom('radar_runs').select(['run_id', 'conversation_id'])
    .where('run_id', 'in', [...new Set(top.map((r) => r.runId))]).execute()).map((r) => [r.run_id, r.conversation_id]));
  const seen = new Set<string>();
  const out: RepresentativePost[] = [];
  for (const r of top) {
    const p = byId.get(r.postId);
    if (!p || seen.has(p.body)) continue;
    seen.add(p.body);
    out.push({ id: Number(p.id), conversation_id: runs.conversationId ?? conversationOfRun.get(r.runId) ?? '', platform: p.platform, rid: p.rid, title: p.title, body: p.body, published_at: p.published_at,
      source_url: p.source_url, author: p.screen_name ?? null, score: r.score });
    if (out.length === REPRESENTATIVE_POSTS) break;
  }
  return out;
}

const DAY = 24 * HOUR;

/**
 * The `limit` strongest posts of the window, exactly: the whole days inside it from the stage's day aggregates (each
 * day's strongest posts), the rest of the window (its first and last hours, a part of a day each) from the themed
 * posts of those hours. The strongest of the window are among the strongest of its parts.
 */
async function strongestInWindow(db: Db, runs: RunSet, theme: string, window: { from: string; to: string }, limit: number): Promise<RankedPost[]> {
  const from = Date.parse(window.from);
  const to = Date.parse(window.to);
  const fullFrom = Math.ceil(from / DAY) * DAY;
  const fullTo = Math.floor(to / DAY) * DAY;
  const candidates: RankedPost[] = [];
  const parts: Array<[number, number]> = [];
  if (fullFrom >= fullTo) parts.push([from, to]);
  else {
    if (from < fullFrom) parts.push([from, fullFrom]);
    if (fullTo < to) parts.push([fullTo, to]);
    const days = await db.selectFrom('radar_run_days').select(['run_id', 'top_posts']).where('run_id', 'in', runs.runIds).where('theme', '=', theme)
      .where('day', '>=', isoOf(fullFrom).slice(0, 10)).where('day', '<', isoOf(fullTo).slice(0, 10)).execute();
    for (const d of days) {
      for (const [postId, score, publishedAt] of JSON.parse(d.top_posts) as Candidate[]) candidates.push({ postId, score, publishedAt, runId: d.run_id });
    }
  }
  for (const [a, b] of parts) {
    // `+score`: read the hours through the time index, then sort (not the whole theme through the score index).
    const rows = await themedInWindow(db, runs, theme, { from: isoOf(a), to: isoOf(b) })
      .select(['t.post_id', 't.score', 't.published_at', 't.run_id'])
      .orderBy(sql`+t.score`, 'desc').orderBy('t.published_at', 'desc').orderBy('t.post_id').limit(limit * runs.runIds.length).execute();
    for (const r of rows) candidates.push({ postId: Number(r.post_id), score: Number(r.score), publishedAt: r.published_at, runId: r.run_id });
  }
  return strongest(candidates, limit);
}

/** The cues most often found in the theme's posts of the range (from the stage's hour aggregates). */
async function topCues(db: Db, runs: RunSet, theme: string, fromHour: string, toHour: string): Promise<string[]> {
  const rows = await db.selectFrom('radar_run_hours').select('cues').where('run_id', 'in', runs.runIds).where('theme', '=', theme)
    .where('hour', '>=', fromHour).where('hour', '<', toHour).execute();
  const counts = new Map<string, number>();
  for (const r of rows) for (const [cue, n] of Object.entries(JSON.parse(r.cues ?? '{}') as Record<string, number>)) counts.set(cue, (counts.get(cue) ?? 0) + n);
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
