import type { Direction, Sensitivity } from '../../shared/vocabulary';
import type { UnusualExplanation } from '../../shared/api';

/**
 * "Unusual change": is the new count unlikely under the series' own history? The history's mean and variance give
 * a Poisson model (variance at most the mean) or a negative binomial one (over-dispersed counts, the usual case for
 * posts), and the new value's tail probability is compared with the sensitivity's cutoff. Pure: no I/O, so the rule
 * dialog's preview, the stage and the backtest (evaluation/) judge alike.
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
 * widen the model until it stops seeing the next.
 */
export function fitHistory(history: readonly number[]): { mean: number; size: number } {
  const sorted = [...history].sort((a, b) => a - b);
  const kept = sorted.length >= 10 ? sorted.slice(0, -1) : sorted;
  const mean = kept.reduce((s, v) => s + v, 0) / kept.length;
  const variance = kept.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, kept.length - 1);
  return { mean, size: variance > mean ? (mean * mean) / (variance - mean) : Infinity };
}

export function judgeUnusual(history: readonly number[], observed: number, direction: Direction, sensitivity: Sensitivity, minimum = 0): UnusualJudgement {
  const window = history.slice(-HISTORY_WINDOW);
  if (window.length < MIN_HISTORY) return { fired: false, explanation: null };
  const { mean, size } = fitHistory(window);
  // A floor of one post a day keeps an all-zero history from calling any single post unusual.
  const m = Math.max(mean, 1);
  const k = Math.round(observed);
  const up = upperTail(k, m, size);
  const down = cdf(k, m, size);
  const tail = direction === 'increase' ? (k > m ? up : 1) : direction === 'decrease' ? (k < m ? down : 1) : k >= m ? up : down;
  const cutoff = SENSITIVITY_CUTOFF[sensitivity];
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
