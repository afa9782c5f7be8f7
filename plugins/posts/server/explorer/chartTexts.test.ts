import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterDimensions } from '@core/shared/filters';
import { postFacetsKey, type PostFacetProvider } from '@core/server/facets/contract';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { TOPICS_DIMENSIONS } from '@plugins/topics/shared/public';
import postsServer from '../index';
import { CHART_MESSAGES, chartDataSchemas } from '../../shared/explorerApi';
import { normaliseText } from './textCounts';
import { conversationOver, post, postId, signedIn, uniqueOrg, writePosts } from './testing/fixture';

/** chart_data's text count and narrative-pair activity (spec part 2 section 3 "Chart data"), on both engines. */

let t: TestServer;
let a: Awaited<ReturnType<typeof signedIn>>;
let b: Awaited<ReturnType<typeof signedIn>>;
let conversation: string;
let otherConversation: string;
const unregister: Array<() => void> = [];

/** Narratives as the topics plugin gives them: a `narratives` facet and the row's `narrative` title, from a test table. */
async function registerNarratives(t: TestServer): Promise<() => void> {
  const db = t.storage.db;
  await sql`create table if not exists test_narratives (post_id integer not null, narrative text not null, title text not null)`.execute(db);
  const provider: PostFacetProvider = {
    owner: 'test-narratives',
    revision: async () => '1',
    facets: { narratives: () => sql`select post_id, narrative as value from test_narratives` },
    async fields(ids) {
      const out = new Map<number, Record<string, unknown>>();
      if (ids.length === 0) return out;
      const rows = (await sql<{ post_id: number; title: string }>`select post_id, title from test_narratives where post_id in (${sql.join([...ids])})`.execute(db)).rows;
      for (const r of rows) out.set(Number(r.post_id), { narrative: r.title });
      return out;
    },
  };
  const releaseDimensions = filterDimensions.register(TOPICS_DIMENSIONS);
  const releaseFacets = t.server.ctx.services.get(postFacetsKey).register(provider);
  return () => { releaseFacets(); releaseDimensions(); };
}

const SAME = 'Ballot boxes were STOLEN in   Maricopa';
beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer], pipeline: { worker: false } });
  a = await signedIn(t, uniqueOrg('Texts A'));
  b = await signedIn(t, uniqueOrg('Texts B'));
  unregister.push(await registerNarratives(t));
  await writePosts(t, a.user.organizationId, [
    post('s1', { body: SAME, published_at: '2026-01-01T10:00:00.000Z', urls: ['https://example.com/a'] }),
    post('s2', { body: 'ballot boxes were stolen in maricopa', platform: 'twitter', published_at: '2026-01-01T11:00:00.000Z' }),
    post('s3', { body: '  ballot boxes\nwere stolen in Maricopa ', published_at: '2026-01-02T10:00:00.000Z', reply_to: 's1' }),
    post('c1', { body: 'Count every ballot', published_at: '2026-01-02T11:00:00.000Z' }),
    post('c2', { body: 'count every ballot', platform: 'twitter', published_at: '2026-01-02T12:00:00.000Z' }),
    post('u1', { body: 'A ballot story of its own <script>alert(1)</script>', published_at: '2026-01-03T10:00:00.000Z', urls: ['https://news.example.org/x'] }),
  ]);
  await writePosts(t, b.user.organizationId, [post('b1', { body: SAME }), post('b2', { body: SAME })]);
  const id = (rid: string) => postId(t, a.user.organizationId, rid);
  const narratives: Array<[string, string, string]> = [
    ['s1', 'n-stolen', 'Ballots were stolen'], ['s2', 'n-stolen', 'Ballots were stolen'], ['s3', 'n-stolen', 'Ballots were stolen'],
    ['c1', 'n-count', 'Count every ballot'], ['c2', 'n-count', 'Count every ballot'], ['u1', 'n-other', 'Other stories'],
  ];
  for (const [rid, n, title] of narratives) {
    await sql`insert into test_narratives (post_id, narrative, title) values (${await id(rid)}, ${n}, ${title})`.execute(t.storage.db);
  }
  // The runs come last: a finished run's index is built from the facets stored by then.
  conversation = await conversationOver(t, a.user.organizationId);
  otherConversation = await conversationOver(t, b.user.organizationId);
}, 60_000);
afterAll(async () => { unregister.forEach((u) => u()); await t?.close(); });

