import { describe, expect, it } from 'vitest';
import type { Criterion } from '../../shared/api';
import { changePointPredictive, CHANGE_POINT_CUTOFF, mixtureCdf, mixtureUpperTail } from './changePoints';
import { describeOutcome, judgeCriterion } from './judge';
import { ruleOutcomes } from './rule';
import { cdf, cdfSum, logGamma, upperTail, upperTailSum } from './negativeBinomial';

/** log of the gamma-Poisson marginal likelihood of one segment's counts (each over its days) under Gamma(a0, b0). */
function logSegment(counts: readonly number[], days: readonly number[], a0: number, b0: number): number {
  const posts = counts.reduce((s, c) => s + c, 0);
  const span = days.reduce((s, d) => s + d, 0);
  return a0 * Math.log(b0) - logGamma(a0) + logGamma(a0 + posts) - (a0 + posts) * Math.log(b0 + span)
    + counts.reduce((s, c, i) => s + c * Math.log(days[i]!) - logGamma(c + 1), 0);
}

/**
 * The predictive pmf of the next count by brute force: every way to cut the history into segments (a cut between two
 * points with probability 1/h), each weighted by its prior and its segments' marginal likelihoods; the new run then
 * starts a segment with probability 1 - (1 - 1/h)^2 (the recursion takes the hazard once more before the new run,
 * changePoints.ts) or continues the last one with its posterior.
 */
function bruteForcePmf(counts: number[], days: number[], currentDays: number, h: number, a0: number, median: number) {
  const hazard = 1 / h;
  const b0 = a0 / median;
  const n = counts.length;
  const configs: { logWeight: number; last: { a: number; b: number } }[] = [];
  for (let mask = 0; mask < 2 ** (n - 1); mask++) {
    let logWeight = 0;
    let start = 0;
    let last = { a: a0, b: b0 };
    for (let i = 0; i < n; i++) {
      const cut = i === n - 1 || (mask >> i) & 1;
      if (i < n - 1) logWeight += Math.log(cut ? hazard : 1 - hazard);
      if (!cut) continue;
      const c = counts.slice(start, i + 1);
      const d = days.slice(start, i + 1);
      logWeight += logSegment(c, d, a0, b0);
      last = { a: a0 + c.reduce((s, v) => s + v, 0), b: b0 + d.reduce((s, v) => s + v, 0) };
      start = i + 1;
    }
    configs.push({ logWeight, last });
  }
  const top = Math.max(...configs.map((c) => c.logWeight));
  const total = configs.reduce((s, c) => s + Math.exp(c.logWeight - top), 0);
  const fresh = 1 - (1 - hazard) ** 2;
  const nb = (k: number, a: number, b: number) => Math.exp(logGamma(k + a) - logGamma(a) - logGamma(k + 1) + a * Math.log(b / (b + currentDays))
    + k * Math.log(currentDays / (b + currentDays)));
  return (k: number) => fresh * nb(k, a0, b0)
    + (1 - fresh) * configs.reduce((s, c) => s + (Math.exp(c.logWeight - top) / total) * nb(k, c.last.a, c.last.b), 0);
}

