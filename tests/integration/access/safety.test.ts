import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@core/server/config';
import { createLogger } from '@core/server/logger';
import { createServer } from '@core/server/server';
import { addUser, ensureOrganization } from '@core/server/seed';
import { PERMISSIONS } from '@core/shared/access/permissions';
import { ApiClient } from '@core/server/testing/httpClient';
import { startMailCapture, resetLinkOf } from '@core/server/auth/testing/mailCapture';
import { serverPlugins } from '../../../plugins/index.server';
import { RELAXED_LIMITS } from './support';

/** A server whose log lines are kept, to prove that no password, token or key reaches the log. */
let lines: string[];
let url: string;
let close: () => Promise<void>;
let routes: Array<{ method: string; path: string; access: { public?: boolean } }>;
let mail: Awaited<ReturnType<typeof startMailCapture>>;
const PASSWORD = 'Very-secret-passphrase-9';
const EMAIL = 'logger@acme.test';

beforeAll(async () => {
  lines = [];
  mail = await startMailCapture();
  const sink = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-safety-'));
  const config = loadConfig({
    PORT: '0', HOST: '127.0.0.1', NARRASCOPE_DATA_DIR: dataDir, LOG_LEVEL: 'info', NARRASCOPE_WEB_DIR: path.join(dataDir, 'none'),
    NARRASCOPE_SMTP_URL: mail.url, ...RELAXED_LIMITS,
  });
  const server = await createServer({ config, plugins: serverPlugins, logger: createLogger('info', sink) });
  const org = await ensureOrganization(server.ctx.storage, 'Acme');
  await addUser(server.ctx.storage, { email: EMAIL, password: PASSWORD, organizationId: org, permissions: [...PERMISSIONS], groups: ['Admin'] });
  url = (await server.listen()).replace('0.0.0.0', '127.0.0.1');
  routes = server.http.routes;
  close = async () => {
    await server.close();
    await mail.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(async () => close?.());

describe('CSRF on every mutating access route', () => {
  it('refuses each signed-in POST, PUT, PATCH and DELETE without the header or with a wrong one', async () => {
    const c = new ApiClient(url);
    await c.login(EMAIL, PASSWORD);
    const mutating = routes.filter((r) => r.method !== 'GET' && !r.access.public);
    expect(mutating.length).toBeGreaterThan(15);
    for (const r of mutating) {
      const concrete = r.path.replace(/:[A-Za-z]+/g, '5d1c9a3e-2b9b-4d0b-8c55-8f2a6f0c1e77');
      c.csrf = false;
      const missing = await c.request(r.method, concrete, {});
      expect(missing.status, `${r.method} ${r.path}`).toBe(401);
      expect(missing.body.metadata.errors, `${r.method} ${r.path}`).toEqual(['no auth token found']);
      const wrong = await c.request(r.method, concrete, {}, { 'X-CSRF-TOKEN': 'forged' });
      expect(wrong.status, `${r.method} ${r.path}`).toBe(401);
      expect(wrong.body.metadata.errors, `${r.method} ${r.path}`).toEqual(['CSRF double submit tokens do not match']);
    }
  });
});

describe('secrets never reach the log', () => {
  it('logs no password, reset token, refresh token, cookie, API key or MFA code', async () => {
    const c = new ApiClient(url);
    await new ApiClient(url).post('/api/v2/user/login', { email: EMAIL, password: 'Wrong-passphrase-0' });
    await c.login(EMAIL, PASSWORD);
    const key = (await c.post('/api/v2/api_key', { label: 'log probe' })).body.data.api_key as string;
    await fetch(`${url}/api/v2/user/current`, { headers: { Authorization: `Bearer ${key}` } });
    await fetch(`${url}/api/v2/user/current`, { headers: { 'X-API-KEY': key } });
    const since = mail.mails.length;
    await new ApiClient(url).post('/api/v2/user/forgotPassword', { email: EMAIL });
    const token = new URL(resetLinkOf(await mail.waitFor(EMAIL, since))).searchParams.get('token')!;
    // The browser opens the link (a GET the server logs), then the form posts the token.
    await fetch(`${url}/resetPassword/new?token=${token}`);
    await new ApiClient(url).post('/api/v2/user/resetPassword', { token, password: 'Another-secret-phrase-8' });
    await new ApiClient(url).post('/api/v2/user/login', { email: EMAIL, password: 'Another-secret-phrase-8', mfa_code: '123456' });
    const refresh = c.cookies.get('refresh_token_cookie')!;
    await new ApiClient(url).get(`/api/v2/user/logout?refresh_jwt=${encodeURIComponent(refresh)}`);
    await fetch(`${url}/api/v2/user/sso/callback?code=secret-code-value&state=secret-state-value`, { redirect: 'manual' });

    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).toContain('/resetPassword/new?token=[redacted]');
    for (const secret of [PASSWORD, 'Wrong-passphrase-0', 'Another-secret-phrase-8', token, refresh, key, c.cookies.get('access_token_cookie')!, 'secret-code-value', 'secret-state-value']) {
      expect(log.includes(secret), `log contains ${secret.slice(0, 6)}…`).toBe(false);
    }
  });
});

describe('cookies', () => {
  it('are httpOnly and SameSite, and Secure when NARRASCOPE_SECURE_COOKIES is set for HTTPS', async () => {
    const res = await new ApiClient(url).post('/api/v2/user/login', { email: EMAIL, password: 'Another-secret-phrase-8' });
    const cookies = res.headers.getSetCookie();
    const access = cookies.find((x) => x.startsWith('access_token_cookie='))!;
    expect(access).toMatch(/HttpOnly/);
    expect(access).toMatch(/SameSite=Lax/);
    expect(access).not.toMatch(/Secure/);
    const secure = loadConfig({ NARRASCOPE_SECURE_COOKIES: 'true' });
    expect(secure.secureCookies).toBe(true);
  });
});
