import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import type { TestServer } from '@core/server/testing/testServer';
import { tablesOf } from '@core/server/storage/database';
import { RdapBootstrap } from '@plugins/urls/server';
import type { UrlsTables } from '@plugins/urls/server/tables';
import { startLocalRdapServer, type LocalRdapServer } from '@plugins/urls/server/testing/rdapServer';
import { CORPUS, at, conversationWithRun, errorsOf, q, signIn, startServer, writePosts } from './support';

/**
 * Registration lookups through the API against the project's local registry: each lookup is a dated snapshot, the
 * newest is the current registration, Past Registration lists what changed; the signals compare the registration
 * with the first share. Then the admin domain list. A second server with lookups off answers 409.
 */
let registry: LocalRdapServer;
let t: TestServer;
let analyst: ApiClient;
let admin: ApiClient;
let organizationId: string;
let conversation: string;

const snapshots = () => tablesOf<UrlsTables>(t.storage).selectFrom('urls_registrations').selectAll()
  .where('organization_id', '=', organizationId).orderBy('looked_up_at').execute();
const labels = () => tablesOf<UrlsTables>(t.storage).selectFrom('urls_domain_labels').selectAll()
  .where('organization_id', '=', organizationId).orderBy('domain').execute();

beforeAll(async () => {
  registry = await startLocalRdapServer();
  const bootstrap = new RdapBootstrap({ version: '1.0', publication: '2026-11-01T00:00:00Z', services: [[['com', 'org'], [registry.url]]] });
  t = await startServer({ rdap: { bootstrap, allowAddresses: ['127.0.0.1/32'], timeoutMs: 1000, maxRetryWaitMs: 0, cacheTtlMs: 1 } });
  const a = await signIn(t, 'Org R', 'Analyst');
  analyst = a.client;
  organizationId = a.user.organizationId;
  const owner = await t.createUser('Org R', { roles: ['Senior Analyst'], admin: true });
  admin = new ApiClient(t.url);
  await admin.login(owner.email, owner.password);
  const ids = await writePosts(t, organizationId, CORPUS);
  conversation = (await conversationWithRun(t, analyst, organizationId, 'Registrations', [...ids.values()])).conversationId;
});
afterAll(async () => { await t?.close(); await registry?.close(); });

