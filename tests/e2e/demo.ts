import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import type { Page } from 'playwright-core';
import { seedDemoIdentity } from '@core/server/seed';
import type { TestServer } from '@core/server/testing/testServer';
import { serverPlugins } from '../../plugins/index.server';

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
