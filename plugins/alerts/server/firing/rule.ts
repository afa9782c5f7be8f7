import type { Criterion, CriterionOutcome } from '../../shared/api';
import type { Db } from '../tables';
import { firingMessage, judgeCriterion, type NewPosts } from './judge';
import { criterionSeries, type SeriesPoint } from './series';
import { NEW_POSTS_MAX_DAYS } from './unusualChange';

const DAY_MS = 86_400_000;
/** A continuous conversation's first run collects the 7 days before it (conversations' CONTINUOUS_WINDOW_DAYS). */
const FIRST_RUN_DAYS = NEW_POSTS_MAX_DAYS;

export interface RuleFiring { run_id: string; timestamp: string; criteria: CriterionOutcome[]; message: string }

/**
 * A rule over a conversation's whole metric history: at every run, each criterion judged against the points before
 * it. A rule fires when any of its criteria fires. The stage keeps the firing at its run; the preview shows them all.
 */
export async function ruleHistory(db: Db, organizationId: string, conversationId: string, name: string, criteria: readonly Criterion[]) {
  const series = await Promise.all(criteria.map((c) => criterionSeries(db, organizationId, conversationId, c)));
  const runs = series[0] ?? [];
  return { points: runs.length, firings: ruleFirings(name, criteria, series), runs, series };
}

/**
 * The firings of a rule over its criteria's series (one series per criterion, the same runs in each, oldest first).
 * Pure: the preview and the backtest on the demo corpus (tests/integration/alerts/demoBacktest.ts) judge alike.
 * A criterion fires once per episode (`armed`): at the first run of a stretch of runs it flags, not again until a run
 * it does not flag.
 */
export function ruleFirings(name: string, criteria: readonly Criterion[], series: readonly (readonly SeriesPoint[])[]): RuleFiring[] {
  const runs = series[0] ?? [];
  return ruleOutcomes(criteria, series).flatMap((outcomes, i) => (outcomes.some((o) => o.fired)
    ? [{ run_id: runs[i]!.run_id, timestamp: runs[i]!.timestamp, criteria: outcomes, message: firingMessage(name, outcomes) }] : []));
}

/** Every run's outcomes, one per criterion (fired, or `continuing` an episode already told, or neither). */
export function ruleOutcomes(criteria: readonly Criterion[], series: readonly (readonly SeriesPoint[])[]): CriterionOutcome[][] {
  const runs = series[0] ?? [];
  const flagged = criteria.map((c, j) => runs.map((_, i) => judge(c, series[j]!, i)));
  return runs.map((_, i) => flagged.map((byRun) => armed(byRun[i]!, byRun[i - 1])));
}

/**
 * Repeats: a series that stays unusual (or keeps passing its threshold) run after run is one episode, told once. Over
 * a history (the preview, the backtests) the rule is taken as on throughout: a criterion that flags this run and
 * flagged the previous one does not fire again (`continuing`); it re-arms at the first run it does not flag.
 */
function armed(now: CriterionOutcome, before: CriterionOutcome | undefined): CriterionOutcome {
  return now.fired && before?.fired ? continuing(now) : now;
}

/** A flagged outcome kept quiet: its episode was already told. */
const continuing = (outcome: CriterionOutcome): CriterionOutcome => ({ ...outcome, fired: false, continuing: true });

function judge(c: Criterion, points: readonly SeriesPoint[], index: number): CriterionOutcome {
  return judgeCriterion(c, points.slice(0, index).map((p) => p.value), points[index]!.value, c.kind === 'unusual_change' ? newPostsAt(points, index) : null);
}

/**
 * The new posts at `index` and before it, back to the first run without them (a continuous conversation's first
 * run), each with the days since the run before it; null when the run has none (one-off conversations, other
 * metrics): the criterion then judges the values. That first run counts too, as one point: all its posts were new,
 * collected over the conversation's window (`FIRST_RUN_DAYS`), so the 7th run already has 7 points (docs/benchmarks.md,
 * issue 16, eighth measurement).
 */
function newPostsAt(points: readonly SeriesPoint[], index: number): NewPosts | null {
  const current = points[index]!.new_posts;
  if (current === null || current === undefined) return null;
  let start = index;
  while (start > 0 && points[start - 1]!.new_posts !== null && points[start - 1]!.new_posts !== undefined) start -= 1;
  const daysAt = (i: number) => (i === 0 ? 1 : (Date.parse(points[i]!.timestamp) - Date.parse(points[i - 1]!.timestamp)) / DAY_MS);
  const history = points.slice(start, index);
  const first = start > 0 ? [{ count: points[start - 1]!.value, days: FIRST_RUN_DAYS }] : [];
  return {
    history: [...first.map((f) => f.count), ...history.map((p) => p.new_posts!)],
    days: [...first.map((f) => f.days), ...history.map((_, j) => daysAt(start + j))], current, currentDays: daysAt(index),
  };
}

/**
 * The rule at one run only (the evaluation stage): null when the run has no metrics. `toldRuns`: the runs at which
 * this rule's alerts were stored. A criterion flagging this run stays quiet (`continuing`) when the runs before it,
 * back to the last one it did not flag, include one of them: the episode was told. Where the rule was on throughout
 * this is the preview's rule (`armed`); a rule created, enabled or unmuted in the middle of an episode fires at its
 * next flagged run, since nothing was told yet.
 */
export async function ruleAtRun(db: Db, organizationId: string, conversationId: string, name: string, criteria: readonly Criterion[], runId: string,
  toldRuns: ReadonlySet<string> = new Set()) {
  const series = await Promise.all(criteria.map((c) => criterionSeries(db, organizationId, conversationId, c)));
  const index = series[0]?.findIndex((p) => p.run_id === runId) ?? -1;
  if (index < 0) return null;
  const outcomes = criteria.map((c, j) => {
    const now = judge(c, series[j]!, index);
    return now.fired && episodeTold(c, series[j]!, index, toldRuns) ? continuing(now) : now;
  });
  return { fired: outcomes.some((o) => o.fired), criteria: outcomes, message: firingMessage(name, outcomes), timestamp: series[0]![index]!.timestamp };
}

function episodeTold(c: Criterion, points: readonly SeriesPoint[], index: number, toldRuns: ReadonlySet<string>): boolean {
  for (let i = index - 1; i >= 0 && judge(c, points, i).fired; i--) if (toldRuns.has(points[i]!.run_id)) return true;
  return false;
}
