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

/** Start-up ends with the address and the demo sign-in: waits for those last lines. */
async function startupDone(output: () => string): Promise<string> {
  for (let i = 0; i < 200 && !output().includes('Narrascope is ready: open '); i += 1) await new Promise((r) => setTimeout(r, 50));
  return output();
}
const lastLines = (output: string, n: number) => output.trimEnd().split('\n').slice(-n).map((l) => l.trim());

describe('starting on an empty database', () => {
  it('seeds Demo Org once and prints the generated administrator password once, as the last lines of start-up', async () => {
    const first = await serve({});
    const firstOutput = await startupDone(first.output);
    expect(lastLines(firstOutput, 3)).toEqual([
      `Narrascope is ready: open ${first.url}`,
      expect.stringMatching(/^Demo organisation created\. Sign in as admin@demo\.narrascope\.local with password: \S+$/),
      '(set NARRASCOPE_DEMO_PASSWORD to choose it; this is shown only once)',
    ]);
    const printed = /password: (\S+)/.exec(firstOutput);
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

    // A terminal gets one readable line per event (LOG_FORMAT=pretty forces what a TTY would choose); JSON otherwise.
    const second = await serve({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' });
    const secondOutput = await startupDone(second.output);
    expect(secondOutput).not.toMatch(/password: /);
    expect(lastLines(secondOutput, 2)).toEqual([
      `Narrascope is ready: open ${second.url}`,
      'Demo organisation: sign in as admin@demo.narrascope.local (the password printed when it was created, or NARRASCOPE_DEMO_PASSWORD)',
    ]);
    expect(secondOutput).toMatch(/^\d\d:\d\d:\d\d INFO {2}Narrascope is listening url=http:\/\/127\.0\.0\.1:\d+ /m);
    expect(secondOutput.split('\n').filter((l) => l.startsWith('{'))).toEqual([]);
    expect((await new ApiClient(second.url).login('admin@demo.narrascope.local', printed![1]!)).status).toBe(200);
    await second.stop();
  }, 120_000);
});
