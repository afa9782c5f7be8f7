import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { signedIn, startAccessServer, type TestUser } from './support';

/**
 * The organisation-isolation matrix: admins (holding every permission) of two organisations try every user,
 * group, preference, API key and organisation route on the other's records. Each attempt must answer 404 or
 * 403 and leave the other organisation's rows exactly as they were; only global admins see other
 * organisations, and only through the organisation list or by switching into one.
 */
let t: TestServer;
const orgs: Record<'A' | 'B', { admin: TestUser; member: TestUser; client: ApiClient; groupId: string; apiKeyId: string }> = {} as never;
let globalAdmin: TestUser;

async function snapshot() {
  const db = t.storage.db;
  return {
    users: await db.selectFrom('core_users').selectAll().orderBy('id').execute(),
    groups: await db.selectFrom('core_groups').selectAll().orderBy('id').execute(),
    memberships: await db.selectFrom('core_user_groups').selectAll().orderBy('user_id').orderBy('group_id').execute(),
    preferences: await db.selectFrom('core_preferences').selectAll().orderBy('user_id').execute(),
    apiKeys: await db.selectFrom('core_api_keys').select(['id', 'user_id', 'organization_id', 'label', 'is_active']).orderBy('id').execute(),
    organizations: await db.selectFrom('core_organizations').selectAll().orderBy('id').execute(),
    sso: await db.selectFrom('core_sso_configs').selectAll().execute(),
  };
}

beforeAll(async () => {
  t = await startAccessServer();
  for (const name of ['A', 'B'] as const) {
    const admin = await t.createUser(`Org ${name}`, { admin: true });
    const member = await t.createUser(`Org ${name}`);
    const client = await signedIn(t, admin);
    const groupId = (await client.post('/api/v2/group', { name: `Team ${name}` })).body.data.id;
    await client.post(`/api/v2/group/${groupId}/users`, { user_id: member.id });
    await client.put(`/api/v2/preference?user_id=${member.id}`, { theme: 'dark' });
    const apiKeyId = (await client.post('/api/v2/api_key', { label: `key ${name}` })).body.data.id;
    orgs[name] = { admin, member, client, groupId, apiKeyId };
  }
  globalAdmin = await t.createUser('Org G', { roles: ['Global Admin'], admin: true });
});
afterAll(async () => t?.close());

