import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineKey } from '@core/server/pipeline/runner';
import type { ServerPlugin } from '@core/server/plugin/contract';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import conversationsServer from '@plugins/conversations/server';
import enrichmentServer from '@plugins/enrichment/server';
import postsServer from '@plugins/posts/server';

/**
 * The demo: seeding queues the demo conversation's run, and the pipeline enriches its posts like any other run
 * (nothing in the demo seeding bypasses the stages). The smallest demo corpus (5,000 posts) keeps it quick.
 */
let t: TestServer;
const previous = process.env.NARRASCOPE_DEMO_POSTS;

beforeAll(async () => {
  process.env.NARRASCOPE_DEMO_POSTS = '5000';
  t = await startTestServer({ plugins: [postsServer, conversationsServer, enrichmentServer], pipeline: { worker: false } });
});
afterAll(async () => {
  if (previous === undefined) delete process.env.NARRASCOPE_DEMO_POSTS; else process.env.NARRASCOPE_DEMO_POSTS = previous;
  await t?.close();
});

describe('the demo conversation', () => {
  it('is enriched by the pipeline after seeding (every demo conversation\'s run)', async () => {
    const user = await t.createUser('Demo Org');
    for (const plugin of [postsServer, conversationsServer, enrichmentServer] as ServerPlugin[]) await plugin.seedDemo?.(t.server.ctx, user.organizationId);
    await t.server.ctx.services.get(pipelineKey).drain();
    const db = t.storage.db as unknown as Kysely<any>;
    const runs = await db.selectFrom('core_pipeline_runs').select(['id', 'status', 'error', 'conversation_id']).where('organization_id', '=', user.organizationId).execute();
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) expect(run).toMatchObject({ status: 'SUCCESS', error: null });
    // Every post of every demo conversation's run, once (a post in two conversations is enriched once).
    const linked = await db.selectFrom('posts_run_posts').select('post_id').distinct().where('run_id', 'in', runs.map((r) => r.id)).execute();
    expect(linked.length).toBeGreaterThan(0);
    const enriched = await db.selectFrom('enrichment_posts').select(['post_id', 'sentiment', 'engagement_level'])
      .where('organization_id', '=', user.organizationId).execute();
    expect(enriched.map((r) => Number(r.post_id)).sort((a, b) => a - b)).toEqual(linked.map((r) => Number(r.post_id)).sort((a, b) => a - b));
    expect(new Set(enriched.map((r) => r.sentiment))).toEqual(new Set(['POSITIVE', 'NEGATIVE', 'NEUTRAL']));
    const urls = await db.selectFrom('enrichment_urls').select('post_id').where('organization_id', '=', user.organizationId).execute();
    expect(urls).toHaveLength(linked.length);
  });
});
