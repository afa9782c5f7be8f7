import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@core/server/config';
import { createLogger } from '@core/server/logger';
import { createServer } from '@core/server/server';
import { ApiClient } from '@core/server/testing/httpClient';
import { serverPlugins } from '../../../plugins/index.server';

/**
 * Issue 18, findings 1 and 7, at the HTTP edge: the public log-report call is bounded (body size, logged context,
 * per-address rate), and every answer (page, bundle file, API, error) carries the security headers. The server
 * keeps its log lines (to check what a report costs in the log) and serves a small stand-in bundle.
 */
const LIMIT = 5;
let lines: string[];
let url: string;
let close: () => Promise<void>;

beforeAll(async () => {
  lines = [];
  const sink = new Writable({ write(chunk, _enc, cb) { lines.push(String(chunk)); cb(); } });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-edge-'));
  const webDir = path.join(dataDir, 'web');
  fs.mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log("app");\n');
  const config = loadConfig({
    PORT: '0', HOST: '127.0.0.1', NARRASCOPE_DATA_DIR: dataDir, LOG_LEVEL: 'info', NARRASCOPE_WEB_DIR: webDir,
    // Addresses come from X-Forwarded-For, so one test can act as several clients.
    NARRASCOPE_TRUST_PROXY: 'true', NARRASCOPE_LOGREPORTER_RATE_LIMIT_PER_MINUTE: String(LIMIT),
  });
  // No pipeline worker: nothing here runs a conversation, and an idle worker's poll would only delay the close.
  const server = await createServer({ config, plugins: serverPlugins, logger: createLogger('info', sink), pipeline: { worker: false } });
  url = (await server.listen()).replace('0.0.0.0', '127.0.0.1');
  close = async () => {
    // The reports above leave the test's own keep-alive sockets (one refused mid-upload with 413): this test is not
    // about graceful shutdown, so drop them rather than wait for their keep-alive timeout.
    server.http.fastify.server.closeAllConnections();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(async () => close?.(), 120_000);

const from = (address: string) => ({ 'X-Forwarded-For': address });
const report = (address: string, body: unknown) => new ApiClient(url).post('/logreporter', body, from(address));
/** The logged report lines carrying `message`, parsed. */
const logged = (message: string) => lines.filter((l) => l.includes(message)).map((l) => JSON.parse(l) as Record<string, unknown>)
  .filter((l) => l.msg === message);

describe('POST /logreporter is bounded (finding 1)', () => {
  it('answers 413 to a body over 64 kB before reading it, and logs nothing of it', async () => {
    const res = await report('192.0.2.1', { level: 'error', message: 'oversized-report', context: { blob: 'x'.repeat(100_000) } });
    expect(res.status).toBe(413);
    expect(res.body.metadata.errors).toEqual(['Request body is too large']);
    expect(logged('oversized-report')).toEqual([]);
  });

  it('logs a large context cut to 2,000 characters with a marker, and a small one as sent', async () => {
    const big = { blob: 'y'.repeat(40_000) };
    const res = await report('192.0.2.2', { level: 'warn', message: 'big-context-report', context: big });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ received: true });
    const [line] = logged('big-context-report');
    const fullLength = JSON.stringify(big).length;
    expect(line!.context).toBe(`${JSON.stringify(big).slice(0, 2_000)}…[truncated: ${fullLength} characters]`);
    expect(line!.context_truncated).toBe(true);
    expect(lines.find((l) => l.includes('big-context-report'))!.length).toBeLessThan(3_000);

    expect((await report('192.0.2.2', { level: 4, message: 'small-context-report', context: { chart: 'posts', status: 500 } })).status).toBe(200);
    expect(logged('small-context-report')[0]).toMatchObject({ level: 50, client: true, context: { chart: 'posts', status: 500 } });
    expect(logged('small-context-report')[0]!.context_truncated).toBeUndefined();
  });

  it(`limits each client address to ${LIMIT} reports a minute: 429 with a message, other addresses unaffected, accepted reports all logged`, async () => {
    for (let i = 1; i <= LIMIT; i++) expect((await report('198.51.100.7', { level: 'warn', message: `burst-${i}` })).status).toBe(200);
    const refused = await report('198.51.100.7', { level: 'warn', message: 'burst-over' });
    expect(refused.status).toBe(429);
    expect(refused.body.metadata.errors).toEqual(['Too many log reports. Please wait a minute and try again.']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await report('203.0.113.9', { level: 'warn', message: 'other-address' })).status).toBe(200);
    for (let i = 1; i <= LIMIT; i++) expect(logged(`burst-${i}`)).toHaveLength(1);
    expect(logged('burst-over')).toEqual([]);
    expect(logged('other-address')).toHaveLength(1);
    // Its own counter: the address can still sign in (the sign-in limit is not used up by reports).
    const login = await new ApiClient(url).post('/api/v2/user/login', { email: 'nobody@example.test', password: 'whatever-123' }, from('198.51.100.7'));
    expect(login.status).toBe(401);
  });
});

describe('security headers on every answer (finding 7)', () => {
  const common = { 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' };
  const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));

  it('pages and bundle files carry the app policy, API answers and errors the data-only policy', async () => {
    const pages = [['GET', '/'], ['GET', '/conversations/abc/explorer/posts'], ['GET', '/assets/app.js']];
    const api = [['GET', '/api/v2/health'], ['GET', '/api/v2/no-such-route'], ['GET', '/api/v2/user/current'], ['POST', '/logreporter']];
    for (const [method, p] of [...pages, ...api]) {
      const res = await fetch(`${url}${p}`, { method, headers: { 'Content-Type': 'application/json', ...from('192.0.2.50') }, body: method === 'POST' ? '{}' : undefined });
      for (const [name, value] of Object.entries(common)) expect(res.headers.get(name), `${name} on ${method} ${p} (${res.status})`).toBe(value);
      const csp = res.headers.get('content-security-policy');
      expect(csp, `CSP on ${method} ${p}`).toBeTruthy();
      expect(directives(csp!).get('frame-ancestors'), `${method} ${p}`).toEqual(["'none'"]);
      if (pages.some(([m, q]) => m === method && q === p)) expect(directives(csp!).get('script-src'), p).toEqual(["'self'"]);
      else expect(directives(csp!).get('default-src'), p).toEqual(["'none'"]);
    }
    // The refused answers too: a 413 and a 429.
    const big = await report('192.0.2.51', { level: 'warn', message: 'm', context: { blob: 'z'.repeat(70_000) } });
    expect(big.status).toBe(413);
    expect(big.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('the app policy allows no inline or eval\'d script, lets the layout worker start from blob: and never lets a page be framed', async () => {
    const csp = directives((await fetch(`${url}/`)).headers.get('content-security-policy')!);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect([...csp.values()].flat()).not.toContain("'unsafe-eval'");
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('the app\'s index.html has no inline script, so the strict script policy runs it', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../../src/web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
  });
});
