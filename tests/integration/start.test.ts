import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-start-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) process.kill(-c.pid!, 'SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the server as operators do (the CLI behind `npm start`) and collects what it prints. */
async function serve(env: Record<string, string>) {
  const port = await freePort();
  const { NARRASCOPE_DEMO_PASSWORD: _unset, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve'], {
    cwd: root, detached: true,
    env: { ...inherited, NARRASCOPE_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => { output += String(d); });
  child.stderr!.on('data', (d) => { output += String(d); });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    try {
      if ((await fetch(`${url}/api/v2/health`)).ok) break;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () => new Promise<void>((resolve) => { child.once('exit', () => resolve()); process.kill(-child.pid!, 'SIGTERM'); });
  return { url, output: () => output, stop };
}

describe('starting on an empty database', () => {
  it('seeds Demo Org once and prints the generated administrator password once', async () => {
    const first = await serve({});
    const printed = /password: (\S+)/.exec(first.output());
    expect(printed, first.output()).not.toBeNull();
    const client = new ApiClient(first.url);
    const login = await client.login('admin@demo.narrascope.local', printed![1]!);
    expect(login.body.data.roles).toContain('Global Admin');
    const orgs = await client.get('/api/v2/user/current');
    expect(orgs.status, orgs.text).toBe(200);
    expect(orgs.body.data.user.email).toBe('admin@demo.narrascope.local');
    // The password never reaches the structured log.
    expect(first.output().split('\n').filter((l) => l.startsWith('{') && l.includes(printed![1]!))).toEqual([]);
    await first.stop();

    const second = await serve({});
    expect(second.output()).not.toMatch(/password: /);
    expect((await new ApiClient(second.url).login('admin@demo.narrascope.local', printed![1]!)).status).toBe(200);
    await second.stop();
  }, 120_000);
});
