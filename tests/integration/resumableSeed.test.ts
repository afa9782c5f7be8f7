import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import { processRunner } from './serveProcess';

/**
 * Issue 18, finding 6: `kill -9` during first-start seeding left a partial corpus that was never completed, and
 * `seed-demo` afterwards added a second corpus on top. Now the next start completes the same corpus, and `seed-demo`
 * adds nothing. Real processes, a real kill, the SQLite file read as an operator would.
 */
const POSTS = 20_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-reseed-'));
const runner = processRunner(dataDir);
const env = { NARRASCOPE_DEMO_POSTS: String(POSTS) };

afterAll(() => {
  runner.killAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Counts read from the database file while (or after) a server writes it. */
function read<T>(sqlText: string): T | undefined {
  const file = path.join(dataDir, 'narrascope.sqlite');
  if (!fs.existsSync(file)) return undefined;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 2000');
    return db.prepare(sqlText).get() as T;
  } catch {
    return undefined; // tables not created yet
  } finally {
    db.close();
  }
}
const postCount = () => read<{ n: number }>('select count(*) as n from posts_posts')?.n ?? 0;

describe('demo seeding resumes after a kill', () => {
  it('completes the same corpus on the next start, once, and seed-demo adds nothing', async () => {
    const first = runner.spawnCli(['serve'], { ...env, PORT: '0' });
    let atKill = 0;
    for (let i = 0; i < 1200 && first.child.exitCode === null; i++) {
      atKill = postCount();
      if (atKill > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    process.kill(-first.child.pid!, 'SIGKILL');
    await first.exited;
    expect(atKill).toBeGreaterThan(0);
    expect(postCount()).toBeLessThan(POSTS);
    // The administrator's password is printed before the corpus is written: a kill does not lose it.
    const password = /password: (\S+)/.exec(first.output())?.[1];
    expect(password, first.output()).toBeDefined();

    const second = await runner.serve(env);
    expect(postCount()).toBe(POSTS);
    expect(read<{ n: number }>("select count(*) as n from conversations_projects where name = 'Demo Project'")?.n).toBe(1);
    expect(read<{ n: number }>('select count(*) as n from posts_demo_corpora where finished_at is not null')?.n).toBe(1);
    const client = new ApiClient(second.url);
    expect((await client.login('admin@demo.narrascope.local', password!)).status).toBe(200);
    await second.stop();

    const again = runner.spawnCli(['seed-demo'], env);
    expect(await again.exited, again.output()).toBe(0);
    expect(postCount()).toBe(POSTS);
    expect(read<{ n: number }>("select count(*) as n from conversations_projects where name = 'Demo Project'")?.n).toBe(1);
  }, 240_000);
});
