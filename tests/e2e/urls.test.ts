import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN_EMAIL } from '@core/server/seed';
import type { TestServer } from '@core/server/testing/testServer';
import { launchBrowser, signIn, startE2eServer } from './browser';
import { DEMO_PASSWORD, countOf, seedDemo, waitForRun } from './demo';

/**
 * URLs and domains (issue 14) as a new analyst meets them, in Chromium against the real server, bundle and pipeline on
 * the demo corpus: the URLs tab of the demo conversation lists its shared domains and URLs; sorted by accounts; a
 * campaign site registered days before its first share opens in the domain popup with its registration and the change
 * of registrant since (Past Registration); "Filter to this domain" narrows the raw data table to the posts linking it.
 */
const CONVERSATION = 'Narrative watch';

let server: TestServer;
let browser: Browser;
let page: Page;
let conversationId: string;

beforeAll(async () => {
  server = await startE2eServer({ NARRASCOPE_DEMO_POSTS: '1200' });
  await seedDemo(server);
  conversationId = await waitForRun(server, CONVERSATION, 150_000);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1500, height: 950 } })).newPage();
  await signIn(page, server.url, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await page.waitForURL(`${server.url}/`);
}, 240_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await page?.screenshot({ path: `/tmp/narrascope-e2e-urls-${ctx.task.name.replace(/\W+/g, '-')}.png` }).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const domainsTable = () => page.getByRole('table', { name: 'Shared domains' });
/** The text of one column of the shared domains table, top to bottom. */
const column = (index: number) => domainsTable().locator('tbody tr').evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent ?? ''), index);
const total = async () => countOf(await page.getByTestId('raw-data-total').textContent());

describe('URLs and domains in the browser', () => {
  let domain = '';
  let posts = 0;

  it('the URLs tab lists the shared domains and links; Accounts sorts the domains by accounts', async () => {
    await page.goto(`${server.url}/conversations/${conversationId}/explorer/posts`);
    await page.getByRole('tab', { name: 'URLs' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/explorer/urls'));
    await domainsTable().waitFor();
    await page.getByRole('table', { name: 'Shared URLs' }).waitFor();
    await domainsTable().getByRole('button', { name: 'Accounts', exact: true }).click();
    expect(await domainsTable().locator('th', { hasText: 'Accounts' }).getAttribute('aria-sort')).toBe('descending');
    const accounts = (await column(2)).map((t) => Number(t.replace(/,/g, '')));
    expect(accounts.length).toBeGreaterThan(3);
    expect(accounts).toEqual([...accounts].sort((a, b) => b - a));
  });

  it('a campaign site registered days before its first share shows its registration and the registrant change since', async () => {
    const names = await column(0);
    const lead = await column(4);
    const index = names.findIndex((n, i) => n.endsWith('-report.com') && /^\d+(\.\d)? days$/.test(lead[i]!) && Number.parseFloat(lead[i]!) <= 14);
    expect(index, `no recently registered -report.com site among ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
    domain = names[index]!;
    posts = Number((await column(1))[index]!.replace(/,/g, ''));
    await domainsTable().getByRole('button', { name: `Details of ${domain}` }).click();

    const popup = page.getByRole('dialog', { name: 'Domain' });
    await popup.getByText(domain, { exact: true }).waitFor();
    const days = Number.parseFloat(lead[index]!);
    await popup.getByTestId('domain-timeline').getByText(`Registered ${days} days before its first share`).waitFor();
    const current = popup.getByRole('table', { name: 'Current Registration' });
    await current.waitFor();
    const cells = await current.locator('tr').evaluateAll((rows) => rows.map((r) => [r.children[0]!.textContent, r.children[1]!.textContent]));
    expect(cells.map(([k]) => k)).toEqual(['Creation', 'Expiration', 'Last Updated', 'Registrar', 'Registrar Email']);
    expect(cells[0]![1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(cells[4]![1]).toBe(`${domain}@privacyprotect.example`);
    const past = await popup.getByRole('table', { name: 'Past Registration' }).locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    expect(past.map((r) => r.slice(1, 2).concat(r.slice(4)))).toEqual([
      ['Privacy Protect, LLC', `${domain}@privacyprotect.example`],
      ['Alex Morgan', `admin@${domain}`],
    ]);
  });

  it('"Filter to this domain" narrows the raw data table to the posts linking it', async () => {
    await page.getByRole('table', { name: 'Raw data' }).waitFor();
    const before = await total();
    expect(before).toBeGreaterThan(posts);
    await page.getByRole('dialog', { name: 'Domain' }).getByRole('button', { name: 'Filter to this domain' }).click();
    await page.waitForURL((url) => url.searchParams.getAll('domains').includes(`${domain}:true`));
    await page.waitForFunction((n) => document.querySelector('[data-testid="raw-data-total"]')?.textContent?.startsWith(`${n.toLocaleString('en-US')} post`), posts);
    expect(await total()).toBe(posts);
  });
});
