import type { Direction, Sensitivity } from '../../shared/vocabulary';
import type { UnusualExplanation } from '../../shared/api';
import { judgeChangePoints } from './changePoints';
import { cdf, logGamma, upperTail } from './negativeBinomial';

/**
 * "Unusual change": is the new count unlikely under the series' own history? Two ways to expect the next value:
 * - the history's level: its mean and variance give a Poisson model (variance at most the mean) or a negative
 *   binomial one (over-dispersed counts), right for runs over separate periods (one-off runs, daily counts);
 * - the previous run plus the usual change between runs (`previous_run`, Student t on the changes), right when runs
 *   overlap: a continuous conversation runs daily over the last 7 days, so consecutive values share 6 days and a
 *   day's surge is a small part of a large, slowly drifting total.
 * The history itself chooses: the model whose one-step errors over the history are smaller (the level's variance
 * against the changes' variance), so no series family is special-cased. A continuous conversation's post_count is
 * judged on the posts new since the previous run instead (the metrics stage records them, series.ts and rule.ts pass
 * them): separate periods by construction, as posts per day since the previous run (a run after a pause expects more,
 * a re-run an hour later fewer), by Bayesian change points (changePoints.ts: the level since the series' last change,
 * a new level starting at the history's median). The new value's tail probability is compared with the sensitivity's
 * cutoff. Pure: no I/O, so the rule dialog's preview, the stage and the backtests (evaluation/) judge alike.
 */

/** Tail probability under which a value is unusual. Chosen on the backtest (plugins/alerts/evaluation). */
export const SENSITIVITY_CUTOFF: Record<Sensitivity, number> = { low: 1e-3, medium: 5e-3, high: 2e-2 };
/** Fewer earlier points than this say nothing about a series: no firing. */
export const MIN_HISTORY = 7;
/** Only the latest points count: a conversation's level drifts. */
export const HISTORY_WINDOW = 28;

export interface UnusualJudgement { fired: boolean; explanation: UnusualExplanation | null }

/**
 * The model of a history: mean and, when over-dispersed, the negative binomial size r (method of moments). The
 * history's largest point is left out of the estimate when there are enough points, so one earlier surge does not
 * widen the model until it stops seeing the next. Posts new since the previous run: changePoints.ts.
 */
export function fitHistory(history: readonly number[]): { mean: number; size: number } {
  const sorted = [...history].sort((a, b) => a - b);
  const kept = sorted.length >= 10 ? sorted.slice(0, -1) : sorted;
  const mean = kept.reduce((s, v) => s + v, 0) / kept.length;
  const variance = kept.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, kept.length - 1);
  return { mean, size: variance > mean ? (mean * mean) / (variance - mean) : Infinity };
}

/** Regularized incomplete beta I_x(a, b) by its continued fraction (Numerical Recipes' betacf). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < 1e-300 ? 1e-300 : d);
  let f = d;
  for (let m = 1; m <= 300; m++) {
    for (const num of [(m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m)), -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))]) {
      d = 1 + num * d;
      d = 1 / (Math.abs(d) < 1e-300 ? 1e-300 : d);
      c = 1 + num / c;
      if (Math.abs(c) < 1e-300) c = 1e-300;
      f *= c * d;
    }
    if (Math.abs(c * d - 1) < 1e-12) break;
  }
  return (front * f) / a;
}

/** P(T >= t) of Student's t with `df` degrees of freedom. */
export function studentUpperTail(t: number, df: number): number {
  const half = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? half : 1 - half;
}

/**
 * The changes between consecutive runs of a history: their mean (the drift) and spread, the largest in size left out
 * from 10 changes on (an earlier surge's jump, like the level fit's largest point).
 */
export function fitChanges(history: readonly number[]): { drift: number; sd: number; points: number } {
  const changes = history.slice(1).map((v, i) => v - history[i]!).sort((a, b) => Math.abs(a) - Math.abs(b));
  const kept = changes.length >= 10 ? changes.slice(0, -1) : changes;
  const drift = kept.reduce((s, v) => s + v, 0) / Math.max(1, kept.length);
  const variance = kept.reduce((s, v) => s + (v - drift) ** 2, 0) / Math.max(1, kept.length - 1);
  return { drift, sd: Math.sqrt(variance), points: kept.length };
}

function levelVariance(history: readonly number[]): number {
  const { mean, size } = fitHistory(history);
  return Number.isFinite(size) ? mean + (mean * mean) / size : mean;
}

