import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '@core/server/logger';
import type { RunRequest, StageContext } from '@core/server/pipeline/stages';
import { ensureOrganization } from '@core/server/seed';
import { tablesOf } from '@core/server/storage/database';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { ServiceRegistry } from '@core/shared/services/registry';
import postsServer from '../index';
import { runCollect } from '../collect/stage';
import { normalizePost } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import type { PostsTables } from '@plugins/posts/server/tables';
import { networkCollectorFactories } from './index';
import { retryAfterMs } from './http';
import { startReplay, type Replay, type ReplayRoute } from './testing/replay';

let t: TestServer;
let org: string;
let replay: Replay | null = null;
const db = () => tablesOf<PostsTables>(t.storage);
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const json = (name: string) => JSON.parse(fixture(name)) as object;

let orgs = 0;
beforeAll(async () => { t = await startTestServer({ plugins: [postsServer] }); });
afterAll(async () => t?.close());
// Each test collects into its own organisation, which holds one stored post.
beforeEach(async () => {
  org = await ensureOrganization(t.storage, `Collectors Org ${++orgs}`);
  await new PostWriter(t.storage, org, 'import').write([normalizePost({ platform: 'twitter', rid: 'local-1', body: 'tariffs boycott strike vaccine union', published_at: '2025-05-15T00:00:00.000Z' })]);
});
afterEach(async () => { await replay?.close(); replay = null; });

/** Enables exactly the given data sources (plus the local archive when asked), with settings pointing at the replay server. */
async function enable(sources: Record<string, Record<string, unknown>>, local = false, recordLimit: number | null = 100) {
  await db().updateTable('posts_data_sources').set({ enabled: 0 }).execute();
  if (local) await db().updateTable('posts_data_sources').set({ enabled: 1 }).where('source', '=', 'local').execute();
  for (const [source, settings] of Object.entries(sources)) {
    await db().updateTable('posts_data_sources').set({ enabled: 1, record_limit: recordLimit, settings: JSON.stringify({ retry_base_ms: 1, min_interval_ms: 0, ...settings }) })
      .where('source', '=', source).execute();
  }
}

function context(queryString: string, extra: Partial<RunRequest> = {}): StageContext & { usage: unknown[] } {
  const usage: unknown[] = [];
  const run: RunRequest = {
    conversationId: crypto.randomUUID(), organizationId: org, queryString, startDate: '2025-05-01T00:00:00.000Z', endDate: '2025-06-01T00:00:00.000Z',
    language: null, useExistingData: false, runType: 'STATIC_RUN', ...extra,
  };
  return {
    storage: t.storage, run, logger: createLogger('silent'), services: new ServiceRegistry(), organizationId: org, conversationId: run.conversationId,
    runId: crypto.randomUUID(), progress: () => {}, signal: new AbortController().signal, usage, recordUsage: async (u) => { usage.push(u); },
  };
}

async function linked(runId: string) {
  return db().selectFrom('posts_run_posts').innerJoin('posts_posts', 'posts_posts.id', 'posts_run_posts.post_id')
    .leftJoin('posts_actors', 'posts_actors.id', 'posts_posts.actor_id')
    .select(['posts_posts.platform', 'posts_posts.rid', 'body', 'title', 'published_at', 'language', 'repost_of', 'reply_to', 'quote_of', 'urls',
      'posts_posts.additional_properties as props', 'posts_actors.screen_name', 'posts_actors.rid as author', 'source_url', 'posts_posts.source'])
    .where('run_id', '=', runId).orderBy('published_at', 'desc').execute();
}

async function serve(routes: ReplayRoute[]) {
  replay = await startReplay(routes);
  return replay;
}

