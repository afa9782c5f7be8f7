import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFacetsKey } from '@core/server/facets/contract';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from '../index';
import { MAX_PAGE_SIZE, type RawDataRow } from '../../shared/explorerApi';
import { CSV_COLUMNS, csvLine, EXPORT_BATCH_SIZE } from './exportStream';
import { conversationOver, post, postId, registerTestFacets, setFacet, signedIn, uniqueOrg, writePosts } from './testing/fixture';

/**
 * The CSV export writes lines straight from stored columns (csvRows.ts); a client must get exactly the raw data
 * rows it pages through, as CSV: every cell, hostile text, lists, properties, and provider fields (a provider
 * fills store fields left empty and adds its own, never replaces the store's).
 */

let t: TestServer;
let a: Awaited<ReturnType<typeof signedIn>>;
let conversation: string;
const unregister: Array<() => void> = [];
let unregisterFacets: () => void = () => undefined;
const COUNT = EXPORT_BATCH_SIZE + 400;

beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer], pipeline: { worker: false } });
  a = await signedIn(t, uniqueOrg('Csv rows'));
  const posts = Array.from({ length: COUNT }, (_, i) => post(`c${i}`, {
    platform: (['reddit', 'twitter', 'gab', 'telegram'] as const)[i % 4]!,
    published_at: new Date(Date.UTC(2026, 0, 2) + Math.floor(i / 5) * 60_000).toISOString(),
    title: i % 3 === 0 ? null : i % 3 === 1 ? `=title, "${i}"` : `title ${i}`,
    subject: i % 4 === 0 ? `－subject ${i}` : null,
    body: i % 11 === 0 ? '' : i % 7 === 0 ? `+1 ballot\r\nline, "q" ${i}` : `ballot ${i}`,
    language: i % 2 === 0 ? null : 'en',
    source_url: i % 5 === 0 ? null : `https://example.com/${i}?a=1,b`,
    urls: i % 3 === 0 ? [] : [`https://x.example.org/${i}`, 'https://example.net/"q"'],
    images: i % 6 === 0 ? ['https://img.example.com/1.png'] : [],
    author: i % 9 === 0 ? null : { rid: `a${i % 13}`, screen_name: i % 2 ? `=user${i % 13}` : `user${i % 13}`, display_name: i % 13 === 1 ? null : `User, ${i % 13}` },
    ...(i % 8 === 0 ? { reply_to: 'c1' } : {}),
    additional_properties: i % 4 === 1 ? { score: i, tags: ['a', 'b'], note: '=x, "y"' } : {},
  }));
  // Titles alone: the body falls back to title, then subject.
  posts.push(post('ballot-title-only', { body: null, title: 'ballot from the title' }));
  await writePosts(t, a.user.organizationId, posts);
  conversation = await conversationOver(t, a.user.organizationId);
  unregisterFacets = await registerTestFacets(t);
  for (let i = 0; i < COUNT; i += 37) await setFacet(t, await postId(t, a.user.organizationId, `c${i}`), i % 2 ? 'NEGATIVE' : '+POSITIVE', i % 3 ? -0.25 : null);
  // A provider that fills store fields left empty, tries to replace stored ones, and adds fields of its own.
  unregister.push(t.server.ctx.services.get(postFacetsKey).register({
    owner: 'csv-test',
    facets: {},
    async fields(ids) {
      return new Map(ids.filter((id) => id % 2 === 0).map((id) => [id, {
        language: id % 4 === 0 ? 'fr' : null, title: `=filled ${id}`, body: 'replaced?', user_id: `uid-${id}`,
        narrative: id % 3 ? `narrative, ${id}` : null, coordination_cluster_ids: ['k1', 'k2'], first_ngram: '@first',
        engagement_score: { level: 'high' }, sentiment: id % 10 === 0 ? 'OVERRIDDEN' : undefined,
      }]));
    },
  }));
}, 120_000);
afterAll(async () => { unregisterFacets(); for (const u of unregister) u(); await t?.close(); });

describe('CSV export written from stored columns', () => {
  it('is byte for byte the raw data rows as CSV, in every order and on both paths', async () => {
    // With a revision the run index serves the ids; without one, the SQL path (keyset batches for the default order).
    for (const [withRevision, order] of [true, false].flatMap((w) => ['', 'order_by=id:asc', 'order_by=threats_of_violence:desc',
      'order_by=class:asc,published_at:asc'].map((o) => [w, o] as const))) {
      unregisterFacets();
      unregisterFacets = await registerTestFacets(t, { withRevision });
      const csv = await a.client.get(`/api/v2/conversations/${conversation}/raw_data?export=csv&${order}`);
      expect(csv.status).toBe(200);
      const rows: RawDataRow[] = [];
      let total = Infinity;
      for (let offset = 0; offset < total; offset += MAX_PAGE_SIZE) {
        const page = await a.client.get(`/api/v2/conversations/${conversation}/raw_data?limit=${MAX_PAGE_SIZE}&record_offset=${offset}&${order}`);
        expect(page.status).toBe(200);
        rows.push(...page.body.data);
        total = page.body.metadata.pagination_info.total;
      }
      // Posts without `ballot` in their text (empty bodies) are not in the conversation.
      expect(rows.length).toBeGreaterThan(EXPORT_BATCH_SIZE);
      expect(rows).toHaveLength(total);
      expect(csv.text).toBe(`${CSV_COLUMNS.join(',')}\r\n${rows.map(csvLine).join('')}`);
    }
  });

  it('shows provider fields and neutralises formulas in them and in stored text', async () => {
    const csv = (await a.client.get(`/api/v2/conversations/${conversation}/raw_data?export=csv&order_by=id:asc`)).text;
    for (const rid of ['c3', 'c6']) {
      const id = await postId(t, a.user.organizationId, rid);
      const line = csv.split('\r\n').find((l) => l.startsWith(`${id},`))!;
      // No stored title: the provider fills it for the posts it has fields for (even ids), as a neutralised formula.
      if (id % 2 === 0) expect(line).toContain(`,'=filled ${id},`);
      else expect(line).not.toContain('filled');
    }
    expect(csv).not.toContain('replaced?');
    expect(csv).toContain(`"'=title, ""1"""`);
    expect(csv).toContain(`"'+1 ballot\r\nline, ""q"" 7"`);
  });
});
