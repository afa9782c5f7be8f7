import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN_EMAIL } from '@core/server/seed';
import type { TestServer } from '@core/server/testing/testServer';
import { launchBrowser, signIn } from './browser';
import { DEMO_PASSWORD, palette as paletteOf, startDemoServer, tabTo as tabToOf, waitForRun } from './demo';

/**
 * The posts explorer as a new analyst meets it, in Chromium against the real server, bundle and pipeline: sign in
 * to the demo, open the demo conversation's explorer and, with the keyboard only (palette, Tab, Enter, Space),
 * filter by a platform, exclude a sentiment, search, sort, change the page size, export CSV (checked against the
 * API) and open a post in its popup.
 */
const CONVERSATION = 'Tariffs and trade';

let server: TestServer;
let browser: Browser;
let page: Page;
let conversationId: string;
const palette = (title: string) => paletteOf(page, title);
const tabTo = (label: string | RegExp, max?: number) => tabToOf(page, label, max);

const total = async () => Number((await page.getByTestId('raw-data-total').textContent())!.replace(/ posts?\b.*$/, '').replace(/,/g, ''));
const filtersTotal = async () => Number((await page.getByTestId('filters-total').textContent())!.replace(/ posts$/, '').replace(/,/g, ''));
const urlParams = () => new URL(page.url()).searchParams;

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; } else if (ch === '\n') { row.push(cell.replace(/\r$/, '')); rows.push(row); row = []; cell = ''; } else cell += ch;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

