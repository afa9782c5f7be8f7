import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { seedDemoIdentity } from '@core/server/seed';
import type { TestServer } from '@core/server/testing/testServer';
import { serverPlugins } from '../../plugins/index.server';
import { startE2eServer } from './browser';

/**
 * What the end-to-end scenarios on the demo share: seeding the demo organisation as `npm start` does, waiting for a
 * demo conversation's pipeline run, and driving the UI with the keyboard (palette, Tab).
 */
export const DEMO_PASSWORD = 'demo-password-e2e';

const db = (server: TestServer) => server.storage.db as unknown as Kysely<any>;

/** Seeds the demo organisation as `npm start` does on an empty database (every plugin's `seedDemo`). */
export async function seedDemo(server: TestServer): Promise<void> {
  const { organizationId } = await seedDemoIdentity(server.storage, DEMO_PASSWORD);
  for (const plugin of serverPlugins) await plugin.seedDemo?.(server.server.ctx, organizationId);
}

/** Waits until no demo conversation is queued or running; throws when one failed or they took too long. */
async function waitForAllRuns(server: TestServer, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const statuses = (await db(server).selectFrom('conversations_conversations').select(['name', 'status']).execute()) as Array<{ name: string; status: string }>;
    const failed = statuses.find((c) => c.status === 'FAILED');
    if (failed) throw new Error(`the demo conversation '${failed.name}' failed`);
    if (statuses.every((c) => c.status === 'SUCCESS')) return;
    if (Date.now() > deadline) throw new Error(`the demo conversations are still ${statuses.map((c) => c.status).join(', ')}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * A server on its own copy of a finished demo: `posts` demo posts, seeded as `npm start` does, every demo
 * conversation run. The first file asking for a size in a test run seeds it and runs the pipeline, then keeps the
 * closed database; later files copy that folder and start in seconds instead of running the same pipeline again.
 * On PostgreSQL (NARRASCOPE_TEST_DATABASE_URL) each call seeds its own database.
 */
export async function startDemoServer(posts: number): Promise<TestServer> {
  const env = { NARRASCOPE_DEMO_POSTS: String(posts) };
  if (process.env.NARRASCOPE_TEST_DATABASE_URL) {
    const own = await startE2eServer(env);
    await seedDemo(own);
    return own;
  }
  const template = path.join(inject('demoTemplates'), `posts-${posts}`);
  const ready = path.join(template, '.ready');
  await buildOnce(`${template}.lock`, ready, async () => {
    fs.rmSync(template, { recursive: true, force: true });
    fs.mkdirSync(template, { recursive: true });
    const builder = await startE2eServer(env, template);
    try {
      await seedDemo(builder);
      await waitForAllRuns(builder, 300_000);
    } finally {
      await builder.close();
    }
    fs.writeFileSync(ready, '');
  });
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-e2e-'));
  fs.cpSync(template, copy, { recursive: true, filter: (src) => src !== ready });
  const server = await startE2eServer(env, copy);
  return {
    ...server,
    async close() {
      await server.close();
      fs.rmSync(copy, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `build` once across the e2e files of a test run, which may run side by side in two workers: the file that
 * creates the lock folder (an atomic mkdir) builds, the others wait for `done` to exist. A builder that fails removes
 * the lock, and one whose process ended (a worker stopped after a hook timed out) leaves its pid there: either way a
 * waiter then builds itself.
 */
async function buildOnce(lock: string, done: string, build: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (!fs.existsSync(done)) {
    let mine = false;
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, 'pid'), String(process.pid));
      mine = true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (mine) {
      try {
        await build();
      } finally {
        fs.rmSync(lock, { recursive: true, force: true });
      }
      return;
    }
    if (builderGone(lock)) fs.rmSync(lock, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new Error(`another e2e file is still building ${done}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The process that took the lock has ended (its pid is written right after the lock is taken). */
function builderGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    return false; // just taken, pid not written yet
  }
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Waits until the demo conversation's run succeeded and returns its id; throws when it failed or took too long. */
export async function waitForRun(server: TestServer, name: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const c = await db(server).selectFrom('conversations_conversations').select(['id', 'status']).where('name', '=', name).executeTakeFirstOrThrow();
    if (c.status === 'SUCCESS') return c.id as string;
    if (c.status === 'FAILED' || Date.now() > deadline) throw new Error(`the demo conversation '${name}' is ${c.status}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Keyboard only: opens the palette (Ctrl+K), types the title, arrows down to that command and runs it. */
export async function palette(page: Page, title: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').last().waitFor();
  await page.keyboard.type(title);
  const wanted = page.getByRole('option', { name: new RegExp(`^${escapeRegExp(title)}`) }).first();
  await wanted.waitFor();
  for (let i = 0; i < 40 && (await wanted.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  expect(await wanted.getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('Enter');
}

/** Keyboard only: presses Tab until the focused element has this accessible label (or text). */
export async function tabTo(page: Page, label: string | RegExp, max = 200): Promise<void> {
  for (let i = 0; i < max; i++) {
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? el.getAttribute('aria-label') ?? el.textContent ?? '' : '';
    });
    if (typeof label === 'string' ? name === label : label.test(name)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached '${String(label)}'`);
}

/** A count as the panels print it ("1,234 posts ..."). */
export const countOf = (text: string | null) => Number((text ?? '').replace(/ posts?\b.*$/, '').replace(/,/g, ''));
