import { describe, expect, it } from 'vitest';
import { engagementSeries, platformBars, sentimentBars, threatBars, timeBuckets, timeSeries, topDomains } from './chartData';
import type { FilterCounts } from '../../shared/explorerApi';

const counts = (c: Record<string, unknown>) => ({ total: 0, ...c }) as unknown as FilterCounts;

describe('overview chart data', () => {
  it('orders platforms by posts, with catalogue labels and colours', () => {
    expect(platformBars(counts({ platform: { reddit: 3, twitter: 5, gab: 0 } }))).toEqual([
      { key: 'twitter', label: 'X', value: 5, colour: '#000000' },
      { key: 'reddit', label: 'Reddit', value: 3, colour: '#ff4500' },
    ]);
    expect(platformBars(null)).toEqual([]);
  });

  it('shows the three sentiments in order and any other as Unknown; threats as two bars', () => {
    expect(sentimentBars(counts({ sentiment: { NEGATIVE: 2, MIXED: 1 } })).map((b) => [b.label, b.value])).toEqual([
      ['Positive', 0], ['Negative', 2], ['Neutral', 0], ['Unknown', 1],
    ]);
    expect(threatBars(counts({ contains_threatening_language: { true: 4, false: 9 } })).map((b) => [b.key, b.value])).toEqual([['true', 4], ['false', 9]]);
  });

  it('stacks engagement levels per platform and takes the top domains of each platform', () => {
    const per = [
      { platform: 'reddit', counts: counts({ engagement_score: { low: 5, high: 1 }, domain: { 'a.com': 1, 'b.com': 4, 'c.com': 4 } }) },
      { platform: 'gab', counts: counts({ engagement_score: { medium: 2 }, domain: {} }) },
    ];
    expect(engagementSeries(per).map((s) => [s.level, s.values])).toEqual([['low', [5, 0]], ['medium', [0, 2]], ['high', [1, 0]]]);
    expect(topDomains(per, 2)).toEqual([{ platform: 'reddit', label: 'Reddit', colour: '#ff4500', domains: [{ domain: 'b.com', count: 4 }, { domain: 'c.com', count: 4 }] }]);
  });

  it('splits a period into whole-hour or whole-day buckets covering both ends', () => {
    const hours = timeBuckets('2024-01-01T10:20:00Z', '2024-01-01T13:05:00Z', 24);
    expect(hours.map((b) => b.start)).toEqual(['2024-01-01T10:00:00Z', '2024-01-01T11:00:00Z', '2024-01-01T12:00:00Z', '2024-01-01T13:00:00Z']);
    expect(hours[3]!.end).toBe('2024-01-01T13:59:59Z');
    const days = timeBuckets('2024-01-01T10:00:00Z', '2024-03-01T00:00:00Z', 24);
    expect(days.length).toBeLessThanOrEqual(24);
    expect(days[0]!.start).toBe('2024-01-01T00:00:00Z');
    expect(Date.parse(days.at(-1)!.end)).toBeGreaterThanOrEqual(Date.parse('2024-03-01T00:00:00Z'));
    expect(timeBuckets('bad', '2024-01-01T00:00:00Z')).toEqual([]);
  });

  it('draws one line per platform over the buckets', () => {
    const b = (start: string, platform: Record<string, number>) => ({ bucket: { start, end: start }, counts: counts({ platform }) });
    expect(timeSeries([b('t1', { reddit: 2 }), b('t2', { gab: 1, reddit: 1 })]).map((s) => [s.platform, s.y])).toEqual([['gab', [0, 1]], ['reddit', [2, 1]]]);
  });
});
