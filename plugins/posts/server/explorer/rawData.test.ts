import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from '../index';
import { EXPLORER_MESSAGES } from '../../shared/explorerApi';
import { conversationOver, post, postId, registerTestFacets, setFacet, signedIn, uniqueOrg, writePosts } from './testing/fixture';

let t: TestServer;
let a: Awaited<ReturnType<typeof signedIn>>;
let b: Awaited<ReturnType<typeof signedIn>>;
let conversation: string;
let otherConversation: string;
let unregister: () => void;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer], pipeline: { worker: false } });
  a = await signedIn(t, uniqueOrg('Raw A'));
  b = await signedIn(t, uniqueOrg('Raw B'));
  await writePosts(t, a.user.organizationId, [
    post('r1', { published_at: '2026-01-02T01:00:00.000Z', urls: ['https://www.example.com/a'] }),
    post('r2', { published_at: '2026-01-02T02:00:00.000Z', reply_to: 'r1', body: 'ballot reply about fraud' }),
    post('t1', { platform: 'twitter', published_at: '2026-01-02T03:00:00.000Z', urls: ['https://news.example.org/x'] }),
    post('t2', { platform: 'twitter', published_at: '2026-01-02T04:00:00.000Z', additional_properties: { likes: 5 } }),
    post('g1', { platform: 'gab', published_at: '2026-01-02T05:00:00.000Z', body: 'ballot =HYPERLINK("x") <b>bold</b>' }),
    post('g2', { platform: 'gab', published_at: '2026-01-03T06:00:00.000Z' }),
    post('off', { body: 'nothing to see', published_at: '2026-01-02T07:00:00.000Z' }),
  ]);
  await writePosts(t, b.user.organizationId, [post('b1'), post('b2', { platform: 'gab' })]);
  conversation = await conversationOver(t, a.user.organizationId);
  otherConversation = await conversationOver(t, b.user.organizationId);
  for (const rid of ['r1', 'r2', 't1', 't2', 'g1', 'g2']) ids[rid] = await postId(t, a.user.organizationId, rid);
  unregister = await registerTestFacets(t);
  await setFacet(t, ids.r1!, 'POSITIVE', 0.1);
  await setFacet(t, ids.r2!, 'NEGATIVE', 0.9);
  await setFacet(t, ids.t1!, 'NEGATIVE', 0.4);
  await setFacet(t, ids.g1!, 'NEUTRAL', 0.7);
}, 60_000);
afterAll(async () => { unregister?.(); await t?.close(); });

const raw = (query = '') => a.client.get(`/api/v2/conversations/${conversation}/raw_data${query ? `?${query}` : ''}`);
const rids = (res: { body: { data: { rid: string }[] } }) => res.body.data.map((r) => r.rid);

