import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { tablesOf } from '@core/server/storage/database';
import { domainLabelsKey } from '@plugins/urls/shared/public';
import type { UrlsTables } from '@plugins/urls/server/tables';
import { CORPUS, STORY, conversationWithRun, errorsOf, q, signIn, startServer, writePosts } from './support';

/**
 * Every URLs call is scoped to the caller's organisation. Organisation B stores the same posts (same links) and has
 * its own conversation; A has a domain list and registration snapshots. B's users, a global admin included, reach
 * nothing of A: A's conversation answers 404 like an unknown one on every call, B's answers carry only B's posts,
 * labels and registrations, and B's writes change nothing of A.
 */
let t: TestServer;
let orgA: string;
let orgB: string;
let conversationA: string;
let conversationB: string;
const clientsB: Record<string, ApiClient> = {};

const adminOf = async (org: string) => {
  const user = await t.createUser(org, { roles: ['Senior Analyst'], admin: true });
  const client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  return client;
};
const stored = async (organizationId: string) => {
  const db = tablesOf<UrlsTables>(t.storage);
  return {
    labels: await db.selectFrom('urls_domain_labels').selectAll().where('organization_id', '=', organizationId).orderBy('domain').execute(),
    registrations: await db.selectFrom('urls_registrations').selectAll().where('organization_id', '=', organizationId).orderBy('id').execute(),
  };
};

beforeAll(async () => {
  t = await startServer();
  const a = await signIn(t, 'Org A', 'Analyst');
  orgA = a.user.organizationId;
  const adminA = await adminOf('Org A');
  conversationA = (await conversationWithRun(t, adminA, orgA, 'A links', [...(await writePosts(t, orgA, CORPUS)).values()])).conversationId;
  expect((await adminA.put('/api/v2/urls/domain-labels', { csv: 'domain,category\nfresh-report.com,state_media\n' })).status).toBe(200);
  await tablesOf<UrlsTables>(t.storage).insertInto('urls_registrations').values({
    id: 'a-snapshot', organization_id: orgA, domain: 'fresh-report.com', looked_up_at: '2026-03-12T00:00:00.000Z', status: 'found',
    registrant_name: 'Alex Morgan', registrant_phone: null, registrant_email: null, registrar: 'NameCheap, Inc.',
    reg_created_at: '2026-03-05T00:00:00.000Z', reg_expires_at: null, reg_updated_at: null, source: 'test',
  }).execute();

  const b = await signIn(t, 'Org B', 'Analyst');
  orgB = b.user.organizationId;
  clientsB.analyst = b.client;
  clientsB.globalAdmin = (await signIn(t, 'Org B', 'Global Admin')).client;
  clientsB.admin = await adminOf('Org B');
  const idsB = await writePosts(t, orgB, CORPUS.slice(0, 3));
  conversationB = (await conversationWithRun(t, clientsB.admin, orgB, 'B links', [...idsB.values()])).conversationId;
});
afterAll(async () => t?.close());

const CALLS = (conversation: string) => [
  `/api/v2/analysis/urls-shared?${q({ conversation_id: conversation })}`,
  `/api/v2/analysis/domains-shared?${q({ conversation_id: conversation })}`,
  `/api/v2/analysis/url-node-users-info?${q({ conversation_id: conversation, url: STORY })}`,
  `/api/v2/analysis/domain-details/fresh-report.com?${q({ conversation_id: conversation, history: true })}`,
  `/api/v2/analysis/co-urls?${q({ conversation_id: conversation })}`,
];

describe("another organisation's users", () => {
  for (const who of ['analyst', 'globalAdmin', 'admin']) {
    it(`(${who}) get 404 for A's conversation on every call, like an unknown id`, async () => {
      for (const path of CALLS(conversationA)) {
        const res = await clientsB[who]!.get(path);
        expect([res.status, errorsOf(res)], path).toEqual([404, ['Conversation not found']]);
      }
    });
  }

  it("see only B's posts, and none of A's labels or registrations", async () => {
    const b = clientsB.analyst!;
    const domains = await b.get(`/api/v2/analysis/domains-shared?${q({ conversation_id: conversationB })}`);
    expect(domains.body.data).toEqual([expect.objectContaining({ domain: 'fresh-report.com', value: 3, category: null, reg_created_at: null }),
      expect.objectContaining({ domain: 'wire.org', value: 1, category: null })]);
    const details = await b.get(`/api/v2/analysis/domain-details/fresh-report.com?${q({ conversation_id: conversationB, history: true })}`);
    expect(details.body.data).toMatchObject({ total_count: 3, category: null, registration: null, history: [] });
    expect((await b.get('/api/v2/urls/domain-labels')).body.data).toEqual([]);
  });

  it("B's admin replacing B's list leaves A's as it was; the service answers per organisation", async () => {
    const before = await stored(orgA);
    expect((await clientsB.admin!.put('/api/v2/urls/domain-labels', { csv: 'domain,category\nwire.org,government\n' })).status).toBe(200);
    expect(await stored(orgA)).toEqual(before);
    const service = t.server.ctx.services.get(domainLabelsKey);
    expect(await service.conversationLabels(orgB, conversationB)).toEqual([{ domain: 'wire.org', category: 'government', posts: 1 }]);
    expect(await service.conversationLabels(orgA, conversationA)).toEqual([{ domain: 'fresh-report.com', category: 'state_media', posts: 5 }]);
    await expect(service.conversationLabels(orgB, conversationA)).rejects.toMatchObject({ status: 404 });
  });
});
