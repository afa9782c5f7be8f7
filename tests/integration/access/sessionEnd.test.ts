import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { errorsOf, signedIn, startAccessServer, type TestUser } from './support';

/**
 * Issue 18, findings 8 and 14: a session ends completely and only when the app asks. Logout revokes the access
 * token with its session (no 15-minute tail); logout (a GET by the spec) and refresh without the CSRF header every
 * app call sends change nothing: no cookie cleared, no token revoked, no stored data touched.
 */
let t: TestServer;
let user: TestUser;

beforeAll(async () => {
  t = await startAccessServer();
  user = await t.createUser('Acme');
});
afterAll(async () => t?.close());

/** A second client holding only copies of `c`'s access cookie and its CSRF twin (a copied or stolen token). */
function accessCopyOf(c: ApiClient): ApiClient {
  const copy = new ApiClient(t.url);
  for (const name of ['access_token_cookie', 'csrf_access_token']) copy.cookies.set(name, c.cookies.get(name)!);
  return copy;
}

/** Each refresh token of the user: whether it is revoked. */
async function refreshTokens(userId: string) {
  return t.storage.db.selectFrom('core_refresh_tokens').select(['id', 'revoked_at']).where('user_id', '=', userId).orderBy('id').execute();
}

const noCookieChange = (res: { headers: Headers }) => expect(res.headers.getSetCookie()).toEqual([]);

describe('an access token ends with its session (finding 8)', () => {
  it('after logout the copied access token is refused at once, CSRF header included; other sessions and stored data stay', async () => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    const otherDevice = await signedIn(t, u);
    expect((await c.put('/api/v2/preference/my', { theme: 'dark' })).status).toBe(200);
    const copy = accessCopyOf(c);
    expect((await copy.get('/api/v2/user/current')).status).toBe(200);

    expect((await c.get('/api/v2/user/logout')).status).toBe(200);

    const current = await copy.get('/api/v2/user/current');
    expect(current.status).toBe(401);
    expect(errorsOf(current)).toEqual(['not logged in']);
    const write = await copy.put('/api/v2/preference/my', { theme: 'light' });
    expect(write.status).toBe(401);
    expect(errorsOf(write)).toEqual(['not logged in']);
    // The user's other sign-in is a separate session: it still works, and sees what was stored, unchanged.
    expect((await otherDevice.get('/api/v2/user/current')).status).toBe(200);
    expect((await otherDevice.get('/api/v2/preference/my')).body.data.theme).toBe('dark');
  });

  it('keeps working across a refresh (the rotated token stays in the same session), and ends with it', async () => {
    const c = await signedIn(t, user);
    const beforeRotation = accessCopyOf(c);
    expect((await c.post('/api/v2/user/refresh', {})).status).toBe(200);
    // A call in flight with the access token issued before the rotation is not cut off.
    expect((await beforeRotation.get('/api/v2/user/current')).status).toBe(200);
    expect((await c.get('/api/v2/user/logout')).status).toBe(200);
    expect((await beforeRotation.get('/api/v2/user/current')).status).toBe(401);
  });

  it('logout with the spec\'s refresh_jwt ends the access tokens of that session too', async () => {
    const c = await signedIn(t, user);
    const refresh = c.cookies.get('refresh_token_cookie')!;
    const res = await new ApiClient(t.url).get(`/api/v2/user/logout?refresh_jwt=${encodeURIComponent(refresh)}`);
    expect(res.status).toBe(200);
    expect((await c.get('/api/v2/user/current')).status).toBe(401);
  });

  it('checks the session through its index, inside the user\'s read (SQLite query plan)', async () => {
    if (t.storage.dialect !== 'sqlite') return;
    const plan = await sql<{ detail: string }>`explain query plan select core_users.id from core_users
      where core_users.id = ${'u'} and exists (select core_refresh_tokens.id from core_refresh_tokens
        where core_refresh_tokens.session_id = ${'x'} and core_refresh_tokens.revoked_at is null and core_refresh_tokens.expires_at > ${'y'})`
      .execute(t.storage.db);
    expect(plan.rows.map((r) => r.detail).join(' ')).toMatch(/USING INDEX core_refresh_tokens_session/);
  });
});

