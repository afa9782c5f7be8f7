import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { serverPlugins } from '@plugins/index.server';
import { detectStage } from '@plugins/coordination/server';
import { plantedCorpus, recordRun, stageContext, storeCorpus } from '@plugins/coordination/server/testing/fixture';
import { post, postId, uniqueOrg, writePosts } from '@plugins/posts/server/explorer/testing/fixture';

/**
 * GET /api/v2/accounts/sharing: who shared a URL, domain or hashtag in the whole conversation (the URL, Domain and
 * Hashtag popups). Planted campaign (6 accounts sharing campaign.example/story-N within seconds, detected as c1)
 * plus posts written through the real post store, whose links are spelled differently but are the same URL.
 */

let t: TestServer;
let a: ApiClient;
let b: ApiClient;
let conversation: string;
let project: string;
let orgA: string;
const corpus = plantedCorpus(6, 7, 'sh-');
const day = (d: number) => `2025-01-0${d}T00:00:00.000Z`;
const author = (rid: string) => ({ rid, screen_name: `${rid}_name`, display_name: `Name ${rid}` });
const extra = [
  post('n1', { platform: 'twitter', author: author('x1'), published_at: day(2), urls: ['https://www.Norm.example/a/?utm_source=t#top'], hashtags: ['Vote'] }),
  post('n2', { platform: 'twitter', author: author('x2'), published_at: day(3), urls: ['http://norm.example/a', 'https://norm.example/a/'], hashtags: ['voter'] }), // two spellings, one share
  post('n3', { platform: 'twitter', author: author('x1'), published_at: day(5), urls: ['https://norm.example/a?fbclid=zz'] }),
  post('n4', { platform: 'twitter', author: author('x3'), published_at: day(4), urls: ['https://norm.example/a?id=1'] }),
  post('n5', { platform: 'gab', author: author('x4'), published_at: day(6), urls: ['https://blog.norm.example/b'] }),
  post('n6', { platform: 'twitter', author: author('x5'), published_at: day(7), urls: ['https://other.example/a'], hashtags: ['VOTE'] }),
];

const sharing = (client: ApiClient, query: string, id = conversation) => client.get(`/api/v2/accounts/sharing?conversation_id=${id}&${query}`);
const names = (body: { data: { shares: Array<{ rid: string; date_shared: string }> } }) => body.data.shares.map((s) => [s.rid, s.date_shared]);

async function signedIn(org: string, permissions?: string[]) {
  const u = await t.createUser(org, permissions ? { permissions } : {});
  const c = new ApiClient(t.url);
  await c.login(u.email, u.password);
  return { client: c, organizationId: u.organizationId };
}

beforeAll(async () => {
  t = await startTestServer({ plugins: serverPlugins, pipeline: { worker: false } });
  const ua = await signedIn(uniqueOrg('Sharing A'), ['CREATE_CONVERSATION', 'DELETE_CONVERSATION']);
  const ub = await signedIn(uniqueOrg('Sharing B'));
  a = ua.client;
  b = ub.client;
  orgA = ua.organizationId;
  project = ((await a.post('/api/v2/project', { name: 'Sharing' })).body.data as { id: string }).id;
  const ctx = stageContext(t.storage, orgA);
  conversation = ctx.conversationId;
  await storeCorpus(t.storage, orgA, ctx.runId, corpus);
  await writePosts(t, orgA, extra);
  for (const p of extra) {
    await sql`insert into posts_run_posts (run_id, post_id) values (${ctx.runId}, ${await postId(t, orgA, p.rid)})`.execute(t.storage.db);
  }
  // The other organisation shares the same link; it must never count here.
  await writePosts(t, ub.organizationId, [post('n1', { platform: 'twitter', author: author('x9'), published_at: day(8), urls: ['https://norm.example/a'] })]);
  await detectStage.run(ctx);
  await recordRun(t.storage, ctx, 'SUCCESS', '2025-02-01T00:00:00.000Z');
}, 60_000);
afterAll(async () => t?.close());