describe('Bluesky collector', () => {
  it('pages through the public search with the cursor, maps posts and keeps only the query\'s matches in range', async () => {
    const r = await serve([
      { path: '/xrpc/app.bsky.feed.searchPosts', query: { q: 'tariffs', cursor: '25' }, body: json('bluesky-page2.json') },
      { path: '/xrpc/app.bsky.feed.searchPosts', query: { q: 'tariffs' }, body: json('bluesky-page1.json') },
      { path: '/xrpc/app.bsky.feed.searchPosts', body: { posts: [] } },
    ]);
    await enable({ bluesky: { base_url: r.url } });
    const ctx = context('tariffs OR aranceles OR tariff');
    const outcome = await runCollect(ctx, networkCollectorFactories);
    expect(outcome.collectors).toEqual([{ name: 'Bluesky', source: 'bluesky', record_limit: 100, collected_records: 3, status: 'SUCCESS', failure: null }]);
    expect(r.requests.map((q) => [q.query.q, q.query.cursor ?? null, q.query.sort, q.query.limit])).toEqual([
      ['tariffs', null, 'latest', '100'], ['tariffs', '25', 'latest', '100'], ['aranceles', null, 'latest', '100'], ['tariff', null, 'latest', '100'],
    ]);
    const rows = await linked(ctx.runId);
    expect(rows.map((p) => p.rid)).toEqual([
      'at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3lo4tlyt4zc2a',
      'at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3lo4tm2xk3c2b',
      'at://did:plc:q6gjnaw2blty4crticxkmujt/app.bsky.feed.post/3lnzzzzzzzc2c',
    ]);
    expect(rows[0]).toMatchObject({
      platform: 'bluesky', language: 'en', screen_name: 'tradewatch.bsky.social', author: 'did:plc:z72i7hdynmk6r22z27h6tvur', source: 'bluesky',
      source_url: 'https://bsky.app/profile/tradewatch.bsky.social/post/3lo4tlyt4zc2a', urls: JSON.stringify(['https://tradewire.example/steel']),
    });
    expect(JSON.parse(rows[0]!.props)).toEqual({ replies: 2, reposts: 5, likes: 17, quotes: 1 });
    expect(rows[1]).toMatchObject({ language: 'es', reply_to: 'at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3lo4tlyt4zc2a' });
    expect(rows[2]!.quote_of).toBe('at://did:plc:z72i7hdynmk6r22z27h6tvur/app.bsky.feed.post/3lo4tlyt4zc2a');
    expect(ctx.usage).toEqual([expect.objectContaining({ name: 'Bluesky', collected_records: 3, record_limit: 100, source: 'bluesky', failure: null })]);
  });

  it('stops at the record_limit', async () => {
    const r = await serve([{ path: '/xrpc/app.bsky.feed.searchPosts', body: json('bluesky-page1.json') }]);
    await enable({ bluesky: { base_url: r.url } }, false, 1);
    const ctx = context('tariffs OR aranceles');
    const outcome = await runCollect(ctx, networkCollectorFactories);
    expect(outcome.collectors[0]).toMatchObject({ collected_records: 1, record_limit: 1 });
    expect(r.requests).toHaveLength(1);
  });

  it('backs off on 429 (Retry-After, then exponential) and succeeds', async () => {
    const r = await serve([
      { path: '/xrpc/app.bsky.feed.searchPosts', status: 429, headers: { 'Retry-After': '0' }, body: { error: 'RateLimitExceeded' }, times: 1 },
      { path: '/xrpc/app.bsky.feed.searchPosts', status: 429, body: { error: 'RateLimitExceeded' }, times: 1 },
      { path: '/xrpc/app.bsky.feed.searchPosts', body: json('bluesky-page2.json') },
    ]);
    await enable({ bluesky: { base_url: r.url, retry_base_ms: 20 } });
    const started = Date.now();
    const outcome = await runCollect(context('tariff'), networkCollectorFactories);
    expect(outcome.collectors[0]).toMatchObject({ status: 'SUCCESS', collected_records: 1 });
    expect(r.requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20);
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs(new Date(Date.UTC(2025, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2025, 0, 1))).toBe(30_000);
  });

  it('gives up with a FAILED entry when the rate limit persists', async () => {
    const r = await serve([{ path: '/xrpc/app.bsky.feed.searchPosts', status: 429, body: {} }]);
    await enable({ bluesky: { base_url: r.url, max_retries: 2 } }, true);
    const ctx = context('tariffs');
    const outcome = await runCollect(ctx, networkCollectorFactories);
    expect(outcome.collectors).toEqual([
      { name: 'Local archive', source: 'local', record_limit: null, collected_records: 1, status: 'SUCCESS', failure: null },
      { name: 'Bluesky', source: 'bluesky', record_limit: 100, collected_records: 0, status: 'FAILED', failure: 'Bluesky is rate limiting (HTTP 429) after 3 attempts' },
    ]);
    expect(r.requests).toHaveLength(3);
  });
});

