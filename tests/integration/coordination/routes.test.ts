import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { tablesOf } from '@core/server/storage/database';
import { serverPlugins } from '@plugins/index.server';
import { detectStage } from '@plugins/coordination/server';
import type { CoordinationTables } from '@plugins/coordination/server/tables';
import { plantedCorpus, recordRun, stageContext, storeCorpus } from '@plugins/coordination/server/testing/fixture';
import { post, writePosts } from '@plugins/posts/server/explorer/testing/fixture';

let t: TestServer;
let a: ApiClient;
let b: ApiClient;
let conversation: string;
let rids: string[];
let orgA: string;
const path = (p: string) => `/api/v2/coordinations/c1/${p}`;

async function signedIn(org: string) {
  const u = await t.createUser(org);
  const c = new ApiClient(t.url);
  await c.login(u.email, u.password);
  return { client: c, organizationId: u.organizationId };
}

async function counts() {
  const db = tablesOf<CoordinationTables>(t.storage);
  const n = async (table: keyof CoordinationTables) => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { runs: await n('coordination_runs'), clusters: await n('coordination_clusters'), edges: await n('coordination_edges'), posts: await n('coordination_post_clusters') };
}

beforeAll(async () => {
  t = await startTestServer({ plugins: serverPlugins, pipeline: { worker: false } });
  const ua = await signedIn('Coordination A');
  const ub = await signedIn('Coordination B');
  a = ua.client;
  b = ub.client;
  const ctx = stageContext(t.storage, ua.organizationId);
  conversation = ctx.conversationId;
  await storeCorpus(t.storage, ua.organizationId, ctx.runId, plantedCorpus(6, 7, 'r-'));
  // The other organisation has accounts with the same rids, and no detection.
  await storeCorpus(t.storage, ub.organizationId, ctx.runId.replace(/.$/, '0'), plantedCorpus(3, 8, 'r-'));
  await detectStage.run(ctx);
  await recordRun(t.storage, ctx, 'SUCCESS', '2025-02-01T00:00:00.000Z');
  orgA = ua.organizationId;
  rids = Array.from({ length: 6 }, (_, m) => `r-camp${m}`);
}, 60_000);
afterAll(async () => t?.close());

describe('the conversation cluster list', () => {
  it('lists the clusters with their previews', async () => {
    const res = await a.get(`/api/v2/conversations/${conversation}/coordination_clusters`);
    expect(res.status).toBe(200);
    expect(res.body.data.clusters).toHaveLength(1);
    const [c] = res.body.data.clusters;
    expect(c).toMatchObject({ cluster_id: 'c1', platform: 'twitter' });
    expect(c.preview).toMatchObject({ number_accounts: 6, number_posts: 36 });
    expect(c.preview.evidences).toEqual([{ type: 'SYNCHRONOUS_URL_SHARE', group: 'Synchronous Posting', edges: 15, accounts: 6, posts: 36 }]);
    expect(c.preview.percent_accounts).toBeCloseTo(6 / 126, 5);
    expect(c.preview.cluster_insights[0]).toMatch(/^6 accounts shared the same links/);
  });

  it('reads the latest successful run: a later failed run with its own detection does not replace it', async () => {
    const failed = stageContext(t.storage, orgA, conversation);
    await storeCorpus(t.storage, orgA, failed.runId, plantedCorpus(4, 9, 'f-'));
    await detectStage.run(failed);
    await recordRun(t.storage, failed, 'FAILED', '2025-03-01T00:00:00.000Z');
    const res = await a.get(`/api/v2/conversations/${conversation}/coordination_clusters`);
    expect(res.body.data.clusters[0].preview.number_accounts).toBe(6);
    // A conversation whose only run failed is known but has nothing to show.
    const only = stageContext(t.storage, orgA);
    await recordRun(t.storage, only, 'FAILED');
    const empty = await a.get(`/api/v2/conversations/${only.conversationId}/coordination_clusters`);
    expect([empty.status, empty.body.data]).toEqual([200, { run_id: null, detected_at: null, clusters: [] }]);
  });

  it('filters: a platform without the proving posts hides the cluster; the cluster filter keeps it', async () => {
    const none = await a.get(`/api/v2/conversations/${conversation}/coordination_clusters?platforms=reddit:true`);
    expect(none.body.data.clusters).toEqual([]);
    const kept = await a.get(`/api/v2/conversations/${conversation}/coordination_clusters?coordination_cluster=c1:true`);
    expect(kept.body.data.clusters.map((c: { cluster_id: string }) => c.cluster_id)).toEqual(['c1']);
    const excluded = await a.get(`/api/v2/conversations/${conversation}/coordination_clusters?coordination_cluster=c1:false`);
    expect(excluded.body.data.clusters).toEqual([]);
  });

  it('bad input answers 400 naming the parameter', async () => {
    const res = await a.get(`/api/v2/conversations/${conversation}/coordination_clusters?is_reply=maybe`);
    expect(res.status).toBe(400);
    expect(res.body.metadata.errors).toEqual(['is_reply: expected true or false ("maybe")']);
    const id = await a.get('/api/v2/conversations/not-a-uuid/coordination_clusters');
    expect(id.status).toBe(400);
    expect(id.body.metadata.errors[0]).toMatch(/^params\.id: /);
  });
});

