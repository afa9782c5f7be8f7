import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import { processRunner } from './serveProcess';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-start-'));
const { serve, killAll } = processRunner(dataDir);

afterAll(() => {
  killAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

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
