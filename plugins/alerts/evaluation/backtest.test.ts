import { describe, expect, it } from 'vitest';
import type { Criterion } from '../shared/api';
import { backtest } from './backtest';
import { gammaPoissonSeries, randomWalkSeries } from './plantedSurges';

/**
 * Issue 16's bar for the "unusual change" criterion: >= 90 % of planted surges found, <= 1 false alarm per
 * conversation per month, on two differently written generators (fixed seeds). The figures are printed for the ADR.
 */
const unusual: Criterion = { metric: 'post_count', unit: 'count', direction: 'increase', threshold: 0, kind: 'unusual_change', sensitivity: 'medium' };
const seeds = Array.from({ length: 40 }, (_, i) => 1000 + i);

describe.each([
  ['gamma-Poisson with weekly seasonality', gammaPoissonSeries],
  ['log random walk with additive surges', randomWalkSeries],
])('unusual change on %s', (label, make) => {
  it('finds >= 90 % of the surges with <= 1 false alarm per conversation-month', () => {
    const result = backtest(unusual, (seed) => make(seed), seeds);
    console.log(`backtest ${label}: ${JSON.stringify(result)}`);
    expect(result.foundRate).toBeGreaterThanOrEqual(0.9);
    expect(result.falseAlarmsPerConversationMonth).toBeLessThanOrEqual(1);
  });
});
