import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { startMailCapture, resetLinkOf } from '@core/server/auth/testing/mailCapture';
import { errorsOf, signedIn, startAccessServer } from './support';

let t: TestServer;
let mail: Awaited<ReturnType<typeof startMailCapture>>;

const TOO_SHORT = 'Your password change was unsuccessful because your password was too short. Your password must be between 8 and 64 characters long.';
const TOO_LONG = 'Your password change was unsuccessful because your password was too long. Your password must be between 8 and 64 characters long.';
const WEAK = 'Your password change was unsuccessful because your password is too common or too easy to guess.';
const EXPIRED = 'Your password reset link has expired.';
const WRONG_CURRENT = 'Please enter your current password again. The password you have entered does not match our records.';

beforeAll(async () => {
  mail = await startMailCapture();
  t = await startAccessServer({ NARRASCOPE_SMTP_URL: mail.url, NARRASCOPE_MAIL_FROM: 'Narrascope <no-reply@narrascope.test>' });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

async function requestReset(email: string) {
  const since = mail.mails.length;
  const res = await new ApiClient(t.url).post('/api/v2/user/forgotPassword', { email });
  return { res, since };
}

async function resetToken(email: string): Promise<string> {
  const { since } = await requestReset(email);
  const message = await mail.waitFor(email, since);
  return new URL(resetLinkOf(message)).searchParams.get('token')!;
}

describe('POST /api/v2/user/forgotPassword', () => {
  it('answers the same words for known and unknown e-mails and mails a reset link only to the known one', async () => {
    const u = await t.createUser('Acme');
    const known = await requestReset(u.email);
    const unknown = await requestReset('nobody@acme.test');
    expect(known.res.status).toBe(200);
    expect(known.res.body).toEqual(unknown.res.body);
    expect(known.res.body.data).toEqual({ message: 'Your request has been received.' });
    const message = await mail.waitFor(u.email, known.since);
    expect(message.from).toBe('no-reply@narrascope.test');
    const link = new URL(resetLinkOf(message));
    expect(link.origin).toBe(t.url);
    expect(link.pathname).toBe('/resetPassword/new');
    // Only the hash of the token is stored.
    const rows = await t.storage.db.selectFrom('core_password_resets').selectAll().where('user_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(link.searchParams.get('token'));
    await new Promise((r) => setTimeout(r, 200));
    expect(mail.mails.filter((m) => m.to.includes('nobody@acme.test'))).toEqual([]);
  });

  it('refuses a malformed e-mail with 400 (the page shows its failure text)', async () => {
    const res = await new ApiClient(t.url).post('/api/v2/user/forgotPassword', { email: 'not an email' });
    expect(res.status).toBe(400);
    expect(errorsOf(res)[0]).toMatch(/^body\.email: /);
    expect((await new ApiClient(t.url).post('/api/v2/user/forgotPassword', {})).status).toBe(400);
  });

  it('sends nothing to users of a single-sign-on organisation', async () => {
    const u = await t.createUser('SSO Org');
    await t.storage.db.updateTable('core_organizations').set({ enable_sso: 1 }).where('id', '=', u.organizationId).execute();
    const { since } = await requestReset(u.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(mail.mails.slice(since).filter((m) => m.to.includes(u.email))).toEqual([]);
  });
});

describe('POST /api/v2/user/resetPassword', () => {
  it('sets the new password once: the link then counts as expired, sessions end and the old password stops working', async () => {
    const u = await t.createUser('Acme');
    const before = await signedIn(t, u);
    const token = await resetToken(u.email);
    const res = await new ApiClient(t.url).post('/api/v2/user/resetPassword', { token, password: 'Brand-new-passphrase-7' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ message: 'Your password has been successfully reset' });
    expect((await before.get('/api/v2/user/current')).status).toBe(401);
    expect((await new ApiClient(t.url).post('/api/v2/user/login', { email: u.email, password: u.password })).status).toBe(401);
    expect((await new ApiClient(t.url).post('/api/v2/user/login', { email: u.email, password: 'Brand-new-passphrase-7' })).status).toBe(200);
    const again = await new ApiClient(t.url).post('/api/v2/user/resetPassword', { token, password: 'Another-passphrase-8' });
    expect(again.status).toBe(401);
    expect(errorsOf(again)).toEqual([EXPIRED]);
    expect((await new ApiClient(t.url).post('/api/v2/user/login', { email: u.email, password: 'Brand-new-passphrase-7' })).status).toBe(200);
    const audit = await t.storage.db.selectFrom('core_event_audit').select('event_type').where('user_id', '=', u.id).execute();
    expect(audit.map((a) => a.event_type)).toEqual(expect.arrayContaining(['password_reset_requested', 'password_reset']));
  });

  it('answers the expiry message for unknown and expired tokens', async () => {
    const unknown = await new ApiClient(t.url).post('/api/v2/user/resetPassword', { token: 'made-up-token', password: 'Brand-new-passphrase-7' });
    expect(unknown.status).toBe(401);
    expect(errorsOf(unknown)).toEqual([EXPIRED]);
    const u = await t.createUser('Acme');
    const token = await resetToken(u.email);
    await t.storage.db.updateTable('core_password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', u.id).execute();
    const expired = await new ApiClient(t.url).post('/api/v2/user/resetPassword', { token, password: 'Brand-new-passphrase-7' });
    expect(expired.status).toBe(401);
    expect(errorsOf(expired)).toEqual([EXPIRED]);
    expect((await new ApiClient(t.url).post('/api/v2/user/login', { email: u.email, password: u.password })).status).toBe(200);
  });

  it('a newer request retires the older link', async () => {
    const u = await t.createUser('Acme');
    const first = await resetToken(u.email);
    const second = await resetToken(u.email);
    expect((await new ApiClient(t.url).post('/api/v2/user/resetPassword', { token: first, password: 'Brand-new-passphrase-7' })).status).toBe(401);
    expect((await new ApiClient(t.url).post('/api/v2/user/resetPassword', { token: second, password: 'Brand-new-passphrase-7' })).status).toBe(200);
  });

  it('refuses short, long and common passwords with the spec messages and keeps the link usable', async () => {
    const u = await t.createUser('Acme');
    const token = await resetToken(u.email);
    const cases: Array<[string, string]> = [['short', TOO_SHORT], ['x'.repeat(65), TOO_LONG], ['password1', WEAK], ['qwertyuiop', WEAK]];
    for (const [password, message] of cases) {
      const res = await new ApiClient(t.url).post('/api/v2/user/resetPassword', { token, password });
      expect(res.status, password).toBe(400);
      expect(errorsOf(res), password).toEqual([message]);
    }
    // 64 characters (counted as characters, not bytes) is allowed.
    const sixtyFour = `${'é'.repeat(30)}-Strong-${'z'.repeat(26)}`;
    expect([...sixtyFour]).toHaveLength(64);
    expect((await new ApiClient(t.url).post('/api/v2/user/resetPassword', { token, password: sixtyFour })).status).toBe(200);
    expect((await new ApiClient(t.url).post('/api/v2/user/login', { email: u.email, password: sixtyFour })).status).toBe(200);
  });

  it('refuses a body without token or password', async () => {
    const res = await new ApiClient(t.url).post('/api/v2/user/resetPassword', { password: 'Brand-new-passphrase-7' });
    expect(res.status).toBe(400);
    expect(errorsOf(res)[0]).toMatch(/^body\.token: /);
  });
});

describe('PUT /api/v2/user/changePassword', () => {
  it('needs the current password: missing or wrong answers 401 with the spec message and changes nothing', async () => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    const missing = await c.put('/api/v2/user/changePassword', { password: 'Brand-new-passphrase-7' });
    expect(missing.status).toBe(401);
    expect(errorsOf(missing)).toEqual([WRONG_CURRENT]);
    const wrong = await c.put('/api/v2/user/changePassword', { old_password: 'not-my-password', password: 'Brand-new-passphrase-7' });
    expect(wrong.status).toBe(401);
    expect(errorsOf(wrong)).toEqual([WRONG_CURRENT]);
    expect((await new ApiClient(t.url).post('/api/v2/user/login', { email: u.email, password: u.password })).status).toBe(200);
    // The session survives a wrong current password (the browser only shows the message).
    expect((await c.get('/api/v2/user/current')).status).toBe(200);
  });

  it('changes the password, keeps this session with new cookies and ends the others', async () => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    const other = await signedIn(t, u);
    const res = await c.put('/api/v2/user/changePassword', { old_password: u.password, password: 'Brand-new-passphrase-7' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ error: null });
    expect((await c.get('/api/v2/user/current')).status).toBe(200);
    expect((await other.get('/api/v2/user/current')).status).toBe(401);
    expect((await other.post('/api/v2/user/refresh', {})).status).toBe(401);
    expect((await new ApiClient(t.url).post('/api/v2/user/login', { email: u.email, password: 'Brand-new-passphrase-7' })).status).toBe(200);
  });

  it('sets an administrator-given password without the old one and clears change_password', async () => {
    const u = await t.createUser('Acme');
    await t.storage.db.updateTable('core_users').set({ change_password: 1 }).where('id', '=', u.id).execute();
    const c = await signedIn(t, u);
    const weak = await c.put('/api/v2/user/changePassword', { password: 'letmein123' });
    expect(weak.status).toBe(400);
    expect(errorsOf(weak)).toEqual([WEAK]);
    expect((await c.put('/api/v2/user/changePassword', { password: 'Brand-new-passphrase-7' })).status).toBe(200);
    const login = await new ApiClient(t.url).post('/api/v2/user/login', { email: u.email, password: 'Brand-new-passphrase-7' });
    expect(login.body.data.change_password).toBe(false);
    // With the flag cleared, the next change needs the current password again.
    expect((await c.put('/api/v2/user/changePassword', { password: 'Third-passphrase-99' })).status).toBe(401);
  });

  it('needs a session and the CSRF header', async () => {
    expect((await new ApiClient(t.url).put('/api/v2/user/changePassword', { password: 'Brand-new-passphrase-7' })).status).toBe(401);
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    c.csrf = false;
    const res = await c.put('/api/v2/user/changePassword', { old_password: u.password, password: 'Brand-new-passphrase-7' });
    expect(res.status).toBe(401);
    expect(errorsOf(res)).toEqual(['no auth token found']);
  });
});

describe('per-IP rate limit on password calls', () => {
  it('limits forgot, reset and change password together', async () => {
    const limited = await startAccessServer({ NARRASCOPE_PASSWORD_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const statuses = [
        (await new ApiClient(limited.url).post('/api/v2/user/forgotPassword', { email: 'a@b.test' })).status,
        (await new ApiClient(limited.url).post('/api/v2/user/resetPassword', { token: 'x', password: 'Brand-new-passphrase-7' })).status,
        (await new ApiClient(limited.url).post('/api/v2/user/forgotPassword', { email: 'a@b.test' })).status,
      ];
      expect(statuses).toEqual([200, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