/** A run's new posts cover at most the conversation's 7-day window (CONTINUOUS_WINDOW_DAYS), however long the pause. */
export const NEW_POSTS_MAX_DAYS = 7;
/** A re-run minutes after the previous one still counts as an hour (its rate is not divided by almost nothing). */
const NEW_POSTS_MIN_DAYS = 1 / 24;
export const exposureOf = (days: number) => Math.min(NEW_POSTS_MAX_DAYS, Math.max(NEW_POSTS_MIN_DAYS, days));

/**
 * `newPosts`: the points are a continuous conversation's posts new since the previous run, counts over separate
 * periods by construction (`days`: each history point's period and the current run's, in days): judged by change
 * points (changePoints.ts) whatever the history's changes look like.
 */
export function judgeUnusual(history: readonly number[], observed: number, direction: Direction, sensitivity: Sensitivity, minimum = 0,
  options: { newPosts?: { days: readonly number[]; currentDays: number } } = {}): UnusualJudgement {
  const window = history.slice(-HISTORY_WINDOW);
  if (window.length < MIN_HISTORY) return { fired: false, explanation: null };
  if (options.newPosts) return judgeNewPosts(window, options.newPosts, observed, direction, sensitivity, minimum);
  const cutoff = SENSITIVITY_CUTOFF[sensitivity];
  const changes = fitChanges(window);
  if (changes.sd ** 2 < levelVariance(window)) return judgeAgainstPrevious(window, observed, direction, sensitivity, minimum, changes);
  const { mean, size } = fitHistory(window);
  // A floor of one post keeps an all-zero history from calling any single post unusual.
  const m = Math.max(mean, 1);
  const k = Math.round(observed);
  const up = upperTail(k, m, size);
  const down = cdf(k, m, size);
  const tail = direction === 'increase' ? (k > m ? up : 1) : direction === 'decrease' ? (k < m ? down : 1) : k >= m ? up : down;
  const largeEnough = Math.abs(observed - mean) >= minimum;
  return {
    fired: tail < cutoff && largeEnough,
    explanation: {
      model: Number.isFinite(size) ? 'negative_binomial' : 'poisson', history_points: window.length,
      expected: Math.round(mean * 100) / 100, dispersion: Number.isFinite(size) ? Math.round(size * 1000) / 1000 : null,
      observed, tail_probability: tail, cutoff,
    },
  };
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

function judgeNewPosts(window: readonly number[], newPosts: { days: readonly number[]; currentDays: number }, observed: number, direction: Direction,
  sensitivity: Sensitivity, minimum: number): UnusualJudgement {
  const currentDays = exposureOf(newPosts.currentDays);
  const { fired, predictive: p, tail, cutoff } = judgeChangePoints(window, newPosts.days.slice(-HISTORY_WINDOW).map(exposureOf), observed,
    currentDays, direction, sensitivity, minimum);
  return {
    fired,
    explanation: {
      model: 'change_point', history_points: window.length, expected: round(p.expected, 2), dispersion: null, observed,
      tail_probability: tail, cutoff, period_days: round(currentDays, 2), segment_runs: p.segmentRuns,
      segment_rate: round(p.segmentRate, 2), median_rate: round(p.medianRate, 2),
    },
  };
}

/**
 * The `previous_run` model: expected = the previous value + the drift; the error in units of the changes' spread
 * (at least one post) against Student's t with as many degrees of freedom as changes less one (few points, wide tails).
 */
function judgeAgainstPrevious(window: readonly number[], observed: number, direction: Direction, sensitivity: Sensitivity, minimum: number,
  changes: ReturnType<typeof fitChanges>): UnusualJudgement {
  const expected = window[window.length - 1]! + changes.drift;
  const t = (observed - expected) / Math.max(1, changes.sd);
  const df = Math.max(1, changes.points - 1);
  const up = studentUpperTail(t, df);
  const tail = direction === 'increase' ? (t > 0 ? up : 1) : direction === 'decrease' ? (t < 0 ? 1 - up : 1) : t >= 0 ? up : 1 - up;
  const cutoff = SENSITIVITY_CUTOFF[sensitivity];
  return {
    fired: tail < cutoff && Math.abs(observed - expected) >= minimum,
    explanation: {
      model: 'previous_run', history_points: window.length, expected: Math.round(expected * 100) / 100, dispersion: null,
      change_sd: Math.round(changes.sd * 100) / 100, observed, tail_probability: tail, cutoff,
    },
  };
}