const data = async (query: string, conversationId = conversation, client = a.client) => {
  const res = await client.get(`/api/v2/conversations/${conversationId}/chart_data?${query}`);
  expect(res.status).toBe(200);
  return res.body.data;
};

describe('chart_data text_count', () => {
  it('counts the same text posted again, ignoring case and spacing, most repeated first, shown as first posted', async () => {
    const answer = await data('chart=text_count');
    expect(chartDataSchemas.text_count.parse(answer)).toEqual(answer);
    expect(answer).toEqual([
      { text: 'Ballot boxes were STOLEN in Maricopa', count: 3 },
      { text: 'Count every ballot', count: 2 },
      { text: 'A ballot story of its own <script>alert(1)</script>', count: 1 },
    ]);
    expect(normaliseText(' A\n b  C ')).toBe('a b c');
  });

  it('honours every filter and top_n', async () => {
    expect(await data('chart=text_count&platforms=twitter:true')).toEqual([
      { text: 'ballot boxes were stolen in maricopa', count: 1 }, { text: 'count every ballot', count: 1 },
    ]);
    expect(await data('chart=text_count&is_reply=false&top_n=1')).toEqual([{ text: 'Ballot boxes were STOLEN in Maricopa', count: 2 }]);
    expect(await data('chart=text_count&narratives=n-count:true')).toEqual([{ text: 'Count every ballot', count: 2 }]);
    expect(await data('chart=text_count&start_range=2026-01-02T00:00:00Z&end_range=2026-01-02T23:59:59Z')).toEqual([
      { text: 'Count every ballot', count: 2 }, { text: 'ballot boxes were stolen in Maricopa', count: 1 },
    ]);
    expect(await data('chart=text_count&domains=example.com:true')).toEqual([{ text: 'Ballot boxes were STOLEN in Maricopa', count: 1 }]);
    expect(await data('chart=text_count&platforms=telegram:true')).toEqual([]);
  });

  it("counts only the caller's organisation and refuses another's conversation", async () => {
    expect(await data('chart=text_count', otherConversation, b.client)).toEqual([{ text: SAME.replace(/\s+/g, ' '), count: 2 }]);
    expect((await a.client.get(`/api/v2/conversations/${otherConversation}/chart_data?chart=text_count`)).status).toBe(404);
  });

  it('refuses a bad top_n with the message, and still answers after', async () => {
    const res = await a.client.get(`/api/v2/conversations/${conversation}/chart_data?chart=text_count&top_n=0`);
    expect(res.status).toBe(400);
    expect(res.body.metadata.errors).toEqual([CHART_MESSAGES.topN]);
    expect(await data('chart=text_count&top_n=1')).toHaveLength(1);
  });
});

describe('chart_data narrative_pair_activity', () => {
  it('answers the posts of the two largest narratives, newest first, with the spec fields', async () => {
    const answer = await data('chart=narrative_pair_activity');
    expect(chartDataSchemas.narrative_pair_activity.parse(answer)).toEqual(answer);
    expect(answer.map((r: { rid: string; entity_rid: string }) => [r.rid, r.entity_rid])).toEqual([
      ['c2', 'n-count'], ['c1', 'n-count'], ['s3', 'n-stolen'], ['s2', 'n-stolen'], ['s1', 'n-stolen'],
    ]);
    expect(Object.keys(answer[4]).sort()).toEqual(['class', 'creator', 'domains', 'entities', 'entity_rid', 'labels', 'published_at', 'rid', 'urls']);
    expect(answer[4]).toMatchObject({
      class: 'reddit', domains: ['example.com'], urls: ['https://example.com/a'], labels: ['Ballots were stolen'], published_at: '2026-01-01T10:00:00.000Z',
    });
  });

  it('honours the filters: narratives pick the pair, other filters narrow its posts, top_n caps each narrative', async () => {
    const rids = async (q: string) => (await data(`chart=narrative_pair_activity&${q}`)).map((r: { rid: string }) => r.rid);
    expect(await rids('narratives=n-stolen:true&narratives=n-other:true')).toEqual(['u1', 's3', 's2', 's1']);
    expect(await rids('platforms=twitter:true')).toEqual(['c2', 's2']);
    expect(await rids('top_n=1')).toEqual(['c2', 's3']);
    expect(await rids('is_reply=true')).toEqual(['s3']);
    expect(await rids('platforms=telegram:true')).toEqual([]);
  });
});