describe('change-point predictive of new posts', () => {
  it('matches a hand-computed case: one point of 1 post, h 4, prior worth 2 posts', () => {
    // After the point: a change after it with weight 1/4, the segment Gamma(3, 3) with 3/4. New run: 3/4 x those
    // plus 1/4 the prior Gamma(2, 2): Gamma(2, 2) 7/16, Gamma(3, 3) 9/16; P(0) = 7/16 (2/3)^2 + 9/16 (3/4)^3.
    const p = changePointPredictive([1], [1], 1, { hazardRuns: 4, priorStrength: 2 });
    expect(p.components.map((c) => [c.shape, c.inverseScale])).toEqual([[2, 2], [3, 3], [2, 2]]);
    [0.1875, 0.5625, 0.25].forEach((w, i) => expect(p.components[i]!.weight).toBeCloseTo(w, 12));
    expect(p.expected).toBeCloseTo(1, 12);
    expect(p.medianRate).toBe(1);
    expect(p.segmentRuns).toBe(1);
    expect(p.segmentRate).toBe(1);
    expect(mixtureCdf(0, p.components, 1)).toBeCloseTo(3979 / 9216, 12);
    expect(mixtureUpperTail(1, p.components, 1)).toBeCloseTo(5237 / 9216, 12);
  });

  for (const [name, h, a0] of [['a weak prior', 3, 2], ['the landed settings', 14, 1000]] as const) {
    it(`gives the brute-force sum's mean and tails over every segmentation (${name})`, () => {
      const counts = [3, 4, 2, 9, 11, 10];
      const days = [1, 1, 0.5, 1, 2, 1];
      const p = changePointPredictive(counts, days, 1.5, { hazardRuns: h, priorStrength: a0 });
      const pmf = bruteForcePmf(counts, days, 1.5, h, a0, p.medianRate);
      let mean = 0;
      let mass = 0;
      for (let k = 0; k < 400; k++) { mean += k * pmf(k); mass += pmf(k); }
      expect(mass).toBeCloseTo(1, 9);
      expect(p.expected).toBeCloseTo(mean, 9);
      for (const k of [0, 5, 12, 20, 30]) {
        let below = 0;
        for (let j = 0; j <= k; j++) below += pmf(j);
        expect(mixtureCdf(k, p.components, 1.5)).toBeCloseTo(below, 9);
        expect(mixtureUpperTail(k + 1, p.components, 1.5)).toBeCloseTo(1 - below, 9);
      }
    });
  }

  it('sums a tail from the side away from the mode: the full sums\' values, and tails below what 1 - cdf can hold', () => {
    for (const [m, r] of [[20, 3], [100, 1000], [5000, 2000], [7, Infinity], [0.5, 0.8]] as const) {
      for (const k of [0, 1, Math.floor(m / 2), Math.round(m), Math.round(m * 1.3) + 3, Math.round(m * 2) + 10]) {
        expect(upperTailSum(k, m, r)).toBeCloseTo(upperTail(k, m, r), 10);
        expect(cdfSum(k, m, r)).toBeCloseTo(cdf(k, m, r), 10);
      }
    }
    // P(X >= 60) of a Poisson of mean 10: 1 - cdf rounds it to 0; the direct sum keeps it (e^-10 10^60 / 60! = 5.4e-27 is its first term).
    expect(upperTail(60, 10, Infinity)).toBe(0);
    expect(upperTailSum(60, 10, Infinity)).toBeGreaterThan(5.4e-27);
    expect(upperTailSum(60, 10, Infinity)).toBeLessThan(7e-27);
  });

  it('finds the level since the last change: 50 a day for ten runs, then 100 a day for five', () => {
    const counts = [...Array<number>(10).fill(50), ...Array<number>(5).fill(100)];
    const p = changePointPredictive(counts, counts.map(() => 1), 1);
    expect(p.segmentRuns).toBe(5);
    expect(p.segmentRate).toBeGreaterThan(50);
    expect(p.medianRate).toBe(50);
  });
});

const unusual: Criterion = { metric: 'post_count', unit: 'count', direction: 'increase', threshold: 0, kind: 'unusual_change', sensitivity: 'medium' };
const daily = (history: number[], current: number, currentDays = 1) => ({ history, days: history.map(() => 1), current, currentDays });
const steady = [98, 104, 101, 95, 99, 103, 100, 97, 102, 100];

