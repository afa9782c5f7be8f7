import { mulberry32 } from '@core/shared/random/mulberry32';

/**
 * Two generators of daily post-count series with planted surges, written differently on purpose so the unusual-change
 * criterion is not graded only on the data it was tuned on:
 * - `gammaPoissonSeries`: a level with weekly seasonality, counts drawn negative-binomially (gamma-Poisson), surges
 *   multiply the level for one day.
 * - `randomWalkSeries`: a level drifting by a log random walk, Poisson counts, surges add a fixed multiple of the
 *   series' recent mean for one or two days.
 * Each answers the counts and the indexes of the planted surges (the first day of each).
 */
export interface PlantedSeries { counts: number[]; surges: number[] }

function poisson(rand: () => number, mean: number): number {
  if (mean > 60) return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal(rand)));
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = rand(); p > limit; p *= rand()) k += 1;
  return k;
}

function normal(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}

/** Gamma(shape, 1) by Marsaglia and Tsang. */
function gamma(rand: () => number, shape: number): number {
  if (shape < 1) return gamma(rand, shape + 1) * rand() ** (1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal(rand);
    const v = (1 + c * x) ** 3;
    if (v > 0 && Math.log(1 - rand()) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
  }
}

function surgeDays(rand: () => number, days: number, count: number, warmUp: number): number[] {
  const out = new Set<number>();
  while (out.size < count) {
    const day = warmUp + Math.floor(rand() * (days - warmUp));
    if ([...out].every((d) => Math.abs(d - day) > 6)) out.add(day);
  }
  return [...out].sort((a, b) => a - b);
}

export function gammaPoissonSeries(seed: number, days = 90, surges = 3): PlantedSeries {
  const rand = mulberry32(seed);
  const level = 20 + rand() * 180;
  const size = 8 + rand() * 20; // over-dispersion of real post counts
  const planted = surgeDays(rand, days, surges, 14);
  const counts = Array.from({ length: days }, (_, day) => {
    const weekly = 1 + 0.15 * Math.sin((2 * Math.PI * day) / 7);
    const multiplier = planted.includes(day) ? 2.5 + rand() * 1.5 : 1;
    return poisson(rand, (gamma(rand, size) / size) * level * weekly * multiplier);
  });
  return { counts, surges: planted };
}

export function randomWalkSeries(seed: number, days = 90, surges = 3): PlantedSeries {
  const rand = mulberry32(seed ^ 0x5bd1e995);
  let logLevel = Math.log(30 + rand() * 300);
  const planted = surgeDays(rand, days, surges, 14);
  const counts: number[] = [];
  for (let day = 0; day < days; day++) {
    logLevel += 0.03 * normal(rand);
    const base = Math.exp(logLevel);
    const recent = counts.slice(-7);
    const recentMean = recent.length ? recent.reduce((s, v) => s + v, 0) / recent.length : base;
    const surging = planted.some((d) => day === d || (day === d + 1 && d % 2 === 0));
    counts.push(poisson(rand, base + (surging ? 2 * recentMean : 0)));
  }
  return { counts, surges: planted };
}
