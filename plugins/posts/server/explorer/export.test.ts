import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFacetsKey } from '@core/server/facets/contract';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from '../index';
import { EXPORT_FAILED_MESSAGE, EXPLORER_MESSAGES } from '../../shared/explorerApi';
import { CSV_COLUMNS, EXPORT_BATCH_SIZE } from './exportStream';
import { conversationOver, post, signedIn, uniqueOrg, writePosts } from './testing/fixture';

let t: TestServer;
let a: Awaited<ReturnType<typeof signedIn>>;
let b: Awaited<ReturnType<typeof signedIn>>;
let conversation: string;
let otherConversation: string;
/** More posts than one export batch, so keyset batching is exercised. */
const MANY = EXPORT_BATCH_SIZE + 150;

beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer], pipeline: { worker: false } });
  a = await signedIn(t, uniqueOrg('Export A'));
  b = await signedIn(t, uniqueOrg('Export B'));
  const posts = Array.from({ length: MANY }, (_, i) => post(`p${i}`, {
    platform: i % 3 === 0 ? 'twitter' : 'reddit',
    // Many posts share a timestamp: the keyset must still visit each exactly once.
    published_at: new Date(Date.UTC(2026, 0, 2) + Math.floor(i / 7) * 60_000).toISOString(),
  }));
  posts.push(post('hostile', { platform: 'gab', body: '=cmd|\' /C calc\'!A0, "quoted" ballot\nsecond line', published_at: '2026-01-03T12:00:00.000Z' }));
  await writePosts(t, a.user.organizationId, posts);
  await writePosts(t, b.user.organizationId, [post('secret')]);
  conversation = await conversationOver(t, a.user.organizationId);
  otherConversation = await conversationOver(t, b.user.organizationId);
}, 120_000);
afterAll(async () => t?.close());

const exportOf = (query: string) => a.client.get(`/api/v2/conversations/${conversation}/raw_data?${query}`);

/** A small RFC 4180 reader for the test (quoted fields with commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i += 1; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i += 1; } else cell += c;
  }
  return rows;
}

describe('raw data export', () => {
  it('streams every filtered post as a CSV download, in the same order as the table', async () => {
    const res = await exportOf('export=csv&platforms=twitter:false');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="raw-data-[A-Za-z0-9_-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const body = rows.slice(1);
    const expected = MANY - Math.ceil(MANY / 3) + 1;
    expect(body).toHaveLength(expected);
    expect(new Set(body.map((r) => r[1])).size).toBe(expected);
    expect(body.every((r) => r[2] !== 'twitter')).toBe(true);
    // The first page of the table is the first rows of the file.
    const page = await exportOf('platforms=twitter:false&limit=50');
    expect(body.slice(0, 50).map((r) => Number(r[0]))).toEqual(page.body.data.map((r: { id: number }) => r.id));
  });

  it('neutralises spreadsheet formulas and quotes commas, quotes and newlines', async () => {
    const rows = parseCsv((await exportOf('export=csv&platforms=gab:true')).text);
    expect(rows).toHaveLength(2);
    const body = rows[1]![CSV_COLUMNS.indexOf('body')];
    expect(body).toBe('\'=cmd|\' /C calc\'!A0, "quoted" ballot\nsecond line');
  });

  it('streams JSON Lines whose rows are the raw data rows', async () => {
    const res = await exportOf('export=jsonl&platforms=twitter:true');
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = res.text.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(Math.ceil(MANY / 3));
    const page = await exportOf('platforms=twitter:true&limit=5');
    expect(lines.slice(0, 5)).toEqual(page.body.data);
  });

  it('answers an empty CSV (header only) when nothing matches', async () => {
    const res = await exportOf('export=csv&search=nowhere');
    expect(res.text).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
  });

  it('refuses bad parameters before any download starts, and other organisations\' conversations', async () => {
    const bad = await exportOf('export=csv&is_reply=perhaps');
    expect(bad.status).toBe(400);
    expect(bad.body.metadata.errors).toEqual(['is_reply: expected true or false ("perhaps")']);
    const other = await a.client.get(`/api/v2/conversations/${otherConversation}/raw_data?export=csv`);
    expect(other.status).toBe(404);
    expect(other.body.metadata.errors).toEqual([EXPLORER_MESSAGES.conversationNotFound]);
  });

  it("answers the spec's export failure message when the export cannot start", async () => {
    // A broken analysis plugin: its row fields fail, so the first batch cannot be built.
    const undo = t.server.ctx.services.get(postFacetsKey).register({
      owner: 'broken', facets: {}, fields: async () => { throw new Error('facet store offline'); },
    });
    try {
      const res = await exportOf('export=csv');
      expect(res.status).toBe(500);
      expect(res.body.metadata.errors).toEqual([EXPORT_FAILED_MESSAGE]);
      expect(EXPORT_FAILED_MESSAGE).toBe('an error occurred while exporting raw data.  Please try again later.');
    } finally {
      undo();
    }
    expect((await exportOf('export=csv&limit=1')).status).toBe(200);
  });
});
