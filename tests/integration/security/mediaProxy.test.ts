/**
 * Issue 18, finding 9: remote images (an author's avatar) reach the browser only through the server's image proxy,
 * `GET /api/v2/media/image?url=`, or not at all (NARRASCOPE_REMOTE_MEDIA=off).
 *
 * A real HTTP server on 127.0.0.1 plays the authors' image hosts. The SSRF policy refuses loopback, so the "open"
 * server under test allows exactly 127.0.0.1 through createServer's `mediaProxy.allowAddresses`: an injected option,
 * never an environment setting, so no deployment can switch the guard off by configuration (see MediaProxyOptions).
 * The "strict" server has no allowance and proves the refusals; its fake DNS names a host that resolves to loopback.
 * Every refusal test points at the loopback image server too and checks it was never asked, so a broken guard
 * could not send traffic off this machine.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_IMAGE_PATH, MEDIA_MESSAGES } from '@core/shared/api/media';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
const MAX_BYTES = 64 * 1024;

/** Requests the image server saw (path and query), with their headers. */
const seen: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];
const hits = (url: string) => seen.filter((s) => s.url === url).length;

let images: http.Server;
let origin: string;
let port: number;

function imageServer() {
  return http.createServer((req, res) => {
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const q = query ? `?${query}` : '';
    seen.push({ url: req.url ?? '/', headers: req.headers });
    const redirect = /^\/redirect\/(\d+)$/.exec(path);
    if (redirect) {
      const n = Number(redirect[1]);
      res.writeHead(302, { location: n === 0 ? `/avatar.png${q}` : `/redirect/${n - 1}${q}` }).end();
      return;
    }
    switch (path) {
      case '/avatar.png': res.writeHead(200, { 'content-type': 'image/png' }).end(PNG); return;
      case '/avatar.gif': res.writeHead(200, { 'content-type': 'image/gif; charset=binary' }).end(GIF); return;
      // The declared type is a lie; the bytes are a PNG, and the answer says so.
      case '/disguised.jpg': res.writeHead(200, { 'content-type': 'image/jpeg' }).end(PNG); return;
      case '/untyped': res.writeHead(200).end(PNG); return;
      case '/avatar.svg': res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG); return;
      case '/svg-as-png.png': res.writeHead(200, { 'content-type': 'image/png' }).end(SVG); return;
      case '/page.png': res.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><script>alert(1)</script>'); return;
      case '/page.html': res.writeHead(200, { 'content-type': 'text/html' }).end(PNG); return;
      case '/missing.png': res.writeHead(404, { 'content-type': 'text/plain' }).end('no'); return;
      case '/declared-huge.png': res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(MAX_BYTES * 10) }).end(); return;
      case '/streamed-huge.png': {
        // Chunked, no Content-Length: the proxy must count and stop reading itself.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(PNG);
        const chunk = Buffer.alloc(16 * 1024, 1);
        let sent = 0;
        const pump = () => {
          while (sent < MAX_BYTES * 4 && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) { res.once('drain', pump); return; }
          }
          if (!res.destroyed) res.end();
        };
        pump();
        return;
      }
      case '/to-metadata': res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(); return;
      case '/to-file': res.writeHead(302, { location: 'file:///etc/passwd' }).end(); return;
      case '/slow.png': return; // never answers
      default: res.writeHead(404).end();
    }
  });
}

let open: TestServer;
let strict: TestServer;
let off: TestServer;
/** A signed-in analyst on each server. */
let openClient: ApiClient;
let strictClient: ApiClient;
let offClient: ApiClient;

