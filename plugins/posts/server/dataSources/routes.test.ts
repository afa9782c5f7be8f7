import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from '../index';
import { BUILTIN_DATA_SOURCES, LOCAL_ARCHIVE_ID } from '../../shared/dataSources';
import { dataSourceDb } from './organization';

let t: TestServer;
beforeAll(async () => { t = await startTestServer({ plugins: [postsServer] }); });
afterAll(async () => t?.close());

let orgs = 0;
async function signedIn(overrides: Parameters<TestServer['createUser']>[1] = {}, org = `DS Org ${++orgs}`) {
  const user = await t.createUser(org, overrides);
  const client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  return { client, user, org };
}

const BLUESKY = BUILTIN_DATA_SOURCES[1].id;
const TELEGRAM = BUILTIN_DATA_SOURCES[2].id;
const own = (id: string) => `/api/v2/posts/data-sources/${id}/organization`;
const RECORD_LIMIT_ERROR = 'record_limit must be an integer from 1 to 20000, or null for no limit';
const allRows = async () => ({
  catalogue: await dataSourceDb(t.storage).selectFrom('posts_data_sources').selectAll().orderBy('id').execute(),
  organizations: await dataSourceDb(t.storage).selectFrom('posts_organization_data_sources').selectAll()
    .orderBy('organization_id').orderBy('data_source_id').execute(),
});

describe('GET /api/v2/posts/data-sources', () => {
  it('lists the built-in data sources for the organisation: the local archive first with no limit, network collectors at 100 and off', async () => {
    const { client } = await signedIn({ permissions: ['READ_DATA_SOURCE'] });
    const res = await client.get('/api/v2/posts/data-sources');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({
      id: LOCAL_ARCHIVE_ID, name: 'Local archive', record_limit: null, source: 'local', enabled: true, editable: true, available: true, customized: false,
    });
    expect(res.body.data).toHaveLength(BUILTIN_DATA_SOURCES.length);
    for (const s of res.body.data.slice(1)) expect(s).toMatchObject({ record_limit: 100, enabled: false, editable: true, available: false, customized: false });
    const denied = await (await signedIn({ permissions: [] })).client.get('/api/v2/posts/data-sources');
    expect(denied.status).toBe(403);
    expect(denied.body.metadata.errors).toEqual(['You do not have permission to perform this action.']);
  });
});

