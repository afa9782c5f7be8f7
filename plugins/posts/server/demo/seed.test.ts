import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@core/server/logger';
import { ensureOrganization } from '@core/server/seed';
import { tablesOf } from '@core/server/storage/database';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer, { demoCorpusSize } from '../index';
import type { PostsTables } from '@plugins/posts/server/tables';
import { GROUND_TRUTH_FORMAT } from './groundTruth';
import { seedDemoCorpus } from './seed';

let t: TestServer;
const db = () => tablesOf<PostsTables>(t.storage);
beforeAll(async () => { t = await startTestServer({ plugins: [postsServer] }); });
afterAll(async () => t?.close());

describe('seeding the demo corpus', () => {
  it('stores the corpus with its actors and writes a ground truth that names stored posts and accounts', async () => {
    const org = await ensureOrganization(t.storage, 'Seed Org');
    const now = Date.UTC(2025, 5, 1);
    const result = await seedDemoCorpus(t.storage, org, { posts: 5000, now, dataDir: t.server.ctx.config.dataDir, seed: 'test-seed' });
    expect(result).toMatchObject({ skipped: false, posts: 5000, inserted: 5000 });
    const count = await db().selectFrom('posts_posts').select((eb) => eb.fn.countAll<number>().as('n')).where('organization_id', '=', org).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5000);

    const truth = JSON.parse(fs.readFileSync(result.groundTruthPath, 'utf8'));
    expect(truth).toMatchObject({ format: GROUND_TRUTH_FORMAT, seed: 'test-seed', posts: 5000, organization_id: org, corpus_hash: result.corpusHash });
    expect(truth.window).toEqual({ start: '2025-05-02T00:00:00.000Z', end: '2025-06-01T00:00:00.000Z' });
    expect(truth.post_labels).toHaveLength(5000);
    expect(truth.campaigns.length).toBe(8);
    expect(truth.threats.length).toBeGreaterThan(0);
    expect(truth.violent_non_threats.length).toBeGreaterThan(0);

    const stored = new Set((await db().selectFrom('posts_posts').select(['platform', 'rid']).where('organization_id', '=', org).execute()).map((r) => `${r.platform}:${r.rid}`));
    for (const [post] of truth.post_labels as [string, string, string | null][]) expect(stored.has(post)).toBe(true);
    const actors = new Set((await db().selectFrom('posts_actors').select(['platform', 'rid']).where('organization_id', '=', org).execute()).map((r) => `${r.platform}:${r.rid}`));
    for (const c of truth.campaigns) {
      for (const a of c.accounts) expect(actors.has(a), a).toBe(true);
      for (const p of c.posts) expect(stored.has(p.post), p.post).toBe(true);
    }
    // Every stored post has its author; repost targets are stored posts of the same platform.
    const orphans = await db().selectFrom('posts_posts').select('id').where('organization_id', '=', org).where('actor_id', 'is', null).execute();
    expect(orphans).toEqual([]);
    const reposts = await db().selectFrom('posts_posts as r')
      .leftJoin('posts_posts as o', (j) => j.onRef('o.organization_id', '=', 'r.organization_id').onRef('o.platform', '=', 'r.platform').onRef('o.rid', '=', 'r.repost_of'))
      .select(['r.rid', 'o.id as target']).where('r.organization_id', '=', org).where('r.repost_of', 'is not', null).execute();
    expect(reposts.length).toBeGreaterThan(200);
    expect(reposts.filter((r) => r.target === null)).toEqual([]);

    const again = await seedDemoCorpus(t.storage, org, { posts: 5000, now: now + 3_600_000, dataDir: t.server.ctx.config.dataDir, seed: 'test-seed' });
    expect(again).toMatchObject({ skipped: true, inserted: 0, corpusHash: result.corpusHash });
  });

  it('runs as the plugin\'s seedDemo hook with the size from NARRASCOPE_DEMO_POSTS', async () => {
    expect(demoCorpusSize({})).toBe(50_000);
    expect(demoCorpusSize({ NARRASCOPE_DEMO_POSTS: '1000000' })).toBe(1_000_000);
    expect(() => demoCorpusSize({ NARRASCOPE_DEMO_POSTS: '12.5' })).toThrow("NARRASCOPE_DEMO_POSTS must be an integer from 5000 to 10000000 (got '12.5')");
    const org = await ensureOrganization(t.storage, 'Hook Org');
    const previous = process.env.NARRASCOPE_DEMO_POSTS;
    process.env.NARRASCOPE_DEMO_POSTS = '5000';
    try {
      await postsServer.seedDemo!({ ...t.server.ctx, logger: createLogger('silent') }, org);
    } finally {
      if (previous === undefined) delete process.env.NARRASCOPE_DEMO_POSTS;
      else process.env.NARRASCOPE_DEMO_POSTS = previous;
    }
    const corpora = await db().selectFrom('posts_demo_corpora').selectAll().where('organization_id', '=', org).execute();
    expect(corpora).toMatchObject([{ seed: 'narrascope-demo', posts: 5000 }]);
    expect(fs.existsSync(corpora[0]!.ground_truth_path)).toBe(true);
  });
});
