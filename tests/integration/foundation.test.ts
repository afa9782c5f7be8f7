import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { serverPlugins } from '../../plugins/index.server';

let t: TestServer;
let user: Awaited<ReturnType<TestServer['createUser']>>;

const layout = (id = 'explorer.posts') => ({
  id, version: 1, title: 'Explorer: Posts',
  root: { type: 'split', direction: 'row', children: ['notes.board#1', 'notes.board#2'], splitPercentages: [40, 60] },
  panes: {
    'notes.board#1': { type: 'notes.board', configVersion: 1, config: {} },
    'notes.board#2': { type: 'notes.board', configVersion: 1, config: {} },
  },
});

beforeAll(async () => {
  t = await startTestServer({ plugins: serverPlugins });
  user = await t.createUser('Acme');
});
afterAll(async () => t?.close());

describe('the response envelope', () => {
  it('wraps successful answers in {data, metadata}', async () => {
    const res = await new ApiClient(t.url).get('/api/v2/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { status: 'ok', database: process.env.NARRASCOPE_TEST_DATABASE_URL ? 'postgres' : 'sqlite' },
      metadata: { errors: [], info: null, msg: null, pagination_info: null },
    });
  });

  it('wraps unknown API paths, unauthenticated calls and validation failures too', async () => {
    const anon = new ApiClient(t.url);
    const missing = await anon.get('/api/v2/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ data: null, metadata: { errors: ['Not found'] } });

    const unauthenticated = await anon.get('/api/v2/user/current');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body).toMatchObject({ data: null, metadata: { errors: ['not logged in'] } });

    const invalid = await anon.post('/api/v2/user/login', { email: 'x@y.z' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.data).toBeNull();
    expect(invalid.body.metadata.errors.join(' ')).toContain('password');
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await new ApiClient(t.url).get('/api/v2/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining([
      '/api/v2/user/login', '/api/v2/user/current', '/api/v2/workspace/layouts/{layoutId}', '/logreporter', '/api/v2/notes',
    ]));
    const loginBody = res.body.paths['/api/v2/user/login'].post.requestBody.content['application/json'].schema;
    expect(loginBody.required).toEqual(expect.arrayContaining(['email', 'password']));
    // The explorer parses its query through the schema it declares: every parameter is documented.
    const rawData = res.body.paths['/api/v2/conversations/{id}/raw_data'].get.parameters.filter((p: { in: string }) => p.in === 'query');
    expect(rawData.map((p: { name: string }) => p.name).sort()).toEqual(
      ['coordination_only', 'end_range', 'export', 'limit', 'order_by', 'record_offset', 'search', 'start_range']);
  });
});

describe('sign-in and the session cookies', () => {
  it('refuses a wrong password with the spec message and sets no cookie', async () => {
    const c = new ApiClient(t.url);
    const res = await c.post('/api/v2/user/login', { email: user.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body.metadata.errors).toEqual(['Invalid login credentials. Please try again.']);
    expect(c.cookies.size).toBe(0);
  });

  it('sets httpOnly token cookies and readable CSRF twins', async () => {
    const c = new ApiClient(t.url);
    const res = await c.login(user.email, user.password);
    const setCookies = res.headers.getSetCookie();
    const find = (name: string) => setCookies.find((s) => s.startsWith(`${name}=`)) ?? '';
    expect(find('access_token_cookie')).toMatch(/HttpOnly/i);
    expect(find('refresh_token_cookie')).toMatch(/HttpOnly/i);
    expect(find('csrf_access_token')).not.toMatch(/HttpOnly/i);
    expect(find('csrf_refresh_token')).not.toMatch(/HttpOnly/i);
    expect(res.body.data).toMatchObject({ organization_id: user.organizationId, roles: ['Analyst'], change_password: false, location: null });
    const current = await c.get('/api/v2/user/current');
    expect(current.status).toBe(200);
    expect(current.body.data.user.email).toBe(user.email);
    expect(current.body.data.claims).toEqual({ organization_id: user.organizationId, roles: ['Analyst'] });
  });

  it('rotates the refresh token, and a replayed one revokes the session family', async () => {
    const c = new ApiClient(t.url);
    await c.login(user.email, user.password);
    const first = c.cookies.get('refresh_token_cookie')!;
    const firstCsrf = c.cookies.get('csrf_refresh_token')!;
    const refreshed = await c.post('/api/v2/user/refresh', {});
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.data.organization_id).toBe(user.organizationId);
    const second = c.cookies.get('refresh_token_cookie')!;
    expect(second).not.toBe(first);

    const thief = new ApiClient(t.url);
    thief.cookies.set('refresh_token_cookie', first);
    thief.cookies.set('csrf_refresh_token', firstCsrf);
    expect((await thief.post('/api/v2/user/refresh', {})).status).toBe(401);
    // The replay revoked the legitimate successor too.
    expect((await c.post('/api/v2/user/refresh', {})).status).toBe(401);
  });

  it('refuses a refresh without the refresh CSRF header', async () => {
    const c = new ApiClient(t.url);
    await c.login(user.email, user.password);
    c.csrf = false;
    const res = await c.post('/api/v2/user/refresh', {});
    expect(res.status).toBe(401);
    expect(res.body.metadata.errors).toEqual(['no auth token found']);
  });

  it('logout revokes the refresh token and clears the cookies', async () => {
    const c = new ApiClient(t.url);
    await c.login(user.email, user.password);
    const refresh = c.cookies.get('refresh_token_cookie')!;
    const csrf = c.cookies.get('csrf_refresh_token')!;
    expect((await c.get('/api/v2/user/logout')).status).toBe(200);
    expect(c.cookies.has('access_token_cookie')).toBe(false);
    const again = new ApiClient(t.url);
    again.cookies.set('refresh_token_cookie', refresh);
    again.cookies.set('csrf_refresh_token', csrf);
    expect((await again.post('/api/v2/user/refresh', {})).status).toBe(401);
  });
});

