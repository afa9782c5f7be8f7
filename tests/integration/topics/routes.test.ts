import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFacetsKey } from '@core/server/facets/contract';
import { defineDimension, filterDimensions } from '@core/shared/filters';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { conversationTopicsSchema, topicInsightCountListSchema } from '@plugins/topics/shared/public';
import { insertPosts, insertRun, plugins, runStage } from './support';

let t: TestServer;
let analyst: ApiClient;
let admin: ApiClient;
let stranger: ApiClient;
let org: string;
const conversation = crypto.randomUUID();
let ids: number[];

async function signIn(orgName: string, opts: { admin?: boolean } = {}) {
  const user = await t.createUser(orgName, opts);
  const client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  return { client, user };
}

/** Released after the file: the registry is process-wide and the server project's files share a process. */
let releaseInsightDimensions: (() => void) | undefined;

beforeAll(async () => {
  t = await startTestServer({ plugins, pipeline: { worker: false } });
  const a = await signIn('Topics Org');
  analyst = a.client;
  org = a.user.organizationId;
  admin = (await signIn('Topics Org', { admin: true })).client;
  stranger = (await signIn('Other Org')).client;
  // Insight dimensions and facets as an insights plugin would declare and register them: authors posting on gab
  // carry a Pink Slime insight (subcategory 'Pink Slime Local News' of risk category 'Pink Slime').
  releaseInsightDimensions = filterDimensions.register([
    defineDimension({ name: 'insight_subcategories', kind: 'list', countKey: 'insight_subcategory', owner: 'insights-test', label: 'Insight subcategory', order: 300 }),
    defineDimension({ name: 'insight_countries_of_origin', kind: 'list', countKey: 'insight_country_of_origin', owner: 'insights-test', label: 'Insight country of origin', order: 310 }),
  ]);
  t.server.ctx.services.get(postFacetsKey).register({
    owner: 'insights-test',
    facets: {
      insight_subcategories: () => sql<{ post_id: number; value: string }>`select id as post_id, 'Pink Slime Local News' as value from posts_posts where platform = 'gab'`,
      insight_countries_of_origin: () => sql<{ post_id: number; value: string }>`select id as post_id, 'US' as value from posts_posts where platform = 'gab'`,
    },
  });
  ids = (await insertPosts(t.storage, org)).ids;
  // An older successful run, then the latest: the routes read the latest.
  const older = await insertRun(t.storage, org, conversation, ids.slice(0, 30), { createdAt: '2025-01-01T00:00:00.000Z' });
  await runStage(t, org, conversation, older);
  const latest = await insertRun(t.storage, org, conversation, ids);
  await runStage(t, org, conversation, latest);
});
afterAll(async () => {
  releaseInsightDimensions?.();
  await t?.close();
});

const topicsOf = async (client: ApiClient, query = '') => client.get(`/api/v2/conversations/${conversation}/topics${query}`);

