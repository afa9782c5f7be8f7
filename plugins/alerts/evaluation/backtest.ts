import type { Criterion } from '../shared/api';
import { judgeCriterion } from '../server/firing/judge';
import type { PlantedSeries } from './plantedSurges';

export interface BacktestResult {
  series: number;
  surges: number;
  found: number;
  falseAlarms: number;
  /** Judged days (after the warm-up the criterion needs) in months of 30 days. */
  months: number;
  foundRate: number;
  falseAlarmsPerConversationMonth: number;
  /** Per series: the worst (most false alarms, then fewest found) and the best. */
  worst: { seed: number; found: number; surges: number; falseAlarms: number };
  best: { seed: number; found: number; surges: number; falseAlarms: number };
}

/**
 * Runs a criterion over each series as the evaluation stage would, one run a day: a surge is found when the rule
 * fires on its day or the next; any other firing, except on the days a surge is still fading, is a false alarm.
 */
export function backtest(criterion: Criterion, make: (seed: number) => PlantedSeries, seeds: readonly number[]): BacktestResult {
  let surges = 0; let found = 0; let falseAlarms = 0; let judgedDays = 0;
  const perSeries: BacktestResult['worst'][] = [];
  for (const seed of seeds) {
    const { counts, surges: planted } = make(seed);
    const firedDays = new Set<number>();
    for (let day = 1; day < counts.length; day++) {
      if (judgeCriterion(criterion, counts.slice(0, day), counts[day]!).fired) firedDays.add(day);
    }
    const explained = new Set(planted.flatMap((d) => [d, d + 1, d + 2]));
    const hits = planted.filter((d) => firedDays.has(d) || firedDays.has(d + 1)).length;
    const alarms = [...firedDays].filter((d) => !explained.has(d)).length;
    surges += planted.length; found += hits; falseAlarms += alarms; judgedDays += counts.length - 7;
    perSeries.push({ seed, found: hits, surges: planted.length, falseAlarms: alarms });
  }
  const rank = (a: BacktestResult['worst']) => a.falseAlarms * 100 - a.found / a.surges;
  const sorted = [...perSeries].sort((a, b) => rank(b) - rank(a));
  const months = judgedDays / 30;
  return {
    series: seeds.length, surges, found, falseAlarms, months, foundRate: found / surges,
    falseAlarmsPerConversationMonth: falseAlarms / months, worst: sorted[0]!, best: sorted[sorted.length - 1]!,
  };
}
