import { filterDimensions } from '@core/shared/filters';
import { ENRICHMENT_DIMENSIONS } from '@plugins/enrichment/shared/public';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFacetsKey, type PostFacetProvider } from '@core/server/facets/contract';
import { emptyFilters } from '@core/shared/filters';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from '../index';
import { CHART_MESSAGES, EXPLORER_MESSAGES, MAX_CHART_BUCKETS } from '../../shared/explorerApi';
import { autoInterval, chartOfIndex } from './chartData';
import type { RunIndex } from './runIndex';
import { conversationOver, post, postId, registerTestFacets, signedIn, uniqueOrg, writePosts } from './testing/fixture';

let t: TestServer;
let a: Awaited<ReturnType<typeof signedIn>>;
let b: Awaited<ReturnType<typeof signedIn>>;
let conversation: string;
let otherConversation: string;
const unregister: Array<() => void> = [];

/** Engagement as the enrichment plugin gives it: a level facet and a score sort key, from a test table. */
async function registerEngagement(t: TestServer): Promise<() => void> {
  await sql`create table if not exists test_engagement (post_id integer not null, level text not null, score real not null)`.execute(t.storage.db);
  const provider: PostFacetProvider = {
    owner: 'test-engagement',
    revision: async () => '1',
    facets: { engagement_score: () => sql`select post_id, level as value from test_engagement` },
    sortKeys: { engagement_score: (id) => sql`(select e.score from test_engagement e where e.post_id = ${id})` },
    fields: async () => new Map(),
  };
  // engagement_score is enrichment's dimension: declared as its plugin declares it.
  const releaseDimensions = filterDimensions.register(ENRICHMENT_DIMENSIONS);
  const releaseFacets = t.server.ctx.services.get(postFacetsKey).register(provider);
  return () => { releaseFacets(); releaseDimensions(); };
}

beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer], pipeline: { worker: false } });
  a = await signedIn(t, uniqueOrg('Charts A'));
  b = await signedIn(t, uniqueOrg('Charts B'));
  await writePosts(t, a.user.organizationId, [
    post('r1', { published_at: '2026-01-01T10:15:00.000Z', urls: ['https://www.example.com/a', 'https://news.example.org/x'] }),
    post('r2', { published_at: '2026-01-01T10:45:00.000Z', reply_to: 'r1', urls: ['https://example.com/b'] }),
    post('r3', { published_at: '2026-01-02T12:00:00.000Z', urls: ['https://example.com/c'] }),
    post('t1', { platform: 'twitter', published_at: '2026-01-01T11:30:00.000Z', urls: ['https://news.example.org/y'] }),
    post('t2', { platform: 'twitter', published_at: '2026-01-03T23:59:59.000Z' }),
    post('g1', { platform: 'gab', published_at: '2026-01-02T00:00:00.000Z', urls: ['https://example.com/d'] }),
  ]);
  await writePosts(t, b.user.organizationId, [post('b1'), post('b2', { platform: 'gab' })]);
  conversation = await conversationOver(t, a.user.organizationId);
  otherConversation = await conversationOver(t, b.user.organizationId);
  unregister.push(await registerEngagement(t));
  const id = (rid: string) => postId(t, a.user.organizationId, rid);
  for (const [rid, level, score] of [['r1', 'high', 0.9], ['r2', 'low', 0.1], ['t1', 'medium', 0.5]] as const) {
    await sql`insert into test_engagement (post_id, level, score) values (${await id(rid)}, ${level}, ${score})`.execute(t.storage.db);
  }
}, 60_000);
afterAll(async () => { unregister.forEach((u) => u()); await t?.close(); });

const chart = (query: string) => a.client.get(`/api/v2/conversations/${conversation}/chart_data?${query}`);
const data = async (query: string) => {
  const res = await chart(query);
  expect(res.status).toBe(200);
  return res.body.data;
};
const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);

