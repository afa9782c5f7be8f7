import { describe, expect, it } from 'vitest';
import { CATEGORICAL_COLOURS, GRADIENT_COLOURS, OTHER_COLOUR } from '@core/shared/palette';
import { domainBars, engagementSeries, engagementTop, OTHER_KEY, overTimeBuckets, platformBars, platformSlices, sentimentBars, shortLabel, sliceText, threatBars, timeSeries, topDomains } from './chartData';
import { narrativePair, repeatedTexts } from './textAndPairs';
import type { FilterCounts } from '../../shared/explorerApi';
import { plotlyText } from './plotlyText';

const counts = (c: Record<string, unknown>) => ({ total: 0, ...c }) as unknown as FilterCounts;

describe('overview chart data', () => {
  it('orders platforms by posts, with catalogue labels and the palette by rank', () => {
    expect(platformBars(counts({ platform: { reddit: 3, twitter: 5, gab: 0 } }))).toEqual([
      { key: 'twitter', label: 'X', value: 5, colour: CATEGORICAL_COLOURS[0] },
      { key: 'reddit', label: 'Reddit', value: 3, colour: CATEGORICAL_COLOURS[1] },
    ]);
    expect(platformBars(null)).toEqual([]);
  });

  it('keeps the six largest slices and sums the rest into "Other", whose hover names them; small slices get no text', () => {
    const platform = Object.fromEntries(['reddit', 'twitter', 'gab', 'telegram', 'gettr', 'parler', 'minds', 'mewe'].map((p, k) => [p, 100 - k * 10]));
    const slices = platformSlices(platformBars(counts({ platform })));
    expect(slices.map((b) => b.label)).toEqual(['Reddit', 'X', 'Gab', 'Telegram', 'Gettr', 'Other']);
    expect(slices.at(-1)).toMatchObject({ key: OTHER_KEY, value: 50 + 40 + 30, colour: OTHER_COLOUR });
    expect(slices.at(-1)!.hover).toBe('Other (3 platforms): Parler 50, Minds 40, MeWe 30');
    expect(sliceText(4, 100)).toBe('');
    expect(sliceText(5, 100)).toBe('5%');
    expect(sliceText(9, 100, 'Gab')).toBe('');
    expect(sliceText(10, 100, 'Gab')).toBe('Gab 10%');
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
    const many = Array.from({ length: 9 }, (_, k) => ({ platform: ['reddit', 'gab', 'twitter', 'telegram', 'gettr', 'parler', 'minds', 'mewe', 'poal'][k]!, value: 0.1, posts: 9 - k, levels: { low: 9 - k } }));
    const drawn = engagementSeries(engagementTop(many));
    expect(drawn[0]!.platforms.map((p) => p.label)).toEqual(['Reddit', 'Gab', 'X', 'Telegram', 'Gettr', 'Other']);
    expect(drawn[0]!.values).toEqual([9, 8, 7, 6, 5, 4 + 3 + 2 + 1]);
    const domains = [
      { platform: 'reddit', data: [{ source_domain: 'b.com', count: 4 }, { source_domain: 'c.com', count: 4 }] },
      { platform: 'gab', data: [] },
    ];
    expect(topDomains(domains)).toEqual([{ platform: 'reddit', label: 'Reddit', colour: CATEGORICAL_COLOURS[0], domains: [{ domain: 'b.com', count: 4 }, { domain: 'c.com', count: 4 }] }]);
    expect(engagementSeries(engagement).map((s) => s.colour).every((c) => (GRADIENT_COLOURS as readonly string[]).includes(c))).toBe(true);
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

  it('draws one line per platform over the buckets, busiest first, in palette order', () => {
    expect(timeSeries(overTime).map((s) => [s.platform, s.x.length, s.y, s.colour])).toEqual([
      ['reddit', 2, [2, 1], CATEGORICAL_COLOURS[0]], ['gab', 2, [0, 1], CATEGORICAL_COLOURS[1]],
    ]);
  });

  it('draws at most six lines: twenty platforms become the five busiest and "Other"', () => {
    const many = Array.from({ length: 20 }, (_, k) => ({ platform: `p${k}`, time_interval: 'day' as const, data: [{ date: '2024-01-01T00:00:00Z', value: 20 - k }] }));
    const lines = timeSeries(many);
    expect(lines.map((l) => l.platform)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', OTHER_KEY]);
    expect(lines.at(-1)!.y).toEqual([Array.from({ length: 15 }, (_, k) => 15 - k).reduce((a, b) => a + b, 0)]);
    expect(new Set(lines.map((l) => l.colour)).size).toBe(6);
  });

  it('draws the most linked domains over all platforms as bars split by platform, labels cut with an ellipsis', () => {
    const answer = [
      { platform: 'reddit', data: [{ source_domain: 'a-very-long-domain-name-for-testing.example.com', count: 5 }, { source_domain: 'b.com', count: 1 }] },
      { platform: 'gab', data: [{ source_domain: 'b.com', count: 3 }] },
    ];
    const { domains, series } = domainBars(answer);
    expect(domains).toEqual([{ domain: 'a-very-long-domain-name-for-testing.example.com', total: 5 }, { domain: 'b.com', total: 4 }]);
    expect(series.map((s) => [s.label, s.values])).toEqual([['Reddit', [5, 1]], ['Gab', [0, 3]]]);
    expect(shortLabel(domains[0]!.domain)).toBe('a-very-long-domain-name-for…');
    expect(shortLabel(domains[0]!.domain)).toHaveLength(28);
  });

  it('shows texts posted more than once, and a narrative pair as posts per day with platforms and top creator', () => {
    expect(repeatedTexts([{ text: 'Same words', count: 3 }, { text: 'once', count: 1 }])).toEqual([
      { text: 'Same words', label: 'Same words', count: 3, colour: CATEGORICAL_COLOURS[0] },
    ]);
    const row = (rid: string, entity_rid: string, day: string, creator: string | null, cls = 'reddit') => ({
      class: cls, creator, domains: [], entities: null, entity_rid, labels: [entity_rid === 'n1' ? 'Ballots were stolen' : 'Count every vote'], published_at: `2026-01-0${day}T10:00:00.000Z`, rid, urls: [],
    });
    const pair = narrativePair([row('a', 'n1', '2', 'ann'), row('b', 'n2', '2', null, 'twitter'), row('c', 'n1', '1', 'ann'), row('d', 'n1', '1', 'bob')]);
    expect(pair.map((n) => [n.id, n.title, n.posts, n.platforms, n.topCreator, n.x, n.y])).toEqual([
      ['n1', 'Ballots were stolen', 3, ['Reddit'], 'ann', ['2026-01-01', '2026-01-02'], [2, 1]],
      ['n2', 'Count every vote', 1, ['X'], null, ['2026-01-01', '2026-01-02'], [0, 1]],
    ]);
    expect(narrativePair(null)).toEqual([]);
  });
});

describe('plotlyText', () => {
  it('escapes what Plotly would draw as HTML (links, tags, entities) in names and labels from collected data', () => {
    expect(plotlyText('<a href="https://evil.example">click</a> & <b>bold</b>')).toBe('&lt;a href="https://evil.example"&gt;click&lt;/a&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(plotlyText('&lt;already&gt;')).toBe('&amp;lt;already&amp;gt;');
    expect(plotlyText('example.com (Gab)')).toBe('example.com (Gab)');
  });
});
