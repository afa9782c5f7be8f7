/**
 * Issue 18, finding 2, through the real server with the real post store: a heavy live preview no longer holds the
 * server. On SQLite the search runs in a query thread (plugins/posts/server/collect/archiveThread.ts) and on
 * PostgreSQL in a transaction with a statement_timeout (run with NARRASCOPE_TEST_DATABASE_URL), both within
 * NARRASCOPE_QUERY_TIME_BUDGET_MS: while a hostile preview runs the health check answers at once (median under 50 ms,
 * none held as long as the budget), the hostile
 * preview answers 408 with the plugin's message, normal previews answer what the in-process search answers, and
 * nothing stored changes.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { QueryTooSlowError } from '@core/server/pipeline/collectors';
import { startTestServer, testPostgresUrl, type TestServer } from '@core/server/testing/testServer';
import { mulberry32 } from '@core/shared/random/mulberry32';
import { parseQuery, type QueryNode } from '@core/shared/query';
import conversationsServer from '@plugins/conversations/server';
import { MESSAGES } from '@plugins/conversations/shared/messages';
import { conversationBody, signedIn, snapshot } from '@plugins/conversations/server/testing/helpers';
import postsServer from '@plugins/posts/server';
import { countMatching, countMatchingHere } from '@plugins/posts/server/collect/localArchive';
import { importPosts } from '@plugins/posts/server/import/importer';

const BUDGET_MS = 200;
const POSTS = 10_000;
const VOCABULARY = [
  'tariff', 'trade', 'ballot', 'election', 'vaccine', 'measles', 'strike', 'union', 'boycott', 'inflation', 'rates',
  'border', 'climate', 'flood', 'protest', 'march', 'court', 'ruling', 'senate', 'budget', 'energy', 'pipeline',
  'housing', 'rent', 'school', 'teacher', 'farm', 'harvest', 'storm', 'market',
];
const PLATFORMS = ['reddit', 'telegram', 'bluesky'];

/**
 * 499 terms no post contains under one NOT: FTS5 cannot subtract from nothing, so every post is a candidate and the
 * matcher checks all 499 terms on each of its 24-35 words (about 50 µs a post: ~0.5 s for the corpus in process). `variant` makes
 * distinct queries (a preview that ran past the budget is remembered for a minute).
 */
const hostile = (variant: string) => `NOT (${Array.from({ length: 499 }, (_, i) => `zq${variant}${i}`).join(' OR ')})`;

/**
 * The timed tests below retry (a real regression, a search on the event loop or a preview queued behind hostile ones,
 * fails every attempt; a 2-core machine at load 10+ sometimes misses a bound once). Each attempt needs hostile queries
 * the server has not seen: a refused one is remembered and answered at once.
 */
let attempts = 0;
const fresh = (name: string) => `${name}${++attempts}x`;

let t: TestServer;
let organizationId: string;
let client: Awaited<ReturnType<typeof signedIn>>['client'];
let projectId: string;

function corpus(): string {
  const random = mulberry32(18_2);
  const lines: string[] = [];
  for (let i = 0; i < POSTS; i++) {
    const words = Array.from({ length: 24 + Math.floor(random() * 12) }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]);
    const publishedAt = new Date(Date.UTC(2026, 0, 1) + i * 4 * 60_000).toISOString();
    lines.push(JSON.stringify({ platform: PLATFORMS[i % 3], rid: `b${i}`, body: words.join(' '), published_at: publishedAt }));
  }
  return lines.join('\n');
}

beforeAll(async () => {
  t = await startTestServer({
    plugins: [postsServer, conversationsServer], pipeline: { worker: false },
    env: { NARRASCOPE_QUERY_TIME_BUDGET_MS: String(BUDGET_MS) },
  });
  const s = await signedIn(t, 'Preview Budget Org');
  ({ client } = s);
  organizationId = s.user.organizationId;
  projectId = ((await client.post('/api/v2/project', { name: 'Project' })).body.data as { id: string }).id;
  const report = await importPosts({ storage: t.storage, organizationId, format: 'jsonl', input: Readable.from([Buffer.from(corpus())]) });
  expect(report).toMatchObject({ inserted: POSTS, rejected: 0 });
});
afterAll(async () => t?.close());

const ast = (query: string): QueryNode => {
  const parsed = parseQuery(query);
  if (!parsed.ok) throw new Error(parsed.errors[0]!.message);
  return parsed.ast;
};

const preview = (query: string, over: Record<string, unknown> = {}) =>
  client.post('/api/v2/conversations/preview', conversationBody(projectId, { query_string: query, start_date: '2025-12-01T00:00', end_date: '2026-03-01T00:00', ...over }));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await call();
  return { value, ms: performance.now() - started };
}

/** What a refused preview must leave as it was: the conversations' tables, the jobs, and the stored posts. */
async function stored() {
  const db = t.storage.db as unknown as Kysely<any>;
  const count = async (table: string) => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { ...(await snapshot(t)), posts: await count('posts_posts'), runPosts: await count('posts_run_posts') };
}

