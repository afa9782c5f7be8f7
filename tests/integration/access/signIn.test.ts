import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { startAccessServer, signedIn, errorsOf, type TestUser } from './support';

let t: TestServer;
let analyst: TestUser;
let admin: TestUser;
let globalAdmin: TestUser;
let otherOrgId: string;

beforeAll(async () => {
  t = await startAccessServer({ NARRASCOPE_LOGIN_MAX_FAILURES: '3', NARRASCOPE_FEEDBACK_URL: 'https://help.example.org/new' });
  analyst = await t.createUser('Acme');
  admin = await t.createUser('Acme', { admin: true });
  globalAdmin = await t.createUser('Zeta Global', { roles: ['Global Admin'], admin: true });
  otherOrgId = (await t.createUser('Beta')).organizationId;
});
afterAll(async () => t?.close());

describe('POST /api/v2/user/login', () => {
  it('answers the spec fields, sets the session and writes a sign-in audit record with the source IP', async () => {
    const c = new ApiClient(t.url);
    const res = await c.post('/api/v2/user/login', { email: analyst.email.toUpperCase(), password: analyst.password });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      organization_id: analyst.organizationId, roles: ['Analyst'], change_password: false, location: null, require_mfa_enabled: false,
      user: { id: analyst.id, email: analyst.email, mfa_enabled: false, is_analyst: true, is_global_admin: false },
    });
    expect(res.body.data.exp).toBeGreaterThan(Date.now() / 1000);
    const audit = await t.storage.db.selectFrom('core_event_audit').selectAll().where('user_id', '=', analyst.id).where('event_type', '=', 'sign_in').execute();
    expect(audit.at(-1)).toMatchObject({ organization_id: analyst.organizationId, email: analyst.email, source_ip: '127.0.0.1' });
  });

  it('answers the same message for an unknown e-mail and a wrong password, and audits the failure', async () => {
    const unknown = await new ApiClient(t.url).post('/api/v2/user/login', { email: 'nobody@nowhere.test', password: 'whatever-123' });
    const wrong = await new ApiClient(t.url).post('/api/v2/user/login', { email: admin.email, password: 'whatever-123' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(errorsOf(unknown)).toEqual(['Invalid login credentials. Please try again.']);
    expect(errorsOf(wrong)).toEqual(['Invalid login credentials. Please try again.']);
    const failed = await t.storage.db.selectFrom('core_event_audit').selectAll().where('event_type', '=', 'sign_in_failed').where('user_id', '=', admin.id).execute();
    expect(failed).toHaveLength(1);
    expect(JSON.parse(failed[0]!.detail)).toEqual({ reason: 'wrong_password' });
    // Nothing about the password reaches the audit record.
    expect(failed[0]!.detail).not.toContain('whatever');
  });

  it('refuses missing fields, wrong types and oversized input with 400 and the field named', async () => {
    const c = new ApiClient(t.url);
    const missing = await c.post('/api/v2/user/login', { email: analyst.email });
    expect(missing.status).toBe(400);
    expect(errorsOf(missing)[0]).toMatch(/^body\.password: /);
    const wrongType = await c.post('/api/v2/user/login', { email: analyst.email, password: 12345678 });
    expect(wrongType.status).toBe(400);
    expect(errorsOf(wrongType)[0]).toMatch(/^body\.password: /);
    const huge = await c.post('/api/v2/user/login', { email: `${'a'.repeat(400)}@x.test`, password: 'x' });
    expect(huge.status).toBe(400);
    expect(errorsOf(huge)[0]).toMatch(/^body\.email: /);
    expect(c.cookies.size).toBe(0);
  });

  it('locks an account after repeated failures: even the right password then gets the generic message, known or unknown e-mail alike', async () => {
    const victim = await t.createUser('Acme');
    for (let i = 0; i < 3; i++) {
      expect((await new ApiClient(t.url).post('/api/v2/user/login', { email: victim.email, password: `guess-${i}-abcdef` })).status).toBe(401);
      await new ApiClient(t.url).post('/api/v2/user/login', { email: 'ghost@acme.test', password: `guess-${i}-abcdef` });
    }
    const right = await new ApiClient(t.url).post('/api/v2/user/login', { email: victim.email, password: victim.password });
    const ghost = await new ApiClient(t.url).post('/api/v2/user/login', { email: 'ghost@acme.test', password: 'anything-else' });
    expect(right.status).toBe(401);
    expect(errorsOf(right)).toEqual(['Invalid login credentials. Please try again.']);
    expect(ghost.status).toBe(401);
    expect(ghost.body).toEqual(right.body);
    // The window passing (simulated by ageing the record) lets the owner in again.
    await t.storage.db.updateTable('core_login_failures').set({ window_started_at: new Date(Date.now() - 16 * 60_000).toISOString() }).execute();
    expect((await new ApiClient(t.url).post('/api/v2/user/login', { email: victim.email, password: victim.password })).status).toBe(200);
  });

  it('spends the password-hash time on unknown e-mails too, so timing does not tell which exist', async () => {
    const u = await t.createUser('Acme');
    const median = async (email: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await new ApiClient(t.url).post('/api/v2/user/login', { email, password: `not-it-${i}-xyz` });
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const known = await median(u.email);
    const unknown = await median(`ghost-${u.email}`);
    // Without the dummy hash an unknown e-mail answers in about a millisecond against tens for a known one.
    expect(unknown).toBeGreaterThan(known * 0.5);
    await t.storage.db.deleteFrom('core_login_failures').execute();
  });

  it('refuses a deactivated user with the generic message', async () => {
    const gone = await t.createUser('Acme');
    await t.storage.db.updateTable('core_users').set({ is_active: 0 }).where('id', '=', gone.id).execute();
    const res = await new ApiClient(t.url).post('/api/v2/user/login', { email: gone.email, password: gone.password });
    expect(res.status).toBe(401);
    expect(errorsOf(res)).toEqual(['Invalid login credentials. Please try again.']);
  });

  it('answers change_password and require_mfa_enabled for the login branches', async () => {
    const fresh = await t.createUser('Acme');
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await t.storage.db.updateTable('core_users').set({ change_password: 1, mfa_enabled_at: past }).where('id', '=', fresh.id).execute();
    const res = await new ApiClient(t.url).post('/api/v2/user/login', { email: fresh.email, password: fresh.password });
    expect(res.body.data).toMatchObject({ change_password: true, require_mfa_enabled: true, location: null });
  });
});

describe('per-IP rate limit on sign-in calls', () => {
  it('answers 429 with a message after the configured number of calls per minute', async () => {
    const limited = await startAccessServer({ NARRASCOPE_SIGNIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const u = await limited.createUser('Acme');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await new ApiClient(limited.url).post('/api/v2/user/login', { email: u.email, password: u.password })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await new ApiClient(limited.url).post('/api/v2/user/login', { email: u.email, password: u.password });
      expect(errorsOf(refused)).toEqual(['Too many attempts. Please wait a minute and try again.']);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/v2/user/current', () => {
  it('answers features from the organisation and the user, the feedback URL and no logout URL without SSO', async () => {
    await t.storage.db.updateTable('core_organizations').set({ settings: JSON.stringify({ features: ['SHOW_SCALED_CONVERSATIONS', 'NOT_A_FLAG'] }) })
      .where('id', '=', analyst.organizationId).execute();
    await t.storage.db.updateTable('core_users').set({ features: JSON.stringify(['VIEW_NRMS_CONVERSATION']) }).where('id', '=', analyst.id).execute();
    const c = await signedIn(t, analyst);
    const res = await c.get('/api/v2/user/current');
    expect(res.body.data).toMatchObject({
      features: ['SHOW_SCALED_CONVERSATIONS', 'VIEW_NRMS_CONVERSATION'],
      logout_url: null,
      feedback_url: 'https://help.example.org/new',
      auth_method: 'cookie',
      claims: { organization_id: analyst.organizationId, roles: ['Analyst'] },
    });
    const other = await signedIn(t, admin);
    expect((await other.get('/api/v2/user/current')).body.data.features).toEqual(['SHOW_SCALED_CONVERSATIONS']);
  });
});

describe('POST /api/v2/user/refresh with organization_id', () => {
  it('switches a global admin to another organisation and back, audited', async () => {
    const c = await signedIn(t, globalAdmin);
    const switched = await c.post('/api/v2/user/refresh', { organization_id: otherOrgId });
    expect(switched.status).toBe(200);
    expect(switched.body.data.organization_id).toBe(otherOrgId);
    expect((await c.get('/api/v2/user/current')).body.data.claims.organization_id).toBe(otherOrgId);
    const audit = await t.storage.db.selectFrom('core_event_audit').selectAll().where('event_type', '=', 'organization_switched').where('user_id', '=', globalAdmin.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.organization_id).toBe(otherOrgId);
    // A plain refresh keeps the organisation the admin switched to.
    expect((await c.post('/api/v2/user/refresh', {})).body.data.organization_id).toBe(otherOrgId);
    expect((await c.post('/api/v2/user/refresh', { organization_id: globalAdmin.organizationId })).body.data.organization_id).toBe(globalAdmin.organizationId);
  });

  it('refuses anyone else with 403 and leaves their session working in their own organisation', async () => {
    const c = await signedIn(t, admin);
    const res = await c.post('/api/v2/user/refresh', { organization_id: otherOrgId });
    expect(res.status).toBe(403);
    expect(errorsOf(res)).toEqual(['You do not have permission to perform this action.']);
    const current = await c.get('/api/v2/user/current');
    expect(current.status).toBe(200);
    expect(current.body.data.claims.organization_id).toBe(admin.organizationId);
    expect((await c.post('/api/v2/user/refresh', {})).status).toBe(200);
  });

  it('refuses a global admin switching to an organisation that does not exist, and a malformed id', async () => {
    const c = await signedIn(t, globalAdmin);
    expect((await c.post('/api/v2/user/refresh', { organization_id: '5d1c9a3e-2b9b-4d0b-8c55-8f2a6f0c1e77' })).status).toBe(403);
    const bad = await c.post('/api/v2/user/refresh', { organization_id: 'not-a-uuid' });
    expect(bad.status).toBe(400);
    expect((await c.get('/api/v2/user/current')).body.data.claims.organization_id).toBe(globalAdmin.organizationId);
  });
});

describe('GET /api/v2/user/logout', () => {
  it('revokes the refresh token given as refresh_jwt too', async () => {
    const c = await signedIn(t, analyst);
    const token = c.cookies.get('refresh_token_cookie')!;
    const csrf = c.cookies.get('csrf_refresh_token')!;
    const anonymous = new ApiClient(t.url);
    expect((await anonymous.get(`/api/v2/user/logout?refresh_jwt=${encodeURIComponent(token)}`)).status).toBe(200);
    c.cookies.set('csrf_refresh_token', csrf);
    expect((await c.post('/api/v2/user/refresh', {})).status).toBe(401);
  });
});

describe('sessions end when the account changes', () => {
  it('a deactivated user\'s access cookie stops working at once', async () => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    expect((await c.get('/api/v2/user/current')).status).toBe(200);
    const a = await signedIn(t, admin);
    expect((await a.delete(`/api/v2/user/${u.id}`)).status).toBe(200);
    expect((await c.get('/api/v2/user/current')).status).toBe(401);
    expect((await c.post('/api/v2/user/refresh', {})).status).toBe(401);
  });
});
