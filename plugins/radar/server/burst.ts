/**
 * Kleinberg's two-state burst automaton for batched arrivals ("Bursty and hierarchical structure in streams", 2002,
 * section 4): per hour t, r_t of the d_t posts are about the theme. The base state expects the theme's usual share
 * p0 = R / D; the burst state s times that. Each hour costs the negative log-likelihood of its counts in a state,
 * entering the burst state costs gamma * ln(n) (leaving is free); the cheapest state sequence (Viterbi) marks the
 * bursts. Unlike a fixed threshold, a busy hour alone does not make a burst: the share must rise for long enough to
 * pay for the transition, and the same rise means more on a quiet theme than on a busy one.
 */
export interface BurstOptions {
  /** Burst share over the usual share. */
  s: number;
  /** Price of entering a burst, times ln(hours). */
  gamma: number;
}

/** Chosen on the demo corpus's planted theme spikes (tests/integration/radar/bursts.test.ts; ADR 0010). */
export const DEFAULT_BURST_OPTIONS: BurstOptions = { s: 1.5, gamma: 1 };
/**
 * Shorter bursts are left out: a coordinated campaign's few minutes of posts are the coordination analysis's
 * business, a narrative that emerges holds for hours.
 */
export const MIN_BURST_HOURS = 6;
/** A burst still running, or ended at most this many hours before the series ends, makes the theme emerging. */
export const EMERGING_GRACE_HOURS = 2;

/** A burst over hours [start, end) of the series. */
export interface BurstInterval { start: number; end: number }

function hourCost(r: number, d: number, p: number): number {
  if (d === 0) return 0;
  return -(r * Math.log(p) + (d - r) * Math.log(1 - p));
}

export function kleinbergBursts(themed: readonly number[], totals: readonly number[], opts: BurstOptions = DEFAULT_BURST_OPTIONS): BurstInterval[] {
  const n = themed.length;
  if (n !== totals.length) throw new Error('themed and totals differ in length');
  const R = themed.reduce((a, b) => a + b, 0);
  const D = totals.reduce((a, b) => a + b, 0);
  if (n === 0 || R === 0 || D === 0 || R === D) return [];
  const p0 = R / D;
  const p1 = Math.min(0.9999, opts.s * p0);
  if (p1 <= p0) return [];
  const enter = opts.gamma * Math.log(n);
  // cost[k] of the best sequence ending in state k; back[t][k] the previous state.
  let base = hourCost(themed[0]!, totals[0]!, p0);
  let burst = enter + hourCost(themed[0]!, totals[0]!, p1);
  const back: Array<[number, number]> = [[0, 0]];
  for (let t = 1; t < n; t += 1) {
    const c0 = hourCost(themed[t]!, totals[t]!, p0);
    const c1 = hourCost(themed[t]!, totals[t]!, p1);
    const toBase = base <= burst ? { cost: base, from: 0 } : { cost: burst, from: 1 };
    const toBurst = burst <= base + enter ? { cost: burst, from: 1 } : { cost: base + enter, from: 0 };
    back.push([toBase.from, toBurst.from]);
    base = toBase.cost + c0;
    burst = toBurst.cost + c1;
  }
  const states = new Array<number>(n);
  states[n - 1] = burst < base ? 1 : 0;
  for (let t = n - 1; t > 0; t -= 1) states[t - 1] = back[t]![states[t]!]!;
  const out: BurstInterval[] = [];
  for (let t = 0; t < n; t += 1) {
    if (states[t] !== 1) continue;
    const start = t;
    while (t < n && states[t] === 1) t += 1;
    out.push({ start, end: t });
  }
  return out;
}

/** Bursts of at least MIN_BURST_HOURS. */
export function themeBursts(themed: readonly number[], totals: readonly number[], opts: BurstOptions = DEFAULT_BURST_OPTIONS): BurstInterval[] {
  return kleinbergBursts(themed, totals, opts).filter((b) => b.end - b.start >= MIN_BURST_HOURS);
}

/** The burst that makes the theme emerging now (running at the end of the series), or null. */
export function currentBurst(themed: readonly number[], totals: readonly number[], opts: BurstOptions = DEFAULT_BURST_OPTIONS): BurstInterval | null {
  const last = themeBursts(themed, totals, opts).at(-1);
  return last && last.end >= themed.length - EMERGING_GRACE_HOURS ? last : null;
}

/** A burst's rates: posts per hour before it (baseline) and during it (current). */
export function burstRates(series: readonly number[], burst: BurstInterval): { baseline_per_hour: number; current_per_hour: number } {
  const sum = (a: number, b: number) => series.slice(a, b).reduce((x, y) => x + y, 0);
  return {
    baseline_per_hour: burst.start === 0 ? 0 : sum(0, burst.start) / burst.start,
    current_per_hour: sum(burst.start, burst.end) / (burst.end - burst.start),
  };
}