describe('live preview within a time budget, off the event loop (issue 18, finding 2)', () => {
  it('the hostile query takes far longer than the budget when searched in process (the premise)', async () => {
    const { value, ms } = await timed(() => countMatchingHere(t.storage, { organizationId, query: ast(hostile('premise')), startDate: null, endDate: null }));
    expect(value.reduce((n, c) => n + c.count, 0)).toBe(POSTS);
    expect(ms).toBeGreaterThan(BUDGET_MS + 200);
  });

  it('while a hostile preview runs the health check answers at once; the preview answers 408 with the message; nothing changes', { retry: 2 }, async () => {
    const variant = fresh('a');
    await preview('tariff'); // a warm query thread, as on a server that has answered one preview
    const before = await stored();
    let done = false;
    const attack = timed(() => preview(hostile(variant))).finally(() => { done = true; });
    const health: number[] = [];
    while (!done) {
      const probe = await timed(() => fetch(`${t.url}/api/v2/health`).then((r) => r.status));
      expect(probe.value).toBe(200);
      health.push(probe.ms);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    const { value: res, ms } = await attack;
    expect([res.status, res.body.metadata.msg]).toEqual([408, MESSAGES.previewTooSlow]);
    expect(res.body.metadata.msg).toBe('This query took too long to preview. Narrow it with fewer terms or a shorter date range.');
    expect(ms).toBeGreaterThanOrEqual(BUDGET_MS - 5);
    expect(health.length).toBeGreaterThanOrEqual(3);
    // A search on the event loop would hold a probe for the whole search (the premise: well past BUDGET_MS + 200 ms),
    // so the slowest probe staying under the budget proves the loop was free; the median shows it answered at once.
    // A fixed 100 ms for the slowest failed once in CI on a loaded 2-core machine (112 ms: one scheduling hiccup).
    expect(Math.max(...health)).toBeLessThan(BUDGET_MS);
    expect(median(health)).toBeLessThan(50);
    // Asked again (Chromium resends a POST answered 408 by itself), it answers at once without searching again.
    const again = await timed(() => preview(hostile(variant)));
    expect([again.value.status, again.value.body.metadata.msg]).toEqual([408, MESSAGES.previewTooSlow]);
    expect(again.ms).toBeLessThan(BUDGET_MS);
    expect(await stored()).toEqual(before);
  });

  it('a normal preview does not wait behind hostile ones', { retry: 2 }, async () => {
    // Three warm threads (calls made together each start one; idle ones stay 30 s), so the answer below measures
    // waiting, not a thread's start-up.
    const warm = { organizationId, query: ast('trade'), startDate: null, endDate: null };
    await Promise.all([countMatching(t.storage, warm), countMatching(t.storage, warm), countMatching(t.storage, warm)]);
    // Two days (~700 posts): a small search, so that what is measured is waiting, not the search, on a loaded machine.
    const twoDays = { start_date: '2026-01-02T00:00', end_date: '2026-01-04T00:00' };
    const expected = (await preview('"housing rent"', twoDays)).body.data;
    expect(expected.total).toBeGreaterThan(0);
    const attacks = [timed(() => preview(hostile(fresh('b')))), timed(() => preview(hostile(fresh('c'))))];
    await new Promise((resolve) => setTimeout(resolve, 30));
    const normal = await timed(() => preview('"housing rent"', twoDays));
    expect([normal.value.status, normal.value.body.data]).toEqual([200, expected]);
    expect(normal.ms).toBeLessThan(BUDGET_MS);
    for (const attack of await Promise.all(attacks)) expect(attack.value.status).toBe(408);
  });

  it('countMatching rejects with QueryTooSlowError past its budget', async () => {
    const query = { organizationId, query: ast(hostile('d')), startDate: null, endDate: null };
    await expect(countMatching(t.storage, query, { timeBudgetMs: 50 })).rejects.toBeInstanceOf(QueryTooSlowError);
    // Without a budget (a run's collect step) the same search completes.
    expect((await countMatching(t.storage, query)).reduce((n, c) => n + c.count, 0)).toBe(POSTS);
    // The caller's signal (a run cancelled, a preview whose client went away) stops it at once.
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('went away')), 50);
    const stopped = await timed(() => countMatching(t.storage, { ...query, signal: controller.signal }).catch((e: Error) => e.message));
    expect(stopped.value).toBe('went away');
    expect(stopped.ms).toBeLessThan(BUDGET_MS);
  });
});

/**
 * What a preview answers, on a server whose budget no normal preview reaches even on a loaded CI machine: the answers,
 * not their speed, are checked here (the budget itself above; the speed by `npm run bench -- preview`).
 */
