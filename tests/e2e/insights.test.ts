import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { pipelineKey } from '@core/server/pipeline/runner';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { CSRF_ACCESS_COOKIE, CSRF_HEADER } from '@core/shared/api/cookies';
import { corpusJsonl, plantedCorpus } from '@plugins/coordination/server/testing/fixture';
import { serverPlugins } from '../../plugins/index.server';
import { launchBrowser, signIn } from './browser';
import { palette, tabTo } from './demo';

/**
 * Analyst insights as a new team uses them (issue 13), in Chromium against the real server, bundle and pipeline: an
 * analyst adds an insight on an account from its popup; a senior analyst approves it from the review queue with the
 * keyboard; the analyst sees it approved in the popup and filters the raw data table by its subcategory. A second
 * insight, declined, never reaches the filters.
 */
const APPROVED = 'Russian State Media';
const DECLINED = 'Chinese State Media';

let server: TestServer;
let browser: Browser;
let analystPage: Page;
let seniorPage: Page;
let analystApi: ApiClient;
let conversationId: string;

interface StoredInsight { id: string; status: string; analyzable_id: string; platform: string; screen_name: string | null; additional_properties: { subcategory: string[] } }
const insights = async () => (await analystApi.get('/api/v2/insights')).body.data as StoredInsight[];

