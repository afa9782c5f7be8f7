import type { Criterion } from '@plugins/alerts/shared/api';
import { ruleOutcomes } from '@plugins/alerts/server/firing/rule';
import { seriesOf } from '@plugins/alerts/server/firing/series';
import { MIN_HISTORY } from '@plugins/alerts/server/firing/unusualChange';
import { CONTINUOUS_WINDOW_DAYS } from '@plugins/conversations/shared/dates';
import { demoConversations, type DemoConversation, type DemoCorpusOptions } from './demoConversations';

/**
 * Scores a rule on the demo corpus's planted theme spikes, through the path a continuous conversation takes: the
 * metric rows of each daily run (demoConversations.ts), the criterion's series (`seriesOf`) and the rule's firings
 * (`ruleFirings`, what the preview answers and the evaluation stage stores run by run).
 *
 * - A spike peaking at hour `a` is **found** when the rule fires at a run in (a - 36 h, a + 48 h]: the spike rises and
 *   fades exponentially over 18 h each side of its peak (the generator's `themeSpikes`), so 36 h before the peak (two
 *   e-folds) the theme is already drawn 1 + 0.14 x height times as often; a run then sees the rise, the next runs the
 *   peak and the fall. (Until the posts new since the previous run were judged, the window started at a - 12 h; with
 *   the 7-day totals no run saw a rise that early. `LEAD_HOURS_BEFORE` = 12 gives the earlier scoring.)
 * - It is **judged** only when the run after its peak has MIN_HISTORY earlier runs (before that the criterion cannot
 *   fire at all) and the conversation ran at least a day after the peak (at the corpus's end it has not yet).
 * - A firing is **explained** while a spike is inside the run's 7-day window (its peak up to 7 days + 36 h before
 *   the run, or up to 36 h after it); explained firings after the first one per spike are **repeats** (the window
 *   still holds the surge), reported apart. Any other firing is a **false alarm**.
 * - Months: the runs that could fire (those with MIN_HISTORY earlier runs), per conversation, in 30-day months.
 * - A rule fires once per episode (runs in a row its criterion flags; rule.ts). A spike that arrives while an earlier
 *   one's episode is still flagged (two peaks a day or two apart) has no firing of its own: it is **told** (`told`)
 *   when a run in its found window fired or continued an episode that fired; `found` counts its own firings only.
 */
export interface ConversationScore { theme: string; judged: number; found: number; told: number; falseAlarms: number; repeats: number; months: number; missed: number[] }

export interface DemoBacktestResult {
  seed: string;
  conversations: ConversationScore[];
  judged: number;
  found: number;
  /** Found, or inside an episode already told (above). */
  told: number;
  falseAlarms: number;
  repeats: number;
  /** Spikes left unjudged: in the warm-up or in the corpus's last day. */
  unjudged: number;
  months: number;
  foundRate: number;
  falseAlarmsPerConversationMonth: number;
}

const WINDOW_HOURS = CONTINUOUS_WINDOW_DAYS * 24;
/** How long before its peak a spike's rise counts (see above). */
export const LEAD_HOURS_BEFORE = 36;

/**
 * `windowTotals`: judge the 7-day totals as the criterion did before the posts new since the previous run were
 * recorded (the rows' `new_posts` left out), for comparison; `leadHours`: the scoring's lead (above).
 */
export interface ScoringOptions { windowTotals?: boolean; leadHours?: number }

export function scoreConversation(c: DemoConversation, criterion: Criterion, scoring: ScoringOptions = {}): ConversationScore & { unjudged: number } {
  const lead = scoring.leadHours ?? LEAD_HOURS_BEFORE;
  const rows = scoring.windowTotals ? c.rows.map((r) => ({ ...r, new_posts: null })) : c.rows;
  const series = seriesOf(rows, criterion.metric, { platform: criterion.platform, risk_categories: criterion.risk_categories });
  const hourOf = new Map(series.map((p, i) => [p.run_id, c.runHours[i]!]));
  const outcomes = ruleOutcomes([criterion], [series]);
  const fired = series.filter((_, i) => outcomes[i]![0]!.fired).map((p) => hourOf.get(p.run_id)!);
  const flagged = series.filter((_, i) => outcomes[i]![0]!.fired || outcomes[i]![0]!.continuing).map((p) => hourOf.get(p.run_id)!);
  const firstJudged = c.runHours[MIN_HISTORY];
  const lastRun = c.runHours[c.runHours.length - 1]!;
  const judgedPeaks = c.peaks.filter((a) => firstJudged !== undefined && a >= firstJudged - 24 && a + 24 <= lastRun);
  const found = judgedPeaks.filter((a) => fired.some((t) => t > a - lead && t <= a + 48));
  const told = judgedPeaks.filter((a) => flagged.some((t) => t > a - lead && t <= a + 48));
  const explained = (t: number) => c.peaks.some((a) => t > a - lead && t <= a + WINDOW_HOURS + 36);
  const falseAlarms = fired.filter((t) => !explained(t)).length;
  const firstPerSpike = new Set(c.peaks.map((a) => fired.find((t) => t > a - lead && t <= a + WINDOW_HOURS + 36)).filter((t) => t !== undefined));
  const repeats = fired.filter((t) => explained(t) && !firstPerSpike.has(t)).length;
  const months = Math.max(0, c.runHours.length - MIN_HISTORY) / 30;
  return {
    theme: c.theme, judged: judgedPeaks.length, found: found.length, told: told.length, falseAlarms, repeats, months,
    missed: judgedPeaks.filter((a) => !found.includes(a)), unjudged: c.peaks.length - judgedPeaks.length,
  };
}

export function demoBacktest(options: DemoCorpusOptions, criterion: Criterion, scoring: ScoringOptions = {}): DemoBacktestResult {
  const { conversations } = demoConversations(options);
  const scores = conversations.map((c) => scoreConversation(c, criterion, scoring));
  const sum = (f: (s: (typeof scores)[number]) => number) => scores.reduce((n, s) => n + f(s), 0);
  const judged = sum((s) => s.judged);
  const months = sum((s) => s.months);
  return {
    seed: options.seed, conversations: scores.map(({ unjudged: _u, ...s }) => s), judged, found: sum((s) => s.found), told: sum((s) => s.told),
    falseAlarms: sum((s) => s.falseAlarms), repeats: sum((s) => s.repeats), unjudged: sum((s) => s.unjudged), months,
    foundRate: judged === 0 ? 0 : sum((s) => s.found) / judged, falseAlarmsPerConversationMonth: months === 0 ? 0 : sum((s) => s.falseAlarms) / months,
  };
}
