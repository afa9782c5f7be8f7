import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalRdapServer, type LocalRdapServer } from '../testing/rdapServer';
import { RdapBootstrap } from './bootstrap';
import { RdapClient } from './client';

/** The RDAP client against the project's local registries (no network): one for .com, one .net redirects to. */
let com: LocalRdapServer;
let net: LocalRdapServer;
const LOCAL = ['127.0.0.1/32'];

const bootstrapFor = (services: Array<[string[], string[]]>) => new RdapBootstrap({ version: '1.0', publication: '2026-11-01T00:00:00Z', services });
const clientFor = (options: Partial<ConstructorParameters<typeof RdapClient>[1]> = {}) =>
  new RdapClient(bootstrapFor([[['com'], [com.url]], [['net'], [net.url]]]), { allowAddresses: LOCAL, timeoutMs: 500, maxRetryWaitMs: 300, ...options });

beforeAll(async () => {
  com = await startLocalRdapServer();
  net = await startLocalRdapServer();
  com.entries.set('fresh-report.com', { kind: 'found', facts: {
    registrar: 'NameCheap, Inc.', registrant: { name: 'Alex Morgan', phone: '+1.5551234567', email: 'admin@fresh-report.com' },
    created: '2026-03-01T10:00:00Z', expires: '2027-03-01T10:00:00Z', updated: '2026-03-02T08:30:00Z',
  } });
  com.entries.set('busy.com', { kind: 'rateLimited', retryAfter: '0', times: 1, then: { kind: 'found', facts: { registrar: 'Gandi SAS', created: '2001-01-01T00:00:00Z' } } });
  com.entries.set('angry.com', { kind: 'rateLimited', retryAfter: '120', times: 99, then: { kind: 'found', facts: {} } });
  com.entries.set('broken.com', { kind: 'malformed', body: '<html>Service unavailable</html>' });
  com.entries.set('notdomain.com', { kind: 'malformed', body: '{"objectClassName":"entity"}' });
  com.entries.set('moved.com', { kind: 'redirect', to: net.url });
  net.entries.set('moved.com', { kind: 'found', facts: { registrar: 'Tucows Domains Inc.', created: '2015-05-05T00:00:00Z' } });
  com.entries.set('slow.com', { kind: 'slow', ms: 2000 });
  com.entries.set('elsewhere.com', { kind: 'redirect', to: 'http://10.0.0.8/' });
});
afterAll(async () => { await com?.close(); await net?.close(); });

describe('RDAP client', () => {
  it('found: creation, expiration, last changed, registrar and the registrant from their vCards; cached afterwards', async () => {
    const client = clientFor();
    const answer = await client.lookup('fresh-report.com');
    expect(answer).toEqual({ status: 'found', server: com.url.replace(/\/$/, ''), facts: {
      registrar: 'NameCheap, Inc.', registrant_name: 'Alex Morgan', registrant_phone: '+1.5551234567', registrant_email: 'admin@fresh-report.com',
      reg_created_at: '2026-03-01T10:00:00.000Z', reg_expires_at: '2027-03-01T10:00:00.000Z', reg_updated_at: '2026-03-02T08:30:00.000Z',
    } });
    const before = client.requests;
    expect(await client.lookup('fresh-report.com')).toEqual(answer);
    expect(client.requests).toBe(before);
  });

  it('not found: the registry answered 404', async () => {
    expect(await clientFor().lookup('nobody-here.com')).toEqual({ status: 'not_found', server: com.url.replace(/\/$/, '') });
  });

  it('rate-limited: a short Retry-After is waited out once; a long one fails and holds the registry until then', async () => {
    const client = clientFor();
    expect(await client.lookup('busy.com')).toMatchObject({ status: 'found', facts: { registrar: 'Gandi SAS' } });
    const start = com.requests.length;
    expect(await client.lookup('angry.com')).toEqual({ status: 'failed', reason: 'rate_limited', message: expect.stringContaining('429') });
    expect(com.requests.length - start).toBe(1);
    // The registry said 120 s: the next lookup on it does not even call.
    expect(await client.lookup('fresh-report.com')).toMatchObject({ status: 'failed', reason: 'rate_limited' });
    expect(com.requests.length - start).toBe(1);
  });

  it('malformed: HTML or a non-domain object is a failure, not a registration', async () => {
    const client = clientFor();
    expect(await client.lookup('broken.com')).toEqual({ status: 'failed', reason: 'malformed', message: expect.stringContaining('not JSON') });
    expect(await client.lookup('notdomain.com')).toEqual({ status: 'failed', reason: 'malformed', message: expect.stringContaining('objectClassName is not "domain"') });
  });

  it('redirect: follows the registry to another one and reads its answer', async () => {
    expect(await clientFor().lookup('moved.com')).toEqual({ status: 'found', server: net.url.replace(/\/$/, ''), facts: expect.objectContaining({ registrar: 'Tucows Domains Inc.', reg_created_at: '2015-05-05T00:00:00.000Z' }) });
  });

  it('timeout: a registry slower than the limit fails with timeout', async () => {
    const answer = await clientFor({ timeoutMs: 200 }).lookup('slow.com');
    expect(answer).toEqual({ status: 'failed', reason: 'timeout', message: expect.stringContaining('timeout after 200 ms') });
  });

  it('no server: a TLD outside the bootstrap data', async () => {
    expect(await clientFor().lookup('example.zz')).toEqual({ status: 'failed', reason: 'no_server', message: 'no RDAP server for example.zz in the bootstrap data' });
  });
});

