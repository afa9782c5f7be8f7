import type { Direction, Sensitivity } from '../../shared/vocabulary';
import type { UnusualExplanation } from '../../shared/api';

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
 * them): separate periods by construction, so the level model, as posts per day since the previous run (a run after
 * a pause expects more, a re-run an hour later fewer), fitted without the history's largest fifth. The new value's
 * tail probability is compared with the sensitivity's cutoff. Pure: no I/O, so the rule dialog's preview, the stage
 * and the backtests (evaluation/) judge alike.
 */

/** Tail probability under which a value is unusual. Chosen on the backtest (plugins/alerts/evaluation). */
export const SENSITIVITY_CUTOFF: Record<Sensitivity, number> = { low: 1e-3, medium: 5e-3, high: 2e-2 };
/** Fewer earlier points than this say nothing about a series: no firing. */
export const MIN_HISTORY = 7;
/** Only the latest points count: a conversation's level drifts. */
export const HISTORY_WINDOW = 28;

export interface UnusualJudgement { fired: boolean; explanation: UnusualExplanation | null }

function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9), accurate to ~1e-15 for x > 0.
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** log P(X = k) of a negative binomial with size r and mean m (r = Infinity: Poisson). */
function logPmf(k: number, m: number, r: number): number {
  if (m <= 0) return k === 0 ? 0 : -Infinity;
  if (!Number.isFinite(r)) return k * Math.log(m) - m - logGamma(k + 1);
  const p = r / (r + m);
  return logGamma(k + r) - logGamma(r) - logGamma(k + 1) + r * Math.log(p) + k * Math.log(1 - p);
}

/** P(X <= k), summed term by term (k is a post count: a few thousand terms at most). */
export function cdf(k: number, m: number, r: number): number {
  let sum = 0;
  for (let i = 0; i <= k; i++) sum += Math.exp(logPmf(i, m, r));
  return Math.min(1, sum);
}

/** P(X >= k). */
export function upperTail(k: number, m: number, r: number): number {
  if (k <= 0) return 1;
  return Math.max(0, 1 - cdf(k - 1, m, r));
}

/**
 * The model of a history: mean and, when over-dispersed, the negative binomial size r (method of moments). The
 * history's largest point is left out of the estimate when there are enough points, so one earlier surge does not
 * widen the model until it stops seeing the next. Posts new since the previous run: `fitNewPosts`.
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
 * The level model of posts new since the previous run when runs are `days` apart: a negative binomial whose mean is a
 * rate per day times the run's period (a gamma-Poisson with exposure), `mean` the rate and `size` the dispersion.
 * The history's largest fifth by rate (at least one point) is left out: one news surge spans two or three runs (it
 * rises and fades over about a day and a half each side of its peak) and a month's history holds several. (A fit
 * robust by construction, median and MAD then screening out the points it would itself flag, was measured and not
 * taken: it lost spikes on every seed, ADR 0011's last section.) The rate is the kept posts over the kept days; the
 * size by moments in count space, each point against its own expected count a = rate x days:
 * 1 / size = (sum (n - a)^2 / (N - 1) - mean a) / mean a^2, Poisson when that is not positive. With equal periods
 * this is the mean and variance of the kept counts, as before periods were taken into account.
 */
export function fitNewPosts(counts: readonly number[], days: readonly number[]): { mean: number; size: number } {
  const order = counts.map((_, i) => i).sort((i, j) => counts[i]! / days[i]! - counts[j]! / days[j]!);
  const kept = order.slice(0, order.length - Math.max(1, Math.floor(order.length / 5)));
  const rate = kept.reduce((s, i) => s + counts[i]!, 0) / kept.reduce((s, i) => s + days[i]!, 0);
  const expected = kept.map((i) => rate * days[i]!);
  const spread = kept.reduce((s, i, j) => s + (counts[i]! - expected[j]!) ** 2, 0) / Math.max(1, kept.length - 1);
  const level = expected.reduce((s, a) => s + a, 0) / kept.length;
  const square = expected.reduce((s, a) => s + a * a, 0) / kept.length;
  return { mean: rate, size: spread > level && square > 0 ? square / (spread - level) : Infinity };
}

/**
 * `newPosts`: the points are a continuous conversation's posts new since the previous run, counts over separate
 * periods by construction: judged as posts per day (`days`: each history point's period and the current run's, in
 * days; each run's expected count is the rate times its period) with the level model whatever the history's changes
 * look like, fitted without the history's largest fifth (`fitNewPosts`).
 */
export function judgeUnusual(history: readonly number[], observed: number, direction: Direction, sensitivity: Sensitivity, minimum = 0,
  options: { newPosts?: { days: readonly number[]; currentDays: number } } = {}): UnusualJudgement {
  const window = history.slice(-HISTORY_WINDOW);
  if (window.length < MIN_HISTORY) return { fired: false, explanation: null };
  const cutoff = SENSITIVITY_CUTOFF[sensitivity];
  const changes = fitChanges(window);
  if (!options.newPosts && changes.sd ** 2 < levelVariance(window)) return judgeAgainstPrevious(window, observed, direction, sensitivity, minimum, changes);
  const periods = options.newPosts?.days.slice(-HISTORY_WINDOW).map(exposureOf);
  const currentDays = options.newPosts ? exposureOf(options.newPosts.currentDays) : 1;
  const { mean: rate, size } = periods ? fitNewPosts(window, periods) : fitHistory(window);
  const mean = rate * currentDays;
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
      ...(periods ? { period_days: Math.round(currentDays * 100) / 100 } : {}),
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