describe('PUT /api/v2/posts/data-sources/{id}/organization', () => {
  it("switches a source off and on and sets record_limit for the caller's organisation only, with an audit entry", async () => {
    const a = await signedIn({ admin: true });
    const b = await signedIn({ admin: true });
    const off = await a.client.put(own(LOCAL_ARCHIVE_ID), { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ id: LOCAL_ARCHIVE_ID, enabled: false, record_limit: null, available: true, customized: true });
    expect((await a.client.get('/api/v2/posts/data-sources')).body.data[0]).toMatchObject({ enabled: false, customized: true });
    // Another organisation still follows the installation.
    expect((await b.client.get('/api/v2/posts/data-sources')).body.data[0]).toMatchObject({ enabled: true, customized: false });

    const limited = await a.client.put(own(LOCAL_ARCHIVE_ID), { enabled: true, record_limit: 250 });
    expect(limited.body.data).toMatchObject({ enabled: true, record_limit: 250 });
    expect((await a.client.put(own(LOCAL_ARCHIVE_ID), { record_limit: null })).body.data).toMatchObject({ enabled: true, record_limit: null });
    expect((await b.client.get('/api/v2/posts/data-sources')).body.data[0]).toMatchObject({ record_limit: null, enabled: true });

    const audit = await t.storage.db.selectFrom('core_event_audit').selectAll()
      .where('organization_id', '=', a.user.organizationId).where('event_type', '=', 'data_source_updated').orderBy('created_at').execute();
    expect(audit.map((e) => JSON.parse(e.detail))).toEqual([
      expect.objectContaining({ data_source_id: LOCAL_ARCHIVE_ID, scope: 'organization', enabled: false, record_limit: null, previous: { enabled: true, record_limit: null } }),
      expect.objectContaining({ enabled: true, record_limit: 250 }),
      expect.objectContaining({ enabled: true, record_limit: null, previous: { enabled: true, record_limit: 250 } }),
    ]);
  });

  it('refuses bad input with exact messages and changes nothing', async () => {
    const { client } = await signedIn({ admin: true });
    await client.put(own(LOCAL_ARCHIVE_ID), { record_limit: 500 });
    const before = await allRows();
    for (const bad of [0, 20001, 1.5, '100']) {
      const res = await client.put(own(LOCAL_ARCHIVE_ID), { record_limit: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.metadata.errors).toEqual([`body.record_limit: ${RECORD_LIMIT_ERROR}`]);
    }
    expect((await client.put(own(LOCAL_ARCHIVE_ID), {})).body.metadata.errors).toEqual(['body: give enabled or record_limit']);
    expect((await client.put(own(LOCAL_ARCHIVE_ID), { enabled: 'yes' })).status).toBe(400);
    expect((await client.put(own(LOCAL_ARCHIVE_ID), { enabled: true, settings: {} })).status).toBe(400);
    const unknown = await client.put(own(crypto.randomUUID()), { enabled: false });
    expect(unknown.status).toBe(404);
    expect(unknown.body.metadata.errors).toEqual(['Data source not found']);
    expect((await client.put(own('not-a-uuid'), { enabled: false })).status).toBe(400);
    // A network collector the installation has not switched on cannot be used by an organisation.
    const unavailable = await client.put(own(BLUESKY), { enabled: true });
    expect(unavailable.status).toBe(403);
    expect(unavailable.body.metadata.errors).toEqual(['This data source is switched off for this installation: a global admin must enable it first.']);
    expect(await allRows()).toEqual(before);
  });

  it('needs ADD_DATA_SOURCE_TO_ORGANIZATION to switch on or limit, REMOVE_DATA_SOURCE_FROM_ORGANIZATION to switch off', async () => {
    const reader = await signedIn({ permissions: ['READ_DATA_SOURCE'] });
    const before = await allRows();
    for (const body of [{ enabled: false }, { enabled: true }, { record_limit: 10 }]) {
      const res = await reader.client.put(own(LOCAL_ARCHIVE_ID), body);
      expect(res.status).toBe(403);
      expect(res.body.metadata.errors).toEqual(['You do not have permission to perform this action.']);
    }
    const remover = await signedIn({ permissions: ['READ_DATA_SOURCE', 'REMOVE_DATA_SOURCE_FROM_ORGANIZATION'] }, reader.org);
    expect((await remover.client.put(own(LOCAL_ARCHIVE_ID), { record_limit: 10 })).status).toBe(403);
    expect(await allRows()).toEqual(before);
    expect((await remover.client.put(own(LOCAL_ARCHIVE_ID), { enabled: false })).body.data.enabled).toBe(false);
    const adder = await signedIn({ permissions: ['READ_DATA_SOURCE', 'ADD_DATA_SOURCE_TO_ORGANIZATION'] }, reader.org);
    expect((await adder.client.put(own(LOCAL_ARCHIVE_ID), { enabled: true, record_limit: 10 })).body.data).toMatchObject({ enabled: true, record_limit: 10 });
    expect((await new ApiClient(t.url).put(own(LOCAL_ARCHIVE_ID), { enabled: false })).status).toBe(401);
  });
});

describe('PUT /api/v2/posts/data-vendor (the spec data vendor toggle)', () => {
  const VENDOR = '/api/v2/posts/data-vendor';
  it("switches a vendor by its key for the caller's organisation and answers data_vender and enable", async () => {
    const a = await signedIn({ admin: true });
    const b = await signedIn({ admin: true });
    const off = await a.client.put(VENDOR, { data_vender: 'local', enable: false });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ data_vender: 'local', enable: false });
    expect((await a.client.get('/api/v2/posts/data-sources')).body.data[0]).toMatchObject({ id: LOCAL_ARCHIVE_ID, enabled: false, customized: true });
    expect((await b.client.get('/api/v2/posts/data-sources')).body.data[0]).toMatchObject({ enabled: true, customized: false });
    expect((await a.client.put(VENDOR, { data_vender: 'local', enable: true })).body.data).toEqual({ data_vender: 'local', enable: true });
    const audit = await t.storage.db.selectFrom('core_event_audit').select('detail')
      .where('organization_id', '=', a.user.organizationId).where('event_type', '=', 'data_source_updated').orderBy('created_at').execute();
    expect(audit.map((e) => JSON.parse(e.detail).enabled)).toEqual([false, true]);
  });

  it('refuses unknown vendors, bad bodies, unavailable vendors and missing permissions, changing nothing', async () => {
    const admin = await signedIn({ admin: true });
    const before = await allRows();
    const unknown = await admin.client.put(VENDOR, { data_vender: 'myspace', enable: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.metadata.errors).toEqual(['Data vendor not found']);
    expect((await admin.client.put(VENDOR, { data_vender: 'local', enabled: true })).status).toBe(400);
    expect((await admin.client.put(VENDOR, { data_vender: 'local' })).status).toBe(400);
    const unavailable = await admin.client.put(VENDOR, { data_vender: 'bluesky', enable: true });
    expect(unavailable.status).toBe(403);
    expect(unavailable.body.metadata.errors).toEqual(['This data source is switched off for this installation: a global admin must enable it first.']);
    const reader = await signedIn({ permissions: ['READ_DATA_SOURCE'] }, admin.org);
    const denied = await reader.client.put(VENDOR, { data_vender: 'local', enable: false });
    expect(denied.status).toBe(403);
    expect(denied.body.metadata.errors).toEqual(['You do not have permission to perform this action.']);
    expect((await new ApiClient(t.url).put(VENDOR, { data_vender: 'local', enable: false })).status).toBe(401);
    expect(await allRows()).toEqual(before);
  });
});

