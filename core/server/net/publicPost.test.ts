import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postToPublicAddress } from './publicPost';

let server: http.Server;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += String(c); });
    req.on('end', () => {
      received.push(body);
      if (req.url === '/redirect') { res.writeHead(302, { location: 'http://10.0.0.1/inside' }); res.end(); return; }
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const send = (url: string, allowAddresses: string[] = [], lookup?: (h: string) => Promise<Array<{ address: string; family: 4 | 6 }>>) =>
  postToPublicAddress(url, { headers: { 'content-type': 'application/json' }, body: '{"a":1}', timeoutMs: 2000, allowAddresses, ...(lookup ? { lookup } : {}) });

describe('a POST only to public addresses', () => {
  it('refuses loopback, private, link-local and metadata destinations, by address or by name, and sends nothing', async () => {
    const before = received.length;
    for (const url of [`http://127.0.0.1:${port}/hook`, 'http://10.1.2.3/hook', 'http://169.254.169.254/latest', 'http://[::1]/hook', 'http://localhost/hook', 'http://metadata.google.internal/']) {
      const result = await send(url);
      expect(result.sent, url).toBe(false);
      expect((result as { reason: string }).reason, url).toMatch(/^refused/);
    }
    // A public-looking name that resolves to a private address.
    const rebinding = await send('http://hooks.example.com/x', [], async () => [{ address: '192.168.1.5', family: 4 }]);
    expect(rebinding).toEqual({ sent: false, reason: expect.stringMatching(/^refused address 192\.168\.1\.5/) });
    expect(await send('ftp://example.com/x')).toEqual({ sent: false, reason: 'refused scheme ftp:' });
    expect(received.length).toBe(before);
  });

  it('sends to an address the operator allowed, and does not follow a redirect', async () => {
    expect(await send(`http://127.0.0.1:${port}/hook`, ['127.0.0.1/32'])).toEqual({ sent: true, status: 204 });
    expect(received.at(-1)).toBe('{"a":1}');
    expect(await send(`http://127.0.0.1:${port}/redirect`, ['127.0.0.1'])).toEqual({ sent: true, status: 302 });
  });
});
