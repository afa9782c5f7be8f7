import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isShortenerUrl, UrlExpander } from './expandUrls';
import { classifyAddress } from '@core/server/net/addressPolicy';
import { HostRateLimiter } from './urlExpansion/hostRateLimiter';
import { resolveSafeAddress } from '@core/server/net/resolveSafeAddress';

/**
 * A real HTTP server on loopback plays shortener and destination. Only 127.0.0.1 is allow-listed; every other
 * non-public address is refused before a request is sent (the refusal tests use loopback addresses too, so a
 * broken guard could never send traffic off this machine).
 */
let server: http.Server;
let base: string;
let port: number;
const requests: Array<{ method: string; path: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? '', path });
    const redirect = (to: string, code = 301) => { res.writeHead(code, { location: to }); res.end(); };
    if (path === '/s/one') return redirect('/article?id=7&utm_source=short');
    if (path === '/s/chain') return redirect(`${base}/s/chain2`, 302);
    if (path === '/s/chain2') return redirect('/s/chain3', 307);
    if (path === '/s/chain3') return redirect('/final', 308);
    if (path === '/s/loop-a') return redirect('/s/loop-b');
    if (path === '/s/loop-b') return redirect('/s/loop-a');
    if (path.startsWith('/s/long')) {
      const n = Number(path.slice('/s/long'.length) || '0');
      return redirect(`/s/long${n + 1}`);
    }
    if (path === '/s/head-hater') {
      if (req.method === 'HEAD') { res.writeHead(405); return res.end(); }
      return redirect('/final');
    }
    if (path === '/s/slow') return; // never answers
    if (path === '/s/to-other-loopback') return redirect(`http://127.0.0.2:${port}/final`);
    if (path === '/s/to-ipv6-loopback') return redirect(`http://[::1]:${port}/final`);
    if (path === '/s/to-localhost') return redirect(`http://localhost:${port}/final`);
    if (path === '/s/to-mapped') return redirect(`http://[::ffff:127.0.0.3]:${port}/final`);
    if (path === '/s/to-ftp') return redirect('ftp://127.0.0.1/file');
    if (path === '/s/gone') { res.writeHead(404); return res.end(); }
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(req.method === 'HEAD' ? undefined : 'ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const expander = (extra: ConstructorParameters<typeof UrlExpander>[0] = {}) =>
  new UrlExpander({ allowAddresses: ['127.0.0.1'], shouldExpand: () => true, perHostIntervalMs: 0, timeoutMs: 1500, ...extra });

describe('UrlExpander against a loopback server', () => {
  it('follows one redirect with HEAD and normalises the destination', async () => {
    const before = requests.length;
    const r = await expander().expand(`${base}/s/one`);
    expect(r).toMatchObject({ status: 'expanded', expanded: `${base}/article?id=7` });
    expect(requests.slice(before).map((q) => q.method)).toEqual(['HEAD', 'HEAD']);
  });

  it('follows a chain of 301/302/307/308 with absolute and relative locations', async () => {
    const r = await expander().expand(`${base}/s/chain`);
    expect(r.status).toBe('expanded');
    expect(r.expanded).toBe(`${base}/final`);
    expect(r.hops).toEqual([`${base}/s/chain`, `${base}/s/chain2`, `${base}/s/chain3`, `${base}/final`]);
  });

  it('falls back to GET when HEAD is refused', async () => {
    const before = requests.length;
    const r = await expander().expand(`${base}/s/head-hater`);
    expect(r.expanded).toBe(`${base}/final`);
    expect(requests.slice(before).map((q) => `${q.method} ${q.path}`)).toEqual(['HEAD /s/head-hater', 'GET /s/head-hater', 'HEAD /final']);
  });

  it('stops a redirect loop and keeps the original', async () => {
    const r = await expander().expand(`${base}/s/loop-a`);
    expect(r).toMatchObject({ status: 'failed', expanded: null });
    expect(r.reason).toContain('redirect loop');
  });

  it('stops after the redirect limit', async () => {
    const r = await expander({ maxRedirects: 3 }).expand(`${base}/s/long0`);
    expect(r).toMatchObject({ status: 'failed', expanded: null, reason: 'more than 3 redirects' });
    expect(r.hops).toHaveLength(4);
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    const started = Date.now();
    const r = await expander({ timeoutMs: 300 }).expand(`${base}/s/slow`);
    expect(r.status).toBe('failed');
    expect(r.reason).toContain('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers unchanged for a URL that does not redirect, failed for an error status', async () => {
    expect(await expander().expand(`${base}/final`)).toMatchObject({ status: 'unchanged', expanded: null });
    expect(await expander().expand(`${base}/s/gone`)).toMatchObject({ status: 'failed', expanded: null });
  });

  it('refuses non-allow-listed loopback targets at any hop, before sending anything there', async () => {
    for (const path of ['/s/to-other-loopback', '/s/to-ipv6-loopback', '/s/to-localhost', '/s/to-mapped']) {
      const before = requests.length;
      const r = await expander().expand(`${base}${path}`);
      expect(r.status, path).toBe('refused');
      expect(r.expanded).toBeNull();
      expect(requests.slice(before).map((q) => q.path)).toEqual([path]);
    }
  });

  it('refuses its own loopback server when nothing is allow-listed, with zero requests sent', async () => {
    const before = requests.length;
    const r = await new UrlExpander({ shouldExpand: () => true }).expand(`${base}/s/one`);
    expect(r).toMatchObject({ status: 'refused', expanded: null });
    expect(r.reason).toContain('(Loopback)');
    expect(requests.length).toBe(before);
  });

  it('refuses a non-http scheme in a Location header', async () => {
    const r = await expander().expand(`${base}/s/to-ftp`);
    expect(r).toMatchObject({ status: 'refused', expanded: null });
  });

  it('skips URLs that are not shorteners by default, without a request', async () => {
    const before = requests.length;
    const r = await new UrlExpander({ allowAddresses: ['127.0.0.1'] }).expand(`${base}/s/one`);
    expect(r.status).toBe('skipped');
    expect(requests.length).toBe(before);
  });

  it('caches answers: the second expansion sends no request', async () => {
    const e = expander();
    await e.expand(`${base}/s/chain`);
    const before = requests.length;
    const again = await e.expand(`${base}/s/chain?utm_source=x`);
    expect(again.expanded).toBe(`${base}/final`);
    expect(requests.length).toBe(before);
  });

  it('spaces requests to one host by the per-host interval', async () => {
    const e = expander({ perHostIntervalMs: 150 });
    const started = Date.now();
    await e.expandAll([`${base}/final?a=1`, `${base}/final?a=2`, `${base}/final?a=3`], 3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('expandAll answers in input order and sends one request chain for concurrent duplicates', async () => {
    const before = requests.length;
    const results = await expander().expandAll([`${base}/s/one`, `${base}/final`, `${base}/s/one`, `${base}/s/one?fbclid=x`], 4);
    expect(results.map((r) => r.expanded)).toEqual([`${base}/article?id=7`, null, `${base}/article?id=7`, `${base}/article?id=7`]);
    expect(results[3]!.url).toBe(`${base}/s/one?fbclid=x`);
    expect(requests.slice(before).filter((q) => q.path === '/s/one')).toHaveLength(1);
  });

  it('leaves the original when DNS fails (offline)', async () => {
    const e = new UrlExpander({ lookup: async () => { throw new Error('getaddrinfo ENOTFOUND bit.ly'); } });
    const r = await e.expand('https://bit.ly/3abc');
    expect(r).toMatchObject({ status: 'refused', expanded: null });
    expect(r.reason).toContain('ENOTFOUND');
  });
});

describe('isShortenerUrl', () => {
  it('knows shortener hosts and their subdomains, and nothing else', () => {
    expect(isShortenerUrl(new URL('https://bit.ly/abc'))).toBe(true);
    expect(isShortenerUrl(new URL('https://www.t.co/abc'))).toBe(true);
    expect(isShortenerUrl(new URL('https://on.rt.com/abc'))).toBe(true);
    expect(isShortenerUrl(new URL('https://www.nytimes.com/2024/a.html'))).toBe(false);
  });
});

describe('resolveSafeAddress (no connection is made)', () => {
  const lookupTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));

  it('refuses host names resolving to private, link-local, CGNAT, metadata or mixed addresses', async () => {
    for (const bad of [['10.1.2.3'], ['172.16.0.9'], ['192.168.1.1'], ['169.254.169.254'], ['100.100.100.200'], ['127.0.0.1'],
      ['0.0.0.0'], ['224.0.0.1'], ['255.255.255.255'], ['::1'], ['fe80::1'], ['fd00:ec2::254'], ['::ffff:10.0.0.1'],
      ['64:ff9b::a00:1'], ['2002:a00:1::1'], ['ff02::1'], ['93.184.216.34', '10.0.0.1']]) {
      const r = await resolveSafeAddress('short.example', lookupTo(...bad), []);
      expect(r.ok, bad.join(',')).toBe(false);
    }
  });

  it('accepts public addresses and answers the one to connect to', async () => {
    expect(await resolveSafeAddress('short.example', lookupTo('93.184.216.34'), [])).toEqual({ ok: true, address: { address: '93.184.216.34', family: 4 } });
    expect((await resolveSafeAddress('short.example', lookupTo('2606:2800:220:1::248'), [])).ok).toBe(true);
  });

  it('refuses local host names without asking DNS', async () => {
    let asked = 0;
    const lookup = async () => { asked++; return [{ address: '93.184.216.34', family: 4 as const }]; };
    for (const host of ['localhost', 'api.localhost', 'metadata.google.internal', 'printer.local']) {
      expect((await resolveSafeAddress(host, lookup, [])).ok).toBe(false);
    }
    expect(asked).toBe(0);
  });
});

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', true], ['1.1.1.1', true], ['2001:4860:4860::8888', true],
    ['127.0.0.1', false], ['10.0.0.1', false], ['172.31.255.255', false], ['192.168.0.1', false], ['169.254.169.254', false],
    ['100.64.0.1', false], ['0.0.0.0', false], ['239.255.255.250', false], ['::', false], ['::1', false], ['fc00::1', false],
    ['fe80::1%eth0', false], ['::ffff:127.0.0.1', false], ['::ffff:8.8.8.8', true], ['192.0.2.1', false], ['not an ip', false],
  ])('%s allowed=%s', (address, allowed) => {
    expect(classifyAddress(address).allowed).toBe(allowed);
  });

  it('lets an allow-list open a specific loopback address or range only', () => {
    expect(classifyAddress('127.0.0.1', ['127.0.0.1']).allowed).toBe(true);
    expect(classifyAddress('127.0.0.2', ['127.0.0.1']).allowed).toBe(false);
    expect(classifyAddress('127.0.0.2', ['127.0.0.0/8']).allowed).toBe(true);
    expect(classifyAddress('::ffff:127.0.0.1', ['127.0.0.1']).allowed).toBe(true);
  });
});

describe('HostRateLimiter', () => {
  it('refuses without waiting when the slot is further away than the maximum wait; hosts are independent', async () => {
    const now = 1000;
    const limiter = new HostRateLimiter(1000, 500, () => now);
    expect(await limiter.acquire('a')).toBe(true);
    expect(await limiter.acquire('a')).toBe(false);
    expect(await limiter.acquire('b')).toBe(true);
  });
});
