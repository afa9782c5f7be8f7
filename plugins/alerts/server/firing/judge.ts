import { levelText, periodText, type Criterion, type CriterionOutcome } from '../../shared/api';
import { judgeUnusual } from './unusualChange';

/** The change from `previous` to `current` in the criterion's unit; null when a percent change from 0 is undefined. */
export function changeOf(unit: Criterion['unit'], previous: number, current: number): number | null {
  if (unit === 'count') return Math.round((current - previous) * 100) / 100;
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 10_000) / 100;
}

function passesThreshold(c: Criterion, previous: number, current: number, change: number | null): boolean {
  // From nothing, any rise is an unbounded percent increase (and no fall is possible).
  if (change === null) return current > previous && c.direction !== 'decrease';
  if (c.direction === 'increase') return change > 0 && change >= c.threshold;
  if (c.direction === 'decrease') return change < 0 && -change >= c.threshold;
  return change !== 0 && Math.abs(change) >= c.threshold;
}

/**
 * A continuous conversation's posts new since the previous run: this run's and the earlier runs' (oldest first), with
 * each run's days since its previous run (`days` beside `history`, `currentDays` beside `current`).
 */
export interface NewPosts { history: readonly number[]; days: readonly number[]; current: number; currentDays: number }

/**
 * One criterion at one run: `history` holds the series' earlier values (oldest first), `current` this run's.
 * threshold: the change since the previous run against the threshold; unusual_change: see unusualChange.ts, on
 * `newPosts` when given (a continuous conversation's post_count: its window totals overlap, the new posts do not;
 * judged as posts per day against Bayesian change points, changePoints.ts), else on the values.
 */
export function judgeCriterion(c: Criterion, history: readonly number[], current: number, newPosts: NewPosts | null = null): CriterionOutcome {
  const previous = history.length > 0 ? history[history.length - 1]! : null;
  const change = previous === null ? null : changeOf(c.unit, previous, current);
  if (c.kind === 'unusual_change') {
    const sensitivity = c.sensitivity ?? 'medium';
    const { fired, explanation } = newPosts
      ? judgeUnusual(newPosts.history, newPosts.current, c.direction, sensitivity, c.threshold, { newPosts })
      : judgeUnusual(history, current, c.direction, sensitivity, c.threshold);
    return { ...c, actual: current, previous, change, fired, explanation: explanation && { ...explanation, basis: newPosts ? 'new_posts' : 'value' } };
  }
  const fired = previous !== null && passesThreshold(c, previous, current, change);
  return { ...c, actual: current, previous, change, fired, explanation: null };
}

const scopeText = (c: Criterion) => [
  c.platform?.length ? `on ${c.platform.join(', ')}` : '',
  c.risk_categories?.length ? `in ${c.risk_categories.join(', ')}` : '',
].filter(Boolean).join(' ');

/** How the expected value was found, as the message says it (why it fired). */
const MODEL_WORDS: Record<NonNullable<CriterionOutcome['explanation']>['model'], string> = {
  poisson: 'under a Poisson model of the history',
  negative_binomial: 'under a negative binomial model of the history',
  previous_run: 'from the previous run plus the usual change between runs',
  change_point: 'from the level since the last change point',
};

/** The days since the previous run, when known (firings stored before it have none). */
/** A firing's one-line description, as the e-mail, the notification and the Alerts tab show it. */
export function describeOutcome(o: CriterionOutcome): string {
  const where = scopeText(o);
  const suffix = where ? ` ${where}` : '';
  if (o.kind === 'unusual_change' && o.explanation) {
    const e = o.explanation;
    if (e.model === 'change_point') {
      const side = o.direction === 'decrease' || (o.direction === 'either' && e.observed < e.expected) ? 'or fewer' : 'or more';
      return `${o.metric} was ${o.actual}${suffix} over the run's window: ${e.observed} new posts since the previous run, about ${e.expected} ` +
        `expected${periodText(e.period_days)} (${levelText(e)}); chance of ${e.observed} ${side}: ${e.tail_probability.toExponential(1)}, below the ` +
        `${o.sensitivity ?? 'medium'} sensitivity's cutoff ${e.cutoff.toExponential(1)}`;
    }
    if (e.basis === 'new_posts') {
      return `${o.metric} was ${o.actual}${suffix} over the run's window, ${e.observed} of them new since the previous run, unusual against ` +
        `the new posts of the last ${e.history_points} runs: expected about ${e.expected} new${periodText(e.period_days)} ${MODEL_WORDS[e.model]}, tail probability ` +
        `${e.tail_probability.toExponential(1)}, below the ${o.sensitivity ?? 'medium'} sensitivity's cutoff ${e.cutoff.toExponential(1)}`;
    }
    return `${o.metric} was ${o.actual}${suffix}, unusual against the last ${e.history_points} runs: expected about ${e.expected} ` +
      `${MODEL_WORDS[e.model]}, tail probability ${e.tail_probability.toExponential(1)}, below the ${o.sensitivity ?? 'medium'} ` +
      `sensitivity's cutoff ${e.cutoff.toExponential(1)}`;
  }
  const moved = o.change === null ? 'rose from 0' : o.change >= 0 ? `rose by ${o.change}${o.unit === 'percent' ? '%' : ''}` : `fell by ${-o.change}${o.unit === 'percent' ? '%' : ''}`;
  return `${o.metric} ${moved}${suffix} (from ${o.previous} to ${o.actual}; threshold ${o.threshold}${o.unit === 'percent' ? '%' : ''})`;
}

export function firingMessage(ruleName: string, outcomes: readonly CriterionOutcome[]): string {
  return `${ruleName}: ${outcomes.filter((o) => o.fired).map(describeOutcome).join('; ')}`;
}
