import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { PERMISSIONS } from '@core/shared/access/permissions';
import { errorsOf, signedIn, startAccessServer, type TestUser } from './support';

let t: TestServer;
let admin: TestUser;
let analyst: TestUser;
let a: ApiClient;
let adminGroupId: string;

const DUPLICATE = 'This user already exists. Please check the details and try again with a different email.';

beforeAll(async () => {
  t = await startAccessServer();
  admin = await t.createUser('Acme', { admin: true, email: 'admin@acme.test' });
  analyst = await t.createUser('Acme', { email: 'analyst@acme.test' });
  a = await signedIn(t, admin);
  adminGroupId = (await a.get('/api/v2/group')).body.data.find((g: { name: string }) => g.name === 'Admin').id;
});
afterAll(async () => t?.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  email: `new-${Math.random().toString(36).slice(2, 8)}@acme.test`, first_name: 'Nia', last_name: 'Ortiz', password: 'Initial-passphrase-42', ...over,
});

describe('users', () => {
  it('creates a user who must change the initial password, with an MFA enrolment date, audited', async () => {
    const body = newUser({ roles: ['Senior Analyst'], permissions: ['CREATE_CONVERSATION'], group_ids: [adminGroupId] });
    const res = await a.post('/api/v2/user', body);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email: body.email, first_name: 'Nia', roles: ['Senior Analyst'], permissions: ['CREATE_CONVERSATION'], group_ids: [adminGroupId],
      is_org_admin: true, is_senior_analyst: true, change_password: true, is_active: true, organization_id: admin.organizationId,
      mfa_enabled: false, require_mfa_enabled: false,
    });
    const deadline = Date.parse(res.body.data.mfa_enabled_at);
    expect(deadline).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect(deadline).toBeLessThan(Date.now() + 15 * 86_400_000);
    const login = await new ApiClient(t.url).post('/api/v2/user/login', { email: body.email, password: body.password });
    expect(login.body.data.change_password).toBe(true);
    const audit = await t.storage.db.selectFrom('core_event_audit').selectAll().where('target_user_id', '=', res.body.data.id).execute();
    expect(audit.map((e) => e.event_type)).toEqual(['user_created']);
    expect(audit[0]!.detail).not.toContain('Initial-passphrase');
  });

  it('answers 409 DUPLICATE_USER for a taken e-mail (any case) and creates nothing', async () => {
    const before = (await a.get('/api/v2/user')).body.data.length;
    const res = await a.post('/api/v2/user', newUser({ email: 'ANALYST@acme.test' }));
    expect(res.status).toBe(409);
    expect(errorsOf(res)).toEqual(['DUPLICATE_USER']);
    expect(res.body.metadata.msg).toBe(DUPLICATE);
    expect((await a.get('/api/v2/user')).body.data.length).toBe(before);
  });

  it('refuses bad input with the field named or the password message, and creates nothing', async () => {
    const before = (await a.get('/api/v2/user')).body.data.length;
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ ...newUser(), email: undefined }, 400, /^body\.email: /],
      [{ ...newUser(), email: 'not-an-email' }, 400, /^body\.email: /],
      [{ ...newUser(), roles: ['Emperor'] }, 400, /^body\.roles\.0: /],
      [{ ...newUser(), permissions: ['EVERYTHING'] }, 400, /^body\.permissions\.0: /],
      [{ ...newUser(), group_ids: ['not-a-uuid'] }, 400, /^body\.group_ids\.0: /],
      [{ ...newUser(), first_name: 'x'.repeat(101) }, 400, /^body\.first_name: /],
      [{ ...newUser(), is_admin: true }, 400, /Unrecognized key/],
      [{ ...newUser(), password: 'short' }, 400, /too short/],
      [{ ...newUser(), password: '12345678' }, 400, /too common/],
      [{ ...newUser(), group_ids: ['5d1c9a3e-2b9b-4d0b-8c55-8f2a6f0c1e77'] }, 400, /^Unknown group/],
    ];
    for (const [body, status, message] of cases) {
      const res = await a.post('/api/v2/user', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(errorsOf(res)[0], JSON.stringify(body)).toMatch(message);
    }
    expect((await a.get('/api/v2/user')).body.data.length).toBe(before);
  });

  it('lets nobody grant more than they hold: Global Admin only by global admins, permissions only held ones', async () => {
    const limited = await t.createUser('Acme', { permissions: ['CREATE_USER', 'READ_USER', 'UPDATE_USER', 'CREATE_CONVERSATION'] });
    const l = await signedIn(t, limited);
    const ga = await l.post('/api/v2/user', newUser({ roles: ['Global Admin'] }));
    expect(ga.status).toBe(403);
    expect(errorsOf(ga)).toEqual(['Only global admins may grant the Global Admin role']);
    const perm = await l.post('/api/v2/user', newUser({ permissions: ['DELETE_USER'] }));
    expect(perm.status).toBe(403);
    expect(errorsOf(perm)[0]).toBe('You cannot grant permissions you do not hold: DELETE_USER');
    const self = await l.put(`/api/v2/user/${limited.id}`, { permissions: [...PERMISSIONS] });
    expect(self.status).toBe(403);
    expect((await l.post('/api/v2/user', newUser({ permissions: ['CREATE_CONVERSATION'] }))).status).toBe(200);
    // Without CREATE_USER at all: 403 before anything is looked at.
    const plain = await signedIn(t, analyst);
    expect((await plain.post('/api/v2/user', newUser())).status).toBe(403);
    expect((await plain.get('/api/v2/user')).status).toBe(403);
  });

  it('edits roles, groups and flags, audits each kind of change, and keeps what was not sent', async () => {
    const created = (await a.post('/api/v2/user', newUser())).body.data;
    const res = await a.put(`/api/v2/user/${created.id}`, { roles: ['Senior Analyst'], group_ids: [adminGroupId], require_mfa_enabled: true, first_name: 'Nina' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ roles: ['Senior Analyst'], group_ids: [adminGroupId], require_mfa_enabled: true, first_name: 'Nina', last_name: 'Ortiz', email: created.email });
    const events = (await t.storage.db.selectFrom('core_event_audit').select('event_type').where('target_user_id', '=', created.id).execute()).map((e) => e.event_type);
    expect(events).toEqual(expect.arrayContaining(['user_created', 'roles_changed', 'membership_changed', 'user_updated']));
    const unknown = await a.put('/api/v2/user/5d1c9a3e-2b9b-4d0b-8c55-8f2a6f0c1e77', { first_name: 'X' });
    expect(unknown.status).toBe(404);
    expect(errorsOf(unknown)).toEqual(['User not found']);
    expect((await a.put(`/api/v2/user/${created.id}`, { roles: 'Analyst' })).status).toBe(400);
    expect((await a.get(`/api/v2/user/${created.id}`)).body.data.roles).toEqual(['Senior Analyst']);
  });

  it('sets a new initial password: the user\'s sessions end and the next sign-in asks to change it', async () => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    expect((await a.put(`/api/v2/user/${u.id}`, { password: 'Admin-chosen-passphrase-5' })).status).toBe(200);
    expect((await c.get('/api/v2/user/current')).status).toBe(401);
    const login = await new ApiClient(t.url).post('/api/v2/user/login', { email: u.email, password: 'Admin-chosen-passphrase-5' });
    expect(login.body.data.change_password).toBe(true);
  });

  it('sets a password, e-mail or MFA reset only on accounts with no more rights than the actor\'s (no take-over)', async () => {
    const limited = await t.createUser('Acme', { permissions: ['READ_USER', 'UPDATE_USER', 'CREATE_CONVERSATION'] });
    const l = await signedIn(t, limited);
    const stronger = await t.createUser('Acme', { permissions: ['CREATE_CONVERSATION', 'DELETE_USER'] });
    const senior = await t.createUser('Acme', { roles: ['Senior Analyst'], permissions: ['CREATE_CONVERSATION'] });
    const rows = async () => t.storage.db.selectFrom('core_users').select(['id', 'email', 'password_hash', 'mfa_enabled_at'])
      .where('id', 'in', [admin.id, stronger.id, senior.id]).orderBy('id').execute();
    const before = await rows();
    for (const target of [admin, stronger, senior]) {
      for (const change of [{ password: 'Taken-over-passphrase-77' }, { email: `taken-${target.id.slice(0, 6)}@acme.test` }, { reset_mfa: true }]) {
        const res = await l.put(`/api/v2/user/${target.id}`, change);
        expect([res.status, errorsOf(res)], JSON.stringify(change)).toEqual([403, ['You cannot set the password, e-mail or MFA of a user with rights you do not hold']]);
      }
    }
    expect(await rows()).toEqual(before);
    expect((await new ApiClient(t.url).post('/api/v2/user/login', { email: stronger.email, password: stronger.password })).status).toBe(200);
    // An account with no more rights than the actor's, and the actor's own, stay theirs to manage.
    const peer = await t.createUser('Acme');
    expect((await l.put(`/api/v2/user/${peer.id}`, { password: 'Peer-chosen-passphrase-8' })).status).toBe(200);
    expect((await l.put(`/api/v2/user/${limited.id}`, { first_name: 'Lim' })).status).toBe(200);
  });

  it('deactivates (DELETE) without deleting; refuses self-deactivation and organisation admins touching global admins', async () => {
    const u = (await a.post('/api/v2/user', newUser())).body.data;
    const res = await a.delete(`/api/v2/user/${u.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.is_active).toBe(false);
    expect((await a.get(`/api/v2/user/${u.id}`)).body.data.email).toBe(u.email);
    expect((await a.get('/api/v2/user/strippedUsers')).body.data.map((s: { id: string }) => s.id)).not.toContain(u.id);
    const self = await a.delete(`/api/v2/user/${admin.id}`);
    expect(self.status).toBe(400);
    expect(errorsOf(self)).toEqual(['You cannot deactivate your own account']);
    const global = await t.createUser('Acme', { roles: ['Global Admin'] });
    expect((await a.delete(`/api/v2/user/${global.id}`)).status).toBe(403);
    expect((await a.put(`/api/v2/user/${global.id}`, { password: 'Taken-over-passphrase-1' })).status).toBe(403);
    expect((await new ApiClient(t.url).post('/api/v2/user/login', { email: global.email, password: global.password })).status).toBe(200);
  });

  it('answers stripped users (id and names only) to any member', async () => {
    const res = await (await signedIn(t, analyst)).get('/api/v2/user/strippedUsers');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['first_name', 'id', 'last_name']);
  });
});

describe('groups and roles', () => {
  it('lists the fixed roles', async () => {
    const res = await (await signedIn(t, analyst)).get('/api/v2/role');
    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual(['Global Admin', 'Senior Analyst', 'Analyst']);
    expect(res.body.data.every((r: { organization_id: null }) => r.organization_id === null)).toBe(true);
  });

  it('creates, renames, fills, empties and deletes a group; refuses duplicates and the Admin group\'s removal', async () => {
    const created = await a.post('/api/v2/group', { name: 'Researchers' });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await a.post('/api/v2/group', { name: 'Researchers' })).status).toBe(409);
    expect((await a.post('/api/v2/group', { name: '' })).status).toBe(400);
    expect((await a.put(`/api/v2/group/${id}`, { name: 'Research' })).body.data.name).toBe('Research');
    expect((await a.post(`/api/v2/group/${id}/users`, { user_id: analyst.id })).body.data.user_ids).toEqual([analyst.id]);
    expect((await a.get(`/api/v2/user/${analyst.id}`)).body.data.group_ids).toContain(id);
    expect((await a.delete(`/api/v2/group/${id}/users/${analyst.id}`)).body.data.user_ids).toEqual([]);
    const adminDelete = await a.delete(`/api/v2/group/${adminGroupId}`);
    expect(adminDelete.status).toBe(400);
    expect(errorsOf(adminDelete)).toEqual(['The Admin group cannot be deleted']);
    expect((await a.delete(`/api/v2/group/${id}`)).status).toBe(200);
    expect((await a.get('/api/v2/group')).body.data.map((g: { name: string }) => g.name)).toEqual(['Admin']);
  });
});

describe('the Admin group', () => {
  it('changes only by an admin: ADD_USER_TO_GROUP and REMOVE_USER_FROM_GROUP alone neither make nor unmake admins', async () => {
    const manager = await t.createUser('Acme', { permissions: ['CREATE_USER', 'READ_USER', 'UPDATE_USER', 'READ_GROUP', 'ADD_USER_TO_GROUP', 'REMOVE_USER_FROM_GROUP'] });
    const m = await signedIn(t, manager);
    const members = async () => (await a.get('/api/v2/group')).body.data.find((g: { name: string }) => g.name === 'Admin').user_ids;
    const before = await members();
    expect(before).toContain(admin.id);
    for (const res of [
      await m.post(`/api/v2/group/${adminGroupId}/users`, { user_id: manager.id }),
      await m.put(`/api/v2/user/${manager.id}`, { group_ids: [adminGroupId] }),
      await m.post('/api/v2/user', newUser({ group_ids: [adminGroupId] })),
      await m.delete(`/api/v2/group/${adminGroupId}/users/${admin.id}`),
      await m.put(`/api/v2/user/${admin.id}`, { group_ids: [] }),
    ]) {
      expect([res.status, errorsOf(res)]).toEqual([403, ['Only organization admins may add or remove members of the Admin group']]);
    }
    expect(await members()).toEqual(before);
    // Other groups stay theirs to fill.
    const other = (await a.post('/api/v2/group', { name: 'Desk' })).body.data.id;
    expect((await m.post(`/api/v2/group/${other}/users`, { user_id: manager.id })).body.data.user_ids).toEqual([manager.id]);
    expect((await a.delete(`/api/v2/group/${other}`)).status).toBe(200);
  });
});

describe('preferences', () => {
  it('answers defaults, merges partial changes (nested too) and keeps the rest', async () => {
    const c = await signedIn(t, analyst);
    const initial = (await c.get('/api/v2/preference/my')).body.data;
    expect(initial).toMatchObject({ user_id: analyst.id, theme: 'light', conversation_language: 'en', alerts_enabled: true });
    expect(initial.raw_data_table_ordering.results_per_page).toBe(20);
    const changed = await c.put('/api/v2/preference/my', {
      theme: 'dark', raw_data_table_ordering: { column_fields: { creator: { is_shown: false, order: 7 } }, results_per_page: 50 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.theme).toBe('dark');
    expect(changed.body.data.raw_data_table_ordering.column_fields.creator).toEqual({ is_shown: false, order: 7 });
    expect(changed.body.data.raw_data_table_ordering.column_fields.type).toEqual(initial.raw_data_table_ordering.column_fields.type);
    expect(changed.body.data.raw_data_table_ordering.results_per_page).toBe(50);
    const again = await c.put('/api/v2/preference/my', { conversation_language: 'es' });
    expect(again.body.data).toMatchObject({ theme: 'dark', conversation_language: 'es' });
    expect(again.body.data.raw_data_table_ordering.column_fields.creator).toEqual({ is_shown: false, order: 7 });
  });

  it('refuses unknown fields and values and keeps what was stored', async () => {
    const c = await signedIn(t, analyst);
    const before = (await c.get('/api/v2/preference/my')).body.data;
    for (const body of [{ theme: 'purple' }, { conversation_language: 'fr' }, { themee: 'dark' }, { raw_data_table_ordering: { results_per_page: 0 } },
      { raw_data_table_ordering: { column_fields: { nope: { is_shown: true, order: 1 } } } }, { alerts_enabled: 'yes' }]) {
      expect((await c.put('/api/v2/preference/my', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await c.get('/api/v2/preference/my')).body.data).toEqual(before);
  });

  it('keeps a column per filter dimension beside the spec\'s columns, and refuses a malformed column key naming it', async () => {
    const c = await signedIn(t, analyst);
    const shown = await c.put('/api/v2/preference/my', { raw_data_table_ordering: { column_fields: { 'dimension:sentiments': { is_shown: true, order: 9 } } } });
    expect(shown.status).toBe(200);
    expect(shown.body.data.raw_data_table_ordering.column_fields['dimension:sentiments']).toEqual({ is_shown: true, order: 9 });
    const before = (await c.get('/api/v2/preference/my')).body.data;
    expect(before.raw_data_table_ordering.column_fields['dimension:sentiments']).toEqual({ is_shown: true, order: 9 });
    const refused = await c.put('/api/v2/preference/my', { raw_data_table_ordering: { column_fields: { 'dimension:Sentiments!': { is_shown: true, order: 1 } } } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body.metadata.errors)).toContain("unknown column 'dimension:Sentiments!'");
    expect((await c.get('/api/v2/preference/my')).body.data).toEqual(before);
  });

  it('lets an admin read and change a member\'s preferences by user_id; a member cannot read another\'s', async () => {
    const res = await a.put(`/api/v2/preference?user_id=${analyst.id}`, { alerts_enabled: false });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: analyst.id, alerts_enabled: false });
    expect((await a.get(`/api/v2/preference?user_id=${analyst.id}`)).body.data.alerts_enabled).toBe(false);
    const c = await signedIn(t, analyst);
    expect((await c.get(`/api/v2/preference?user_id=${admin.id}`)).status).toBe(403);
    expect((await c.get('/api/v2/preference')).body.data.user_id).toBe(analyst.id);
    expect((await a.get('/api/v2/preference?user_id=nope')).status).toBe(400);
  });
});

describe('API keys', () => {
  it('shows the key once, stores it hashed, authenticates with Bearer or X-API-KEY without CSRF, and stops at revocation', async () => {
    const c = await signedIn(t, analyst);
    const created = await c.post('/api/v2/api_key', { label: 'Nightly export' });
    expect(created.status).toBe(200);
    const { api_key: key, id } = created.body.data;
    expect(key).toMatch(/^nsk_/);
    expect(created.body.data).toMatchObject({ label: 'Nightly export', is_active: true, organization_id: analyst.organizationId, key_prefix: key.slice(0, 10) });
    const listed = (await c.get('/api/v2/api_key')).body.data;
    // The spec's api_key field: masked in the list, never the key.
    expect(listed[0].api_key).toBe(`${key.slice(0, 10)}••••••••`);
    expect(JSON.stringify(listed)).not.toContain(key.slice(10));
    const stored = await t.storage.db.selectFrom('core_api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key.slice(10));

    const bearer = await fetch(`${t.url}/api/v2/user/current`, { headers: { Authorization: `Bearer ${key}` } });
    expect(bearer.status).toBe(200);
    expect(((await bearer.json()) as any).data).toMatchObject({ auth_method: 'api_key', user: { id: analyst.id } });
    // A mutation with the key needs no CSRF header (no cookie is involved).
    const put = await fetch(`${t.url}/api/v2/preference/my`, {
      method: 'PUT', headers: { 'X-API-KEY': key, 'Content-Type': 'application/json' }, body: JSON.stringify({ theme: 'dark' }),
    });
    expect(put.status).toBe(200);
    // Keys cannot mint keys or change the password.
    const mint = await fetch(`${t.url}/api/v2/api_key`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ label: 'x' }) });
    expect(mint.status).toBe(403);

    expect((await c.delete(`/api/v2/api_key/${id}`)).body.data.is_active).toBe(false);
    expect((await fetch(`${t.url}/api/v2/user/current`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(401);
    expect((await fetch(`${t.url}/api/v2/user/current`, { headers: { Authorization: 'Bearer nsk_forged' } })).status).toBe(401);
    const events = (await t.storage.db.selectFrom('core_event_audit').select('event_type').where('user_id', '=', analyst.id).execute()).map((e) => e.event_type);
    expect(events).toEqual(expect.arrayContaining(['api_key_created', 'api_key_revoked']));
  });

  it('stops working when its owner is deactivated, and refuses a missing label', async () => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    expect((await c.post('/api/v2/api_key', {})).status).toBe(400);
    const key = (await c.post('/api/v2/api_key', { label: 'k' })).body.data.api_key;
    await a.delete(`/api/v2/user/${u.id}`);
    expect((await fetch(`${t.url}/api/v2/user/current`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(401);
  });

  const withKey = async (key: string) => {
    const res = await fetch(`${t.url}/api/v2/user/current`, { headers: { Authorization: `Bearer ${key}` } });
    return { status: res.status, body: (await res.json()) as any };
  };

  it.each([
    ['DELETE', (id: string) => a.delete(`/api/v2/user/${id}`)],
    ['PUT is_active=false', (id: string) => a.put(`/api/v2/user/${id}`, { is_active: false })],
  ])('deactivation by %s revokes the owner\'s keys: reactivating the user does not revive them; the records stay', async (_how, deactivate) => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    const keys = [(await c.post('/api/v2/api_key', { label: 'Export' })).body.data, (await c.post('/api/v2/api_key', { label: 'Sync' })).body.data];
    expect((await withKey(keys[0].api_key)).status).toBe(200);

    expect((await deactivate(u.id)).body.data.is_active).toBe(false);
    const reactivated = await a.put(`/api/v2/user/${u.id}`, { is_active: true });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.data.is_active).toBe(true);

    for (const k of keys) {
      const res = await withKey(k.api_key);
      expect(res.status).toBe(401);
      expect(res.body.metadata.errors).toEqual(['not logged in']);
    }
    // Nothing is deleted: the user sees both keys, revoked, with their labels; a new key works.
    const again = await signedIn(t, u);
    const listed = (await again.get('/api/v2/api_key')).body.data;
    expect(listed.map((k: { label: string; is_active: boolean }) => [k.label, k.is_active]).sort()).toEqual([['Export', false], ['Sync', false]]);
    expect((await withKey((await again.post('/api/v2/api_key', { label: 'New' })).body.data.api_key)).status).toBe(200);
    const audit = await t.storage.db.selectFrom('core_event_audit').selectAll().where('event_type', '=', 'api_key_revoked')
      .where('target_user_id', '=', u.id).execute();
    expect(audit.map((e) => JSON.parse(e.detail)).map((d) => [d.label, d.reason]).sort()).toEqual([['Export', 'user_deactivated'], ['Sync', 'user_deactivated']]);
    expect(audit.every((e) => e.user_id === admin.id)).toBe(true);
  });

  it('reactivating a user deactivated before keys were revoked with it (older data) does not revive their keys', async () => {
    const u = await t.createUser('Acme');
    const key = (await (await signedIn(t, u)).post('/api/v2/api_key', { label: 'Old' })).body.data.api_key;
    // How a deactivation left the keys before this fix: user inactive, key still marked active.
    await t.storage.db.updateTable('core_users').set({ is_active: 0 }).where('id', '=', u.id).execute();
    expect((await a.put(`/api/v2/user/${u.id}`, { is_active: true })).body.data.is_active).toBe(true);
    expect((await withKey(key)).status).toBe(401);
    const stored = await t.storage.db.selectFrom('core_api_keys').select(['label', 'is_active']).where('user_id', '=', u.id).execute();
    expect(stored).toEqual([{ label: 'Old', is_active: 0 }]);
  });
});

describe('feedback and event audit', () => {
  it('stores feedback with the user, groups and organisation', async () => {
    const c = await signedIn(t, admin);
    const res = await c.post('/api/v2/feedback', { feedbackType: 'bug', feedbackText: 'The chart is empty.' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ feedbackType: 'bug', feedbackText: 'The chart is empty.', user_id: admin.id, organization_id: admin.organizationId, group_ids: [adminGroupId] });
    expect((await c.post('/api/v2/feedback', { feedbackType: 'bug', feedbackText: '' })).status).toBe(400);
    expect((await c.post('/api/v2/feedback', { feedbackType: 'bug', feedbackText: 'x'.repeat(5001) })).status).toBe(400);
    expect(await t.storage.db.selectFrom('core_feedback').selectAll().execute()).toHaveLength(1);
  });

  it('lists the organisation\'s events newest first with pagination, for EVENT_AUDIT holders only', async () => {
    const res = await a.get('/api/v2/event_audit?limit=2&event_type=sign_in');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data.every((e: { event_type: string; organization_id: string }) => e.event_type === 'sign_in' && e.organization_id === admin.organizationId)).toBe(true);
    expect(res.body.metadata.pagination_info).toMatchObject({ offset: 0, limit: 2, order_by: [{ column: 'created_at', direction: 'desc' }] });
    expect(res.body.metadata.pagination_info.total).toBeGreaterThan(2);
    expect(res.body.data[0].created_at >= res.body.data[1].created_at).toBe(true);
    const all = await a.get('/api/v2/event_audit?limit=-1&offset=1');
    expect(all.body.data.length).toBe(all.body.metadata.pagination_info.total - 1);
    expect((await (await signedIn(t, analyst)).get('/api/v2/event_audit')).status).toBe(403);
  });
});
