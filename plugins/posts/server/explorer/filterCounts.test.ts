import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from '../index';
import { EXPLORER_MESSAGES, filterCountRowKeys } from '../../shared/explorerApi';
import { conversationOver, post, postId, registerTestFacets, setFacet, signedIn, uniqueOrg, writePosts } from './testing/fixture';

let t: TestServer;
let a: Awaited<ReturnType<typeof signedIn>>;
let b: Awaited<ReturnType<typeof signedIn>>;
let conversation: string;
let otherConversation: string;
let unregister: () => void;

beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer], pipeline: { worker: false } });
  a = await signedIn(t, uniqueOrg('Counts A'));
  b = await signedIn(t, uniqueOrg('Counts B'));
  await writePosts(t, a.user.organizationId, [
    post('r1', { urls: ['https://www.example.com/a', 'https://example.com/b'] }),
    post('r2', { reply_to: 'r1', urls: ['https://news.example.org/x'] }),
    post('t1', { platform: 'twitter' }),
    post('t2', { platform: 'twitter', reply_to: 't1' }),
    post('g1', { platform: 'gab', published_at: '2026-01-03T00:00:00.000Z' }),
  ]);
  await writePosts(t, b.user.organizationId, [post('b1'), post('b2', { platform: 'telegram' })]);
  conversation = await conversationOver(t, a.user.organizationId);
  otherConversation = await conversationOver(t, b.user.organizationId);
  unregister = await registerTestFacets(t);
  const id = (rid: string) => postId(t, a.user.organizationId, rid);
  await setFacet(t, await id('r1'), 'POSITIVE', 0.9);
  await setFacet(t, await id('r2'), 'NEGATIVE', 0.1);
  await setFacet(t, await id('t1'), 'NEGATIVE', 0.8);
}, 60_000);
afterAll(async () => { unregister?.(); await t?.close(); });

const counts = (query = '') => a.client.get(`/api/v2/conversations/${conversation}/filter_counts${query ? `?${query}` : ''}`);

describe('GET /api/v2/conversations/{id}/filter_counts', () => {
  it('answers the count key of every declared dimension, {} for one with no values in the run, and total', async () => {
    const res = await counts();
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual([...filterCountRowKeys(), 'total'].sort());
    expect(res.body.data).toMatchObject({
      total: 5,
      platform: { reddit: 2, twitter: 2, gab: 1 },
      is_reply: { true: 2, false: 3 },
      is_niche: { true: 1, false: 4 },
      is_repost: { false: 5 },
      domain: { 'example.com': 1, 'example.org': 1 },
      sentiment: { NEGATIVE: 2, POSITIVE: 1 },
      contains_threatening_language: { true: 2, false: 3 },
      engagement_score: {},
    });
    // Only what is declared: the post store's and enrichment's here (no topics, coordination or insights plugin).
    expect(res.body.data.narrative).toBeUndefined();
    expect(res.body.data.insight_region).toBeUndefined();
  });

  it('counts each dimension with its own selection removed, so include/exclude toggles show what they would give', async () => {
    const res = await counts('platforms=twitter:true&is_reply=true');
    expect(res.body.data.total).toBe(1);
    // platform: is_reply=true applies, platforms does not.
    expect(res.body.data.platform).toEqual({ reddit: 1, twitter: 1 });
    // is_reply: platforms=twitter applies, is_reply does not.
    expect(res.body.data.is_reply).toEqual({ true: 1, false: 1 });
    // sentiment: both apply.
    expect(res.body.data.sentiment).toEqual({});
    const excluded = await counts('sentiments=NEGATIVE:false');
    expect(excluded.body.data.total).toBe(3);
    expect(excluded.body.data.sentiment).toEqual({ NEGATIVE: 2, POSITIVE: 1 });
    expect(excluded.body.data.platform).toEqual({ reddit: 1, twitter: 1, gab: 1 });
  });

  it('keeps a selected value that matches nothing, with 0', async () => {
    const res = await counts('platforms=bluesky:true');
    expect(res.body.data.total).toBe(0);
    expect(res.body.data.platform).toEqual({ reddit: 2, twitter: 2, gab: 1, bluesky: 0 });
  });

  it('applies start_range and end_range', async () => {
    const res = await counts('start_range=2026-01-03T00:00:00Z');
    expect(res.body.data).toMatchObject({ total: 1, platform: { gab: 1 } });
  });

  it('refuses bad filters naming the parameter, and other organisations\' conversations', async () => {
    const bad = await counts('is_quote=1');
    expect(bad.status).toBe(400);
    expect(bad.body.metadata.errors).toEqual(['is_quote: expected true or false ("1")']);
    const other = await a.client.get(`/api/v2/conversations/${otherConversation}/filter_counts`);
    expect(other.status).toBe(404);
    expect(other.body.metadata.errors).toEqual([EXPLORER_MESSAGES.conversationNotFound]);
    const own = await b.client.get(`/api/v2/conversations/${otherConversation}/filter_counts`);
    expect(own.body.data).toMatchObject({ total: 2, platform: { reddit: 1, telegram: 1 } });
  });
});