describe('GET /api/v2/conversations/{id}/raw_data', () => {
  it("pages the conversation run's posts newest first with pagination_info", async () => {
    const res = await raw();
    expect(res.status).toBe(200);
    expect(rids(res)).toEqual(['g2', 'g1', 't2', 't1', 'r2', 'r1']);
    expect(res.body.metadata.pagination_info).toEqual({ offset: 0, limit: 20, total: 6, order_by: [{ column: 'published_at', direction: 'desc' }] });
    const row = res.body.data.find((r: { rid: string }) => r.rid === 't2');
    expect(row).toMatchObject({
      id: ids.t2, class: 'twitter', platform_label: 'X', post_class: 'TwitterPost', user_class: 'TwitterUser', screen_name: 'user_t2',
      user_rid: 'author-t2', creator: 'user_t2', body: 'ballot post t2', published_at: '2026-01-02T04:00:00.000Z', is_reply: false,
      is_niche: false, additional_properties: { likes: 5 }, sentiment: null, threats_of_violence: null, narrative: null,
    });
    expect(res.body.data.find((r: { rid: string }) => r.rid === 'g1').body).toBe('ballot =HYPERLINK("x") <b>bold</b>');
  });

  it('pages with limit and record_offset without overlap', async () => {
    const first = await raw('limit=4&record_offset=0');
    const second = await raw('limit=4&record_offset=4');
    expect(rids(first)).toEqual(['g2', 'g1', 't2', 't1']);
    expect(rids(second)).toEqual(['r2', 'r1']);
    expect(second.body.metadata.pagination_info).toMatchObject({ offset: 4, limit: 4, total: 6 });
  });

  it('applies include and exclude filters exactly as in the browser URL', async () => {
    expect(rids(await raw('platforms=twitter:true'))).toEqual(['t2', 't1']);
    expect(rids(await raw('platforms=twitter:false&platforms=gab:false'))).toEqual(['r2', 'r1']);
    // A mix of included and excluded values selects the included ones only.
    expect(rids(await raw('platforms=reddit:true&platforms=gab:false'))).toEqual(['r2', 'r1']);
    expect(rids(await raw('platforms=reddit'))).toEqual(['r2', 'r1']);
    expect(rids(await raw('is_reply=true'))).toEqual(['r2']);
    expect(rids(await raw('is_niche=true'))).toEqual(['g2', 'g1']);
    expect(rids(await raw('domains=example.org:true'))).toEqual(['t1']);
    expect(rids(await raw('start_range=2026-01-02T02:00:00Z&end_range=2026-01-02T04:00:00Z'))).toEqual(['t2', 't1', 'r2']);
    const filtered = await raw('platforms=gab:false&is_reply=false');
    expect(rids(filtered)).toEqual(['t2', 't1', 'r1']);
    expect(filtered.body.metadata.pagination_info.total).toBe(3);
  });

  it('filters by facet dimensions: an excluded sentiment keeps posts without a sentiment', async () => {
    expect(rids(await raw('sentiments=NEGATIVE:true'))).toEqual(['t1', 'r2']);
    expect(rids(await raw('sentiments=NEGATIVE:false'))).toEqual(['g2', 'g1', 't2', 'r1']);
    expect(rids(await raw('contains_threatening_language=true'))).toEqual(['g1', 'r2']);
    expect(rids(await raw('contains_threatening_language=false'))).toEqual(['g2', 't2', 't1', 'r1']);
  });

  it('answers facet fields and sorts by a facet sort key, posts without a value last (limit=10, order_by=threats_of_violence:asc)', async () => {
    const asc = await raw('limit=10&order_by=threats_of_violence:asc');
    expect(rids(asc)).toEqual(['r1', 't1', 'g1', 'r2', 't2', 'g2']);
    expect(asc.body.data[0]).toMatchObject({ sentiment: 'POSITIVE', threats_of_violence: 0.1 });
    expect(asc.body.metadata.pagination_info).toMatchObject({ limit: 10, order_by: [{ column: 'threats_of_violence', direction: 'asc' }] });
    expect(rids(await raw('order_by=threats_of_violence:desc'))).toEqual(['r2', 'g1', 't1', 'r1', 'g2', 't2']);
    expect(rids(await raw('order_by=class:asc,published_at:asc'))).toEqual(['g1', 'g2', 'r1', 'r2', 't1', 't2']);
  });

  it('searches words in the post text', async () => {
    expect(rids(await raw('search=fraud'))).toEqual(['r2']);
    expect(rids(await raw('search=ballot%20FRAUD'))).toEqual(['r2']);
    expect((await raw('search=nowhere')).body).toMatchObject({ data: [], metadata: { pagination_info: { total: 0 } } });
  });

  it('answers no post for coordination_only when no coordination analysis is installed', async () => {
    const res = await raw('coordination_only=true');
    expect(res.body.data).toEqual([]);
    expect(rids(await raw('coordination_only=false'))).toHaveLength(6);
  });

  it.each([
    ['limit=0', EXPLORER_MESSAGES.limit],
    ['limit=1001', EXPLORER_MESSAGES.limit],
    ['limit=ten', EXPLORER_MESSAGES.limit],
    ['limit=10&limit=20', EXPLORER_MESSAGES.limit],
    ['record_offset=-1', EXPLORER_MESSAGES.recordOffset],
    ['order_by=body:asc', EXPLORER_MESSAGES.orderBy('body:asc')],
    ['order_by=published_at:up', EXPLORER_MESSAGES.orderBy('published_at:up')],
    ['coordination_only=yes', EXPLORER_MESSAGES.coordinationOnly],
    ['export=xml', EXPLORER_MESSAGES.export],
    [`search=${'x'.repeat(501)}`, EXPLORER_MESSAGES.search],
    ['platforms=', 'platforms: empty value ("")'],
    ['engagement_score=huge:true', 'engagement_score: engagement_score is one of low, medium, high ("huge:true")'],
    ['is_reply=maybe', 'is_reply: expected true or false ("maybe")'],
    ['start_range=2024-01-01', 'start_range: expected an ISO 8601 date-time with Z or an offset ("2024-01-01")'],
  ])('refuses %s with 400 naming the parameter', async (query, message) => {
    const res = await raw(query);
    expect(res.status).toBe(400);
    expect(res.body.metadata.errors[0]).toBe(message);
    expect(res.body.data).toBeNull();
  });

  it("answers 404 for an unknown conversation and for another organisation's, and leaks nothing", async () => {
    for (const id of ['no-such-conversation', otherConversation]) {
      const res = await a.client.get(`/api/v2/conversations/${id}/raw_data`);
      expect(res.status).toBe(404);
      expect(res.body.metadata.errors).toEqual([EXPLORER_MESSAGES.conversationNotFound]);
    }
    const own = await b.client.get(`/api/v2/conversations/${otherConversation}/raw_data`);
    expect(own.body.data.map((r: { rid: string }) => r.rid).sort()).toEqual(['b1', 'b2']);
  });

  it("follows the conversation's latest successful run, and keeps one fact copy per conversation", async () => {
    const c = await conversationOver(t, b.user.organizationId, 'ballot');
    const first = await b.client.get(`/api/v2/conversations/${c}/raw_data`);
    expect(first.body.metadata.pagination_info.total).toBe(2);
    await writePosts(t, b.user.organizationId, [post('b3', { platform: 'telegram' })]);
    await conversationOver(t, b.user.organizationId, 'ballot', c);
    const second = await b.client.get(`/api/v2/conversations/${c}/raw_data?platforms=telegram:true`);
    expect(second.body.data.map((r: { rid: string }) => r.rid)).toEqual(['b3']);
    const copies = await t.storage.db.selectFrom('posts_explorer_runs' as never).select('run_id' as never)
      .where('conversation_id' as never, '=', c as never).execute();
    expect(copies).toHaveLength(1);
  });

  it('needs a session', async () => {
    const res = await fetch(`${t.url}/api/v2/conversations/${conversation}/raw_data`);
    expect(res.status).toBe(401);
  });
});