beforeAll(async () => {
  server = await startDemoServer(5000);
  conversationId = await waitForRun(server, CONVERSATION, 150_000);
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1500, height: 950 }, acceptDownloads: true });
  page = await context.newPage();
  await signIn(page, server.url, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await page.waitForURL(`${server.url}/`);
}, 300_000); // may wait while another file builds the shared demo (demo.ts buildOnce)
// A failing step leaves a screenshot for the reader of the log.
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await page?.screenshot({ path: `/tmp/narrascope-e2e-explorer-${ctx.task.name.replace(/\W+/g, '-')}.png` }).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the posts explorer in Chromium, keyboard only', () => {
  let before = 0;

  it('opens the demo conversation explorer with the filters and the raw data table', async () => {
    await page.goto(`${server.url}/conversations/${conversationId}/explorer/posts`);
    await page.getByRole('table', { name: 'Raw data' }).waitFor();
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="raw-data-total"]')?.textContent ?? ''));
    await page.waitForFunction(() => !/^0 posts/.test(document.querySelector('[data-testid="raw-data-total"]')?.textContent ?? ''));
    before = await total();
    expect(before).toBeGreaterThan(0);
    expect(urlParams().get('viz:preset')).toBe('narrative');
    expect(await page.getByRole('row').count()).toBeGreaterThan(1);
  });

  it('filters by a platform: the URL, the counts and the table change', async () => {
    await palette('Filter by Platform');
    await page.waitForFunction(() => (document.activeElement?.textContent ?? '').startsWith('Platform'));
    await tabTo(/^Include Platform /);
    const label = await page.evaluate(() => document.activeElement!.getAttribute('aria-label')!);
    await page.keyboard.press('Space');
    await page.waitForFunction(() => new URL(location.href).searchParams.getAll('platforms').length === 1);
    const [entry] = urlParams().getAll('platforms');
    expect(entry).toMatch(/^[a-z]+:true$/);
    expect(label).toMatch(/^Include Platform /);
    await page.waitForFunction((n) => !document.querySelector('[data-testid="raw-data-total"]')?.textContent?.startsWith(`${n.toLocaleString('en-US')} posts`), before);
    const afterPlatform = await total();
    expect(afterPlatform).toBeLessThan(before);
    await page.waitForFunction((n) => document.querySelector('[data-testid="filters-total"]')?.textContent === `${n.toLocaleString('en-US')} posts`, afterPlatform);
    expect(await filtersTotal()).toBe(afterPlatform);
    before = afterPlatform;
  });

  it('excludes a sentiment', async () => {
    await palette('Filter by Sentiment');
    await page.waitForFunction(() => (document.activeElement?.textContent ?? '').startsWith('Sentiment'));
    await tabTo(/^Exclude Sentiment (Negative|Positive|Neutral)$/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => new URL(location.href).searchParams.getAll('sentiments').some((s) => s.endsWith(':false')));
    await page.waitForFunction((n) => !document.querySelector('[data-testid="raw-data-total"]')?.textContent?.startsWith(`${n.toLocaleString('en-US')} posts`), before);
    const after = await total();
    expect(after).toBeLessThan(before);
    before = after;
  });

  it('searches from the search box (mirrored in the URL hash)', async () => {
    await palette('Search posts');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'search');
    const searched = page.waitForResponse((r) => r.url().includes('/raw_data') && new URL(r.url()).searchParams.get('search') === 'tariff');
    await page.keyboard.type('tariff');
    await page.waitForFunction(() => location.hash === '#posts-search=tariff');
    expect((await searched).status()).toBe(200);
    await page.waitForTimeout(300);
    const after = await total();
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(before);
    before = after;
  });

  it('sorts by publication date', async () => {
    await tabTo('Sort by Published');
    const sorted = page.waitForResponse((r) => r.url().includes('/raw_data') && new URL(r.url()).searchParams.get('order_by') === 'published_at:asc');
    await page.keyboard.press('Enter');
    await sorted;
    await page.getByRole('columnheader', { name: /Published/ }).and(page.locator('[aria-sort="ascending"]')).waitFor();
    await page.waitForTimeout(200);
    const dates = await page.locator('[role="row"] time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
    expect(dates.length).toBeGreaterThan(1);
    expect([...dates].sort()).toEqual(dates);
  });

  it('changes the page size', async () => {
    const bigger = page.waitForResponse((r) => r.url().includes('/raw_data') && new URL(r.url()).searchParams.get('limit') === '50');
    await palette('Show 50 posts per page');
    await bigger;
    await page.getByRole('combobox', { name: 'Rows per page' }).and(page.locator(':text("50")')).waitFor();
  });

  it('exports CSV whose rows are the API rows of the same filters and search', async () => {
    const download = page.waitForEvent('download');
    await palette('Export raw data as CSV');
    const file = await (await download).path();
    const rows = parseCsv(fs.readFileSync(file!, 'utf8')).filter((r) => r.length > 1);
    const [header, ...data] = rows;
    expect(header!.slice(0, 3)).toEqual(['id', 'rid', 'class']);
    const query = new URLSearchParams(new URL(page.url()).search);
    query.set('search', 'tariff');
    query.set('limit', '1000');
    query.set('order_by', 'published_at:desc');
    const api = await page.request.get(`${server.url}/api/v2/conversations/${conversationId}/raw_data?${query.toString()}`);
    const answer = await api.json() as { data: Array<{ id: number; class: string }>; metadata: { pagination_info: { total: number } } };
    expect(data.length).toBe(answer.metadata.pagination_info.total);
    expect(data.map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual(answer.data.map((r) => r.id).sort((a, b) => a - b));
    const platform = urlParams().getAll('platforms')[0]!.replace(/:true$/, '');
    expect(new Set(data.map((r) => r[2]))).toEqual(new Set([platform]));
  });

  it('opens a post in its popup and closes it', async () => {
    await tabTo(/^Open post \d+$/);
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog');
    await popup.getByText(/^Published /).waitFor();
    await popup.getByRole('button', { name: 'Copy to clipboard' }).waitFor();
    expect(await popup.getByText(/Post statistics unavailable|Score|Likes|Comments|Replies|Favorites|Upvotes/).count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
  });

  it('shows the overview charts and notable posts; the data of a chart filters the workspace', async () => {
    // The subtab keeps the query string (the filters travel along).
    await tabTo(/^Posts(Posts)?$/);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Overview'));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname.endsWith('/explorer/overview'));
    expect(urlParams().getAll('platforms')).toHaveLength(1);
    const notable = page.getByRole('list', { name: 'Notable posts: Most engaged' });
    await notable.getByRole('listitem').first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.js-plotly-plot .main-svg').length >= 5);
    await tabTo('Chart data');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => document.activeElement!.getAttribute('aria-label')!);
    expect(name).toMatch(/^(Show posts from|Filter by) /);
    const search = new URL(page.url()).search;
    await page.keyboard.press('Enter');
    await page.waitForFunction((s) => location.search !== s, search);
    // The mark's filter is in the URL, so every panel follows it.
    const added = [...urlParams().entries()].filter(([k, v]) => !new URLSearchParams(search).getAll(k).includes(v)).map(([k]) => k);
    expect(added.some((k) => ['start_range', 'engagement_score', 'platforms', 'domains', 'sentiments', 'contains_threatening_language'].includes(k))).toBe(true);
  });
});
