import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFacetsKey } from '@core/server/facets/contract';
import { postScopeKey, type RunScope } from '@core/server/postScope';
import { startTestServer, testPostgresUrl, type TestServer } from '@core/server/testing/testServer';
import postsServer from '../index';
import { ensureRunFacts } from './facts';
import { forgetRunIndexes, runIndexOf } from './runIndex';
import { conversationOver, post, postId, registerTestFacets, setFacet, signedIn, uniqueOrg, writePosts } from './testing/fixture';

/**
 * The first raw_data page after a run never waits for the run's preparation (facts and run index, warmOnFinish.ts):
 * while the facts are being filled, a page reads the same columns live from the store (facts.ts `liveFacts`), and
 * while the run index loads, the SQL path over the facts answers. Every answer must equal the one asked once both
 * are ready (the run index's). Asked on the engine of the run (SQLite, or PostgreSQL under
 * NARRASCOPE_TEST_DATABASE_URL), and on PostgreSQL with the fill held back by a lock.
 */

const PLATFORMS = ['reddit', 'twitter', 'gab', 'telegram'] as const;

interface Setup { t: TestServer; a: Awaited<ReturnType<typeof signedIn>>; conversation: string; scope: RunScope & { runId: string }; unregister: () => void }

async function setUp(postgres?: string): Promise<Setup> {
  const t = await startTestServer({ plugins: [postsServer], pipeline: { worker: false }, ...(postgres ? { postgres } : {}) });
  const a = await signedIn(t, uniqueOrg('Live page'));
  await writePosts(t, a.user.organizationId, Array.from({ length: 48 }, (_, i) => post(`x${i}`, {
    platform: PLATFORMS[i % 4]!,
    // Several posts per instant, so the id tie-break matters.
    published_at: new Date(Date.UTC(2026, 0, 2) + Math.floor(i / 3) * 3_600_000).toISOString(),
    ...(i % 5 === 0 ? { reply_to: 'x0' } : {}),
    urls: i % 3 === 0 ? ['https://www.example.com/a'] : [],
  })));
  const conversation = await conversationOver(t, a.user.organizationId);
  const unregister = await registerTestFacets(t);
  const sentiments = ['POSITIVE', 'NEGATIVE', 'NEUTRAL', null];
  for (let i = 0; i < 48; i += 1) {
    if (i % 7 === 6) continue;
    await setFacet(t, await postId(t, a.user.organizationId, `x${i}`), sentiments[i % 4]!, (i * 37 % 100) / 100);
  }
  const resolved = await t.server.ctx.services.get(postScopeKey).resolve(a.user.organizationId, conversation);
  if (resolved.runId === null) throw new Error('the conversation has no run');
  return { t, a, conversation, scope: { ...resolved, runId: resolved.runId }, unregister };
}

/** Waits for any preparation under way (the finished run's), then removes the run's facts and index, as before it. */
async function unprepare(s: Setup): Promise<void> {
  await ensureRunFacts(s.t.storage, s.scope);
  await sql`delete from posts_explorer_facts where run_id = ${s.scope.runId}`.execute(s.t.storage.db);
  await sql`delete from posts_explorer_runs where run_id = ${s.scope.runId}`.execute(s.t.storage.db);
  forgetRunIndexes(s.t.storage);
}

async function prepare(s: Setup): Promise<void> {
  await ensureRunFacts(s.t.storage, s.scope);
  expect(await runIndexOf(s.t.storage, s.t.server.ctx.services.get(postFacetsKey), s.scope)).not.toBeNull();
}

const marked = async (s: Setup) => Number((await sql<{ n: number }>`select count(*) as n from posts_explorer_runs where run_id = ${s.scope.runId}`
  .execute(s.t.storage.db)).rows[0]!.n);

async function page(s: Setup, query: string) {
  const res = await s.a.client.get(`/api/v2/conversations/${s.conversation}/raw_data?${query}`);
  expect(res.status).toBe(200);
  return res.body as { data: { rid: string }[]; metadata: { pagination_info: { total: number } } };
}

const PAGES = [
  'limit=7', 'limit=7&record_offset=5', 'limit=5&order_by=published_at:asc', 'limit=5&order_by=id:asc',
  'limit=6&order_by=threats_of_violence:desc', 'limit=9&order_by=class:asc,published_at:asc', 'limit=4&platforms=twitter:true',
  'limit=4&platforms=twitter:false&platforms=gab:false', 'limit=5&is_reply=true', 'limit=5&domains=example.com:true',
  'limit=5&sentiments=NEGATIVE:false', 'limit=5&contains_threatening_language=true&record_offset=2',
  'limit=5&start_range=2026-01-02T05:00:00Z&end_range=2026-01-02T09:00:00Z', 'limit=5&search=x7', 'limit=5&coordination_only=true',
  'limit=5&platforms=nowhere:true',
];

describe('raw_data while the run is being prepared', () => {
  let s: Setup;
  beforeAll(async () => { s = await setUp(); }, 120_000);
  afterAll(async () => { s?.unregister(); await s?.t.close(); });

  it('answers each page asked before the run facts exist as it does once facts and run index are ready', async () => {
    const before: Record<string, unknown> = {};
    for (const query of PAGES) {
      await unprepare(s);
      expect(await marked(s)).toBe(0);
      before[query] = await page(s, query);
    }
    // The page started the fill it did not wait for.
    await expect.poll(() => marked(s)).toBe(1);
    await prepare(s);
    for (const query of PAGES) expect(await page(s, query), query).toEqual(before[query]);
    const first = await page(s, 'limit=7');
    expect(first.metadata.pagination_info.total).toBe(48);
    expect(first.data.map((r) => r.rid)).toEqual(['x47', 'x46', 'x45', 'x44', 'x43', 'x42', 'x41']);
  });
});

describe('raw_data on PostgreSQL while the run facts cannot be written', () => {
  let s: Setup;
  beforeAll(async () => { s = await setUp(testPostgresUrl()); }, 120_000);
  afterAll(async () => { s?.unregister(); await s?.t.close(); });

  it('answers from the store while the fill waits on a lock, then the same from the prepared run', async () => {
    await unprepare(s);
    const answers: Record<string, unknown> = {};
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => { release = resolve; });
    let locked = () => undefined as void;
    const isLocked = new Promise<void>((resolve) => { locked = resolve; });
    // Another session holds a lock that blocks every insert into the facts until it ends.
    const holder = s.t.storage.db.transaction().execute(async (trx) => {
      await sql`lock table posts_explorer_facts in share row exclusive mode`.execute(trx);
      locked();
      await released;
    });
    try {
      await isLocked;
      for (const query of PAGES) answers[query] = await page(s, query);
      expect(await marked(s)).toBe(0);
    } finally {
      release();
      await holder;
    }
    await expect.poll(() => marked(s)).toBe(1);
    await prepare(s);
    for (const query of PAGES) expect(await page(s, query), query).toEqual(answers[query]);
    expect((await page(s, 'limit=7')).metadata.pagination_info.total).toBe(48);
  });
});