beforeAll(async () => {
  server = await startTestServer({
    plugins: serverPlugins, pipeline: { worker: false },
    env: { NARRASCOPE_WEB_DIR: path.resolve(import.meta.dirname, '../../dist/web') },
  });
  const admin = await server.createUser('Insights E2E', { admin: true });
  const analyst = await server.createUser('Insights E2E', { roles: ['Analyst'] });
  const senior = await server.createUser('Insights E2E', { roles: ['Senior Analyst'] });
  const api = new ApiClient(server.url);
  await api.login(admin.email, admin.password);
  const imported = await fetch(`${server.url}/api/v2/posts/import?format=jsonl`, {
    method: 'POST', body: corpusJsonl(plantedCorpus(8, 17, 'ins-', 'harbour')),
    headers: {
      'Content-Type': 'application/octet-stream', [CSRF_HEADER]: api.cookies.get(CSRF_ACCESS_COOKIE)!,
      Cookie: [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  expect(imported.status, await imported.clone().text()).toBe(200);
  const project = (await api.post('/api/v2/project', { name: 'Harbour watch' })).body.data;
  const created = await api.post('/api/v2/conversations', {
    project_id: project.id, name: 'Harbour links', query_string: 'harbour', threat_feed: false,
    start_date: '2025-01-05T00:00', end_date: '2025-01-20T00:00', language: 'en',
  });
  expect(created.status, created.text).toBe(200);
  conversationId = created.body.data.id;
  await server.server.ctx.services.get(pipelineKey).drain();

  analystApi = new ApiClient(server.url);
  await analystApi.login(analyst.email, analyst.password);
  browser = await launchBrowser();
  analystPage = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(analystPage, server.url, analyst.email, analyst.password);
  await analystPage.waitForURL(`${server.url}/`);
  seniorPage = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(seniorPage, server.url, senior.email, senior.password);
  await seniorPage.waitForURL(`${server.url}/`);
}, 180_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const name = ctx.task.name.replace(/\W+/g, '-');
  await analystPage?.screenshot({ path: `/tmp/narrascope-e2e-insights-analyst-${name}.png` }).catch(() => undefined);
  await seniorPage?.screenshot({ path: `/tmp/narrascope-e2e-insights-senior-${name}.png` }).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the user popup of the first account of the planted cluster, as an analyst reaches it in the navigator. */
async function openAccountPopup(page: Page) {
  await page.goto(`${server.url}/conversations/${conversationId}/explorer/network-navigator`);
  await page.getByRole('button', { name: /Cluster c1/ }).click();
  const cluster = page.getByRole('dialog', { name: 'Cluster c1' });
  await cluster.getByRole('listitem').first().getByRole('button').click();
  await page.getByText('Account Info').waitFor();
  return page.getByRole('region', { name: /^Analyst insights on / });
}

/** Keyboard only: Tab to the review queue row that mentions `text`, then run a palette-less command by its keys. */
async function focusQueueRow(page: Page, text: string) {
  for (let i = 0; i < 60; i++) {
    const found = await page.evaluate((t) => {
      const el = document.activeElement as HTMLElement | null;
      return el?.getAttribute('role') === 'option' && (el.textContent ?? '').includes(t);
    }, text);
    if (found) return;
    const inQueue = await page.evaluate(() => document.activeElement?.getAttribute('role') === 'option');
    await page.keyboard.press(inQueue ? 'ArrowDown' : 'Tab');
  }
  throw new Error(`no queue row with '${text}' took the focus`);
}

describe('analyst insights in Chromium', () => {
  let account: StoredInsight;

  it('an analyst adds an insight on an account from its popup: it is pending', async () => {
    const section = await openAccountPopup(analystPage);
    await section.getByText('No analyst insights.').waitFor();
    await section.getByRole('button', { name: /^Add insight on / }).click();
    const dialog = analystPage.getByRole('dialog', { name: 'Add insight' });
    await dialog.getByRole('combobox', { name: 'Subcategory' }).click();
    await dialog.getByText(APPROVED, { exact: true }).click();
    await analystPage.keyboard.press('Tab');
    await dialog.getByRole('button', { name: 'Submit for review' }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('Pending').waitFor();
    account = (await insights())[0]!;
    expect(account).toMatchObject({ status: 'pending', additional_properties: { subcategory: [APPROVED] } });
    expect(account!.analyzable_id).toMatch(/^ins-/);
  });

  it('a senior analyst approves it from the review queue with the keyboard', async () => {
    await seniorPage.goto(`${server.url}/myOrganization/insights`);
    await seniorPage.getByRole('listbox', { name: 'Insight review queue' }).waitFor();
    await focusQueueRow(seniorPage, APPROVED);
    await seniorPage.keyboard.press('Control+Alt+y');
    await expect.poll(async () => (await insights()).find((i) => i.id === account.id)?.status).toBe('approved');
  });

  it('the analyst sees it approved in the popup and filters the raw data table by its subcategory', async () => {
    const section = await openAccountPopup(analystPage);
    await section.getByText('Approved').waitFor();
    await section.getByText(new RegExp(APPROVED)).waitFor();
    expect(await section.getByText('Pending').count()).toBe(0);

    await analystPage.goto(`${server.url}/conversations/${conversationId}/explorer/posts`);
    await analystPage.getByRole('table', { name: 'Raw data' }).waitFor();
    await palette(analystPage, 'Filter by Insight subcategory');
    await tabTo(analystPage, `Include Insight subcategory ${APPROVED}`);
    await analystPage.keyboard.press('Space');
    await analystPage.waitForFunction((v) => new URL(location.href).searchParams.getAll('insight_subcategories').includes(`${v}:true`), APPROVED);
    const api = await analystApi.get(`/api/v2/conversations/${conversationId}/raw_data?insight_subcategories=${encodeURIComponent(`${APPROVED}:true`)}&limit=300`);
    const rows = api.body.data as Array<{ user_rid: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.user_rid))).toEqual(new Set([account.analyzable_id]));
    await analystPage.waitForFunction((n) => document.querySelector('[data-testid="raw-data-total"]')?.textContent?.startsWith(`${n} post`), rows.length);
  });

  it('a declined insight stays out of the filters', async () => {
    const other = (await analystApi.get(`/api/v2/coordinations/c1/cluster?conversation_id=${conversationId}`)).body.data.accounts
      .map((a: { rid: string }) => a.rid).find((rid: string) => rid !== account.analyzable_id) as string;
    const created = await analystApi.post('/api/v2/insights', {
      analyzable_type: 'account', platform: account.platform, analyzable_id: other, additional_properties: { subcategory: [DECLINED] },
    });
    expect(created.status, created.text).toBe(200);
    await seniorPage.reload();
    await seniorPage.getByRole('listbox', { name: 'Insight review queue' }).waitFor();
    await focusQueueRow(seniorPage, DECLINED);
    await seniorPage.keyboard.press('Control+Alt+n');
    await expect.poll(async () => (await insights()).find((i) => i.id === created.body.data.id)?.status).toBe('rejected');

    const counts = (await analystApi.get(`/api/v2/conversations/${conversationId}/filter_counts`)).body.data as Record<string, Record<string, number>>;
    expect(Object.keys(counts.insight_subcategory!)).toEqual([APPROVED]);
    await analystPage.reload();
    await analystPage.getByRole('table', { name: 'Raw data' }).waitFor();
    await analystPage.getByTestId('filters-total').waitFor();
    await palette(analystPage, 'Filter by Insight subcategory');
    await tabTo(analystPage, `Include Insight subcategory ${APPROVED}`);
    expect(await analystPage.getByRole('button', { name: `Include Insight subcategory ${DECLINED}` }).count()).toBe(0);
  });
});
