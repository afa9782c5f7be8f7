import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import type { Insight } from '@plugins/insights/shared/api';
import { ALICE, accountInsight, conversationWithRun, CORPUS_A, domainInsight, errorsOf, insightIn, signIn, snapshot, startServer, writePosts } from './support';

/**
 * Every insight call is scoped to the caller's organisation. Organisation B has the same account (twitter tw-100)
 * and the same domain in its own posts and insights; its users, a global admin of B included, reach nothing of A:
 * A's ids answer 404 like unknown ones, lists and look-ups answer only B's, filters and actor details carry only
 * B's insights, a repair renames only B's values, and nothing of A changes.
 */
let t: TestServer;
let orgA: string;
let orgB: string;
let analystA: ApiClient;
let seniorA: ApiClient;
let conversationA: string;
let conversationB: string;
let insightA: string;
let domainA: string;
let insightB: string;
const clientsB: Record<string, ApiClient> = {};

const owner = async (org: string) => {
  const admin = await t.createUser(org, { roles: ['Senior Analyst'], admin: true });
  const client = new ApiClient(t.url);
  await client.login(admin.email, admin.password);
  return client;
};

beforeAll(async () => {
  t = await startServer();
  ({ client: analystA, user: { organizationId: orgA } } = await signIn(t, 'Org A', 'Analyst'));
  seniorA = (await signIn(t, 'Org A', 'Senior Analyst')).client;
  const idsA = await writePosts(t, orgA, CORPUS_A);
  conversationA = (await conversationWithRun(t, await owner('Org A'), orgA, 'A watch', [...idsA.values()])).conversationId;
  insightA = await insightIn(analystA, seniorA, accountInsight(ALICE, { subcategory: ['Russian State Media'], role: 'Media Outlet' }), 'approved');
  domainA = await insightIn(analystA, seniorA, domainInsight('news.example.com', { subcategory: ['Conspiracy Outlet'] }), 'approved');
  await insightIn(analystA, seniorA, domainInsight('pending-a.example.org', { role: 'Media Outlet' }));

  const analystB = await signIn(t, 'Org B', 'Analyst');
  orgB = analystB.user.organizationId;
  clientsB.analyst = analystB.client;
  clientsB.senior = (await signIn(t, 'Org B', 'Senior Analyst')).client;
  clientsB.globalAdmin = (await signIn(t, 'Org B', 'Global Admin')).client;
  const idsB = await writePosts(t, orgB, CORPUS_A.filter((p) => p.rid.startsWith('a')));
  conversationB = (await conversationWithRun(t, await owner('Org B'), orgB, 'B watch', [...idsB.values()])).conversationId;
  insightB = await insightIn(clientsB.analyst, clientsB.senior, accountInsight(ALICE, { subcategory: ['Wire Service'], role: 'Media Outlet' }), 'approved');
});
afterAll(async () => t?.close());

describe("another organisation's users", () => {
  for (const who of ['analyst', 'senior', 'globalAdmin']) {
    it(`(${who}) read nothing of A and change nothing of A on any insight call`, async () => {
      const b = clientsB[who]!;
      const before = await snapshot(t, orgA);
      const ids = async (path: string) => {
        const res = await b.get(path);
        expect(res.status, `${path}: ${res.text}`).toBe(200);
        return (res.body.data as Insight[]).map((i) => i.id);
      };
      expect(await ids('/api/v2/insights')).toEqual([insightB]);
      expect(await ids('/api/v2/insights?account_id=tw-100')).toEqual([insightB]);
      expect(await ids('/api/v2/insights?domain_url=news.example.com')).toEqual([]);
      expect(await ids(`/api/v2/conversations/${conversationB}/insights`)).toEqual([insightB]);

      const notFound = async (res: { status: number; body: any }, message: string) => {
        expect(res.status).toBe(404);
        expect(errorsOf(res)).toEqual([message]);
      };
      await notFound(await b.get(`/api/v2/conversations/${conversationA}/insights`), 'Conversation not found');
      await notFound(await b.get(`/api/v2/insights/key_accounts?conversation_id=${conversationA}`), 'Conversation not found');
      await notFound(await b.get(`/api/v2/insights/conversations?id=${insightA}`), 'Insight not found');
      for (const body of [{ id: insightA, status: 'approved' }, { id: insightA, status: 'deleted' }, { id: domainA, status: 'rejected' },
        { id: insightA, additional_properties: { role: 'Military' } }]) {
        await notFound(await b.patch('/api/v2/insights', body), 'Insight not found');
      }
      // B's own calls touch B only.
      const created = await b.post('/api/v2/insights', domainInsight('news.example.com', { role: 'Media Outlet' }));
      expect(created.status).toBe(200);
      expect((await b.patch('/api/v2/insights', { id: created.body.data.id, status: 'deleted' })).status).toBe(200);
      if (who !== 'analyst') {
        const repaired = await b.patch('/api/v2/insights/repair', { type: 'subcategory', oldValue: 'Russian State Media', newValue: 'Other' });
        expect(repaired.body.data).toEqual({ repaired: 0 });
        const mine = await b.patch('/api/v2/insights/repair', { type: 'role', oldValue: 'Media Outlet', newValue: 'Outlet' });
        expect(mine.body.data).toEqual({ repaired: 1 });
        await b.patch('/api/v2/insights/repair', { type: 'role', oldValue: 'Outlet', newValue: 'Media Outlet' });
      }
      // Reference data is the same for everyone.
      expect((await b.get('/api/v2/insights/options')).status).toBe(200);
      expect((await b.get('/api/v2/insights/risk_categories_map')).status).toBe(200);
      expect(await snapshot(t, orgA)).toEqual(before);
    });
  }

  it('see only their own insights in filters, key accounts and actor details, on the same account', async () => {
    const b = clientsB.analyst!;
    const counts = (await b.get(`/api/v2/conversations/${conversationB}/filter_counts`)).body.data;
    expect(counts.insight_subcategory).toEqual({ 'Wire Service': 4 });
    const countsA = (await analystA.get(`/api/v2/conversations/${conversationA}/filter_counts`)).body.data;
    expect(countsA.insight_subcategory).toEqual({ 'Russian State Media': 4, 'Conspiracy Outlet': 2 });
    const keys = (await b.get(`/api/v2/insights/key_accounts?conversation_id=${conversationB}`)).body.data;
    expect(keys.map((k: { rid: string; insights_count: number }) => [k.rid, k.insights_count])).toEqual([['tw-100', 1]]);
    const details = (await b.get(`/api/v2/accounts/tw-100/details?conversation_id=${conversationB}`)).body.data;
    expect(details.insights.map((i: Insight) => i.id)).toEqual([insightB]);
    const detailsA = (await analystA.get(`/api/v2/accounts/tw-100/details?conversation_id=${conversationA}`)).body.data;
    expect(detailsA.insights.map((i: Insight) => i.id)).toEqual([insightA]);
    const rows = (await b.get(`/api/v2/conversations/${conversationB}/raw_data?limit=50`)).body.data as Array<{ rid: string; insights_count: number }>;
    // a1 links news.example.com, on which only A has an insight: B counts its own account insight alone.
    expect(rows.find((r) => r.rid === 'a1')!.insights_count).toBe(1);
    expect(orgA).not.toBe(orgB);
  });
});
