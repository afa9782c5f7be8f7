import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { enrolMfa, errorsOf, signedIn, startAccessServer, totp } from './support';

let t: TestServer;
beforeAll(async () => { t = await startAccessServer(); });
afterAll(async () => t?.close());

const login = (email: string, password: string, mfa_code?: string) =>
  new ApiClient(t.url).post('/api/v2/user/login', { email, password, ...(mfa_code ? { mfa_code } : {}) });

describe('TOTP enrolment', () => {
  it('answers a secret, its otpauth URI and a QR code; a right code enables MFA with the date and recovery codes', async () => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    const setup = await c.post('/api/v2/user/mfa/setup', {});
    expect(setup.status).toBe(200);
    const { secret, otpauth_uri, qr_code } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(`otpauth://totp/Narrascope:${encodeURIComponent(u.email)}?secret=${secret}&issuer=Narrascope`);
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    // Stored sealed, never as the plain secret.
    const row = await t.storage.db.selectFrom('core_mfa').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.pending_secret).not.toContain(secret);

    const wrong = await c.post('/api/v2/user/mfa/verify', { code: '000000' === (await totp(secret)) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong)).toEqual(['That code is not valid. Please try again.']);
    expect((await c.get('/api/v2/user/current')).body.data.user.mfa_enabled).toBe(false);

    const ok = await c.post('/api/v2/user/mfa/verify', { code: await totp(secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.mfa_enabled).toBe(true);
    expect(Date.parse(ok.body.data.mfa_enabled_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(ok.body.data.recovery_codes).toHaveLength(10);
    const current = (await c.get('/api/v2/user/current')).body.data.user;
    expect(current).toMatchObject({ mfa_enabled: true, mfa_enabled_at: ok.body.data.mfa_enabled_at, require_mfa_enabled: false });
    expect((await c.get('/api/v2/user/mfa')).body.data).toEqual({ mfa_enabled: true, mfa_enabled_at: ok.body.data.mfa_enabled_at, recovery_codes_remaining: 10 });
    const audit = await t.storage.db.selectFrom('core_event_audit').select('event_type').where('user_id', '=', u.id).where('event_type', '=', 'mfa_enabled').execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses verify without a pending setup, and malformed codes', async () => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    expect((await c.post('/api/v2/user/mfa/verify', { code: '123456' })).status).toBe(400);
    const malformed = await c.post('/api/v2/user/mfa/verify', { code: '12ab56' });
    expect(malformed.status).toBe(400);
    expect(errorsOf(malformed)).toEqual(['body.code: must be 6 digits']);
    expect((await c.post('/api/v2/user/mfa/verify', {})).status).toBe(400);
  });
});

describe('sign-in with MFA', () => {
  it('asks for the code after a right password, refuses a wrong one and accepts the authenticator\'s code once', async () => {
    const u = await t.createUser('Acme');
    const { secret } = await enrolMfa(await signedIn(t, u));
    const wrongPassword = await login(u.email, 'not-the-password');
    expect(errorsOf(wrongPassword)).toEqual(['Invalid login credentials. Please try again.']);
    const needsCode = await login(u.email, u.password);
    expect(needsCode.status).toBe(401);
    expect(errorsOf(needsCode)).toEqual(['MFA_CODE_REQUIRED']);
    expect(needsCode.body.metadata.msg).toBe('Enter the 6-digit code from your authenticator app.');
    const code = await totp(secret, 1);
    const bad = await login(u.email, u.password, code === '999999' ? '888888' : '999999');
    expect(bad.status).toBe(401);
    expect(errorsOf(bad)).toEqual(['MFA_CODE_INVALID']);
    const good = await login(u.email, u.password, code);
    expect(good.status).toBe(200);
    expect(good.body.data.user.mfa_enabled).toBe(true);
    // The same code cannot be replayed.
    expect(errorsOf(await login(u.email, u.password, code))).toEqual(['MFA_CODE_INVALID']);
  });

  it('accepts each recovery code once', async () => {
    const u = await t.createUser('Acme');
    const { recovery } = await enrolMfa(await signedIn(t, u));
    expect((await login(u.email, u.password, recovery[0]!.toUpperCase())).status).toBe(200);
    expect(errorsOf(await login(u.email, u.password, recovery[0]!))).toEqual(['MFA_CODE_INVALID']);
    const c = await signedIn(t, { email: u.email, password: u.password }).catch(() => null);
    expect(c).toBeNull();
    const withSecond = new ApiClient(t.url);
    await withSecond.post('/api/v2/user/login', { email: u.email, password: u.password, mfa_code: recovery[1] });
    expect((await withSecond.get('/api/v2/user/mfa')).body.data.recovery_codes_remaining).toBe(8);
  });
});

describe('users who must enrol', () => {
  it('may only reach enrolment, current user and password calls until they enrol', async () => {
    const u = await t.createUser('Acme');
    await t.storage.db.updateTable('core_users').set({ require_mfa_enabled: 1 }).where('id', '=', u.id).execute();
    const c = await signedIn(t, u);
    expect((await c.get('/api/v2/user/current')).body.data.user.require_mfa_enabled).toBe(true);
    const blocked = await c.get('/api/v2/preference/my');
    expect(blocked.status).toBe(403);
    expect(errorsOf(blocked)).toEqual(['Please enable multi-factor authentication before continuing.']);
    expect((await c.put('/api/v2/workspace/layouts/dashboard', {})).status).toBe(403);
    await enrolMfa(c);
    expect((await c.get('/api/v2/preference/my')).status).toBe(200);
    expect((await c.get('/api/v2/user/current')).body.data.user.require_mfa_enabled).toBe(false);
  });

  it('are those whose enrolment date in mfa_enabled_at has passed', async () => {
    const u = await t.createUser('Acme');
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await t.storage.db.updateTable('core_users').set({ mfa_enabled_at: future }).where('id', '=', u.id).execute();
    const c = await signedIn(t, u);
    expect((await c.get('/api/v2/user/current')).body.data.user).toMatchObject({ mfa_enabled: false, mfa_enabled_at: future, require_mfa_enabled: false });
    expect((await c.get('/api/v2/preference/my')).status).toBe(200);
    await t.storage.db.updateTable('core_users').set({ mfa_enabled_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', u.id).execute();
    expect((await c.get('/api/v2/preference/my')).status).toBe(403);
  });
});

describe('administrator MFA reset', () => {
  it('removes the authenticator: the user signs in with the password alone and must enrol again', async () => {
    const admin = await t.createUser('Acme', { admin: true });
    const u = await t.createUser('Acme');
    await enrolMfa(await signedIn(t, u));
    const a = await signedIn(t, admin);
    const reset = await a.put(`/api/v2/user/${u.id}`, { reset_mfa: true });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ mfa_enabled: false, require_mfa_enabled: true });
    const res = await login(u.email, u.password);
    expect(res.status).toBe(200);
    expect(res.body.data.require_mfa_enabled).toBe(true);
    expect(await t.storage.db.selectFrom('core_mfa_recovery_codes').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);
  });
});