describe('organisation isolation', () => {
  it('lists only the caller\'s organisation in every list route', async () => {
    const { A, B } = orgs;
    const users = (await A.client.get('/api/v2/user')).body.data.map((u: { id: string }) => u.id);
    expect(users.sort()).toEqual([A.admin.id, A.member.id].sort());
    const stripped = (await A.client.get('/api/v2/user/strippedUsers')).body.data.map((u: { id: string }) => u.id);
    expect(stripped).not.toContain(B.member.id);
    expect(stripped).not.toContain(B.admin.id);
    const groups = (await A.client.get('/api/v2/group')).body.data.map((g: { id: string }) => g.id);
    expect(groups).not.toContain(B.groupId);
    expect(groups).toContain(A.groupId);
    const organizations = (await A.client.get('/api/v2/organization')).body.data;
    expect(organizations.map((o: { id: string }) => o.id)).toEqual([A.admin.organizationId]);
    const keys = (await A.client.get('/api/v2/api_key')).body.data.map((k: { id: string }) => k.id);
    expect(keys).toEqual([A.apiKeyId]);
    const events = (await A.client.get('/api/v2/event_audit?limit=-1')).body.data;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e: { organization_id: string }) => e.organization_id === A.admin.organizationId)).toBe(true);
  });

  it('answers 404/403 to every route given the other organisation\'s ids and changes none of its rows', async () => {
    const { A, B } = orgs;
    const before = await snapshot();
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/v2/user/${B.member.id}`],
      ['PUT', `/api/v2/user/${B.member.id}`, { first_name: 'Taken' }],
      ['PUT', `/api/v2/user/${B.member.id}`, { password: 'Hijacked-passphrase-1' }],
      ['PUT', `/api/v2/user/${B.member.id}`, { reset_mfa: true }],
      ['DELETE', `/api/v2/user/${B.member.id}`],
      ['PUT', `/api/v2/user/${A.member.id}`, { group_ids: [B.groupId] }],
      ['POST', '/api/v2/user', { email: 'sneaky@a.test', password: 'Sneaky-passphrase-1', organization_id: B.admin.organizationId }],
      ['POST', '/api/v2/user', { email: 'sneaky2@a.test', password: 'Sneaky-passphrase-1', group_ids: [B.groupId] }],
      ['PUT', `/api/v2/group/${B.groupId}`, { name: 'Taken' }],
      ['DELETE', `/api/v2/group/${B.groupId}`],
      ['POST', `/api/v2/group/${B.groupId}/users`, { user_id: A.member.id }],
      ['POST', `/api/v2/group/${A.groupId}/users`, { user_id: B.member.id }],
      ['DELETE', `/api/v2/group/${B.groupId}/users/${B.member.id}`],
      ['GET', `/api/v2/preference?user_id=${B.member.id}`],
      ['PUT', `/api/v2/preference?user_id=${B.member.id}`, { theme: 'light' }],
      ['DELETE', `/api/v2/api_key/${B.apiKeyId}`],
      ['GET', `/api/v2/organization/${B.admin.organizationId}`],
      ['PUT', `/api/v2/organization/${B.admin.organizationId}`, { name: 'Taken' }],
      ['GET', `/api/v2/organization/${B.admin.organizationId}/sso`],
      ['PUT', `/api/v2/organization/${B.admin.organizationId}/sso`, { issuer: 'https://idp.evil.test', client_id: 'x', email_domains: ['b.test'] }],
      ['POST', '/api/v2/organization', { name: 'New Org' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await A.client.request(method, path, body);
      expect([400, 403, 404], `${method} ${path} ${JSON.stringify(body)} answered ${res.status}`).toContain(res.status);
      expect(JSON.stringify(res.body.data ?? null)).not.toContain(B.member.email);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('an API key acts only in its owner\'s organisation', async () => {
    const { A, B } = orgs;
    const key = (await A.client.post('/api/v2/api_key', { label: 'probe' })).body.data.api_key;
    const get = (path: string) => fetch(`${t.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });
    expect((await get(`/api/v2/user/${B.member.id}`)).status).toBe(404);
    const users = ((await (await get('/api/v2/user')).json()) as any).data.map((u: { id: string }) => u.id);
    expect(users).not.toContain(B.member.id);
    const refresh = await fetch(`${t.url}/api/v2/user/refresh`, {
      method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ organization_id: B.admin.organizationId }),
    });
    expect(refresh.status).toBe(401);
  });

  it('global admins see every organisation sorted by name, and manage one after switching into it', async () => {
    const { A, B } = orgs;
    const g = await signedIn(t, globalAdmin);
    const names = (await g.get('/api/v2/organization')).body.data.map((o: { name: string }) => o.name);
    expect(names).toEqual(['Org A', 'Org B', 'Org G']);
    expect((await g.get(`/api/v2/organization/${B.admin.organizationId}`)).body.data.name).toBe('Org B');
    // Acting in their own organisation, B's users are out of reach...
    expect((await g.get(`/api/v2/user/${B.member.id}`)).status).toBe(404);
    // ...until they switch.
    await g.post('/api/v2/user/refresh', { organization_id: B.admin.organizationId });
    expect((await g.get(`/api/v2/user/${B.member.id}`)).status).toBe(200);
    const users = (await g.get('/api/v2/user')).body.data.map((u: { id: string }) => u.id);
    expect(users.sort()).toEqual([B.admin.id, B.member.id].sort());
    expect((await g.get(`/api/v2/user/${A.member.id}`)).status).toBe(404);
  });
});