const details = async (domain: string, extra: Record<string, string | number | boolean> = {}) => {
  const res = await analyst.get(`/api/v2/analysis/domain-details/${domain}?${q({ conversation_id: conversation, ...extra })}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
};

describe('POST /api/v2/urls/registrations/{domain}/lookup', () => {
  it('stores the registration as a snapshot; domain-details and domains-shared show it with the signals', async () => {
    registry.entries.set('fresh-report.com', { kind: 'found', facts: {
      registrar: 'NameCheap, Inc.', registrant: { name: 'Alex Morgan', phone: '+1.5551234567', email: 'admin@fresh-report.com' },
      // Five days before the first share (at(1)).
      created: new Date(Date.parse(at(1)) - 5 * 86_400_000).toISOString(), expires: '2027-03-05T01:00:00Z', updated: '2026-03-05T01:00:00Z',
    } });
    const res = await analyst.post('/api/v2/urls/registrations/www.fresh-report.com/lookup');
    expect(res.status, res.text).toBe(200);
    const registration = {
      name: 'Alex Morgan', telephone: '+1.5551234567', registrar: 'NameCheap, Inc.', contact_email: 'admin@fresh-report.com',
      reg_created_at: '2026-03-05T01:00:00.000Z', reg_expires_at: '2027-03-05T01:00:00.000Z', reg_updated_at: '2026-03-05T01:00:00.000Z',
      looked_up_at: expect.any(String),
    };
    expect(res.body.data).toEqual({ status: 'found', registration });
    expect(await details('fresh-report.com')).toMatchObject({
      registration, signals: { days_registered_before_first_share: 5, new_domain: true, accounts_per_domain: 4 },
    });
    const shared = await analyst.get(`/api/v2/analysis/domains-shared?${q({ conversation_id: conversation })}`);
    expect(shared.body.data[0]).toMatchObject({ domain: 'fresh-report.com', reg_created_at: '2026-03-05T01:00:00.000Z', signals: { new_domain: true } });
  });

  it('Past Registration: a lookup that finds the same adds no history row; a change does, newest first', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await analyst.post('/api/v2/urls/registrations/fresh-report.com/lookup')).status).toBe(200);
    expect(await snapshots()).toHaveLength(2);
    expect((await details('fresh-report.com', { history: true })).history).toHaveLength(1);
    // The registrant hides behind a privacy service: the next lookup is a change.
    registry.entries.set('fresh-report.com', { kind: 'found', facts: {
      registrar: 'NameCheap, Inc.', registrant: { name: 'Privacy Protect, LLC', phone: '+1.5555550100', email: 'fresh-report.com@privacy.example' },
      created: '2026-03-05T01:00:00Z', expires: '2027-03-05T01:00:00Z', updated: '2026-03-12T00:00:00Z',
    } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await analyst.post('/api/v2/urls/registrations/fresh-report.com/lookup')).status).toBe(200);
    const after = await details('fresh-report.com', { history: true });
    expect(after.registration).toMatchObject({ name: 'Privacy Protect, LLC', telephone: '+1.5555550100', reg_updated_at: '2026-03-12T00:00:00.000Z' });
    expect(after.history.map((h: { name: string; contact_email: string }) => [h.name, h.contact_email])).toEqual([
      ['Privacy Protect, LLC', 'fresh-report.com@privacy.example'], ['Alex Morgan', 'admin@fresh-report.com'],
    ]);
    expect((await details('fresh-report.com', { history: true, maxResults: 1 })).history).toHaveLength(1);
    expect(await snapshots()).toHaveLength(3);
  });

  it('not found is stored as such and shows no registration; a registry failure stores nothing', async () => {
    const res = await analyst.post('/api/v2/urls/registrations/wire.org/lookup');
    expect(res.body.data).toEqual({ status: 'not_found', registration: null });
    expect((await details('wire.org')).registration).toBeNull();
    const before = await snapshots();
    registry.entries.set('broken.org', { kind: 'malformed', body: 'oops' });
    const broken = await analyst.post('/api/v2/urls/registrations/broken.org/lookup');
    expect(broken.status).toBe(502);
    registry.entries.set('limited.com', { kind: 'rateLimited', retryAfter: '60', times: 5, then: { kind: 'found', facts: {} } });
    const limited = await analyst.post('/api/v2/urls/registrations/limited.com/lookup');
    expect([limited.status, errorsOf(limited)?.[0]]).toEqual([429, expect.stringContaining('answered 429 (rate limited)')]);
    // The registry asked for 60 s: until then no lookup reaches it.
    const held = await analyst.post('/api/v2/urls/registrations/wire.org/lookup');
    expect([held.status, errorsOf(held)?.[0]]).toEqual([429, expect.stringContaining('asked to wait until')]);
    expect(await snapshots()).toEqual(before);
  });

  it('refuses a name that is not a domain, and a call without the CSRF token', async () => {
    const bad = await analyst.post('/api/v2/urls/registrations/localhost/lookup');
    expect([bad.status, errorsOf(bad)]).toEqual([400, ['a fully-qualified domain name, including TLD, must be provided.']]);
    const noCsrf = new ApiClient(t.url);
    for (const [k, v] of analyst.cookies) noCsrf.cookies.set(k, v);
    noCsrf.csrf = false;
    const refused = await noCsrf.post('/api/v2/urls/registrations/fresh-report.com/lookup');
    expect([refused.status, errorsOf(refused)]).toEqual([401, ['no auth token found']]);
  });

  it('refuses a reader (no analyst role): nothing is looked up or stored', async () => {
    const { client: reader } = await signIn(t, 'Org R', 'Reader');
    registry.entries.set('reader-try.com', { kind: 'found', facts: { registrar: 'R', created: '2026-01-01T00:00:00Z' } });
    const before = { snapshots: await snapshots(), requests: registry.requests.length };
    const res = await reader.post('/api/v2/urls/registrations/reader-try.com/lookup');
    expect([res.status, errorsOf(res)]).toEqual([403, ['You do not have permission to look up registrations.']]);
    expect({ snapshots: await snapshots(), requests: registry.requests.length }).toEqual(before);
  });
});

describe('lookups off (the default)', () => {
  it('answers 409 with the reason and stores nothing', async () => {
    const off = await startServer();
    try {
      const { client } = await signIn(off, 'Org Off', 'Analyst');
      const res = await client.post('/api/v2/urls/registrations/fresh-report.com/lookup');
      expect([res.status, errorsOf(res)]).toEqual([409, ['Registration lookups are off for this organization']]);
    } finally {
      await off.close();
    }
  });
});

describe('PUT /api/v2/urls/domain-labels (the admin domain list)', () => {
  it('an admin replaces the list from CSV; every member reads it; domains-shared and domain-details carry the category', async () => {
    const res = await admin.put('/api/v2/urls/domain-labels', { csv: 'domain,category\nwww.fresh-report.com,State media\nnews.wire.org,government\n' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ stored: 2 });
    const list = await analyst.get('/api/v2/urls/domain-labels');
    expect(list.body.data.map((l: { domain: string; category: string }) => [l.domain, l.category])).toEqual([['fresh-report.com', 'state_media'], ['wire.org', 'government']]);
    const shared = await analyst.get(`/api/v2/analysis/domains-shared?${q({ conversation_id: conversation })}`);
    expect(shared.body.data.map((d: { domain: string; category: string }) => [d.domain, d.category])).toEqual([['fresh-report.com', 'state_media'], ['wire.org', 'government']]);
    expect((await details('wire.org')).category).toBe('government');
  });

  it('a bad row refuses the whole file with every problem by line, and the stored list stays', async () => {
    const before = await labels();
    const res = await admin.put('/api/v2/urls/domain-labels', { csv: 'domain,category\nok.com,news\nlocalhost,news\nfine.org,propaganda\n' });
    expect([res.status, errorsOf(res)]).toEqual([400, [
      'line 3: a fully-qualified domain name, including TLD, must be provided.',
      "line 4: unknown category 'propaganda' (use one of state_media, government, news, satire, fact_checker, other)",
    ]]);
    const header = await admin.put('/api/v2/urls/domain-labels', { csv: 'site,kind\na.com,news\n' });
    expect([header.status, errorsOf(header)]).toEqual([400, ["the first row must be the header 'domain,category'"]]);
    expect(await labels()).toEqual(before);
  });

  it('a member without the organisation permission may not replace it', async () => {
    const before = await labels();
    const res = await analyst.put('/api/v2/urls/domain-labels', { csv: 'domain,category\na.com,news\n' });
    expect(res.status).toBe(403);
    expect(await labels()).toEqual(before);
  });
});