describe('normal previews', () => {
  const roomy = {} as { server: TestServer; organizationId: string; preview: (query: string, over?: Record<string, unknown>) => ReturnType<typeof preview> };
  beforeAll(async () => {
    roomy.server = await startTestServer({
      plugins: [postsServer, conversationsServer], pipeline: { worker: false },
      env: { NARRASCOPE_QUERY_TIME_BUDGET_MS: '60000' },
    });
    const s = await signedIn(roomy.server, 'Preview Answers Org');
    roomy.organizationId = s.user.organizationId;
    const project = ((await s.client.post('/api/v2/project', { name: 'Project' })).body.data as { id: string }).id;
    roomy.preview = (query, over = {}) => s.client.post('/api/v2/conversations/preview',
      conversationBody(project, { query_string: query, start_date: '2025-12-01T00:00', end_date: '2026-03-01T00:00', ...over }));
    const report = await importPosts({ storage: roomy.server.storage, organizationId: roomy.organizationId, format: 'jsonl', input: Readable.from([Buffer.from(corpus())]) });
    expect(report).toMatchObject({ inserted: POSTS, rejected: 0 });
  });
  afterAll(async () => roomy.server?.close());

  it('answer the counts of the in-process search', async () => {
    // A few days each (~1,000 posts); `"housing rent"` and the unknown word span everything.
    const cases: Array<{ query: string; start: string; end: string }> = [
      { query: 'tariff', start: '2026-01-02T00:00', end: '2026-01-05T00:00' },
      { query: 'tariff OR trade OR "ballot election"', start: '2026-01-05T00:00', end: '2026-01-08T00:00' },
      { query: '(vaccine OR measles) AND NOT strike', start: '2026-01-08T00:00', end: '2026-01-11T00:00' },
      { query: 'NOT climate', start: '2026-01-10T00:00', end: '2026-01-12T06:30' }, // not exact in FTS5: the matcher decides
      { query: `${'storm AND (rent OR '.repeat(31)}farm${')'.repeat(31)}`, start: '2026-01-12T00:00', end: '2026-01-15T00:00' },
      { query: '"housing rent"', start: '2025-12-01T00:00', end: '2026-03-01T00:00' },
      { query: 'zzzunknown', start: '2025-12-01T00:00', end: '2026-03-01T00:00' },
    ];
    for (const c of cases) {
      const res = await roomy.preview(c.query, { start_date: c.start, end_date: c.end });
      expect(res.status, c.query).toBe(200);
      const expected = (await countMatchingHere(roomy.server.storage, {
        organizationId: roomy.organizationId, query: ast(c.query), startDate: res.body.data.start_date, endDate: res.body.data.end_date,
      })).filter((p) => p.count > 0);
      expect({ total: res.body.data.total, platforms: res.body.data.platforms }, c.query)
        .toEqual({ total: expected.reduce((n, p) => n + p.count, 0), platforms: expected });
      if (c.query !== 'zzzunknown') expect(res.body.data.total, c.query).toBeGreaterThan(50);
    }
  });

});

/**
 * PostgreSQL's own guard, on the machine's PostgreSQL whatever engine the rest of this file runs on (CI has it): the
 * statement, not only the wait for it, ends at the budget.
 */
describe('live preview on PostgreSQL', () => {
  const pg = {} as { server: TestServer; organizationId: string };
  beforeAll(async () => {
    pg.server = await startTestServer({ plugins: [postsServer, conversationsServer], pipeline: { worker: false }, postgres: testPostgresUrl() });
    pg.organizationId = (await signedIn(pg.server, 'Preview Budget PG Org')).user.organizationId;
    const report = await importPosts({ storage: pg.server.storage, organizationId: pg.organizationId, format: 'jsonl', input: Readable.from([Buffer.from(corpus())]) });
    expect(report).toMatchObject({ inserted: POSTS, rejected: 0 });
    expect(pg.server.storage.dialect).toBe('postgres');
  });
  afterAll(async () => pg.server?.close());

  it('stops the statement itself at the budget (statement_timeout)', async () => {
    // 166 three-word phrases: PostgreSQL checks word positions on every post (~100 ms here); few candidates.
    const phrases = Array.from({ length: 166 }, (_, i) => `"${VOCABULARY[i % 30]} ${VOCABULARY[(i * 7 + 3) % 30]} ${VOCABULARY[(i * 11 + 5) % 30]}"`).join(' OR ');
    const query = { organizationId: pg.organizationId, query: ast(phrases), startDate: null, endDate: null };
    // Without a budget, twice: the database's cache warm, and a query thread started for the matcher.
    const runs = [await timed(() => countMatching(pg.server.storage, query)), await timed(() => countMatching(pg.server.storage, query))];
    const reference = Math.min(...runs.map((r) => r.ms));
    const budget = Math.max(5, Math.floor(reference / 4));
    const cut = await timed(() => countMatching(pg.server.storage, query, { timeBudgetMs: budget }).catch((e: unknown) => e));
    expect(cut.value).toBeInstanceOf(QueryTooSlowError);
    // PostgreSQL itself cancelled the statement (57014 query_canceled by statement_timeout): without it the deadline
    // could only be noticed by this process after the statement, at `reference` or later.
    expect((cut.value as QueryTooSlowError).cause).toMatchObject({ code: '57014' });
  });
});