describe('PATCH /api/v2/posts/data-sources/{id} (installation)', () => {
  it('lets a global admin change record_limit within 1-20000 or to null, and refuses others', async () => {
    const admin = await signedIn({ admin: true, roles: ['Global Admin'] });
    const path = `/api/v2/posts/data-sources/${BLUESKY}`;
    const ok = await admin.client.patch(path, { record_limit: 20000, enabled: true });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ record_limit: 20000, enabled: true, source: 'bluesky' });
    expect((await admin.client.patch(path, { record_limit: null })).body.data.record_limit).toBeNull();
    for (const bad of [0, 20001, 1.5, '100']) {
      const res = await admin.client.patch(path, { record_limit: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.metadata.errors).toEqual([`body.record_limit: ${RECORD_LIMIT_ERROR}`]);
    }
    expect((await admin.client.patch(path, {})).body.metadata.errors).toEqual(['body: give record_limit, enabled or settings']);
    expect((await admin.client.patch(path, { settings: { base_url: 'https://bsky.example' } })).status).toBe(200);
    const stored = await dataSourceDb(t.storage).selectFrom('posts_data_sources').select('settings').where('id', '=', BLUESKY).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.settings)).toEqual({ base_url: 'https://bsky.example' });
    expect((await admin.client.patch(path, { settings: [] })).status).toBe(400);
    expect((await admin.client.patch(`/api/v2/posts/data-sources/${crypto.randomUUID()}`, { enabled: false })).status).toBe(404);
    const list = await admin.client.get('/api/v2/posts/data-sources');
    expect(list.body.data.find((s: { source: string }) => s.source === 'bluesky')).toMatchObject({ record_limit: null, enabled: true, available: true });
    await admin.client.patch(path, { record_limit: 100, enabled: false });

    const orgAdmin = await signedIn({ admin: true });
    const refused = await orgAdmin.client.patch(path, { record_limit: 5 });
    expect(refused.status).toBe(403);
    expect(refused.body.metadata.errors).toEqual(['You do not have permission to perform this action.']);
  });

  it('makes a source available to organisations that follow the installation, not to those that switched it off', async () => {
    const admin = await signedIn({ admin: true, roles: ['Global Admin'] });
    const follower = await signedIn({ admin: true });
    const optedOut = await signedIn({ admin: true });
    await admin.client.patch(`/api/v2/posts/data-sources/${TELEGRAM}`, { enabled: true });
    try {
      expect((await optedOut.client.put(own(TELEGRAM), { enabled: false })).body.data).toMatchObject({ enabled: false, record_limit: 100 });
      const seen = async (c: ApiClient) => (await c.get('/api/v2/posts/data-sources')).body.data.find((s: { id: string }) => s.id === TELEGRAM);
      expect(await seen(follower.client)).toMatchObject({ enabled: true, available: true, customized: false });
      expect(await seen(optedOut.client)).toMatchObject({ enabled: false, available: true, customized: true });
      // Switched off for the installation, it is off for everyone, whatever they chose.
      await admin.client.patch(`/api/v2/posts/data-sources/${TELEGRAM}`, { enabled: false });
      expect(await seen(follower.client)).toMatchObject({ enabled: false, available: false });
    } finally {
      await admin.client.patch(`/api/v2/posts/data-sources/${TELEGRAM}`, { enabled: false });
    }
  });
});

describe("the organisation's data_source_ids (GET /api/v2/organization/{id})", () => {
  it('lists the sources its runs use, and drops one the organisation switches off', async () => {
    const a = await signedIn({ admin: true });
    const orgPath = `/api/v2/organization/${a.user.organizationId}`;
    expect((await a.client.get(orgPath)).body.data.data_source_ids).toEqual([LOCAL_ARCHIVE_ID]);
    expect((await a.client.put(own(LOCAL_ARCHIVE_ID), { enabled: false })).status).toBe(200);
    expect((await a.client.get(orgPath)).body.data.data_source_ids).toEqual([]);
    expect((await a.client.put(own(LOCAL_ARCHIVE_ID), { enabled: true })).status).toBe(200);
    expect((await a.client.get(orgPath)).body.data.data_source_ids).toEqual([LOCAL_ARCHIVE_ID]);
  });
});
