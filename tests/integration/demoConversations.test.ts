import { afterEach, describe, expect, it } from 'vitest';
import { compileMatcher, parseQuery, validateQuery } from '@core/shared/query';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { CorpusGenerator } from '@plugins/posts/server/demo/generator';
import postsServer from '@plugins/posts/server';
import conversationsServer from '@plugins/conversations/server';
import { DEMO_CONVERSATIONS } from '@plugins/conversations/server/demo';

let t: TestServer | null = null;
afterEach(async () => { await t?.close(); t = null; });

describe('demo conversations', () => {
  it('have valid queries that each find posts of the demo corpus', () => {
    const corpus = [...new CorpusGenerator({ seed: 'narrascope-demo', posts: 6000, now: Date.UTC(2026, 10, 1) }).posts()];
    for (const demo of DEMO_CONVERSATIONS) {
      expect(validateQuery(demo.query), demo.name).toEqual([]);
      const parsed = parseQuery(demo.query);
      if (!parsed.ok) throw new Error(demo.name);
      const matches = compileMatcher(parsed.ast);
      const hits = corpus.filter((p) => matches(`${p.post.title ?? ''} ${p.post.body}`)).length;
      expect(hits, demo.name).toBeGreaterThan(10);
    }
  });

  it('are created in the Demo Project of the demo organisation with a queued run each', async () => {
    t = await startTestServer({ plugins: [postsServer, conversationsServer], pipeline: { worker: false } });
    const { organizationId } = await t.createUser('Demo Org');
    await conversationsServer.seedDemo!(t.server.ctx, organizationId);
    const rows = await t.storage.db.selectFrom('conversations_conversations' as never)
      .select(['name' as never, 'language' as never, 'status' as never]).execute() as Array<{ name: string; language: string; status: string }>;
    expect(rows.map((r) => r.name).sort()).toEqual(DEMO_CONVERSATIONS.map((d) => d.name).sort());
    expect(rows.find((r) => r.name === 'Aranceles y comercio')?.language).toBe('es');
    const runs = await t.storage.db.selectFrom('core_pipeline_runs').select(['status', 'organization_id']).execute();
    expect(runs).toHaveLength(DEMO_CONVERSATIONS.length);
    expect(runs.every((r) => r.status === 'PENDING' && r.organization_id === organizationId)).toBe(true);
  });
});