beforeAll(async () => {
  images = imageServer();
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  port = (images.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  const lookup = async (host: string) => {
    if (host === 'avatars.example') return [{ address: '127.0.0.1', family: 4 as const }];
    throw new Error(`ENOTFOUND ${host}`);
  };
  [open, strict, off] = await Promise.all([
    startTestServer({ plugins: [], pipeline: { worker: false }, env: { NARRASCOPE_MEDIA_MAX_BYTES: String(MAX_BYTES) },
      mediaProxy: { allowAddresses: ['127.0.0.1'], timeoutMs: 1_000, lookup } }),
    startTestServer({ plugins: [], pipeline: { worker: false }, mediaProxy: { lookup } }),
    startTestServer({ plugins: [], pipeline: { worker: false }, env: { NARRASCOPE_REMOTE_MEDIA: 'off' } }),
  ]);
  [openClient, strictClient, offClient] = await Promise.all([signedIn(open), signedIn(strict), signedIn(off)]);
});
afterAll(async () => {
  images?.closeAllConnections();
  await new Promise((resolve) => images?.close(resolve));
  await Promise.all([open?.close(), strict?.close(), off?.close()]);
}, 60_000);

async function signedIn(t: TestServer) {
  const user = await t.createUser('Media Org');
  const client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  return client;
}

/** The proxy's answer for `url`, the body as bytes (images) and as JSON (errors). */
async function proxied(client: ApiClient, url: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${client.baseUrl}${MEDIA_IMAGE_PATH}?url=${encodeURIComponent(url)}`, {
    headers: cookie ? { cookie, referer: `${client.baseUrl}/conversations/1` } : {},
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: any = null;
  try { json = JSON.parse(bytes.toString('utf8')); } catch { json = null; }
  return { status: res.status, headers: res.headers, bytes, json, error: json?.metadata?.errors?.[0] as string | undefined };
}

describe('the image proxy serves raster images (issue 18, finding 9)', () => {
  it('answers a PNG with its sniffed type, private caching, nosniff and a none policy; sends no cookie, Referer or browser UA', async () => {
    const client = openClient;
    const res = await proxied(client, `${origin}/avatar.png`);
    expect(res.status).toBe(200);
    expect(res.bytes.equals(PNG)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    const upstream = seen.find((s) => s.url === '/avatar.png')!.headers;
    expect(upstream.cookie).toBeUndefined();
    expect(upstream.referer).toBeUndefined();
    expect(upstream.authorization).toBeUndefined();
    expect(upstream['user-agent']).toBe('Narrascope-Media-Proxy/1.0');
  });

  it('serves GIF, and a PNG declared as JPEG or not typed at all, by its bytes', async () => {
    const client = openClient;
    expect((await proxied(client, `${origin}/avatar.gif`)).headers.get('content-type')).toBe('image/gif');
    expect((await proxied(client, `${origin}/disguised.jpg`)).headers.get('content-type')).toBe('image/png');
    expect((await proxied(client, `${origin}/untyped`)).headers.get('content-type')).toBe('image/png');
  });

  it('follows three redirects, re-checking each, and refuses a fourth', async () => {
    const client = openClient;
    const three = await proxied(client, `${origin}/redirect/2?three`);
    expect(three.status).toBe(200);
    expect(three.bytes.equals(PNG)).toBe(true);
    expect(hits('/avatar.png?three')).toBe(1);
    const four = await proxied(client, `${origin}/redirect/3?four`);
    expect([four.status, four.error]).toEqual([422, MEDIA_MESSAGES.tooManyRedirects(3)]);
    expect(hits('/redirect/0?four')).toBe(1);
    expect(hits('/avatar.png?four')).toBe(0); // the fourth redirect was not followed
  });

  it('serves from its cache: a second request (and a concurrent one) does not fetch again; failures are cached too', async () => {
    const client = openClient;
    const [a, b] = await Promise.all([proxied(client, `${origin}/avatar.png?cache=1`), proxied(client, `${origin}/avatar.png?cache=1`)]);
    // Another analyst asking later is served from the same cache.
    const c = await proxied(await signedIn(open), `${origin}/avatar.png?cache=1`);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(c.bytes.equals(PNG)).toBe(true);
    expect(hits('/avatar.png?cache=1')).toBe(1);

    const missing = await proxied(client, `${origin}/missing.png`);
    expect([missing.status, missing.error]).toEqual([404, MEDIA_MESSAGES.upstreamStatus(404)]);
    await proxied(client, `${origin}/missing.png`);
    expect(hits('/missing.png')).toBe(1);
  });
});

describe('the image proxy refuses what is not a raster image, too large or too slow', () => {
  it.each([
    ['an SVG (it can carry script)', '/avatar.svg', MEDIA_MESSAGES.notImage('image/svg+xml')],
    ['SVG bytes declared as PNG', '/svg-as-png.png', MEDIA_MESSAGES.notImage('image/png')],
    ['an HTML page declared as PNG', '/page.png', MEDIA_MESSAGES.notImage('image/png')],
    ['PNG bytes declared as HTML', '/page.html', MEDIA_MESSAGES.notImage('text/html')],
  ])('415 for %s', async (_what, path, message) => {
    const client = openClient;
    const res = await proxied(client, `${origin}${path}`);
    expect([res.status, res.error]).toEqual([415, message]);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('413 for a body over the limit, declared or streamed, without reading it all', async () => {
    const client = openClient;
    const declared = await proxied(client, `${origin}/declared-huge.png`);
    expect([declared.status, declared.error]).toEqual([413, MEDIA_MESSAGES.tooLarge(MAX_BYTES)]);
    const streamed = await proxied(client, `${origin}/streamed-huge.png`);
    expect([streamed.status, streamed.error]).toEqual([413, MEDIA_MESSAGES.tooLarge(MAX_BYTES)]);
  });

  it('408 when the image host does not answer within the budget', async () => {
    const client = openClient;
    const started = Date.now();
    const res = await proxied(client, `${origin}/slow.png`);
    expect([res.status, res.error]).toEqual([408, MEDIA_MESSAGES.timeout(1_000)]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('re-checks redirects: one to cloud metadata is refused, one to file: too', async () => {
    const client = openClient;
    const metadata = await proxied(client, `${origin}/to-metadata`);
    expect([metadata.status, metadata.error]).toEqual([403, MEDIA_MESSAGES.refused('refused address 169.254.169.254 (Link Local)')]);
    const file = await proxied(client, `${origin}/to-file`);
    expect([file.status, file.error]).toEqual([403, MEDIA_MESSAGES.scheme('file:')]);
  });

  it('400 for what is not an http(s) URL', async () => {
    const client = openClient;
    expect((await proxied(client, 'javascript:alert(1)')).error).toBe(MEDIA_MESSAGES.scheme('javascript:'));
    expect((await proxied(client, 'file:///etc/passwd')).status).toBe(400);
    const relative = await proxied(client, '/api/v2/user/current');
    expect([relative.status, relative.error]).toEqual([400, MEDIA_MESSAGES.badUrl]);
  });
});

describe('without the test allowance the SSRF policy refuses private addresses', () => {
  it.each([
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/', 'refused address 169.254.169.254 (Link Local)'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]:PORT/avatar.png', 'refused address ::ffff:7f00:1 (IPv4-mapped 127.0.0.1: Loopback)'],
    ['IPv4-compatible loopback', 'http://[::7f00:1]:PORT/avatar.png', 'refused address ::7f00:1 (IPv4-compatible 127.0.0.1: Loopback)'],
    ['loopback', 'http://127.0.0.1:PORT/avatar.png', 'refused address 127.0.0.1 (Loopback)'],
    ['a host name resolving to loopback', 'http://avatars.example:PORT/avatar.png', 'refused address 127.0.0.1 (Loopback) of avatars.example'],
    ['localhost', 'http://localhost:PORT/avatar.png', 'refused host name localhost'],
    ['a private network', 'http://10.0.0.8/avatar.png', 'refused address 10.0.0.8 (Private-Use)'],
  ])('403 for %s', async (_what, url, reason) => {
    const client = strictClient;
    const before = seen.length;
    const res = await proxied(client, url.replace('PORT', String(port)));
    expect([res.status, res.error]).toEqual([403, MEDIA_MESSAGES.refused(reason)]);
    expect(res.json.data).toBeNull();
    expect(seen.length).toBe(before);
  });

  it('401 without a session, before anything is fetched', async () => {
    const before = seen.length;
    const res = await proxied(new ApiClient(open.url), `${origin}/avatar.png?anonymous=1`);
    expect(res.status).toBe(401);
    expect(seen.length).toBe(before);
  });
});

describe('NARRASCOPE_REMOTE_MEDIA=off', () => {
  it('answers 404 with the setting named and fetches nothing; the current user says off so the client shows initials', async () => {
    const client = offClient;
    const before = seen.length;
    const res = await proxied(client, `${origin}/avatar.png`);
    expect([res.status, res.error]).toEqual([404, MEDIA_MESSAGES.off]);
    expect(seen.length).toBe(before);
    expect((await client.get('/api/v2/user/current')).body.data.remote_media).toBe('off');
    expect((await openClient.get('/api/v2/user/current')).body.data.remote_media).toBe('proxy');
  });
});