describe('GET /api/v2/conversations/{id}/chart_data', () => {
  it('answers post counts in time buckets, hourly for under three days of posts, end_time inclusive', async () => {
    const answer = await data('chart=time_buckets');
    expect(answer.time_interval).toBe('hour');
    // 2026-01-01T10:00 to 2026-01-03T23:00: 14 + 24 + 24 hourly buckets, empty ones included.
    expect(answer.counts).toHaveLength(62);
    expect(answer.counts[0]).toEqual({ start_time: '2026-01-01T10:00:00Z', end_time: '2026-01-01T10:59:59Z', count: 2 });
    expect(answer.counts[1]).toEqual({ start_time: '2026-01-01T11:00:00Z', end_time: '2026-01-01T11:59:59Z', count: 1 });
    expect(answer.counts.at(-1)).toEqual({ start_time: '2026-01-03T23:00:00Z', end_time: '2026-01-03T23:59:59Z', count: 1 });
    expect(sum(answer.counts.map((c: { count: number }) => c.count))).toBe(6);
  });

  it('answers day and week buckets on request (weeks start on Monday UTC)', async () => {
    expect(await data('chart=time_buckets&interval=day')).toEqual({
      time_interval: 'day',
      counts: [
        { start_time: '2026-01-01T00:00:00Z', end_time: '2026-01-01T23:59:59Z', count: 3 },
        { start_time: '2026-01-02T00:00:00Z', end_time: '2026-01-02T23:59:59Z', count: 2 },
        { start_time: '2026-01-03T00:00:00Z', end_time: '2026-01-03T23:59:59Z', count: 1 },
      ],
    });
    expect(await data('chart=time_buckets&interval=week')).toEqual({
      time_interval: 'week', counts: [{ start_time: '2025-12-29T00:00:00Z', end_time: '2026-01-04T23:59:59Z', count: 6 }],
    });
  });

  it('answers post count over time per platform, busiest platform first, zero buckets included', async () => {
    const answer = await data('chart=post_count_over_time&interval=day');
    expect(answer).toEqual([
      { platform: 'reddit', time_interval: 'day', data: [
        { date: '2026-01-01T00:00:00Z', value: 2 }, { date: '2026-01-02T00:00:00Z', value: 1 }, { date: '2026-01-03T00:00:00Z', value: 0 }] },
      { platform: 'twitter', time_interval: 'day', data: [
        { date: '2026-01-01T00:00:00Z', value: 1 }, { date: '2026-01-02T00:00:00Z', value: 0 }, { date: '2026-01-03T00:00:00Z', value: 1 }] },
      { platform: 'gab', time_interval: 'day', data: [
        { date: '2026-01-01T00:00:00Z', value: 0 }, { date: '2026-01-02T00:00:00Z', value: 1 }, { date: '2026-01-03T00:00:00Z', value: 0 }] },
    ]);
  });

  it('answers domain counts per platform and the top domain of each platform', async () => {
    expect(await data('chart=post_domain_count')).toEqual([
      { platform: 'reddit', data: [{ source_domain: 'example.com', count: 3 }, { source_domain: 'example.org', count: 1 }] },
      { platform: 'twitter', data: [{ source_domain: 'example.org', count: 1 }] },
      { platform: 'gab', data: [{ source_domain: 'example.com', count: 1 }] },
    ]);
    expect(await data('chart=post_domain_count&top_n=1&platforms=reddit:true')).toEqual([
      { platform: 'reddit', data: [{ source_domain: 'example.com', count: 3 }] },
    ]);
    // The most linked domain of each platform; without the insights plugin there are no insights to count.
    expect(await data('chart=top_domains')).toEqual([
      { domain: 'example.com', platform: 'reddit', insight_count: 0 },
      { domain: 'example.org', platform: 'twitter', insight_count: 0 },
      { domain: 'example.com', platform: 'gab', insight_count: 0 },
    ]);
    expect(await data('chart=top_domains&top_n=2&platforms=reddit:true')).toHaveLength(2);
  });

  it('answers the mean engagement score, posts and engagement levels per platform', async () => {
    expect(await data('chart=platform_engagement')).toEqual([
      { platform: 'reddit', value: 0.5, posts: 3, levels: { high: 1, low: 1 } },
      { platform: 'twitter', value: 0.5, posts: 2, levels: { medium: 1 } },
      { platform: 'gab', value: null, posts: 1, levels: {} },
    ]);
  });

  it('applies the filters as raw_data does', async () => {
    expect(await data('chart=time_buckets&interval=day&platforms=twitter:false&is_reply=false')).toMatchObject({
      counts: [{ count: 1 }, { count: 2 }],
    });
    // gab's post links no example.org: its row is gone (insight_count is insights, none here; see tests/integration/urls).
    expect(await data('chart=top_domains&domains=example.org:true')).toEqual([
      { domain: 'example.com', platform: 'reddit', insight_count: 0 },
      { domain: 'example.org', platform: 'twitter', insight_count: 0 },
    ]);
    expect(await data('chart=platform_engagement&engagement_score=high:true')).toEqual([{ platform: 'reddit', value: 0.9, posts: 1, levels: { high: 1 } }]);
    // A range narrows the span, so the automatic bucket follows it.
    const narrowed = await data('chart=time_buckets&start_range=2026-01-01T10:30:00Z&end_range=2026-01-01T11:59:59Z');
    expect(narrowed).toEqual({ time_interval: 'hour', counts: [
      { start_time: '2026-01-01T10:00:00Z', end_time: '2026-01-01T10:59:59Z', count: 1 },
      { start_time: '2026-01-01T11:00:00Z', end_time: '2026-01-01T11:59:59Z', count: 1 },
    ] });
    expect(await data('chart=post_count_over_time&platforms=telegram:true')).toEqual([]);
    expect(await data('chart=time_buckets&platforms=telegram:true')).toEqual({ time_interval: 'day', counts: [] });
  });

  it('adds up to filter_counts under the same filters', async () => {
    for (const filters of ['', 'is_reply=false', 'platforms=gab:false&domains=example.com:true']) {
      const counts = (await a.client.get(`/api/v2/conversations/${conversation}/filter_counts?${filters}`)).body.data;
      const buckets = await data(`chart=time_buckets&${filters}`);
      expect(sum(buckets.counts.map((c: { count: number }) => c.count))).toBe(counts.total);
      const engagement = await data(`chart=platform_engagement&${filters}`);
      expect(sum(engagement.map((p: { posts: number }) => p.posts))).toBe(counts.total);
      const overTime = await data(`chart=post_count_over_time&${filters}`);
      const perPlatform = Object.fromEntries(overTime.map((s: { platform: string; data: { value: number }[] }) => [s.platform, sum(s.data.map((d) => d.value))]));
      if (!filters.includes('platforms')) expect(perPlatform).toEqual(counts.platform);
    }
    const reddit = (await a.client.get(`/api/v2/conversations/${conversation}/filter_counts?platforms=reddit:true`)).body.data;
    const domains = await data('chart=post_domain_count&platforms=reddit:true');
    expect(Object.fromEntries(domains[0].data.map((d: { source_domain: string; count: number }) => [d.source_domain, d.count]))).toEqual(reddit.domain);
  });

  it.each([
    ['', CHART_MESSAGES.chart],
    ['chart=pie', CHART_MESSAGES.chart],
    ['chart=time_buckets&chart=top_domains', CHART_MESSAGES.chart],
    ['chart=time_buckets&interval=month', CHART_MESSAGES.interval],
    ['chart=post_domain_count&top_n=0', CHART_MESSAGES.topN],
    ['chart=post_domain_count&top_n=101', CHART_MESSAGES.topN],
    ['chart=time_buckets&platforms=', 'platforms: empty value ("")'],
    ['chart=time_buckets&start_range=2024-01-01', 'start_range: expected an ISO 8601 date-time with Z or an offset ("2024-01-01")'],
  ])('refuses %s with 400 naming the parameter', async (query, message) => {
    const res = await chart(query);
    expect(res.status).toBe(400);
    expect(res.body.metadata.errors[0]).toBe(message);
    expect(res.body.data).toBeNull();
    // Nothing was lost: the chart still answers.
    expect(sum((await data('chart=time_buckets&interval=day')).counts.map((c: { count: number }) => c.count))).toBe(6);
  });

  it("answers 404 for an unknown conversation and for another organisation's", async () => {
    for (const id of ['no-such-conversation', otherConversation]) {
      const res = await a.client.get(`/api/v2/conversations/${id}/chart_data?chart=time_buckets`);
      expect(res.status).toBe(404);
      expect(res.body.metadata.errors).toEqual([EXPLORER_MESSAGES.conversationNotFound]);
    }
    const own = await b.client.get(`/api/v2/conversations/${otherConversation}/chart_data?chart=platform_engagement`);
    expect(own.body.data.map((p: { platform: string; posts: number }) => [p.platform, p.posts]).sort()).toEqual([['gab', 1], ['reddit', 1]]);
  });

  it('needs a session', async () => {
    expect((await fetch(`${t.url}/api/v2/conversations/${conversation}/chart_data?chart=time_buckets`)).status).toBe(401);
  });

  it('answers the same when a provider without revision sends the explorer to the SQL path (a live index)', async () => {
    const before = await Promise.all(['time_buckets', 'post_count_over_time', 'post_domain_count', 'platform_engagement'].map((c) => data(`chart=${c}&is_reply=false`)));
    const off = await registerTestFacets(t, { withRevision: false });
    try {
      const after = await Promise.all(['time_buckets', 'post_count_over_time', 'post_domain_count', 'platform_engagement'].map((c) => data(`chart=${c}&is_reply=false`)));
      expect(after).toEqual(before);
    } finally { off(); }
  });
});

