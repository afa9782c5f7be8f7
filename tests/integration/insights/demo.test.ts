import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '@core/server/storage/database';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { seedDemoCorpus } from '@plugins/posts/server/demo/seed';
import insightsServer from '@plugins/insights/server';
import type { Insight } from '@plugins/insights/shared/api';
import { addRun, signIn, startServer } from './support';

/**
 * The demo organisation's insights sit on accounts and domains of the demo corpus: after seeding a small corpus and
 * the insights, a run over the whole corpus shows the approved ones in the filters (and not the pending or rejected
 * ones), and every account insight names an account the store holds.
 */
let t: TestServer;
let client: ApiClient;
let org: string;

beforeAll(async () => {
  t = await startServer();
  ({ client, user: { organizationId: org } } = await signIn(t, 'Demo Org', 'Senior Analyst'));
  await seedDemoCorpus(t.storage, org, { posts: 5000, now: Date.UTC(2025, 5, 1), dataDir: t.server.ctx.config.dataDir, seed: 'narrascope-demo' });
  await insightsServer.seedDemo!(t.server.ctx, org);
}, 120_000);
afterAll(async () => t?.close());

describe('demo insights', () => {
  it('are pending, approved and rejected insights on accounts and domains of the corpus', async () => {
    const insights = (await client.get('/api/v2/insights')).body.data as Insight[];
    const by = (status: string, type: string) => insights.filter((i) => i.status === status && i.analyzable_type === type).length;
    expect([by('approved', 'account'), by('pending', 'account'), by('rejected', 'account')]).toEqual([3, 2, 1]);
    expect([by('approved', 'domain'), by('pending', 'domain'), by('rejected', 'domain')]).toEqual([2, 1, 1]);
    const actors = tablesOf<object>(t.storage).selectFrom('posts_actors' as never);
    for (const i of insights.filter((x) => x.analyzable_type === 'account')) {
      const found = await actors.select('id' as never).where('organization_id' as never, '=', org as never)
        .where('platform' as never, '=', i.platform as never)
        .where((eb: any) => (i.analyzable_id ? eb('rid', '=', i.analyzable_id) : eb('url', '=', i.link)))
        .executeTakeFirst();
      expect(found, JSON.stringify(i)).toBeDefined();
    }
    for (const i of insights.filter((x) => x.status === 'approved' || x.status === 'rejected')) {
      expect(i.changes.map((c) => c.action)).toEqual(['submit', i.status === 'approved' ? 'approve' : 'reject']);
    }
    // Seeding again adds nothing.
    await insightsServer.seedDemo!(t.server.ctx, org);
    expect(((await client.get('/api/v2/insights')).body.data as Insight[]).length).toBe(insights.length);
  });

  it('show their approved values in the filters of a conversation over the corpus', async () => {
    const posts = await tablesOf<object>(t.storage).selectFrom('posts_posts' as never).select('id' as never).where('organization_id' as never, '=', org as never).execute() as Array<{ id: number }>;
    const conversation = '11111111-1111-4111-8111-111111111111';
    await addRun(t, org, conversation, posts.map((p) => p.id));
    const counts = (await client.get(`/api/v2/conversations/${conversation}/filter_counts`)).body.data;
    const subcategories = counts.insight_subcategory as Record<string, number>;
    for (const approved of ['Russian State Media', 'Financial Influencer', 'Coordinated Inauthentic Network', 'Hyperpartisan Outlet', 'Conspiracy Outlet']) {
      expect(subcategories[approved], approved).toBeGreaterThan(0);
    }
    for (const notApproved of ['Extremist Group', 'Mainstream News', 'Market News', 'Pink Slime Local News']) expect(subcategories[notApproved], notApproved).toBeUndefined();
    // Key accounts: the approved account insights' accounts (the link-hub insight covers every puppet sharing the link).
    const approved = ((await client.get('/api/v2/insights')).body.data as Insight[]).filter((i) => i.status === 'approved' && i.analyzable_type === 'account');
    const keys = (await client.get(`/api/v2/insights/key_accounts?conversation_id=${conversation}`)).body.data as Array<{ platform: string }>;
    expect(new Set(keys.map((k) => k.platform))).toEqual(new Set(approved.map((i) => i.platform)));
    expect(keys.length).toBeGreaterThanOrEqual(3);
  });
});
