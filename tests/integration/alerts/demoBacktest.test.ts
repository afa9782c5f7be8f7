import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_POSTS } from '@plugins/posts/server/demo/seed';
import type { Criterion } from '@plugins/alerts/shared/api';
import { demoBacktest, type DemoBacktestResult } from './demoBacktest';

/**
 * Issue 16's backtest on the demo corpus's planted theme spikes (demoBacktest.ts beside this file): one continuous conversation per
 * theme, run daily over the last 7 days, the metrics stage's rows, the rule's firings as the preview and the evaluation
 * stage compute them. The issue's bar is >= 90 % with <= 1 false alarm per conversation-month, read on told (ADR 0011, ninth
 * measurement: 91.5 % told, 0.59 false alarms per conversation-month on 48 never-run seeds). The criterion judges
 * the posts new since the previous run (the 7-day totals overlap) by Bayesian change points (server/firing/changePoints.ts;
 * docs/benchmarks.md, "Alerts", sixth step; the first run's window a history point and the cutoff x0.75, eighth measurement):
 * told 33 of 35 spikes over the three seeds, found (a firing of its own) 29 (31 before the eighth: two themes now fire at
 * the 7th run, 48-50 h before their peak, which the scoring counts false; over 81 seeds the change tells 21 more).
 * A rule fires once per episode (a surge flagged on consecutive runs is one alert): a spike that comes while an earlier
 * one's episode is still flagged has no firing of its own but was told (`told`). The floors below are the figures
 * measured, rounded down, so a change that loses spikes or adds false alarms fails here; repeats (more firings on one
 * spike) at most 2 a seed (other-seed has 2). held-out-5 is a fourth seed; it was among the 33 seeds the change-point
 * settings were chosen on (the never-run seeds they were checked on are in the benchmarks).
 */
const unusual: Criterion = { metric: 'post_count', unit: 'count', direction: 'increase', threshold: 0, kind: 'unusual_change', sensitivity: 'medium' };
const results: DemoBacktestResult[] = [];
const report = (r: DemoBacktestResult) => console.info(`demo backtest seed ${r.seed}: found ${r.found}/${r.judged}, told ${r.told} (${r.unjudged} in the warm-up or the last day), ` +
  `${r.falseAlarms} false alarms and ${r.repeats} repeats over ${r.months.toFixed(2)} conversation-months ` +
  `(${r.falseAlarmsPerConversationMonth.toFixed(2)} per conversation-month)`);

describe('unusual change on the demo corpus\'s planted theme spikes (continuous conversations, daily runs)', () => {
  for (const seed of ['narrascope-demo', 'other-seed', 'third']) {
    it(`seed ${seed}: tells >= 90 %, finds >= 81 % with at most 1 false alarm per conversation-month`, () => {
      const r = demoBacktest({ seed, posts: DEFAULT_DEMO_POSTS, days: 30 }, unusual);
      results.push(r);
      report(r);
      expect(r.judged).toBeGreaterThanOrEqual(10);
      expect(r.falseAlarmsPerConversationMonth).toBeLessThanOrEqual(1);
      expect(r.told / r.judged).toBeGreaterThanOrEqual(0.9);
      expect(r.found / r.judged).toBeGreaterThanOrEqual(0.81);
      expect(r.repeats).toBeLessThanOrEqual(2);
    }, 90_000);
  }

  it('over the three seeds: told >= 94 % (the issue\'s 90 %, read on told: ADR 0011), found >= 82 %, false alarms <= 0.53 per conversation-month', () => {
    expect(results).toHaveLength(3);
    const found = results.reduce((n, r) => n + r.found, 0);
    const told = results.reduce((n, r) => n + r.told, 0);
    const judged = results.reduce((n, r) => n + r.judged, 0);
    const falseAlarms = results.reduce((n, r) => n + r.falseAlarms, 0);
    const months = results.reduce((n, r) => n + r.months, 0);
    const byRate = [...results].sort((a, b) => a.foundRate - b.foundRate || b.falseAlarmsPerConversationMonth - a.falseAlarmsPerConversationMonth);
    console.info(`demo backtest, 3 seeds: found ${found}/${judged} = ${(found / judged).toFixed(3)}, told ${told}/${judged}, ` +
      `${(falseAlarms / months).toFixed(2)} false alarms per conversation-month; worst seed ${byRate[0]!.seed} ` +
      `${byRate[0]!.found}/${byRate[0]!.judged}, best ${byRate[2]!.seed} ${byRate[2]!.found}/${byRate[2]!.judged}`);
    expect(told / judged).toBeGreaterThanOrEqual(0.94);
    expect(found / judged).toBeGreaterThanOrEqual(0.82);
    expect(falseAlarms / months).toBeLessThanOrEqual(0.53);
  });

  it('a fourth seed (held-out-5): tells >= 90 % with at most 1 false alarm per conversation-month', () => {
    const r = demoBacktest({ seed: 'held-out-5', posts: DEFAULT_DEMO_POSTS, days: 30 }, unusual);
    report(r);
    expect(r.judged).toBeGreaterThanOrEqual(10);
    expect(r.falseAlarmsPerConversationMonth).toBeLessThanOrEqual(1);
    expect(r.told / r.judged).toBeGreaterThanOrEqual(0.9);
    expect(r.repeats).toBeLessThanOrEqual(1);
  }, 90_000);
});
