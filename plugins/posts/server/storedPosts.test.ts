import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedPostsKey } from '@core/server/pipeline/collectors';
import { pipelineKey } from '@core/server/pipeline/runner';
import { createLogger } from '@core/server/logger';
import { defineStage } from '@core/server/plugin/contract';
import { ensureOrganization } from '@core/server/seed';
import { tablesOf } from '@core/server/storage/database';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { parseQuery, type QueryNode } from '@core/shared/query';
import { defineServerPlugin } from '@core/server/plugin/contract';
import postsServer, { collectStage } from './index';
import { normalizePost } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import type { PostsTables } from '@plugins/posts/server/tables';
import { ORCHESTRATOR_STAGE } from './collect/stage';
import { writeRunLinks } from './collect/runLinks';
import { readPragma } from '@core/server/storage/pragma';

let t: TestServer;
let org: string;
const q = (text: string) => (parseQuery(text) as { ok: true; ast: QueryNode }).ast;

beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer] });
  org = await ensureOrganization(t.storage, 'Stored Org');
  await new PostWriter(t.storage, org, 'import').write([
    { platform: 'twitter', rid: '1', body: 'tariffs on steel', published_at: '2025-03-01T00:00:00.000Z' },
    { platform: 'twitter', rid: '2', body: 'tariffs on soybeans', published_at: '2025-03-02T00:00:00.000Z' },
    { platform: 'reddit', rid: 't3_a', body: 'new tariffs announced', published_at: '2025-03-03T00:00:00.000Z' },
    { platform: 'gab', rid: 'g', body: 'tariffs are a tax', published_at: '2025-03-04T00:00:00.000Z' },
  ].map((p) => normalizePost(p as never)));
});
afterAll(async () => t?.close());

describe('core.storedPosts', () => {
  it('is provided by the posts plugin and counts matches per platform, end of range excluded', async () => {
    const stored = t.server.ctx.services.get(storedPostsKey);
    const all = await stored.countMatching({ organizationId: org, query: q('tariffs'), startDate: null, endDate: null });
    expect(all).toEqual([{ platform: 'twitter', count: 2 }, { platform: 'gab', count: 1 }, { platform: 'reddit', count: 1 }]);
    const ranged = await stored.countMatching({ organizationId: org, query: q('tariffs NOT steel'), startDate: '2025-03-02T00:00:00.000Z', endDate: '2025-03-04T00:00:00.000Z' });
    expect(ranged).toEqual([{ platform: 'reddit', count: 1 }, { platform: 'twitter', count: 1 }]);
    expect(await stored.countMatching({ organizationId: crypto.randomUUID(), query: q('tariffs'), startDate: null, endDate: null })).toEqual([]);
  });

  it('links matching posts to a run idempotently', async () => {
    const stored = t.server.ctx.services.get(storedPostsKey);
    const runId = crypto.randomUUID();
    const request = { organizationId: org, conversationId: crypto.randomUUID(), runId, query: q('tariffs AND NOT soybeans'), startDate: '2025-03-01T00:00:00.000Z', endDate: '2025-04-01T00:00:00.000Z' };
    const first = await stored.linkMatching(request);
    const again = await stored.linkMatching(request);
    expect(first).toEqual({ linked: 3, byPlatform: [{ platform: 'gab', count: 1 }, { platform: 'reddit', count: 1 }, { platform: 'twitter', count: 1 }] });
    expect(again).toEqual(first);
    const links = await tablesOf<PostsTables>(t.storage).selectFrom('posts_run_posts').select('post_id').where('run_id', '=', runId).execute();
    expect(links).toHaveLength(3);
  });

  it('links and counts a stored post whose platform is outside the catalogue under that platform', async () => {
    const other = await ensureOrganization(t.storage, 'Stored Org Other Platform');
    await new PostWriter(t.storage, other, 'import').write([
      { platform: 'twitter', rid: 'x1', body: 'tariffs on steel', published_at: '2025-03-01T00:00:00.000Z' },
      { platform: 'reddit', rid: 'r1', body: 'tariffs on cars', published_at: '2025-03-02T00:00:00.000Z' },
      { platform: 'reddit', rid: 'm1', body: 'tariffs on grain', published_at: '2025-03-03T00:00:00.000Z' },
      { platform: 'twitter', rid: 'x2', body: 'nothing to see', published_at: '2025-03-04T00:00:00.000Z' },
    ].map((p) => normalizePost(p as never)));
    // a platform no collector or importer writes today (a source added later, or a row written by hand)
    const posts = tablesOf<PostsTables>(t.storage);
    await posts.updateTable('posts_posts').set({ platform: 'mastodon' }).where('organization_id', '=', other).where('rid', '=', 'm1').execute();
    const stored = t.server.ctx.services.get(storedPostsKey);
    const runId = crypto.randomUUID();
    const linked = await stored.linkMatching({ organizationId: other, conversationId: crypto.randomUUID(), runId, query: q('tariffs'), startDate: null, endDate: null });
    expect(linked).toEqual({ linked: 3, byPlatform: [{ platform: 'mastodon', count: 1 }, { platform: 'reddit', count: 1 }, { platform: 'twitter', count: 1 }] });
    const links = await posts.selectFrom('posts_run_posts').innerJoin('posts_posts', 'posts_posts.id', 'posts_run_posts.post_id')
      .select('posts_posts.rid').where('run_id', '=', runId).orderBy('posts_posts.rid').execute();
    expect(links.map((l) => l.rid)).toEqual(['m1', 'r1', 'x1']);
  });

  it('links only the organisation\'s stored posts, checked once for the run, and leaves foreign keys enforced (SQLite)', async () => {
    if (t.storage.dialect !== 'sqlite') return;
    const mine = await ensureOrganization(t.storage, 'Links Org Mine');
    const theirs = await ensureOrganization(t.storage, 'Links Org Theirs');
    const post = (rid: string) => normalizePost({ platform: 'twitter', rid, body: `tariffs ${rid}`, published_at: '2025-03-01T00:00:00.000Z' } as never);
    await new PostWriter(t.storage, mine, 'import').write([post('m1'), post('m2')]);
    await new PostWriter(t.storage, theirs, 'import').write([post('t1')]);
    const posts = tablesOf<PostsTables>(t.storage);
    const idOf = async (organizationId: string, rid: string) => Number((await posts.selectFrom('posts_posts').select('id')
      .where('organization_id', '=', organizationId).where('rid', '=', rid).executeTakeFirstOrThrow()).id);
    const gone = Number((await posts.selectFrom('posts_posts').select((e) => e.fn.max('id').as('id')).executeTakeFirstOrThrow()).id) + 1000;
    const ids = Float64Array.from([await idOf(mine, 'm1'), await idOf(mine, 'm2'), await idOf(theirs, 't1'), gone]).sort();
    const db = t.storage.db as unknown as Kysely<any>;
    const runId = crypto.randomUUID();
    expect(await writeRunLinks(db, 'sqlite', runId, mine, ids)).toBe(2);
    expect(await writeRunLinks(db, 'sqlite', runId, mine, ids)).toBe(2);
    const linked = await posts.selectFrom('posts_run_posts').innerJoin('posts_posts', 'posts_posts.id', 'posts_run_posts.post_id')
      .select('posts_posts.rid').where('run_id', '=', runId).orderBy('posts_posts.rid').execute();
    expect(linked.map((l) => l.rid)).toEqual(['m1', 'm2']);
    expect(await readPragma(db, 'foreign_keys')).toBe(1);
    await expect(posts.insertInto('posts_run_posts').values({ run_id: runId, post_id: gone }).execute()).rejects.toThrow('FOREIGN KEY constraint failed');
  });

  it('writes the links with a larger SQLite page cache and puts the connection\'s own setting back (an import\'s too)', async () => {
    if (t.storage.dialect !== 'sqlite') return;
    const stored = t.server.ctx.services.get(storedPostsKey);
    const cacheSize = () => readPragma(t.storage.db as unknown as Kysely<any>, 'cache_size');
    const before = await cacheSize();
    const request = { organizationId: org, conversationId: crypto.randomUUID(), query: q('tariffs'), startDate: null, endDate: null };
    await stored.linkMatching({ ...request, runId: crypto.randomUUID() });
    expect(await cacheSize()).toBe(before);
    await sql.raw('PRAGMA cache_size = -300000').execute(t.storage.db); // an import's (larger) setting stays as it is
    try {
      expect((await stored.linkMatching({ ...request, runId: crypto.randomUUID() })).linked).toBe(4);
      expect(await cacheSize()).toBe(-300000);
    } finally {
      await sql.raw(`PRAGMA cache_size = ${before}`).execute(t.storage.db);
    }
  });
});

