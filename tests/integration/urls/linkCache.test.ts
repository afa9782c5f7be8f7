import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { sharedLinksCacheOf } from '@plugins/urls/server/linkCache';
import { BORIS, CARL, CORPUS, STORY, STORY_2, WIRE, accountInsight, addRun, conversationWithRun, errorsOf, insightIn, q, signIn, startServer, writePosts } from './support';

/**
 * Filtered urls-shared / domains-shared answers are counted once per question and facts revision (linkCache.ts):
 * asking again answers the same from the cache, and whatever could change the answer (an insight approved, a newer
 * run) is seen at once; another organisation never reads this one's answers.
 */
let t: TestServer;
let analyst: ApiClient;
let senior: ApiClient;
let organizationId: string;
let conversation: string;
let postIds: Map<string, number>;

beforeAll(async () => {
  t = await startServer();
  const a = await signIn(t, 'Org Cached Links', 'Analyst');
  analyst = a.client;
  organizationId = a.user.organizationId;
  senior = (await signIn(t, 'Org Cached Links', 'Senior Analyst')).client;
  postIds = await writePosts(t, organizationId, CORPUS);
  conversation = (await conversationWithRun(t, analyst, organizationId, 'Cached links', [...postIds.values()])).conversationId;
});
afterAll(async () => t?.close());

const urls = async (client: ApiClient, conversationId: string, params: Record<string, string> | string) => {
  const query = typeof params === 'string' ? `conversation_id=${conversationId}&${params}` : q({ conversation_id: conversationId, ...params });
  const res = await client.get(`/api/v2/analysis/urls-shared?${query}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.data as Array<{ url: string; value: number }>).map((r) => [r.url, r.value]);
};
const cached = () => sharedLinksCacheOf(t.server.ctx).size;

describe('filtered shared links, cached per facts revision', () => {
  it('answers a repeated filtered question the same, from one count', async () => {
    const before = cached();
    const first = await urls(analyst, conversation, 'platforms=telegram:true&platforms=twitter:false');
    expect(first).toEqual([[STORY_2, 2], [STORY, 1], [WIRE, 1]]);
    expect(cached()).toBe(before + 1);
    // The same filters written in another order are the same question.
    expect(await urls(analyst, conversation, 'platforms=twitter:false&platforms=telegram:true')).toEqual(first);
    expect(cached()).toBe(before + 1);
  });

  it('sees an insight approved at once under an insight filter', async () => {
    const filter = { insight_subcategories: 'State Media:true' };
    expect(await urls(analyst, conversation, filter)).toEqual([]);
    await insightIn(analyst, senior, accountInsight(BORIS as never, { subcategory: ['State Media'] }), 'approved');
    expect(await urls(analyst, conversation, filter)).toEqual([[STORY, 1], [STORY_2, 1], [WIRE, 1]]);
    await insightIn(analyst, senior, accountInsight(CARL as never, { subcategory: ['State Media'] }), 'approved');
    expect(await urls(analyst, conversation, filter)).toEqual([[STORY, 2], [WIRE, 2], [STORY_2, 1]]);
  });

  it("follows a newer run's posts", async () => {
    expect(await urls(analyst, conversation, { platforms: 'gab:true' })).toEqual([[STORY, 1], [WIRE, 1]]);
    await addRun(t, organizationId, conversation, ['p1', 'p2', 'p4', 'p5'].map((rid) => postIds.get(rid)!));
    expect(await urls(analyst, conversation, { platforms: 'gab:true' })).toEqual([]);
  });

  it("never answers another organisation's conversation from this one's cache", async () => {
    const other = await signIn(t, 'Org Cached Elsewhere', 'Analyst');
    const res = await other.client.get(`/api/v2/analysis/urls-shared?${q({ conversation_id: conversation, platforms: 'telegram:true' })}`);
    expect([res.status, errorsOf(res)]).toEqual([404, ['Conversation not found']]);
  });
});
