import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { pipelineKey } from '@core/server/pipeline/runner';
import { normalizePost, type PostInput } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { serverPlugins } from '../../plugins/index.server';
import { launchBrowser, signIn } from './browser';
import { palette } from './demo';

/**
 * Alerts (issue 16) as a new analyst meets them, in Chromium against the real server, bundle and pipeline: a
 * conversation with two runs (20, then 30 posts about the harbour); "New alert rule" from the palette opens the
 * rule dialog, whose preview shows the rise between the two runs; the saved rule is listed in the Alerts tab;
 * 40 more posts arrive and "Re-run conversation" from the palette starts a run (the test plays the worker); the
 * fired alert shows in the Alerts tab and in the header's notification list, which marks it read.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
let organizationId: string;
let conversationId: string;
const pipeline = () => server.server.ctx.services.get(pipelineKey);

let written = 0;
/** `n` more posts about the harbour, an hour apart inside the conversation's window, as a collector would store them. */
async function morePosts(n: number) {
  const posts: PostInput[] = Array.from({ length: n }, (_, i) => ({
    platform: 'twitter', rid: `harbour-${written + i}`, body: `Dock workers at the harbour, update ${written + i}`, language: 'en',
    published_at: new Date(Date.UTC(2025, 2, 1) + (written + i) * 3_600_000).toISOString(), author: { rid: `dock-${(written + i) % 7}`, screen_name: `dock_${(written + i) % 7}` },
  }));
  written += n;
  await new PostWriter(server.storage, organizationId, 'import').write(posts.map(normalizePost));
}

beforeAll(async () => {
  // No worker: the test runs queued runs itself (drain), so it knows when a run has finished.
  server = await startTestServer({ plugins: serverPlugins, pipeline: { worker: false }, env: { NARRASCOPE_WEB_DIR: path.resolve(import.meta.dirname, '../../dist/web') } });
  const user = await server.createUser('Alerts E2E', { permissions: ['CREATE_CONVERSATION', 'RERUN_SCHEDULED_QUERY'] });
  organizationId = user.organizationId;
  const api = new ApiClient(server.url);
  await api.login(user.email, user.password);
  await morePosts(20);
  const project = await api.post('/api/v2/project', { name: 'Ports' });
  const created = await api.post('/api/v2/conversations', {
    project_id: project.body.data.id, name: 'Harbour strike', query_string: 'harbour', threat_feed: false,
    start_date: '2025-02-01T00:00', end_date: '2025-04-01T00:00', language: 'en',
  });
  expect(created.status, created.text).toBe(200);
  conversationId = created.body.data.id;
  await pipeline().drain();
  await morePosts(10);
  const rerun = await api.put(`/api/v2/conversations/${conversationId}`, { rerun: true, use_existing_data: false });
  expect(rerun.status, rerun.text).toBe(200);
  await pipeline().drain();

  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(page, server.url, user.email, user.password);
  await page.waitForURL(`${server.url}/`);
}, 120_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  await page?.screenshot({ path: `/tmp/narrascope-e2e-alerts-${ctx.task.name.replace(/\W+/g, '-')}.png` }).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('alerts in the browser', () => {
  it('creates a rule from the palette after its preview shows when it would have fired', async () => {
    await page.goto(`${server.url}/conversations/${conversationId}/alerts`);
    await page.getByText('No alert rules on this conversation yet.').waitFor();
    await palette(page, 'New alert rule');
    const dialog = page.getByRole('dialog', { name: 'New alert rule' });
    await dialog.getByLabel('Name').fill('Harbour surge');
    await dialog.getByLabel('Threshold').fill('5');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    // The two runs: 20 then 30 posts, a rise of 10 over the threshold of 5.
    await dialog.getByText(/post_count rose by 10 \(from 20 to 30; threshold 5\)/).waitFor();
    expect(await dialog.getByText(/^Over \d+ runs this rule would have fired/).innerText()).toBe('Over 2 runs this rule would have fired 1 times.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('post_count rises by 5').waitFor();
    expect(await page.getByText('No alert has fired on this conversation.').isVisible()).toBe(true);
  });

  it('a re-run with a surge fires the rule: the Alerts tab and the notification bell show it', async () => {
    await morePosts(40);
    await palette(page, 'Re-run conversation');
    // The worker's part: run the queued re-run through every stage.
    await expect.poll(async () => (await pipeline().drain(), (await server.storage.db.selectFrom('core_pipeline_runs').select('id')
      .where('conversation_id', '=', conversationId).execute()).length), { timeout: 20_000 }).toBe(3);
    await palette(page, 'Refresh alerts');
    await page.getByText(/Harbour surge: post_count rose by 40 \(from 30 to 70; threshold 5\)/).first().waitFor();
    const bell = page.getByRole('button', { name: /^Alert notifications: \d+ unread$/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 35_000 }).toBe('Alert notifications: 1 unread');
    await bell.click();
    const list = page.getByRole('dialog', { name: 'Alert notifications' });
    await list.getByText('Alert notifications (1 unread)').waitFor();
    await list.getByRole('button', { name: 'Mark read: Harbour surge' }).click();
    await list.getByText('Alert notifications (0 unread)').waitFor();
  });
});