describe('posts.collect next to another collect orchestrator', () => {
  it(`stands aside when ${ORCHESTRATOR_STAGE} is installed, so a run is collected once`, async () => {
    const orchestrator = defineServerPlugin({
      manifest: { id: 'conversations', title: 'Conversations (test double of the stage id only)', version: 1 },
      migrations: [{ id: 'conversations/001_none', up: async () => {} }],
      stages: [defineStage({ id: ORCHESTRATOR_STAGE, title: 'Collect', version: 1, dagStep: 1, dependsOn: [], run: async () => {} })],
    });
    const both = await startTestServer({ plugins: [postsServer, orchestrator] });
    try {
      expect(both.server.ctx.services.get(pipelineKey).stages.map((s) => s.id)).toContain(ORCHESTRATOR_STAGE);
      const orgB = await ensureOrganization(both.storage, 'Both Org');
      await new PostWriter(both.storage, orgB, 'import').write([normalizePost({ platform: 'twitter', rid: '1', body: 'tariffs', published_at: '2025-03-01T00:00:00.000Z' })]);
      const runId = crypto.randomUUID();
      await collectStage.run({
        storage: both.storage, logger: createLogger('silent'), services: both.server.ctx.services, organizationId: orgB, conversationId: crypto.randomUUID(),
        runId, progress: () => {}, signal: new AbortController().signal,
        run: { conversationId: crypto.randomUUID(), organizationId: orgB, queryString: 'tariffs', startDate: '2025-01-01T00:00:00.000Z', endDate: '2026-01-01T00:00:00.000Z', language: null, useExistingData: false, runType: 'STATIC_RUN' },
      });
      const db = tablesOf<PostsTables>(both.storage);
      expect(await db.selectFrom('posts_collections').select('run_id').where('run_id', '=', runId).execute()).toEqual([]);
      expect(await db.selectFrom('posts_run_posts').select('post_id').where('run_id', '=', runId).execute()).toEqual([]);
    } finally {
      await both.close();
    }
  });
});
