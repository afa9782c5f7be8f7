import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@core/server/testing/testServer';
import { LOCAL_ARCHIVE_ID } from '@plugins/posts/shared/dataSources';
import { errorsOf, signedIn, startAccessServer, type TestUser } from './support';

let t: TestServer;
let globalAdmin: TestUser;
let orgAdmin: TestUser;

beforeAll(async () => {
  t = await startAccessServer();
  globalAdmin = await t.createUser('Headquarters', { roles: ['Global Admin'], admin: true });
  orgAdmin = await t.createUser('Branch', { admin: true });
});
afterAll(async () => t?.close());

describe('organisations', () => {
  // A new organisation follows the installation's data sources: the local archive is on.
  it('global admins create one (with its Admin group), audited; duplicates answer 409 and bad input 400', async () => {
    const g = await signedIn(t, globalAdmin);
    const res = await g.post('/api/v2/organization', { name: 'Newsroom', themes: ['FINANCE'], features: ['SHOW_NOTABLE_ACCOUNTS'] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Newsroom', enable_sso: false, cognito_idp_name: null, themes: ['FINANCE'], features: ['SHOW_NOTABLE_ACCOUNTS'], data_source_ids: [LOCAL_ARCHIVE_ID] });
    expect(res.body.data.group_ids).toHaveLength(1);
    const dup = await g.post('/api/v2/organization', { name: 'Newsroom' });
    expect(dup.status).toBe(409);
    expect(errorsOf(dup)).toEqual(['An organization with that name already exists']);
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(201) }, { name: 'Ok', themes: ['NOPE'] }, { name: 'Ok', features: ['FLY'] }]) {
      expect((await g.post('/api/v2/organization', body)).status, JSON.stringify(body)).toBe(400);
    }
    const audit = await t.storage.db.selectFrom('core_event_audit').selectAll().where('event_type', '=', 'organization_created').execute();
    expect(audit.map((e) => e.organization_id)).toEqual([res.body.data.id]);
  });

  it('organisation admins edit their own (not feature flags); others cannot create', async () => {
    const o = await signedIn(t, orgAdmin);
    expect((await o.post('/api/v2/organization', { name: 'Mine' })).status).toBe(403);
    const edited = await o.put(`/api/v2/organization/${orgAdmin.organizationId}`, { themes: ['UNION'], cognito_idp_name: 'Okta' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Branch', themes: ['UNION'], cognito_idp_name: 'Okta' });
    const flags = await o.put(`/api/v2/organization/${orgAdmin.organizationId}`, { features: ['SHOW_SCALED_CONVERSATIONS'] });
    expect(flags.status).toBe(403);
    expect(errorsOf(flags)).toEqual(['Only global admins may change feature flags']);
    expect((await o.get(`/api/v2/organization/${orgAdmin.organizationId}`)).body.data.features).toEqual([]);
    const member = await t.createUser('Branch');
    expect((await (await signedIn(t, member)).put(`/api/v2/organization/${orgAdmin.organizationId}`, { name: 'Hijack' })).status).toBe(403);
  });

  it('keeps the SSO client secret write-only and sealed; a domain belongs to one organisation', async () => {
    const o = await signedIn(t, orgAdmin);
    const path = `/api/v2/organization/${orgAdmin.organizationId}/sso`;
    const empty = await o.get(path);
    expect(empty.body.data).toMatchObject({ issuer: null, client_id: null, has_client_secret: false, email_domains: [] });
    expect(empty.body.data.redirect_uri).toBe(`${t.url}/api/v2/user/sso/callback`);
    const set = await o.put(path, { issuer: 'https://idp.branch.test', client_id: 'narrascope', client_secret: 's3cr3t-value', email_domains: ['Branch.test'] });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ issuer: 'https://idp.branch.test', client_id: 'narrascope', has_client_secret: true, email_domains: ['branch.test'] });
    expect(JSON.stringify(set.body)).not.toContain('s3cr3t-value');
    const row = await t.storage.db.selectFrom('core_sso_configs').selectAll().executeTakeFirstOrThrow();
    expect(row.client_secret).not.toContain('s3cr3t-value');
    // Omitting the secret keeps it.
    expect((await o.put(path, { issuer: 'https://idp.branch.test', client_id: 'narrascope', email_domains: ['branch.test'] })).body.data.has_client_secret).toBe(true);
    const g = await signedIn(t, globalAdmin);
    const clash = await g.put(`/api/v2/organization/${globalAdmin.organizationId}/sso`, { issuer: 'https://idp.hq.test', client_id: 'x', email_domains: ['branch.test'] });
    expect(clash.status).toBe(409);
    expect(errorsOf(clash)).toEqual(['Another organization already signs in branch.test']);
    for (const body of [{ issuer: 'not a url', client_id: 'x', email_domains: ['a.test'] }, { issuer: 'https://a.test', client_id: 'x', email_domains: [] },
      { issuer: 'https://a.test', client_id: 'x', email_domains: ['not a domain'] }, { issuer: 'https://a.test', client_id: 'x', email_domains: ['a.test'], client_secret_env: 'lower' }]) {
      expect((await o.put(path, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await o.get(path)).body.data.email_domains).toEqual(['branch.test']);
  });

  it('check_sso answers a link only for domains of organisations with SSO enabled', async () => {
    const anon = await signedIn(t, orgAdmin);
    expect((await anon.post('/api/v2/user/check_sso', { email: 'someone@branch.test' })).body.data).toEqual({ sso_login_link: null });
    await anon.put(`/api/v2/organization/${orgAdmin.organizationId}`, { enable_sso: true });
    const link = (await anon.post('/api/v2/user/check_sso', { email: 'Someone@Branch.test' })).body.data.sso_login_link;
    expect(link).toBe(`/api/v2/user/sso/login?organization_id=${orgAdmin.organizationId}&login_hint=someone%40branch.test`);
    expect((await anon.post('/api/v2/user/check_sso', { email: 'someone@elsewhere.test' })).body.data.sso_login_link).toBeNull();
    expect((await anon.post('/api/v2/user/check_sso', {})).status).toBe(400);
    // Password sign-in for such an e-mail answers the link as location and starts no session.
    const login = await anon.post('/api/v2/user/login', { email: 'someone@branch.test', password: 'whatever' });
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ location: link, user: null, exp: null });
    await anon.put(`/api/v2/organization/${orgAdmin.organizationId}`, { enable_sso: false });
  });
});