describe('cluster, edge and node data', () => {
  it('/cluster answers the coordinations, the accounts (rid, screen_name, profile_url, avatar_url) and the edges', async () => {
    const res = await a.get(`${path('cluster')}?conversation_id=${conversation}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.accounts.map((x: { rid: string }) => x.rid).sort()).toEqual(rids);
    expect(d.accounts[0]).toEqual(expect.objectContaining({ screen_name: expect.any(String), profile_url: expect.stringMatching(/^https:\/\/x\.com\//), avatar_url: null }));
    expect(d.coordinations.map((c: { type: string }) => c.type)).toEqual(['SYNCHRONOUS_URL_SHARE']);
    expect(d.edges).toHaveLength(15);
    expect(rids).toContain(d.edges[0].i);
    expect(d.edges[0].coordination_types).toEqual(['SYNCHRONOUS_URL_SHARE']);
  });

  it('/edge answers both accounts and the posts that prove the link, seconds apart', async () => {
    const res = await a.get(`${path('edge')}?conversation_id=${conversation}&i=r-camp1&j=r-camp0`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.i.rid).toBe('r-camp1');
    expect(d.j.rid).toBe('r-camp0');
    const [c] = d.coordinations;
    expect(c).toMatchObject({ type: 'SYNCHRONOUS_URL_SHARE', group: 'Synchronous Posting' });
    expect(c.co_actions).toBeGreaterThanOrEqual(2);
    const ev = c.evidence[0];
    expect(ev.key).toMatch(/^campaign\.example\/story-\d$/);
    expect(ev.post_i.rid).toMatch(/^r-camp1-e\d$/);
    expect(ev.post_j.rid).toMatch(/^r-camp0-e\d$/);
    expect(ev.post_i.body).toMatch(/^Read this now \d$/);
    expect(Math.abs(ev.delta_seconds)).toBeLessThanOrEqual(60);
    expect(Math.abs(ev.delta_seconds)).toBeCloseTo(Math.abs(Date.parse(ev.time_j) - Date.parse(ev.time_i)) / 1000, 3);
  });

  it('/edge with a filter that no proving post passes leaves the evidence empty', async () => {
    const res = await a.get(`${path('edge')}?conversation_id=${conversation}&i=r-camp1&j=r-camp0&platforms=reddit:true`);
    expect(res.status).toBe(200);
    expect(res.body.data.coordinations[0].evidence).toEqual([]);
  });

  it('/node answers the actor class and the connected accounts with their weights', async () => {
    const res = await a.get(`${path('node')}?conversation_id=${conversation}&user_rid=r-camp2`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.actor_class).toBe('TwitterUser');
    expect(d.account.rid).toBe('r-camp2');
    expect(d.connected_accounts.map((x: { rid: string }) => x.rid).sort()).toEqual(rids.filter((r) => r !== 'r-camp2'));
    expect(d.connected_accounts[0].weight).toEqual({ value: expect.any(Number), coordination_types: ['SYNCHRONOUS_URL_SHARE'] });
  });

  it('unknown ids answer 404 with a message', async () => {
    expect((await a.get(`/api/v2/coordinations/c9/cluster?conversation_id=${conversation}`)).body.metadata.errors).toEqual(['Cluster not found']);
    const edge = await a.get(`${path('edge')}?conversation_id=${conversation}&i=r-camp1&j=r-org3`);
    expect([edge.status, edge.body.metadata.errors]).toEqual([404, ['Edge not found']]);
    const node = await a.get(`${path('node')}?conversation_id=${conversation}&user_rid=r-org3`);
    expect([node.status, node.body.metadata.errors]).toEqual([404, ['Account not found']]);
    const conv = await a.get(`${path('cluster')}?conversation_id=00000000-0000-4000-8000-000000000000`);
    expect([conv.status, conv.body.metadata.errors]).toEqual([404, ['Conversation not found']]);
  });

  it('bad input answers 400 naming the parameter', async () => {
    const cases: Array<[string, string]> = [
      [`${path('cluster')}`, 'querystring.conversation_id'],
      [`${path('cluster')}?conversation_id=42`, 'querystring.conversation_id'],
      [`/api/v2/coordinations/DROP%20TABLE/cluster?conversation_id=${conversation}`, 'params.clusterId'],
      [`${path('edge')}?conversation_id=${conversation}&i=r-camp1`, 'querystring.j'],
      [`${path('node')}?conversation_id=${conversation}`, 'querystring.user_rid'],
      [`${path('node')}?conversation_id=${conversation}&user_rid=${'x'.repeat(600)}`, 'querystring.user_rid'],
      [`${path('cluster')}?conversation_id=${conversation}&start_range=2024-01-01`, 'start_range'],
    ];
    for (const [url, param] of cases) {
      const res = await a.get(url);
      expect(res.status, url).toBe(400);
      expect(res.body.metadata.errors[0], url).toMatch(new RegExp(`^${param.replace('.', '\\.')}: `));
    }
  });

  it('another organisation gets 404 for every call on this conversation, and nothing stored changes', async () => {
    const before = await counts();
    const calls = [
      `/api/v2/conversations/${conversation}/coordination_clusters`,
      `${path('cluster')}?conversation_id=${conversation}`,
      `${path('edge')}?conversation_id=${conversation}&i=r-camp1&j=r-camp0`,
      `${path('node')}?conversation_id=${conversation}&user_rid=r-camp2`,
      `/api/v2/accounts/r-camp1/details?conversation_id=${conversation}`,
      `/api/v2/accounts/r-camp1/urls?conversation_id=${conversation}`,
      `/api/v2/accounts/details_list?conversation_id=${conversation}&account_ids=${encodeURIComponent('["r-camp1","r-camp2"]')}`,
    ];
    for (const url of calls) {
      const res = await b.get(url);
      expect([res.status, res.body.metadata.errors], url).toEqual([404, ['Conversation not found']]);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const res = await new ApiClient(t.url).get(`${path('cluster')}?conversation_id=${conversation}`);
    expect(res.status).toBe(401);
  });
});

describe('accounts', () => {
  it('/details answers the actor with its cluster, cached 30 seconds', async () => {
    const res = await a.get(`/api/v2/accounts/r-camp3/details?conversation_id=${conversation}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=30');
    expect(res.body.data).toMatchObject({
      platform: 'twitter', rid: 'r-camp3', class: 'TwitterUser', post_class: 'TwitterPost', location: 'Somewhere',
      insights: [], additional_properties: { followers: 10, karma: 3 }, coordinationClusterId: 'c1',
    });
    const organic = await a.get(`/api/v2/accounts/r-org1/details?conversation_id=${conversation}`);
    expect(organic.body.data.coordinationClusterId).toBeNull();
    const unknown = await a.get(`/api/v2/accounts/nobody/details?conversation_id=${conversation}`);
    expect([unknown.status, unknown.body.metadata.errors]).toEqual([404, ['Account not found']]);
  });

  it("answers only the conversation's accounts: another account of the organisation is not found by /details, /details_list or /urls", async () => {
    await writePosts(t, orgA, [post('outside-1', { platform: 'twitter', author: { rid: 'r-outsider', screen_name: 'outsider' }, urls: ['https://outside.example/a'] })]);
    const details = await a.get(`/api/v2/accounts/r-outsider/details?conversation_id=${conversation}`);
    expect([details.status, details.body.metadata.errors]).toEqual([404, ['Account not found']]);
    const urls = await a.get(`/api/v2/accounts/r-outsider/urls?conversation_id=${conversation}`);
    expect([urls.status, urls.body.metadata.errors]).toEqual([404, ['Account not found']]);
    const list = await a.get(`/api/v2/accounts/details_list?conversation_id=${conversation}&account_ids=${encodeURIComponent('["r-outsider","r-camp1"]')}`);
    expect(list.body.data.map((x: { rid: string }) => x.rid)).toEqual(['r-camp1']);
  });

  it('/details_list takes a JSON array and answers in that order; bad arrays are 400', async () => {
    const ids = encodeURIComponent(JSON.stringify(['r-camp2', 'nobody', 'r-camp0']));
    const res = await a.get(`/api/v2/accounts/details_list?conversation_id=${conversation}&account_ids=${ids}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { rid: string }) => x.rid)).toEqual(['r-camp2', 'r-camp0']);
    for (const bad of ['r-camp1', '[]', '[1,2]', '{"a":1}', JSON.stringify(Array.from({ length: 201 }, (_, k) => `x${k}`))]) {
      const r = await a.get(`/api/v2/accounts/details_list?conversation_id=${conversation}&account_ids=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.metadata.errors[0], bad).toMatch(/^querystring\.account_ids: /);
    }
  });

  it('/urls answers the links the account shared, newest first, with their dates', async () => {
    const res = await a.get(`/api/v2/accounts/r-camp0/urls?conversation_id=${conversation}`);
    expect(res.status).toBe(200);
    const { urls, post_dates } = res.body.data;
    expect(urls).toEqual([5, 4, 3, 2, 1, 0].map((e) => `https://campaign.example/story-${e}`));
    expect(post_dates).toHaveLength(6);
    expect([...post_dates].sort().reverse()).toEqual(post_dates);
  });
});
