import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '@core/server/config';
import { openStorage } from '@core/server/storage/database';
import { cliOutput as cli } from './cliOutput';

let dir: string;
// Stubbed and restored in place: the server project's files share a process (no isolation).
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-user-cli-'));
  vi.stubEnv('NARRASCOPE_DATA_DIR', dir);
  vi.stubEnv('LOG_LEVEL', 'silent');
  vi.stubEnv('DATABASE_URL', undefined);
});
afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function users(): Promise<string[]> {
  const storage = openStorage(loadConfig());
  try {
    const rows = await storage.db.selectFrom('core_users' as never).select('email' as never).execute();
    return rows.map((r) => (r as { email: string }).email).sort();
  } finally {
    await storage.close();
  }
}

describe('npm run cli -- user add', () => {
  it('adds a user with a strong password', async () => {
    const added = await cli('user', 'add', '--email', 'strong@cli.test', '--password', 'violet-harbour-lantern-42', '--org', 'CLI Org');
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/^User strong@cli\.test created \(.+\)\.\n$/);
    expect(await users()).toEqual(['strong@cli.test']);
  });

  it('refuses a common password with the password form\'s message and stores nobody', async () => {
    const refused = await cli('user', 'add', '--email', 'weak@cli.test', '--password', 'password123', '--org', 'CLI Org');
    expect(refused.code).toBe(2);
    expect(refused.err).toBe('Your password change was unsuccessful because your password is too common or too easy to guess.\n');
    expect(await users()).toEqual(['strong@cli.test']);
  });

  it('refuses a short password with the length message', async () => {
    const refused = await cli('user', 'add', '--email', 'short@cli.test', '--password', 'abc', '--org', 'CLI Org');
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^Your password .*8.*\n$/);
    expect(await users()).toEqual(['strong@cli.test']);
  });

});