describe('GET /api/v2/user/logout needs the CSRF header (finding 14)', () => {
  it('a cross-site link (cookies, no header) answers 401 "no auth token found" and ends nothing', async () => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    const tokensBefore = await refreshTokens(u.id);
    c.csrf = false;
    const res = await c.get('/api/v2/user/logout');
    expect(res.status).toBe(401);
    expect(errorsOf(res)).toEqual(['no auth token found']);
    noCookieChange(res);
    expect(await refreshTokens(u.id)).toEqual(tokensBefore);
    c.csrf = true;
    expect((await c.get('/api/v2/user/current')).status).toBe(200);
    expect((await c.post('/api/v2/user/refresh', {})).status).toBe(200);
    const audit = await t.storage.db.selectFrom('core_event_audit').select('id').where('user_id', '=', u.id).where('event_type', '=', 'sign_out').execute();
    expect(audit).toEqual([]);
  });

  it('a forged header answers 401 "CSRF double submit tokens do not match" and ends nothing', async () => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    const tokensBefore = await refreshTokens(u.id);
    const res = await c.request('GET', '/api/v2/user/logout', undefined, { 'X-CSRF-TOKEN': 'forged' });
    expect(res.status).toBe(401);
    expect(errorsOf(res)).toEqual(['CSRF double submit tokens do not match']);
    noCookieChange(res);
    expect(await refreshTokens(u.id)).toEqual(tokensBefore);
    expect((await c.get('/api/v2/user/current')).status).toBe(200);
  });

  it('the app\'s call (its header) ends the session, clears the cookies and is audited', async () => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    const res = await c.get('/api/v2/user/logout');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ logged_out: true });
    expect(c.cookies.has('access_token_cookie')).toBe(false);
    expect(c.cookies.has('refresh_token_cookie')).toBe(false);
    expect((await refreshTokens(u.id)).every((r) => r.revoked_at !== null)).toBe(true);
    const audit = await t.storage.db.selectFrom('core_event_audit').select('id').where('user_id', '=', u.id).where('event_type', '=', 'sign_out').execute();
    expect(audit).toHaveLength(1);
  });

  it('once the access token has expired, the refresh twin (csrf_refresh_token) is the header that signs out', async () => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    // The browser drops both access cookies when they expire; the refresh cookie and its twin remain.
    c.cookies.delete('access_token_cookie');
    c.cookies.delete('csrf_access_token');
    const refresh = c.cookies.get('refresh_token_cookie')!;
    const csrfRefresh = c.cookies.get('csrf_refresh_token')!;
    const res = await c.get('/api/v2/user/logout');
    expect(res.status).toBe(200);
    const again = new ApiClient(t.url);
    again.cookies.set('refresh_token_cookie', refresh);
    again.cookies.set('csrf_refresh_token', csrfRefresh);
    const refreshed = await again.post('/api/v2/user/refresh', {});
    expect(refreshed.status).toBe(401);
    expect(errorsOf(refreshed)).toEqual(['not logged in']);
  });
});

describe('POST /api/v2/user/refresh without its CSRF header changes nothing (finding 14)', () => {
  it.each([
    ['without the header', undefined, 'no auth token found'],
    ['with a forged header', 'forged', 'CSRF double submit tokens do not match'],
  ])('%s: 401 with the spec message, no cookie cleared, the session and its refresh token still work', async (_case, header, message) => {
    const u = await t.createUser('Acme');
    const c = await signedIn(t, u);
    const tokensBefore = await refreshTokens(u.id);
    const cookiesBefore = new Map(c.cookies);
    c.csrf = false;
    const res = await c.request('POST', '/api/v2/user/refresh', {}, header ? { 'X-CSRF-TOKEN': header } : {});
    expect(res.status).toBe(401);
    expect(errorsOf(res)).toEqual([message]);
    noCookieChange(res);
    expect(c.cookies).toEqual(cookiesBefore);
    expect(await refreshTokens(u.id)).toEqual(tokensBefore);
    c.csrf = true;
    expect((await c.get('/api/v2/user/current')).status).toBe(200);
    expect((await c.post('/api/v2/user/refresh', {})).status).toBe(200);
  });
});
