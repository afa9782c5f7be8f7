import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from '../index';
import { EXPLORER_MESSAGES, MAX_GRAPHQL_PAGES, PAGINATED_POSTS_QUERY } from '../../shared/explorerApi';
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
  a = await signedIn(t, uniqueOrg('GraphQL A'));
  b = await signedIn(t, uniqueOrg('GraphQL B'));
  await writePosts(t, a.user.organizationId, [
    post('r1', { published_at: '2026-01-02T01:00:00.000Z', additional_properties: { score: 10, comments: 4 } }),
    post('t1', { platform: 'twitter', published_at: '2026-01-02T02:00:00.000Z', additional_properties: { likes: 50, replies: 3, retweets: 7 } }),
    post('t2', { platform: 'twitter', published_at: '2026-01-02T03:00:00.000Z', additional_properties: { likes: 1 } }),
    post('b1', { platform: 'board', published_at: '2026-01-02T04:00:00.000Z' }),
    post('g1', { platform: 'gab', published_at: '2026-01-02T05:00:00.000Z' }),
  ]);
  await writePosts(t, b.user.organizationId, [post('secret')]);
  conversation = await conversationOver(t, a.user.organizationId);
  otherConversation = await conversationOver(t, b.user.organizationId);
  for (const rid of ['r1', 't1', 't2', 'b1', 'g1']) ids[rid] = await postId(t, a.user.organizationId, rid);
  ids.secret = await postId(t, b.user.organizationId, 'secret');
  unregister = await registerTestFacets(t);
  await setFacet(t, ids.t2!, 'NEGATIVE', 0.95);
  await setFacet(t, ids.g1!, 'NEUTRAL', 0.2);
}, 60_000);
afterAll(async () => { unregister?.(); await t?.close(); });

const gql = (query: string, body: unknown) => a.client.post(`/api/v2/graphql?${query}`, body);