describe('a malformed answer', () => {
  it('fails that collector with the reason while the other collectors\' posts are kept', async () => {
    const r = await serve([
      { path: '/xrpc/app.bsky.feed.searchPosts', body: { cursor: 'x', feed: [] } },
      { path: '/search.json', body: json('reddit-page2.json') },
    ]);
    await enable({ bluesky: { base_url: r.url }, reddit: { base_url: r.url } }, true);
    const ctx = context('tariffs');
    const outcome = await runCollect(ctx, networkCollectorFactories);
    expect(outcome.collectors).toEqual([
      { name: 'Local archive', source: 'local', record_limit: null, collected_records: 1, status: 'SUCCESS', failure: null },
      { name: 'Bluesky', source: 'bluesky', record_limit: 100, collected_records: 0, status: 'FAILED', failure: 'malformed answer from Bluesky at posts: Invalid input: expected array, received undefined' },
      { name: 'Reddit', source: 'reddit', record_limit: 100, collected_records: 1, status: 'SUCCESS', failure: null },
    ]);
    expect((await linked(ctx.runId)).map((p) => `${p.platform}:${p.rid}`).sort()).toEqual(['reddit:t3_1kp9zzz', 'twitter:local-1']);
    const notJson = await serve([{ path: '/s/unionnews', body: '<html><body>Just a login page</body></html>' }]);
    await enable({ telegram: { base_url: notJson.url, channels: ['unionnews'] } }, true);
    const failed = await runCollect(context('strike'), networkCollectorFactories);
    expect(failed.collectors[1]).toMatchObject({ status: 'FAILED', failure: "malformed answer from Telegram: no channel preview for 'unionnews'" });
    await notJson.close();
  });
});

