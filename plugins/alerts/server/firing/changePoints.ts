import type { Direction, Sensitivity } from '../../shared/vocabulary';
import { cdfSum, logGamma, upperTailSum } from './negativeBinomial';

/**
 * A continuous conversation's posts new since the previous run, judged by Bayesian online change-point detection
 * (Adams and MacKay 2007) with gamma-Poisson segments. The series is a run of segments, each with its own rate of
 * posts per day; a new segment starts before any run with probability 1/HAZARD_RUNS, its rate drawn from
 * Gamma(PRIOR_STRENGTH, PRIOR_STRENGTH / the history's median posts per day), and a run's count is Poisson(rate x
 * its days). The new run's predictive is the mixture, over how long the current segment has lasted, of each
 * segment's negative binomial, plus the prior's for a change now. It fires when the run is beyond the predictive mean
 * and the mixture's tail is below the cutoff.
 *
 * Why (docs/benchmarks.md, issue 16, fifth round; ADR 0011): on the demo corpus a theme's expected new posts move with
 * the rest of the corpus and grow over the month, so one flat level fitted to the history lags or widens. A strong
 * prior (PRIOR_STRENGTH posts' worth) makes a new segment start at the history's median, so a run fires only when it
 * is unlikely both against the level since the last change and against the median, with Poisson spread rather than
 * the history's. The three settings were chosen on 33 seeds and checked once on 12 never-run ones.
 */

/** A change before a run has probability 1 / HAZARD_RUNS (about one change a fortnight of daily runs). */
export const HAZARD_RUNS = 14;
/** The prior of a segment's rate is worth this many posts: a new level starts at the history's median. */
export const PRIOR_STRENGTH = 1000;
/**
 * Tail probabilities below which new posts are unusual: 0.075 x the level model's (SENSITIVITY_CUTOFF); a tenth until
 * the first run counted as a history point (docs/benchmarks.md, issue 16, eighth measurement).
 */
export const CHANGE_POINT_CUTOFF: Record<Sensitivity, number> = { low: 7.5e-5, medium: 3.75e-4, high: 1.5e-3 };
/**
 * The prior's rate is at least one post a day, so an all-zero history does not call a single post unusual (the
 * level model's floor of one post did the same). The demo corpus's themes have 40-200 new posts a day.
 */
const MIN_PRIOR_RATE = 1;

/** One part of the predictive: with probability `weight`, the run's rate is Gamma(shape, rate = `inverseScale`). */
export interface Component { weight: number; shape: number; inverseScale: number }

export interface ChangePointPredictive {
  components: Component[];
  /** The predictive mean of the new run's count. */
  expected: number;
  /** The history's median posts per day: the prior's rate. */
  medianRate: number;
  /** The most probable length, in runs, of the current segment (0: a new level starting now). */
  segmentRuns: number;
  /**
   * Those runs' posts per day (the median's rate when none): what the series did since the change. The predictive's
   * own rate for the segment is pulled towards the median by the prior's PRIOR_STRENGTH posts.
   */
  segmentRate: number;
}

/** log P(k posts in `days`) when the rate is Gamma(shape, inverseScale): a negative binomial. */
function logPredictive(k: number, shape: number, inverseScale: number, days: number): number {
  return logGamma(k + shape) - logGamma(shape) - logGamma(k + 1) + shape * Math.log(inverseScale / (inverseScale + days))
    + k * Math.log(days / (inverseScale + days));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * The predictive of the next run's count after `counts` (oldest first, each over `days`), for a run over `currentDays`.
 * The recursion keeps, after each point, the weight of every run length r (the next point's segment holds the last r
 * points; r = 0: it starts afresh) and that segment's posterior Gamma(a0 + its posts, b0 + its days). The new run's
 * mixture takes the change hazard once more on top of r = 0's weight, as in the measured harness (so a fresh level
 * before the new run weighs about 2 / HAZARD_RUNS).
 */
export function changePointPredictive(counts: readonly number[], days: readonly number[], currentDays: number,
  { hazardRuns = HAZARD_RUNS, priorStrength = PRIOR_STRENGTH } = {}): ChangePointPredictive {
  const medianRate = Math.max(MIN_PRIOR_RATE, median(counts.map((c, i) => c / days[i]!)));
  const a0 = priorStrength;
  const b0 = priorStrength / medianRate;
  const hazard = 1 / hazardRuns;
  let weights = [1];
  let shapes = [a0];
  let inverseScales = [b0];
  counts.forEach((count, i) => {
    const logs = weights.map((_, r) => logPredictive(count, shapes[r]!, inverseScales[r]!, days[i]!));
    // Scaled by the largest term: the likelihoods of a few hundred posts underflow.
    const top = Math.max(...logs.map((l, r) => l + Math.log(weights[r]!)));
    const joint = logs.map((l, r) => weights[r]! * Math.exp(l - top));
    const next = [joint.reduce((s, v) => s + v, 0) * hazard, ...joint.map((v) => v * (1 - hazard))];
    const total = next.reduce((s, v) => s + v, 0);
    weights = next.map((v) => v / total);
    shapes = [a0, ...shapes.map((a) => a + count)];
    inverseScales = [b0, ...inverseScales.map((b) => b + days[i]!)];
  });
  const components = [
    ...weights.map((w, r) => ({ weight: w * (1 - hazard), shape: shapes[r]!, inverseScale: inverseScales[r]! })),
    { weight: hazard, shape: a0, inverseScale: b0 },
  ];
  const expected = components.reduce((s, c) => s + (c.weight * c.shape * currentDays) / c.inverseScale, 0);
  const segmentRuns = weights.reduce((best, w, r) => (w > weights[best]! ? r : best), 0);
  const segmentRate = segmentRuns === 0 ? medianRate
    : counts.slice(-segmentRuns).reduce((s, c) => s + c, 0) / days.slice(-segmentRuns).reduce((s, d) => s + d, 0);
  return { components, expected, medianRate, segmentRuns, segmentRate };
}

/** P(X >= k) under the mixture for a run over `days`. */
export function mixtureUpperTail(k: number, components: readonly Component[], days: number): number {
  return components.reduce((s, c) => s + c.weight * upperTailSum(k, (c.shape * days) / c.inverseScale, c.shape), 0);
}

/** P(X <= k) under the mixture for a run over `days`. */
export function mixtureCdf(k: number, components: readonly Component[], days: number): number {
  return components.reduce((s, c) => s + c.weight * cdfSum(k, (c.shape * days) / c.inverseScale, c.shape), 0);
}

export interface ChangePointJudgement {
  fired: boolean;
  predictive: ChangePointPredictive;
  /** The tail on the side the direction asks for (1 when the run is on the other side of the mean). */
  tail: number;
  cutoff: number;
}

/** The new posts `observed` over `currentDays` against the history's change-point predictive. */
export function judgeChangePoints(counts: readonly number[], days: readonly number[], observed: number, currentDays: number,
  direction: Direction, sensitivity: Sensitivity, minimum: number): ChangePointJudgement {
  const predictive = changePointPredictive(counts, days, currentDays);
  const { components, expected } = predictive;
  const k = Math.round(observed);
  const up = () => (k > expected ? mixtureUpperTail(k, components, currentDays) : 1);
  const down = () => (k < expected ? mixtureCdf(k, components, currentDays) : 1);
  const tail = direction === 'increase' ? up() : direction === 'decrease' ? down() : k >= expected ? up() : down();
  const cutoff = CHANGE_POINT_CUTOFF[sensitivity];
  return { fired: tail < cutoff && Math.abs(observed - expected) >= minimum, predictive, tail, cutoff };
}