describe('GET /api/v2/accounts/sharing', () => {
  it('url: every post of the run whose link is the same after normalisation; accounts by their latest share, newest first', async () => {
    const res = await sharing(a, 'kind=url&value=norm.example/a');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      kind: 'url', value: 'norm.example/a', posts: 3, accounts: 2, first_seen: day(2), last_seen: day(5),
      shares: [
        { rid: 'x1', platform: 'twitter', screen_name: 'x1_name', display_name: 'Name x1', date_shared: day(5) },
        { rid: 'x2', platform: 'twitter', screen_name: 'x2_name', display_name: 'Name x2', date_shared: day(3) },
      ],
    });
    expect(res.body.metadata.pagination_info).toEqual({ offset: 0, limit: 100, total: 2, order_by: [{ column: 'date_shared', direction: 'desc' }] });
    // A raw spelling of the link names the same URL.
    const raw = await sharing(a, `kind=url&value=${encodeURIComponent('https://www.norm.example/a/')}`);
    expect([raw.body.data.value, raw.body.data.posts, raw.body.data.accounts]).toEqual(['norm.example/a', 3, 2]);
  });

  it('url: the whole conversation, not only the coordination evidence', async () => {
    const members = corpus.posts.filter((p) => p.urls?.includes('https://campaign.example/story-0'));
    const dates = members.map((p) => new Date(p.at).toISOString()).sort();
    const res = await sharing(a, 'kind=url&value=campaign.example/story-0');
    expect(res.body.data).toMatchObject({ posts: 6, accounts: 6, first_seen: dates[0], last_seen: dates[5] });
    expect(names(res.body)).toEqual(members.map((p) => [p.actor, new Date(p.at).toISOString()]).sort((x, y) => y[1]!.localeCompare(x[1]!)));
  });

  it('domain: links on the registrable domain (subdomains included) or, for a subdomain, on that host', async () => {
    const res = await sharing(a, 'kind=domain&value=norm.example');
    expect(res.body.data).toMatchObject({ kind: 'domain', value: 'norm.example', posts: 5, accounts: 4, first_seen: day(2), last_seen: day(6) });
    expect(names(res.body)).toEqual([['x4', day(6)], ['x1', day(5)], ['x3', day(4)], ['x2', day(3)]]);
    const sub = await sharing(a, 'kind=domain&value=blog.norm.example');
    expect([sub.body.data.posts, names(sub.body)]).toEqual([1, [['x4', day(6)]]]);
  });

  it('hashtag: with or without #, any case', async () => {
    const res = await sharing(a, `kind=hashtag&value=${encodeURIComponent('#Vote')}`);
    expect(res.body.data).toMatchObject({ kind: 'hashtag', value: 'vote', posts: 2, accounts: 2, first_seen: day(2), last_seen: day(7) });
    expect(names(res.body)).toEqual([['x5', day(7)], ['x1', day(2)]]);
  });

  it('applies the workspace filters: store columns, the date range and facet dimensions (coordination_cluster)', async () => {
    const gab = await sharing(a, 'kind=domain&value=norm.example&platforms=gab:true');
    expect([gab.body.data.posts, gab.body.data.accounts, names(gab.body)]).toEqual([1, 1, [['x4', day(6)]]]);
    const later = await sharing(a, `kind=url&value=norm.example/a&start_range=${day(3)}`);
    expect(later.body.data).toMatchObject({ posts: 2, accounts: 2, first_seen: day(3), last_seen: day(5) });
    const inCluster = await sharing(a, 'kind=url&value=campaign.example/story-0&coordination_cluster=c1:true');
    expect([inCluster.body.data.posts, inCluster.body.data.accounts]).toEqual([6, 6]);
    const outside = await sharing(a, 'kind=url&value=norm.example/a&coordination_cluster=c1:true');
    expect(outside.body.data).toMatchObject({ posts: 0, accounts: 0, first_seen: null, last_seen: null, shares: [] });
    const excluded = await sharing(a, 'kind=url&value=campaign.example/story-0&coordination_cluster=c1:false');
    expect(excluded.body.data.posts).toBe(0);
  });

  it('pages the accounts with limit and offset; the total is the accounts count', async () => {
    const res = await sharing(a, 'kind=domain&value=norm.example&limit=2&offset=1');
    expect(names(res.body)).toEqual([['x1', day(5)], ['x3', day(4)]]);
    expect(res.body.data.accounts).toBe(4);
    expect(res.body.metadata.pagination_info).toEqual({ offset: 1, limit: 2, total: 4, order_by: [{ column: 'date_shared', direction: 'desc' }] });
  });

  it('a value nobody shared answers zeros and no accounts', async () => {
    const res = await sharing(a, 'kind=url&value=nowhere.example/x');
    expect([res.status, res.body.data]).toEqual([200, { kind: 'url', value: 'nowhere.example/x', posts: 0, accounts: 0, first_seen: null, last_seen: null, shares: [] }]);
  });

  it('bad input answers 400 with the exact message', async () => {
    const cases: Array<[string, string]> = [
      ['kind=user&value=x', 'querystring.kind: Invalid option: expected one of "url"|"domain"|"hashtag"'],
      ['kind=url', 'querystring.value: Invalid input: expected string, received undefined'],
      ['kind=url&value=%20', 'querystring.value: Too small: expected string to have >=1 characters'],
      ['kind=url&value=x&limit=0', 'querystring.limit: Too small: expected number to be >=1'],
      ['kind=url&value=x&limit=1001', 'querystring.limit: Too big: expected number to be <=1000'],
      ['kind=url&value=x&is_reply=maybe', 'is_reply: expected true or false ("maybe")'],
    ];
    for (const [query, message] of cases) {
      const res = await sharing(a, query);
      expect([res.status, res.body.metadata.errors], query).toEqual([400, [message]]);
    }
    const id = await sharing(a, 'kind=url&value=x', 'not-a-uuid');
    expect([id.status, id.body.metadata.errors]).toEqual([400, ['querystring.conversation_id: Invalid UUID']]);
  });

  it("another organisation's caller gets 404; without a session 401", async () => {
    const res = await sharing(b, 'kind=url&value=norm.example/a');
    expect([res.status, res.body.metadata.errors]).toEqual([404, ['Conversation not found']]);
    expect((await new ApiClient(t.url).get(`/api/v2/accounts/sharing?conversation_id=${conversation}&kind=url&value=x`)).status).toBe(401);
  });

  it('a conversation without a successful run answers zeros; a deleted one answers 404', async () => {
    const created = await a.post('/api/v2/conversations', {
      project_id: project, name: 'To delete', query_string: 'ballot', start_date: '2026-01-01T00:00', end_date: '2026-01-04T00:00',
    });
    expect(created.status).toBe(200);
    const id = (created.body.data as { id: string }).id;
    const ctx = stageContext(t.storage, orgA, id);
    await recordRun(t.storage, ctx, 'FAILED');
    const none = await sharing(a, 'kind=url&value=norm.example/a', id);
    expect([none.status, none.body.data.posts, none.body.data.shares]).toEqual([200, 0, []]);
    expect((await a.delete(`/api/v2/conversations/${id}`)).status).toBe(200);
    const gone = await sharing(a, 'kind=url&value=norm.example/a', id);
    expect([gone.status, gone.body.metadata.errors]).toEqual([404, ['Conversation not found']]);
  });
});