describe('Telegram, 4chan, Reddit, Mastodon and RSS/Atom collectors', () => {
  it('Telegram: reads a channel\'s web preview and pages back with ?before= until the range starts', async () => {
    const r = await serve([
      { path: '/s/unionnews', query: { before: '1201' }, body: fixture('telegram-channel-before.html') },
      { path: '/s/unionnews', body: fixture('telegram-channel.html') },
    ]);
    await enable({ telegram: { base_url: r.url, channels: ['unionnews'] } });
    const ctx = context('strike');
    const outcome = await runCollect(ctx, networkCollectorFactories);
    expect(outcome.collectors[0]).toMatchObject({ status: 'SUCCESS', collected_records: 2 });
    expect(r.requests.map((q) => q.query.before ?? null)).toEqual([null, '1201']);
    const rows = await linked(ctx.runId);
    expect(rows.map((p) => p.rid)).toEqual(['unionnews/1202', 'unionnews/1201']);
    expect(rows[1]).toMatchObject({ body: 'Strike vote at the Parcelo warehouse passes.\nDetails: labor.example.org/parcelo', published_at: '2025-05-21T08:15:00.000Z',
      urls: JSON.stringify(['https://labor.example.org/parcelo']), screen_name: 'unionnews', source_url: 'https://t.me/unionnews/1201' });
    expect(JSON.parse(rows[1]!.props)).toEqual({ channel: 'unionnews', views: 1200 });
    expect(rows[0]).toMatchObject({ body: 'Solidarity with the strike & the pickets!', repost_of: 'otherchannel/77' });
  });

  it('4chan: reads the catalog and fetches only threads that mention the query', async () => {
    const r = await serve([
      { path: '/pol/catalog.json', body: json('fourchan-catalog.json') },
      { path: '/pol/thread/481516001.json', body: json('fourchan-thread.json') },
    ]);
    await enable({ fourchan: { base_url: r.url, boards: ['pol'] } });
    const ctx = context('tariffs OR prices');
    const outcome = await runCollect(ctx, networkCollectorFactories);
    expect(outcome.collectors[0]).toMatchObject({ status: 'SUCCESS', collected_records: 3 });
    expect(r.requests.map((q) => q.path)).toEqual(['/pol/catalog.json', '/pol/thread/481516001.json']);
    const rows = await linked(ctx.runId);
    expect(rows.map((p) => p.rid)).toEqual(['481516003', '481516002', '481516001']);
    expect(rows[2]).toMatchObject({ title: null, body: 'Tariffs are coming for "everything"\ndiscuss', author: 'id:Ab3dEf9G', reply_to: null });
    expect(rows[1]).toMatchObject({ body: '>>481516001\ntariffs on steel again', reply_to: '481516001' });
    expect(rows[0]).toMatchObject({ author: '!!QwErTy123' });
    expect(JSON.parse(rows[2]!.props)).toEqual({ board: 'pol', thread_id: '481516001', replies: 2 });
  });

  it('Reddit: sends the boolean query and pages with after', async () => {
    const r = await serve([
      { path: '/search.json', query: { after: 't3_1kq2bbb' }, body: json('reddit-page2.json') },
      { path: '/search.json', body: json('reddit-page1.json') },
    ]);
    await enable({ reddit: { base_url: r.url } });
    const ctx = context('tariffs AND NOT "trade deal"');
    const outcome = await runCollect(ctx, networkCollectorFactories);
    expect(outcome.collectors[0]).toMatchObject({ status: 'SUCCESS', collected_records: 3 });
    expect(r.requests.map((q) => [q.query.q, q.query.sort, q.query.after ?? null])).toEqual([
      ['tariffs AND NOT "trade deal"', 'new', null], ['tariffs AND NOT "trade deal"', 'new', 't3_1kq2bbb'],
    ]);
    const rows = await linked(ctx.runId);
    expect(rows[0]).toMatchObject({ rid: 't3_1kq2aaa', title: 'Tariffs hit soybean farmers hard', body: 'Prices fell again this week.', author: 't2_8xk2m', screen_name: 'farmhand_42', urls: '[]' });
    expect(JSON.parse(rows[0]!.props)).toMatchObject({ subreddit: 'farming', score: 312, comments: 87, upvote_ratio: 0.94 });
    expect(rows[1]).toMatchObject({ urls: JSON.stringify(['https://portsdaily.example/volumes']) });
    expect(rows[2]).toMatchObject({ repost_of: 't3_1kq2aaa' });
  });

  it('Mastodon API: reads the hashtag timeline of the query\'s hashtags as the configured platform', async () => {
    const r = await serve([
      { path: '/api/v1/timelines/tag/boycott', query: { max_id: '114520000000000001' }, body: [] },
      { path: '/api/v1/timelines/tag/boycott', body: json('mastodon-tag.json') },
    ]);
    await enable({ mastodon: { base_url: r.url, platform: 'truthsocial' } });
    const ctx = context('#boycott');
    const outcome = await runCollect(ctx, networkCollectorFactories);
    expect(outcome.collectors[0]).toMatchObject({ status: 'SUCCESS', collected_records: 2 });
    expect(r.requests.map((q) => q.query.max_id ?? null)).toEqual([null, '114520000000000001']);
    const rows = await linked(ctx.runId);
    expect(rows[0]).toMatchObject({ platform: 'truthsocial', rid: '114530000000000002', body: 'Boycott Brightline now! #boycott consumerwire.example/brightline',
      urls: JSON.stringify(['https://consumerwire.example/brightline']), screen_name: 'patriotpete' });
    expect(JSON.parse(rows[0]!.props)).toEqual({ replies: 4, reblogs: 10, favorites: 33 });
    expect(rows[1]).toMatchObject({ reply_to: '114510000000000000', screen_name: 'shopper@other.example' });
  });

  it('RSS and Atom: reads every configured feed and keeps the entries that match', async () => {
    const r = await serve([
      { path: '/news.rss', body: fixture('news.rss') },
      { path: '/blog.atom', body: fixture('blog.atom') },
    ]);
    await enable({ rss: { feeds: [`${r.url}/news.rss`, { url: `${r.url}/blog.atom`, platform: 'blog' }] } });
    const ctx = context('vaccine OR vaccines OR vaccination');
    const outcome = await runCollect(ctx, networkCollectorFactories);
    expect(outcome.collectors[0]).toMatchObject({ name: 'RSS and Atom feeds', status: 'SUCCESS', collected_records: 2 });
    const rows = await linked(ctx.runId);
    expect(rows.map((p) => `${p.platform}:${p.rid}`)).toEqual(['blog:urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a', 'news:https://metrocourier.example/2025/05/measles']);
    expect(rows[0]).toMatchObject({ title: "What they won't tell you about vaccine schedules", body: 'The new vaccine schedule adds more shots.', author: 'healthnotes.example' });
    expect(rows[1]).toMatchObject({ title: 'Measles cases rise as vaccination rates drop', body: 'Doctors urge parents to keep vaccines up to date.', published_at: '2025-05-21T09:30:00.000Z', author: 'metrocourier.example' });
    expect(JSON.parse(rows[1]!.props)).toEqual({ outlet: 'Metro Courier', byline: 'Jane Reporter' });

    // Issue 19 follow-up: an entry whose id is too long for the post store's keys is left out, and a link too long for
    // the URL index is left out of the post's links; the run and the feed's other entries are kept (on PostgreSQL
    // either one failed the whole write).
    let seed = 7;
    const letter = () => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return 'abcdefghijklmnopqrstuvwxyz0123456789'[(seed >>> 8) % 36]; };
    const long = `https://metrocourier.example/${Array.from({ length: 2970 }, letter).join('')}`; // random: PostgreSQL cannot compress it
    const item = (guid: string, link: string, title: string) => `<item><title>${title}</title><link>${link}</link><guid>${guid}</guid><pubDate>Wed, 21 May 2025 09:30:00 GMT</pubDate><description>vaccine news</description></item>`;
    const longFeed = await serve([{ path: '/long.rss', body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Long</title><link>https://metrocourier.example/</link>${item(long, long, 'Long id')}${item('short-id', long, 'Long link')}</channel></rss>` }]);
    await enable({ rss: { feeds: [`${longFeed.url}/long.rss`] } });
    const longCtx = context('vaccine');
    expect((await runCollect(longCtx, networkCollectorFactories)).collectors[0]).toMatchObject({ status: 'SUCCESS', collected_records: 1 });
    expect((await linked(longCtx.runId)).map((p) => [p.rid, p.title, p.urls, p.source_url === long])).toEqual([['short-id', 'Long link', '[]', true]]);
    await longFeed.close();

    const bad = await serve([{ path: '/feed', body: '<html><head><title>Not a feed</title></head></html>' }]);
    await enable({ rss: { feeds: [`${bad.url}/feed`] } });
    const failed = await runCollect(context('vaccine'), networkCollectorFactories).catch((e: Error) => e.message);
    expect(failed).toBe(`Every data collector failed: RSS and Atom feeds: malformed answer from ${new URL(bad.url).host}: not an RSS or Atom feed`);
    await bad.close();
  });
});
