import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
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

  it('never claims the e-mail domain of another organisation\'s users (their sign-in would go to this provider)', async () => {
    const o = await signedIn(t, orgAdmin);
    const path = `/api/v2/organization/${orgAdmin.organizationId}/sso`;
    const before = (await o.get(path)).body.data;
    const theirs = globalAdmin.email.split('@')[1]!;
    const claim = await o.put(path, { issuer: 'https://idp.branch.test', client_id: 'narrascope', email_domains: ['branch.test', theirs.toUpperCase()] });
    expect(claim.status).toBe(409);
    expect(errorsOf(claim)).toEqual([`Users of another organization sign in with addresses at ${theirs}`]);
    expect((await o.get(path)).body.data).toEqual(before);
    const login = await new ApiClient(t.url).post('/api/v2/user/login', { email: globalAdmin.email, password: globalAdmin.password });
    expect([login.status, login.body.data.location]).toEqual([200, null]); // signed in by password, not sent to a provider
  });

  it('reads a client secret only from a variable set aside for it: DATABASE_URL is refused, nothing stored changes', async () => {
    const o = await signedIn(t, orgAdmin);
    const path = `/api/v2/organization/${orgAdmin.organizationId}/sso`;
    const before = (await o.get(path)).body.data;
    for (const name of ['DATABASE_URL', 'NARRASCOPE_ENCRYPTION_KEY', 'NARRASCOPE_SSO_SECRET_']) {
      const refused = await o.put(path, { issuer: 'https://idp.branch.test', client_id: 'narrascope', client_secret_env: name, email_domains: ['branch.test'] });
      expect(refused.status).toBe(400);
      expect(errorsOf(refused)).toEqual(['body.client_secret_env: must name an environment variable starting with NARRASCOPE_SSO_SECRET_']);
    }
    expect((await o.get(path)).body.data).toEqual(before);
    const named = await o.put(path, { issuer: 'https://idp.branch.test', client_id: 'narrascope', client_secret_env: 'NARRASCOPE_SSO_SECRET_BRANCH', email_domains: ['branch.test'] });
    expect(named.status).toBe(200);
    expect(named.body.data.client_secret_env).toBe('NARRASCOPE_SSO_SECRET_BRANCH');
    expect((await o.put(path, { issuer: 'https://idp.branch.test', client_id: 'narrascope', client_secret_env: null, email_domains: ['branch.test'] })).status).toBe(200);
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

describe('user creation across organisations', () => {
  const DUPLICATE = 'This user already exists. Please check the details and try again with a different email.';
  const CLAIMED = 'The e-mail domain claimant.test belongs to another organization. Use an address of a domain your organization uses.';
  const newUser = (email: string) => ({ email, first_name: 'Nia', last_name: 'Ortiz', password: 'Initial-passphrase-42' });
  let claimantAdmin: TestUser;
  let outsiderAdmin: TestUser;
  let known: TestUser;

  beforeAll(async () => {
    claimantAdmin = await t.createUser('Claimant', { admin: true, email: 'admin@claimant.test' });
    outsiderAdmin = await t.createUser('Outsider', { admin: true, email: 'admin@outsider.test' });
    known = await t.createUser('Claimant', { email: 'known@claimant.test' });
    // The claim stands whether or not SSO is switched on (a domain belongs to one organisation).
    const claim = await (await signedIn(t, claimantAdmin)).put(`/api/v2/organization/${claimantAdmin.organizationId}/sso`,
      { issuer: 'https://idp.claimant.test', client_id: 'narrascope', email_domains: ['claimant.test'] });
    expect(claim.status).toBe(200);
  });

  const usersWith = (email: string) => t.storage.db.selectFrom('core_users').select(['id', 'organization_id']).where('email', '=', email).execute();

  it('answers an address at another organisation\'s claimed domain the same whether or not it has an account, and creates nothing', async () => {
    const o = await signedIn(t, outsiderAdmin);
    const before = (await o.get('/api/v2/user')).body.data.length;
    const existing = await o.post('/api/v2/user', newUser('known@claimant.test'));
    const absent = await o.post('/api/v2/user', newUser('fresh@claimant.test'));
    for (const res of [existing, absent]) {
      expect(res.status).toBe(409);
      expect(res.body.metadata.msg).toBe(CLAIMED);
      expect(errorsOf(res)).toEqual([CLAIMED]);
    }
    expect(existing.body).toEqual(absent.body);
    // Nothing taken, nothing lost: the outsider has no new user, the claimant's user is where it was and signs in.
    expect((await o.get('/api/v2/user')).body.data.length).toBe(before);
    expect(await usersWith('fresh@claimant.test')).toEqual([]);
    expect(await usersWith('known@claimant.test')).toEqual([{ id: known.id, organization_id: claimantAdmin.organizationId }]);
    expect((await (await signedIn(t, known)).get('/api/v2/user/current')).status).toBe(200);
  });

  it('refuses moving one of its own users to a claimed domain too, and keeps the user\'s address', async () => {
    const o = await signedIn(t, outsiderAdmin);
    const mine = (await o.post('/api/v2/user', newUser('mine@outsider.test'))).body.data;
    const res = await o.put(`/api/v2/user/${mine.id}`, { email: 'fresh@claimant.test' });
    expect(res.status).toBe(409);
    expect(errorsOf(res)).toEqual([CLAIMED]);
    expect((await o.get(`/api/v2/user/${mine.id}`)).body.data.email).toBe('mine@outsider.test');
  });

  it('lets the claiming organisation use its domain, and holds a global admin creating elsewhere to the claim', async () => {
    const created = await (await signedIn(t, claimantAdmin)).post('/api/v2/user', newUser('second@claimant.test'));
    expect(created.status).toBe(200);
    expect(created.body.data.organization_id).toBe(claimantAdmin.organizationId);
    const g = await signedIn(t, globalAdmin);
    const res = await g.post('/api/v2/user', { ...newUser('third@claimant.test'), organization_id: outsiderAdmin.organizationId });
    expect(res.status).toBe(409);
    expect(errorsOf(res)).toEqual([CLAIMED]);
    expect(await usersWith('third@claimant.test')).toEqual([]);
  });

  it('answers a taken address at an unclaimed domain exactly like one of the caller\'s own users: no organisation in it', async () => {
    await t.createUser('Claimant', { email: 'side@elsewhere.test' });
    const o = await signedIn(t, outsiderAdmin);
    const foreign = await o.post('/api/v2/user', newUser('side@elsewhere.test'));
    const own = await o.post('/api/v2/user', newUser('admin@outsider.test'));
    expect(foreign.status).toBe(409);
    expect(foreign.body).toEqual(own.body);
    expect(foreign.body.metadata).toMatchObject({ msg: DUPLICATE, errors: ['DUPLICATE_USER'] });
    expect(JSON.stringify(foreign.body)).not.toContain(claimantAdmin.organizationId);
    expect(JSON.stringify(foreign.body)).not.toContain('Claimant');
    expect(await usersWith('side@elsewhere.test')).toHaveLength(1);
  });
});