describe('unusual change on a continuous conversation\'s new posts', () => {
  it('fires on a surge over a steady level and says why: expected, the level, the median and the chance', () => {
    const o = judgeCriterion(unusual, [], 900, daily(steady, 160));
    expect(o.fired).toBe(true);
    const e = o.explanation!;
    expect(e).toMatchObject({ model: 'change_point', basis: 'new_posts', observed: 160, history_points: 10, cutoff: CHANGE_POINT_CUTOFF.medium, median_rate: 100 });
    expect(e.expected).toBeGreaterThan(99);
    expect(e.expected).toBeLessThan(101);
    expect(e.tail_probability).toBeLessThan(1e-6);
    expect(describeOutcome(o)).toMatch(/^post_count was 900 over the run's window: 160 new posts since the previous run, about \d+(\.\d+)? expected in 1 day \(level over the last 10 runs: 99\.9\/day; history median: 100\.0\/day\); chance of 160 or more: \d\.\de-\d+, below the medium sensitivity's cutoff 3\.8e-4$/);
  });

  it('does not fire on an ordinary day, nor on a day below the level when rises are asked', () => {
    expect(judgeCriterion(unusual, [], 700, daily(steady, 118)).fired).toBe(false);
    expect(judgeCriterion(unusual, [], 700, daily(steady, 40)).fired).toBe(false);
  });

  it('a sustained new level: flagged while the history\'s median is the old one, ordinary once it is the new one', () => {
    const higher = [200, 205, 195, 210, 198, 202, 199, 204, 201, 196, 203];
    const five = judgeCriterion(unusual, [], 1000, daily([...steady, ...higher.slice(0, 5)], 206));
    expect(five.fired).toBe(true);
    expect(five.explanation).toMatchObject({ segment_runs: 5, segment_rate: 201.6, median_rate: 102 });
    const eleven = judgeCriterion(unusual, [], 1000, daily([...steady, ...higher], 206));
    expect(eleven.fired).toBe(false);
    expect(eleven.explanation).toMatchObject({ segment_runs: 11, median_rate: 195 });
  });

  it('fires on falls when asked, with the chance of that few or fewer', () => {
    const o = judgeCriterion({ ...unusual, direction: 'decrease' }, [], 600, daily(steady, 50));
    expect(o.fired).toBe(true);
    expect(describeOutcome(o)).toContain('chance of 50 or fewer');
  });

  it('judges a run after a pause on its days: three days\' posts after three days are ordinary, after one they are not', () => {
    expect(judgeCriterion(unusual, [], 700, daily(steady, 300, 3)).fired).toBe(false);
    expect(judgeCriterion(unusual, [], 700, daily(steady, 300, 1)).fired).toBe(true);
  });

  it('keeps quiet on an all-zero history\'s first post, and with fewer than 7 earlier runs', () => {
    expect(judgeCriterion(unusual, [], 1, daily(Array<number>(10).fill(0), 1)).fired).toBe(false);
    expect(judgeCriterion(unusual, [], 900, daily(steady.slice(0, 6), 500)).fired).toBe(false);
  });

  it('tells nothing smaller than the criterion\'s threshold', () => {
    expect(judgeCriterion({ ...unusual, threshold: 100 }, [], 900, daily(steady, 160)).fired).toBe(false);
  });
});

describe('a continuous conversation\'s first run counts as one history point', () => {
  // The first run's posts are all new (new_posts null: nothing before it), collected over the 7-day window: one point of
  // 700 posts over 7 days, so the 7th run has 7 points and is judged (docs/benchmarks.md, issue 16, eighth measurement).
  const at = (day: number) => new Date(Date.UTC(2026, 10, 1) + day * 86_400_000).toISOString();
  const series = (news: number[], firstValue: number | null) => [
    ...(firstValue === null ? [] : [{ run_id: 'run-0', timestamp: at(0), value: firstValue, new_posts: null }]),
    ...news.map((n, i) => ({ run_id: `run-${i + 1}`, timestamp: at(i + 1), value: 700, new_posts: n })),
  ];
  it('fires at the 7th run on a surge, with the first run among the 7 points', () => {
    const outcomes = ruleOutcomes([unusual], [series([98, 104, 101, 95, 99, 103, 180], 700)]);
    expect(outcomes.map((o) => o[0]!.fired)).toEqual([false, false, false, false, false, false, false, true]);
    expect(outcomes[7]![0]!.explanation).toMatchObject({ basis: 'new_posts', history_points: 7, observed: 180 });
  });
  it('does not judge six runs of new posts alone, nor an ordinary 7th run', () => {
    expect(ruleOutcomes([unusual], [series([98, 104, 101, 95, 99, 103, 180], null)]).some((o) => o[0]!.fired)).toBe(false);
    expect(ruleOutcomes([unusual], [series([98, 104, 101, 95, 99, 103, 112], 700)]).some((o) => o[0]!.fired)).toBe(false);
  });
});
