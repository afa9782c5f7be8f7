import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TestServer } from '@core/server/testing/testServer';
import { builtInLayouts } from '../../workspace-layouts';
import { launchBrowser, signIn, startE2eServer } from './browser';
import { palette } from './demo';

let server: TestServer;
let browser: Browser;
let user: { email: string; password: string };
const conversationId = crypto.randomUUID();

beforeAll(async () => {
  server = await startE2eServer();
  user = await server.createUser('E2E Org');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  return { context, page: await context.newPage() };
}

const paneCount = (page: Page) => page.locator('.mosaic-window').count();
/** How many panes a built-in layout opens with. */
const builtInPanes = (id: string) => Object.keys(builtInLayouts.get(id)!.panes).length;

describe('the workbench in Chromium', () => {
  it('sends an unauthenticated deep link to /login with next, then back after sign-in', async () => {
    const { context, page } = await freshPage();
    const deep = `/conversations/${conversationId}/explorer/posts`;
    await page.goto(`${server.url}${deep}`);
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('next')).toBe(deep);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    // Back on the deep link, and the explorer got its default viz: state.
    await page.waitForURL((u) => u.pathname === deep);
    await expect.poll(() => new URL(page.url()).searchParams.get('viz:preset')).toBe('narrative');
    const params = new URL(page.url()).searchParams;
    expect([params.get('viz:colorGroupBy'), params.get('viz:cluster'), params.get('viz:node')]).toEqual(['threatLevel', 'topicId', 'posts']);
    await expect.poll(() => paneCount(page)).toBe(builtInPanes('explorer.posts'));
    await context.close();
  });

  it('shows the spec message for wrong credentials and enables the button again', async () => {
    const { context, page } = await freshPage();
    await signIn(page, server.url, user.email, 'not-the-password');
    await page.getByText('Invalid login credentials. Please try again.').waitFor();
    expect(await page.getByRole('button', { name: 'Log In' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('lets the seeded user reach the shell, split the workspace from the palette, and keeps the layout after reload', async () => {
    const { context, page } = await freshPage();
    await signIn(page, server.url, user.email, user.password);
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('link', { name: 'Narrascope' }).waitFor();
    await page.getByTestId('dashboard-home').waitFor();

    await page.goto(`${server.url}/conversations/${conversationId}/dashboard`);
    const panes = builtInPanes('dashboard');
    expect(panes).toBeGreaterThan(1);
    await expect.poll(() => paneCount(page)).toBe(panes);

    // Keyboard only, arrowing to the exact command (other commands match the typed words too).
    await palette(page, 'Split pane right');
    await expect.poll(() => paneCount(page)).toBe(panes + 1);

    // The arrangement is saved on the server; a reload restores it.
    await expect.poll(async () => (await server.storage.db.selectFrom('core_workspace_layouts').select('layout_id').execute()).length).toBeGreaterThan(0);
    await page.reload();
    await expect.poll(() => paneCount(page)).toBe(panes + 1);

    // Reset layout from the palette brings the built-in one back.
    await palette(page, 'Reset layout');
    await expect.poll(() => paneCount(page)).toBe(panes);
    await context.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const { context, page } = await freshPage();
    await signIn(page, server.url, user.email, user.password);
    await page.waitForURL(`${server.url}/`);
    await page.goto(`${server.url}/no/such/page`);
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    await context.close();
  });
});
