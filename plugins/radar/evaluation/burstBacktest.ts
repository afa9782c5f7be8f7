/**
 * Scores the burst detector against planted spikes: a spike at hour `a` is found when a burst overlaps
 * [a - 6, a + 12] (its rise and peak); a burst that overlaps no spike's influence [a - 24, a + 36] (the demo's spikes
 * decay over about 18 hours) is a false alarm.
 */
import type { BurstInterval } from '../server/burst';

export interface SpikeScore { planted: number; found: number; falseAlarms: number }

export function scoreSpikes(peaks: readonly number[], bursts: readonly BurstInterval[]): SpikeScore {
  const found = peaks.filter((a) => bursts.some((b) => b.start <= a + 12 && b.end > a - 6)).length;
  const falseAlarms = bursts.filter((b) => !peaks.some((a) => b.start <= a + 36 && b.end > a - 24)).length;
  return { planted: peaks.length, found, falseAlarms };
}
