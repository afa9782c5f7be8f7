import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '@core/server/storage/database';
import type { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { seedDemoCorpus } from '@plugins/posts/server/demo/seed';
import urlsServer from '@plugins/urls/server';
import type { UrlsTables } from '@plugins/urls/server/tables';
import { addRun, q, signIn, startServer } from './support';

/**
 * The demo corpus's domains get registration snapshots: the planted campaign's link sites were registered days
 * before their first share and later hid their registrant (a history row); seeding twice writes nothing new.
 */
let t: TestServer;
let client: ApiClient;
let org: string;
let conversation: string;

beforeAll(async () => {
  t = await startServer();
  ({ client, user: { organizationId: org } } = await signIn(t, 'Demo Org', 'Senior Analyst'));
  await seedDemoCorpus(t.storage, org, { posts: 5000, now: Date.UTC(2025, 5, 1), dataDir: t.server.ctx.config.dataDir, seed: 'narrascope-demo' });
  await urlsServer.seedDemo!(t.server.ctx, org);
  const ids = (await tablesOf<object>(t.storage).selectFrom('posts_posts' as never).select('id' as never)
    .where('organization_id' as never, '=', org as never).execute() as Array<{ id: number }>).map((r) => Number(r.id));
  const project = await client.post('/api/v2/project', { name: 'Demo links' });
  const created = await client.post('/api/v2/conversations', {
    project_id: project.body.data.id, name: 'Demo links', query_string: 'x', threat_feed: false,
    start_date: '2025-01-01T00:00', end_date: '2025-06-01T00:00', language: 'en',
  });
  conversation = created.body.data.id;
  await addRun(t, org, conversation, ids);
}, 120_000);
afterAll(async () => t?.close());

describe('demo registrations', () => {
  it('the campaign sites were registered days before their first share, with a registrant change in their history', async () => {
    const shared = (await client.get(`/api/v2/analysis/domains-shared?${q({ conversation_id: conversation })}`)).body.data as Array<{
      domain: string; reg_created_at: string | null; signals: { new_domain: boolean; days_registered_before_first_share: number | null };
    }>;
    expect(shared.length).toBeGreaterThan(5);
    expect(shared.every((d) => d.reg_created_at !== null)).toBe(true);
    const fresh = shared.filter((d) => d.signals.new_domain);
    expect(fresh.length).toBeGreaterThan(0);
    for (const d of fresh) {
      expect(d.domain).toMatch(/-report\.com$/);
      expect(d.signals.days_registered_before_first_share).toBeGreaterThanOrEqual(3);
      expect(d.signals.days_registered_before_first_share).toBeLessThanOrEqual(13);
    }
    const details = (await client.get(`/api/v2/analysis/domain-details/${fresh[0]!.domain}?${q({ conversation_id: conversation, history: true })}`)).body.data;
    expect(details.registration).toMatchObject({ name: 'Privacy Protect, LLC' });
    expect(details.history.map((h: { name: string }) => h.name)).toEqual(['Privacy Protect, LLC', 'Alex Morgan']);
  });

  it('seeding again writes nothing', async () => {
    const count = async () => (await tablesOf<UrlsTables>(t.storage).selectFrom('urls_registrations').select('id').where('organization_id', '=', org).execute()).length;
    const before = await count();
    await urlsServer.seedDemo!(t.server.ctx, org);
    expect(await count()).toBe(before);
  });
});