describe('SSRF: lookups never reach private, loopback or link-local addresses', () => {
  it('a registry on loopback is refused unless a test allows it explicitly, and nothing is sent', async () => {
    const start = com.requests.length;
    const answer = await clientFor({ allowAddresses: [] }).lookup('fresh-report.com');
    expect(answer).toEqual({ status: 'failed', reason: 'refused', message: 'refused address 127.0.0.1 (Loopback)' });
    expect(com.requests.length).toBe(start);
  });

  it('bootstrap entries or redirects pointing at private and link-local addresses are refused', async () => {
    const client = new RdapClient(bootstrapFor([[['com'], ['http://169.254.169.254/']], [['net'], ['http://[::1]/']], [['org'], ['http://192.168.1.10/']]]), { timeoutMs: 300 });
    expect(await client.lookup('a.com')).toMatchObject({ status: 'failed', reason: 'refused', message: 'refused address 169.254.169.254 (Link Local)' });
    expect(await client.lookup('a.net')).toMatchObject({ status: 'failed', reason: 'refused', message: expect.stringContaining('refused address ::1') });
    expect(await client.lookup('a.org')).toMatchObject({ status: 'failed', reason: 'refused', message: 'refused address 192.168.1.10 (Private-Use)' });
    expect(await clientFor().lookup('elsewhere.com')).toMatchObject({ status: 'failed', reason: 'refused', message: 'refused address 10.0.0.8 (Private-Use)' });
  });

  it('a registry host name that resolves to a private address is refused (the lookup is checked, not the name)', async () => {
    const client = new RdapClient(bootstrapFor([[['com'], ['https://rdap.registry.example/']]]), {
      lookup: async () => [{ address: '10.1.2.3', family: 4 }],
    });
    expect(await client.lookup('a.com')).toEqual({ status: 'failed', reason: 'refused', message: 'refused address 10.1.2.3 (Private-Use) of rdap.registry.example' });
  });
});

describe('bootstrap data', () => {
  it('the shipped dns.json is in IANA format and finds the registry by the longest suffix', () => {
    const shipped = RdapBootstrap.load();
    expect(shipped.serverFor('example.com')).toBe('https://rdap.verisign.com/com/v1/');
    expect(shipped.serverFor('news.bbc.co.uk')).toBe('https://rdap.nominet.uk/uk/');
    expect(shipped.serverFor('example.zz')).toBeNull();
    const multi = bootstrapFor([[['uk'], ['https://a.example/']], [['co.uk'], ['https://b.example/']]]);
    expect(multi.serverFor('x.co.uk')).toBe('https://b.example/');
  });
});