describe('POST /api/v2/graphql', () => {
  it('answers paginatedPosts with items and metadata, agreeing with raw_data on the same page', async () => {
    const variables = { limit: 2, offset: 1, orderBy: ['threats_of_violence:desc'] };
    const res = await gql(`conversation_id=${conversation}&platforms=board:false`, { query: PAGINATED_POSTS_QUERY, variables });
    expect(res.status).toBe(200);
    const page = res.body.data.data.paginatedPosts;
    expect(page.metadata).toEqual({ limit: 2, offset: 1, total: 4, orderBy: ['threats_of_violence:desc'] });
    const rest = await a.client.get(`/api/v2/conversations/${conversation}/raw_data?platforms=board:false&limit=2&record_offset=1&order_by=threats_of_violence:desc`);
    expect(page.items.map((i: { id: string }) => Number(i.id))).toEqual(rest.body.data.map((r: { id: number }) => r.id));
    expect(rest.body.metadata.pagination_info.total).toBe(page.metadata.total);
    expect(page.items[0]).toEqual({
      id: String(ids.g1), rid: 'g1', platform: 'gab', type: 'GabPost', userType: 'GabUser', accountId: 'author-g1', displayName: null,
      screenName: 'user_g1', title: null, body: 'ballot post g1', publishedAt: '2026-01-02T05:00:00.000Z', sourceUrl: null,
      engagementScore: null, threatsOfViolence: 0.2, firstNgram: null, additionalProperties: {},
    });
  });

  it('answers GraphQL errors for bad arguments and 400 for queries that cannot run', async () => {
    const bad = await gql(`conversation_id=${conversation}`, { query: PAGINATED_POSTS_QUERY, variables: { limit: 0 } });
    expect(bad.status).toBe(200);
    expect(bad.body.data.errors[0].message).toBe(EXPLORER_MESSAGES.limit);
    const order = await gql(`conversation_id=${conversation}`, { query: PAGINATED_POSTS_QUERY, variables: { orderBy: ['body:asc'] } });
    expect(order.body.data.errors[0].message).toBe(EXPLORER_MESSAGES.orderBy('body:asc'));
    const syntax = await gql(`conversation_id=${conversation}`, { query: '{ paginatedPosts { items { nope } } }' });
    expect(syntax.status).toBe(400);
    expect(syntax.body.metadata.errors[0]).toBe('Cannot query field "nope" on type "Post". Did you mean "type"?');
  });

  it('refuses more paginatedPosts fields than MAX_GRAPHQL_PAGES (aliases would multiply 1000-post pages) with 400', async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `p${i}: paginatedPosts(limit: 1000) { items { id body } }`).join(' ')} }`;
    const many = await gql(`conversation_id=${conversation}`, { query: aliases(MAX_GRAPHQL_PAGES + 1) });
    expect(many.status).toBe(400);
    expect(many.body.metadata.errors).toEqual([EXPLORER_MESSAGES.graphqlPages]);
    expect(EXPLORER_MESSAGES.graphqlPages).toBe('a query may ask for paginatedPosts at most 5 times');
    const viaFragment = await gql(`conversation_id=${conversation}`, {
      query: `{ ...F } fragment F on Query { ${Array.from({ length: 6 }, (_, i) => `f${i}: paginatedPosts { metadata { total } }`).join(' ')} }`,
    });
    expect(viaFragment.status).toBe(400);
    const allowed = await gql(`conversation_id=${conversation}`, { query: aliases(MAX_GRAPHQL_PAGES) });
    expect(allowed.status).toBe(200);
    expect(Object.keys(allowed.body.data.data)).toHaveLength(MAX_GRAPHQL_PAGES);
  });

  it('refuses a missing conversation_id, bad filters and other organisations\' conversations', async () => {
    const missing = await gql('', { query: PAGINATED_POSTS_QUERY });
    expect(missing.status).toBe(400);
    expect(missing.body.metadata.errors).toEqual([EXPLORER_MESSAGES.conversationId]);
    const filters = await gql(`conversation_id=${conversation}&end_range=yesterday`, { query: PAGINATED_POSTS_QUERY });
    expect(filters.status).toBe(400);
    expect(filters.body.metadata.errors).toEqual(['end_range: expected an ISO 8601 date-time with Z or an offset ("yesterday")']);
    const other = await gql(`conversation_id=${otherConversation}`, { query: PAGINATED_POSTS_QUERY });
    expect(other.status).toBe(404);
    const noQuery = await gql(`conversation_id=${conversation}`, {});
    expect(noQuery.status).toBe(400);
  });

  it('needs the CSRF header like every mutating call', async () => {
    a.client.csrf = false;
    try {
      const res = await gql(`conversation_id=${conversation}`, { query: PAGINATED_POSTS_QUERY });
      expect(res.status).toBe(401);
      expect(res.body.metadata.errors).toEqual(['no auth token found']);
    } finally {
      a.client.csrf = true;
    }
  });
});

describe('GET /api/v2/posts/details', () => {
  it('answers the repeated post_id posts of the conversation, in the order asked, with their statistics', async () => {
    const res = await a.client.get(`/api/v2/posts/details?conversation_id=${conversation}&post_id=${ids.t1}&post_id=${ids.r1}&post_id=${ids.b1}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { rid: string }) => p.rid)).toEqual(['t1', 'r1', 'b1']);
    expect(res.body.data[0].statistics).toEqual([
      { key: 'likes', label: 'Likes', value: 50 }, { key: 'replies', label: 'Replies', value: 3 }, { key: 'retweets', label: 'Retweets', value: 7 },
    ]);
    expect(res.body.data[2].statistics).toEqual([]);
  });

  it('leaves out posts of other organisations and refuses bad ids', async () => {
    const res = await a.client.get(`/api/v2/posts/details?conversation_id=${conversation}&post_id=${ids.secret}`);
    expect(res.body.data).toEqual([]);
    for (const [query, message] of [
      [`conversation_id=${conversation}`, EXPLORER_MESSAGES.postIdsMissing],
      [`conversation_id=${conversation}&post_id=abc`, EXPLORER_MESSAGES.postId],
      [`conversation_id=${conversation}&post_id=0`, EXPLORER_MESSAGES.postId],
      [`post_id=${ids.r1}`, EXPLORER_MESSAGES.conversationId],
      [`conversation_id=${conversation}&${Array.from({ length: 101 }, (_, i) => `post_id=${i + 1}`).join('&')}`, EXPLORER_MESSAGES.postIdsTooMany],
    ]) {
      const bad = await a.client.get(`/api/v2/posts/details?${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body.metadata.errors).toEqual([message]);
    }
    const other = await a.client.get(`/api/v2/posts/details?conversation_id=${otherConversation}&post_id=${ids.secret}`);
    expect(other.status).toBe(404);
  });
});

describe('GET /api/v2/insights/notable_posts', () => {
  it('ranks by engagement by default, top_n 10', async () => {
    const res = await a.client.get(`/api/v2/insights/notable_posts?conversation_id=${conversation}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((n: { post: { rid: string } }) => n.post.rid)).toEqual(['t1', 'r1', 't2', 'g1', 'b1']);
    expect(res.body.data[0]).toMatchObject({ rank: 1, type: 'engagement', score: 60 });
  });

  it('ranks by threat score or date, applies filters and top_n', async () => {
    const threats = await a.client.get(`/api/v2/insights/notable_posts?conversation_id=${conversation}&type=threats_of_violence&top_n=2`);
    expect(threats.body.data.map((n: { post: { rid: string }; score: number }) => [n.post.rid, n.score])).toEqual([['t2', 0.95], ['g1', 0.2]]);
    const recent = await a.client.get(`/api/v2/insights/notable_posts?conversation_id=${conversation}&type=recent&platforms=twitter:true`);
    expect(recent.body.data.map((n: { post: { rid: string } }) => n.post.rid)).toEqual(['t2', 't1']);
  });

  it('refuses bad parameters', async () => {
    for (const [query, message] of [
      [`conversation_id=${conversation}&type=viral`, EXPLORER_MESSAGES.type],
      [`conversation_id=${conversation}&top_n=0`, EXPLORER_MESSAGES.topN],
      [`conversation_id=${conversation}&top_n=101`, EXPLORER_MESSAGES.topN],
      ['type=recent', EXPLORER_MESSAGES.conversationId],
      [`conversation_id=${conversation}&sentiments=`, 'sentiments: empty value ("")'],
    ]) {
      const bad = await a.client.get(`/api/v2/insights/notable_posts?${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body.metadata.errors).toEqual([message]);
    }
    expect((await a.client.get(`/api/v2/insights/notable_posts?conversation_id=${otherConversation}`)).status).toBe(404);
  });
});