describe('CSRF on mutating calls', () => {
  it('refuses a mutation without the header or with a wrong one, and stores nothing', async () => {
    const c = new ApiClient(t.url);
    await c.login(user.email, user.password);
    c.csrf = false;
    const missing = await c.put('/api/v2/workspace/layouts/explorer.posts', { layout: layout() });
    expect(missing.status).toBe(401);
    expect(missing.body.metadata.errors).toEqual(['no auth token found']);
    const wrong = await c.put('/api/v2/workspace/layouts/explorer.posts', { layout: layout() }, { 'X-CSRF-TOKEN': 'forged' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.metadata.errors).toEqual(['CSRF double submit tokens do not match']);
    c.csrf = true;
    expect((await c.get('/api/v2/workspace/layouts/explorer.posts')).body.data).toEqual({ layout: null, updated_at: null });
  });
});

describe('saved workspace layouts', () => {
  it('saves, restores and resets a layout per user', async () => {
    const c = new ApiClient(t.url);
    await c.login(user.email, user.password);
    const saved = await c.put('/api/v2/workspace/layouts/explorer.posts', { layout: layout() });
    expect(saved.status).toBe(200);
    expect((await c.get('/api/v2/workspace/layouts/explorer.posts')).body.data.layout).toEqual(layout());

    const other = await t.createUser('Acme');
    const o = new ApiClient(t.url);
    await o.login(other.email, other.password);
    expect((await o.get('/api/v2/workspace/layouts/explorer.posts')).body.data.layout).toBeNull();

    expect((await c.delete('/api/v2/workspace/layouts/explorer.posts')).status).toBe(200);
    expect((await c.get('/api/v2/workspace/layouts/explorer.posts')).body.data.layout).toBeNull();
  });

  it('refuses inconsistent layouts and keeps the stored one', async () => {
    const c = new ApiClient(t.url);
    await c.login(user.email, user.password);
    await c.put('/api/v2/workspace/layouts/dashboard', { layout: layout('dashboard') });
    const broken = { ...layout('dashboard'), root: 'notes.board#9' };
    const res = await c.put('/api/v2/workspace/layouts/dashboard', { layout: broken });
    expect(res.status).toBe(400);
    expect(res.body.metadata.errors).toContain("pane 'notes.board#9' has no entry in panes");
    const mismatch = await c.put('/api/v2/workspace/layouts/alerts', { layout: layout('dashboard') });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.metadata.errors).toEqual(["layout id 'dashboard' does not match the path"]);
    expect((await c.get('/api/v2/workspace/layouts/dashboard')).body.data.layout).toEqual(layout('dashboard'));
  });
});

describe('client log reports', () => {
  it('accepts level and message, and refuses a report without a message', async () => {
    const c = new ApiClient(t.url);
    expect((await c.post('/logreporter', { level: 'warn', message: 'chart failed to load' })).body).toMatchObject({ data: { received: true } });
    expect((await c.post('/logreporter', { level: 4, message: 'boom' })).status).toBe(200);
    const bad = await c.post('/logreporter', { level: 'warn' });
    expect(bad.status).toBe(400);
    expect(bad.body.metadata.errors[0]).toMatch(/^body\.message: /);
  });
});

describe('browser routes', () => {
  it('answers 503 with a hint when the bundle is not built, never an API envelope', async () => {
    const res = await fetch(`${t.url}/conversations/abc/explorer/posts`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});
