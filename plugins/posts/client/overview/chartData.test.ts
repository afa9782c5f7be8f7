import { describe, expect, it } from 'vitest';
import { engagementSeries, overTimeBuckets, platformBars, sentimentBars, threatBars, timeSeries, topDomains } from './chartData';
import type { FilterCounts } from '../../shared/explorerApi';
import { plotlyText } from './plotlyText';

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

  it('stacks engagement levels per platform and lists the top domains of each platform (chart_data answers)', () => {
    const engagement: Array<{ platform: string; value: number | null; posts: number; levels: Record<string, number> }> = [
      { platform: 'reddit', value: 0.4, posts: 6, levels: { low: 5, high: 1 } },
      { platform: 'gab', value: null, posts: 2, levels: { medium: 2 } },
    ];
    expect(engagementSeries(engagement).map((s) => [s.level, s.values])).toEqual([['low', [5, 0]], ['medium', [0, 2]], ['high', [1, 0]]]);
    expect(engagementSeries(null)[0]!.platforms).toEqual([]);
    const domains = [
      { platform: 'reddit', data: [{ source_domain: 'b.com', count: 4 }, { source_domain: 'c.com', count: 4 }] },
      { platform: 'gab', data: [] },
    ];
    expect(topDomains(domains)).toEqual([{ platform: 'reddit', label: 'Reddit', colour: '#ff4500', domains: [{ domain: 'b.com', count: 4 }, { domain: 'c.com', count: 4 }] }]);
  });

  const overTime = [
    { platform: 'reddit', time_interval: 'hour' as const, data: [{ date: '2024-01-01T10:00:00Z', value: 2 }, { date: '2024-01-01T11:00:00Z', value: 1 }] },
    { platform: 'gab', time_interval: 'hour' as const, data: [{ date: '2024-01-01T10:00:00Z', value: 0 }, { date: '2024-01-01T11:00:00Z', value: 1 }] },
  ];

  it('reads buckets with their inclusive end and total over platforms', () => {
    expect(overTimeBuckets(overTime)).toEqual([
      { start: '2024-01-01T10:00:00Z', end: '2024-01-01T10:59:59Z', total: 2 },
      { start: '2024-01-01T11:00:00Z', end: '2024-01-01T11:59:59Z', total: 2 },
    ]);
    expect(overTimeBuckets([{ ...overTime[0]!, time_interval: 'week' }])[0]!.end).toBe('2024-01-08T09:59:59Z');
    expect(overTimeBuckets(null)).toEqual([]);
  });

  it('draws one line per platform over the buckets', () => {
    expect(timeSeries(overTime).map((s) => [s.platform, s.x.length, s.y])).toEqual([['gab', 2, [0, 1]], ['reddit', 2, [2, 1]]]);
  });
});

describe('plotlyText', () => {
  it('escapes what Plotly would draw as HTML (links, tags, entities) in names and labels from collected data', () => {
    expect(plotlyText('<a href="https://evil.example">click</a> & <b>bold</b>')).toBe('&lt;a href="https://evil.example"&gt;click&lt;/a&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(plotlyText('&lt;already&gt;')).toBe('&amp;lt;already&amp;gt;');
    expect(plotlyText('example.com (Gab)')).toBe('example.com (Gab)');
  });
});