describe('GET /api/v2/conversations/{id}/topics', () => {
  it("answers the latest successful run's topics and narratives", async () => {
    const res = await topicsOf(analyst);
    expect(res.status).toBe(200);
    const data = conversationTopicsSchema.parse(res.body.data);
    expect(data.total_posts).toBe(60);
    expect(data.topics_status).toEqual({ status_code: 200, message: 'Topics computed' });
    expect(data.topics.map((x) => x.post_count)).toEqual([20, 20, 20]);
    expect(data.narratives.map((n) => [n.post_count, n.post_percent.toFixed(3), n.risk_level])).toEqual([
      [20, '0.333', 'HIGH_RISK'], [20, '0.333', 'HIGH_RISK'], [20, '0.333', 'HIGH_RISK']]);
    // 25 % niche posts (gab) whose authors carry a Pink Slime insight: state actor and nicheness together.
    expect(data.narratives[0]!.risk.explanation).toMatch(/niche/);
    expect(data.narratives.map((n) => n.id)).toEqual(data.topics.map((x) => x.rid));
  });

  it('shows admin_details of the topic run status to admins only', async () => {
    const res = await topicsOf(admin);
    expect(res.body.data.topics_status).toEqual({ status_code: 200, message: 'Topics computed', admin_details: null });
  });

  it('counts over the filtered posts: narratives=<id>:true, platforms, ranges', async () => {
    const all = conversationTopicsSchema.parse((await topicsOf(analyst)).body.data);
    const first = all.narratives[0]!.id;
    const one = conversationTopicsSchema.parse((await topicsOf(analyst, `?narratives=${first}:true`)).body.data);
    expect(one.total_posts).toBe(20);
    expect(one.narratives.map((n) => [n.id, n.post_count, n.post_percent])).toEqual([[first, 20, 1]]);
    const without = conversationTopicsSchema.parse((await topicsOf(analyst, `?narratives=${first}:false`)).body.data);
    expect(without.narratives.map((n) => n.id)).not.toContain(first);
    expect(without.total_posts).toBe(40);
    const gab = conversationTopicsSchema.parse((await topicsOf(analyst, '?platforms=gab:true')).body.data);
    expect(gab.total_posts).toBe(15);
    expect(gab.topics.reduce((s, x) => s + x.post_count, 0)).toBe(15);
    const none = conversationTopicsSchema.parse((await topicsOf(analyst, '?start_range=2030-01-01T00:00:00Z')).body.data);
    expect(none).toMatchObject({ total_posts: 0, topics: [], narratives: [] });
  });

  it('refuses bad input with 400 naming the parameter', async () => {
    const bad = await topicsOf(analyst, '?start_range=2024-01-01');
    expect(bad.status).toBe(400);
    expect(bad.body.metadata.errors[0]).toMatch(/^start_range: /);
    const notUuid = await analyst.get('/api/v2/conversations/not-a-uuid/topics');
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.metadata.errors[0]).toMatch(/^params\.id: /);
    const flag = await topicsOf(analyst, '?is_niche=maybe');
    expect(flag.status).toBe(400);
    expect(flag.body.metadata.errors[0]).toBe('is_niche: expected true or false ("maybe")');
  });

  it("answers 404 for another organisation's conversation and for unknown ones", async () => {
    const other = await topicsOf(stranger);
    expect(other.status).toBe(404);
    expect(other.body.metadata.errors).toEqual(['Conversation not found']);
    expect((await analyst.get(`/api/v2/conversations/${crypto.randomUUID()}/topics`)).status).toBe(404);
  });

  it('answers no topics, with the status, before the first successful run', async () => {
    const fresh = crypto.randomUUID();
    await insertRun(t.storage, org, fresh, [], { status: 'RUNNING' });
    const res = await analyst.get(`/api/v2/conversations/${fresh}/topics`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ run_id: null, topics_status: null, total_posts: 0, conversation_total_posts: 0, topics: [], narratives: [], conversation_risk: null });
  });
});

describe('GET /api/v2/insights/topics', () => {
  it('counts posts per topic by insight subcategory and country of origin', async () => {
    const res = await analyst.get(`/api/v2/insights/topics?conversation_id=${conversation}`);
    expect(res.status).toBe(200);
    const rows = topicInsightCountListSchema.parse(res.body.data);
    expect(rows.reduce((s, r) => s + r.count, 0)).toBe(15);
    for (const r of rows) expect(r).toMatchObject({ subcategory: 'Pink Slime Local News', country_of_origin: 'US', risk_category: 'Pink Slime' });
    const filtered = await analyst.get(`/api/v2/insights/topics?conversation_id=${conversation}&narratives=${rows[0]!.topic}:true`);
    expect(filtered.body.data).toEqual([rows[0]]);
  });

  it('refuses a missing conversation_id and hides other organisations', async () => {
    const missing = await analyst.get('/api/v2/insights/topics');
    expect(missing.status).toBe(400);
    expect(missing.body.metadata.errors[0]).toMatch(/^querystring\.conversation_id: /);
    const other = await stranger.get(`/api/v2/insights/topics?conversation_id=${conversation}`);
    expect(other.status).toBe(404);
  });
});
