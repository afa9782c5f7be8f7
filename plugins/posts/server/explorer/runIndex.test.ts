import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from '../index';
import { CSV_COLUMNS } from './exportStream';
import { conversationOver, post, postId, registerTestFacets, setFacet, signedIn, uniqueOrg, writePosts } from './testing/fixture';

/**
 * The run index (runIndex.ts) and the SQL path answer the same: every call below is asked once with a facet
 * provider that declares a revision (index path) and once with the same provider without one (SQL path).
 */

let t: TestServer;
let a: Awaited<ReturnType<typeof signedIn>>;
let conversation: string;
let unregister: () => void = () => undefined;
const PLATFORMS = ['reddit', 'twitter', 'gab', 'telegram'] as const;

beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer], pipeline: { worker: false } });
  a = await signedIn(t, uniqueOrg('Index'));
  await writePosts(t, a.user.organizationId, Array.from({ length: 48 }, (_, i) => post(`x${i}`, {
    platform: PLATFORMS[i % 4]!,
    // Several posts per instant, so the id tie-break matters.
    published_at: new Date(Date.UTC(2026, 0, 2) + Math.floor(i / 3) * 3_600_000).toISOString(),
    ...(i % 5 === 0 ? { reply_to: 'x0' } : {}),
    urls: i % 3 === 0 ? ['https://www.example.com/a', 'https://news.example.org/b'] : i % 3 === 1 ? ['https://example.net/c'] : [],
  })));
  conversation = await conversationOver(t, a.user.organizationId);
  unregister = await registerTestFacets(t);
  const sentiments = ['POSITIVE', 'NEGATIVE', 'NEUTRAL', null];
  for (let i = 0; i < 48; i += 1) {
    if (i % 7 === 6) continue;
    await setFacet(t, await postId(t, a.user.organizationId, `x${i}`), sentiments[i % 4]!, i % 6 === 0 ? null : (i * 37 % 100) / 100);
  }
}, 60_000);
afterAll(async () => { unregister(); await t?.close(); });

const QUERIES = [
  '', 'platforms=twitter:true', 'platforms=twitter:false&platforms=gab:false', 'platforms=reddit:true&platforms=gab:false',
  'is_reply=true', 'is_reply=false&platforms=telegram:true', 'domains=example.org:true', 'domains=example.com:false',
  'sentiments=NEGATIVE:true', 'sentiments=NEGATIVE:false', 'sentiments=NEUTRAL:true&platforms=reddit:false',
  'contains_threatening_language=true', 'contains_threatening_language=false&is_reply=false',
  'start_range=2026-01-02T05:00:00Z', 'end_range=2026-01-02T09:00:00Z', 'start_range=2026-01-02T03:00:00Z&end_range=2026-01-02T03:00:00Z',
  'start_range=2026-01-03T00:00:00Z', 'platforms=nowhere:true', 'sentiments=NEGATIVE:false&contains_threatening_language=true&domains=example.net:true',
];
const ORDERS = ['', 'order_by=published_at:asc', 'order_by=id:asc', 'order_by=id:desc', 'order_by=threats_of_violence:asc',
  'order_by=threats_of_violence:desc', 'order_by=class:asc,published_at:asc'];

async function answers() {
  const get = async (path: string) => {
    const res = await a.client.get(`/api/v2/conversations/${conversation}/${path}`);
    expect(res.status).toBe(200);
    return res.headers.get('content-type')?.startsWith('text/csv') ? res.text : res.body;
  };
  const out: Record<string, unknown> = {};
  for (const query of QUERIES) {
    out[`counts ${query}`] = await get(`filter_counts?${query}`);
    for (const order of ORDERS) out[`page ${query} ${order}`] = await get(`raw_data?limit=7&record_offset=2&${query}&${order}`);
    out[`coordination_only ${query}`] = await get(`raw_data?coordination_only=true&${query}`);
  }
  for (const order of ORDERS) out[`export ${order}`] = await get(`raw_data?export=csv&platforms=gab:false&${order}`);
  return out;
}

describe('the run index', () => {
  it('answers pages, totals, filter_counts and exports exactly as the SQL path', async () => {
    const indexed = await answers();
    unregister();
    unregister = await registerTestFacets(t, { withRevision: false });
    const live = await answers();
    unregister();
    unregister = await registerTestFacets(t);
    expect(Object.keys(indexed)).toHaveLength(QUERIES.length * (ORDERS.length + 2) + ORDERS.length);
    for (const key of Object.keys(live)) expect([key, indexed[key]]).toEqual([key, live[key]]);
    // The comparison is not vacuous: the sets differ by filter and the pages by order.
    expect(indexed['counts '] as object).toMatchObject({ data: { total: 48, platform: { reddit: 12, twitter: 12, gab: 12, telegram: 12 } } });
    expect(indexed['page  order_by=id:asc']).not.toEqual(indexed['page  ']);
  });

  it('sees a provider\'s new values as soon as its revision changes', async () => {
    const before = await a.client.get(`/api/v2/conversations/${conversation}/filter_counts`);
    const target = await postId(t, a.user.organizationId, 'x6');
    await setFacet(t, target, 'CONFUSED', 0.99);
    const after = await a.client.get(`/api/v2/conversations/${conversation}/filter_counts`);
    expect(before.body.data.sentiment.CONFUSED).toBeUndefined();
    expect(after.body.data.sentiment.CONFUSED).toBe(1);
    const page = await a.client.get(`/api/v2/conversations/${conversation}/raw_data?sentiments=CONFUSED:true`);
    expect(page.body.data.map((r: { id: number }) => r.id)).toEqual([target]);
  });

  it('exports in the order_by order, as the table pages show it', async () => {
    for (const order of ['order_by=threats_of_violence:desc', 'order_by=published_at:asc', 'order_by=class:asc,published_at:asc']) {
      const csv = await a.client.get(`/api/v2/conversations/${conversation}/raw_data?export=csv&is_reply=false&${order}`);
      const lines = csv.text.trim().split('\r\n');
      expect(lines[0]).toBe(CSV_COLUMNS.join(','));
      const page = await a.client.get(`/api/v2/conversations/${conversation}/raw_data?limit=1000&is_reply=false&${order}`);
      const exported = lines.slice(1).map((l) => Number(l.split(',')[0]));
      expect(exported).toEqual(page.body.data.map((r: { id: number }) => r.id));
      expect(exported).toHaveLength(page.body.metadata.pagination_info.total);
    }
    const jsonl = await a.client.get(`/api/v2/conversations/${conversation}/raw_data?export=jsonl&order_by=threats_of_violence:asc`);
    const threats = jsonl.text.trim().split('\n').map((l) => (JSON.parse(l) as { threats_of_violence: number | null }).threats_of_violence);
    const known = threats.filter((v): v is number => v !== null);
    expect(known).toEqual([...known].sort((x, y) => x - y));
    // Posts without a threat value come last.
    expect(threats.slice(known.length).every((v) => v === null)).toBe(true);
  });
});
