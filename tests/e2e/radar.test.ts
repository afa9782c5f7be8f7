import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN_EMAIL } from '@core/server/seed';
import type { TestServer } from '@core/server/testing/testServer';
import { launchBrowser, signIn } from './browser';
import { DEMO_PASSWORD, palette, startDemoServer, waitForRun } from './demo';

/**
 * Topic Radar (issue 15) as a new admin meets it, in Chromium against the real server, bundle and pipeline on the
 * demo corpus: the home page shows the conversation cards until Topic Radar is enabled from the palette; then nine
 * theme cards in the spec's order; Past Month from the range dropdown; a theme of the demo conversation's Risk Radar
 * tab opens the explorer's posts with the theme filter applied; the picker's Topic Radar link leads back to it.
 */
const CONVERSATION = 'Narrative watch';
const ORDER = ['DEI', 'BOYCOTT', 'UNION', 'ELECTION_DENIAL', 'FINANCE', 'SHORTSELLING', 'QANON', 'MAHA_AND_VACCINE', 'TARIFF'];

let server: TestServer;
let browser: Browser;
let page: Page;
let conversationId: string;

beforeAll(async () => {
  server = await startDemoServer(5000);
  conversationId = await waitForRun(server, CONVERSATION, 150_000);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1500, height: 950 } })).newPage();
  await signIn(page, server.url, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await page.waitForURL(`${server.url}/`);
}, 300_000); // may wait while another file builds the shared demo (demo.ts buildOnce)
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await page?.screenshot({ path: `/tmp/narrascope-e2e-radar-${ctx.task.name.replace(/\W+/g, '-')}.png` }).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const cards = () => page.locator('[data-testid^="radar-card-"]');

describe('Topic Radar in the browser', () => {
  it('enabling it from the palette turns the home page into nine theme cards in the spec\'s order', async () => {
    await page.getByRole('heading', { name: 'Platform Intelligence' }).waitFor();
    await palette(page, 'Enable Topic Radar for the organization');
    await page.getByRole('heading', { name: 'Topic Radar' }).waitFor();
    await cards().first().waitFor();
    expect(await cards().evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual(ORDER.map((t) => `radar-card-${t}`));
    expect(await page.getByTestId('radar-card-UNION').getByRole('heading').innerText()).toBe('Labor');
    expect(await page.getByTestId('radar-theme-bar').isVisible()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Time range' }).innerText()).toMatch(/^Past Week \(\w{3} \d+ – \w{3} \d+\)$/);
  });

  it('switches to Past Month: the dates show again once the dropdown closes, and the cards count the month', async () => {
    const month = page.waitForResponse((r) => r.url().includes('/api/v2/radar/assessments') && r.url().includes('date_range=LAST_MONTH'));
    const dropdown = page.getByRole('combobox', { name: 'Time range' });
    await dropdown.click();
    expect(await dropdown.innerText()).toBe('Past Week');
    await page.getByRole('option', { name: 'Past Month' }).click();
    const answer = (await (await month).json()) as { data: { themes: Array<{ theme_name: string; volume_raw_date_range: number }> } };
    await page.waitForFunction(() => /^Past Month \(/.test(document.querySelector('[aria-label="Time range"]')?.textContent ?? ''));
    expect(answer.data.themes.map((t) => t.theme_name)).toEqual(ORDER);
    expect(answer.data.themes.every((t) => t.volume_raw_date_range > 0)).toBe(true);
    expect(await cards().count()).toBe(9);
  });

  it("opens a theme of the conversation's Risk Radar tab in the explorer with its filter applied", async () => {
    await page.goto(`${server.url}/conversations/${conversationId}/risk-radar`);
    const card = page.getByTestId('radar-card-TARIFF');
    await card.waitFor();
    await card.getByRole('button', { name: 'Open in explorer' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/explorer/posts') && url.searchParams.getAll('nrms_theme').includes('TARIFF:true'));
    const res = await page.request.get(`${server.url}/api/v2/conversations/${conversationId}/raw_data?nrms_theme=TARIFF:true&limit=20`);
    expect(res.status()).toBe(200);
    const rows = ((await res.json()) as { data: Array<{ body: string; nrms_theme: string }> }).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.nrms_theme === 'TARIFF')).toBe(true);
    // The table shows the filtered posts.
    await page.getByText(rows[0]!.body.slice(0, 40), { exact: false }).first().waitFor();
  });

  it("the picker's Topic Radar link opens it", async () => {
    await page.getByRole('link', { name: 'Topic Radar' }).click();
    await page.waitForFunction(() => window.location.pathname === '/');
    await page.getByTestId('radar-card-DEI').waitFor();
    expect(await cards().count()).toBe(9);
  });
});