describe('time buckets (unit)', () => {
  it('picks hours up to 3 days, days up to 180 days, then weeks', () => {
    const day = 86_400_000;
    expect(autoInterval(0, 3 * day)).toBe('hour');
    expect(autoInterval(0, 3 * day + 1)).toBe('day');
    expect(autoInterval(0, 180 * day)).toBe('day');
    expect(autoInterval(0, 181 * day)).toBe('week');
  });

  it(`refuses an explicit interval cutting the posts into more than ${MAX_CHART_BUCKETS} buckets`, async () => {
    const index = {
      runId: 'r', revision: '', size: 2, ids: Float64Array.from([2, 1]), published: ['2026-06-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'],
      platformDict: ['reddit'], platform: Uint16Array.from([0, 0]), flags: { is_repost: new Uint8Array(2), is_reply: new Uint8Array(2), is_quote: new Uint8Array(2), is_niche: new Uint8Array(2) },
      lists: new Map(), booleans: new Map(), orders: new Map(),
    } as RunIndex;
    const q = { scope: { organizationId: 'o', conversationId: 'c', runId: 'r' }, filters: emptyFilters(), search: null, coordinationOnly: false };
    const registry = t.server.ctx.services.get(postFacetsKey);
    await expect(chartOfIndex(t.storage, registry, index, q, { chart: 'time_buckets', interval: 'hour', topN: 5 })).rejects.toThrow(CHART_MESSAGES.tooManyBuckets('hour'));
    expect(await chartOfIndex(t.storage, registry, index, q, { chart: 'time_buckets', interval: null, topN: 5 })).toMatchObject({ time_interval: 'day' });
  });
});
