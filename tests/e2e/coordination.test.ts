import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { pipelineKey } from '@core/server/pipeline/runner';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { corpusJsonl, plantedCorpus } from '@plugins/coordination/server/testing/fixture';
import { CSRF_ACCESS_COOKIE, CSRF_HEADER } from '@core/shared/api/cookies';
import { serverPlugins } from '../../plugins/index.server';
import { launchBrowser, signIn } from './browser';

/**
 * A new analyst opens the network navigator of a conversation whose posts hide a planted campaign (8 accounts
 * sharing the same links seconds apart): the real pipeline (collect, enrichment, coordination in a worker thread)
 * runs it, and Chromium draws the graph with WebGL, switches presets and opens the cluster and account popups.
 */
let server: TestServer;
let browser: Browser;
let page: Page;
let conversationId: string;
/** The legend entry the navigator should show first: the largest topic of the cluster's accounts (viz:cluster=topicId). */
let firstGroup: string;
/** What the graph draws: the 8 accounts, their 28 coordination edges, one Topic node per topic, one edge per account with a topic. */
let graphSize: string;

beforeAll(async () => {
  server = await startTestServer({
    plugins: serverPlugins, pipeline: { worker: false },
    env: { NARRASCOPE_WEB_DIR: path.resolve(import.meta.dirname, '../../dist/web') },
  });
  const user = await server.createUser('Coordination E2E', { admin: true });
  const api = new ApiClient(server.url);
  await api.login(user.email, user.password);
  // The posts go in through the real import (an organisation admin's upload), so search and collect see them.
  const imported = await fetch(`${server.url}/api/v2/posts/import?format=jsonl`, {
    method: 'POST', body: corpusJsonl(plantedCorpus(8, 11, 'e2e-', 'ballots')),
    headers: {
      'Content-Type': 'application/octet-stream', [CSRF_HEADER]: api.cookies.get(CSRF_ACCESS_COOKIE)!,
      Cookie: [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  expect(imported.status, await imported.clone().text()).toBe(200);
  const project = (await api.post('/api/v2/project', { name: 'Campaigns' })).body.data;
  const created = await api.post('/api/v2/conversations', {
    project_id: project.id, name: 'Ballot links', query_string: 'ballots', threat_feed: false,
    start_date: '2025-01-05T00:00', end_date: '2025-01-20T00:00', language: 'en',
  });
  expect(created.status, created.text).toBe(200);
  conversationId = created.body.data.id;
  await server.server.ctx.services.get(pipelineKey).drain();
  const clusters = await api.get(`/api/v2/conversations/${conversationId}/coordination_clusters`);
  expect(clusters.body.data.clusters.map((c: { cluster_id: string }) => c.cluster_id)).toEqual(['c1']);
  const members = (await api.get(`/api/v2/coordinations/c1/cluster?conversation_id=${conversationId}`)).body.data.accounts as Array<{ topic_id: string | null }>;
  const sizes = new Map<string, number>();
  for (const m of members) sizes.set(m.topic_id ?? 'no topic', (sizes.get(m.topic_id ?? 'no topic') ?? 0) + 1);
  const [top] = [...sizes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  expect(members.some((m) => m.topic_id !== null)).toBe(true);
  // Topic groups are named by their narrative's title (the topics call).
  const narratives = (await api.get(`/api/v2/conversations/${conversationId}/topics`)).body.data.narratives as Array<{ id: string; title: string }>;
  const title = narratives.find((n) => n.id === top![0])?.title;
  expect(title).toBeTruthy();
  firstGroup = `${title} (${top![1]})`;
  const withTopic = members.filter((m) => m.topic_id !== null);
  graphSize = `${8 + new Set(withTopic.map((m) => m.topic_id)).size} nodes · ${28 + withTopic.length} edges`;

  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(page, server.url, user.email, user.password);
  await page.waitForURL(`${server.url}/`);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the network navigator in Chromium', () => {
  it('draws the accounts on a WebGL canvas, switches presets, opens the popups, shows the evidence and exports GEXF', async () => {
    await page.goto(`${server.url}/conversations/${conversationId}/explorer/network-navigator`);
    const canvas = page.getByTestId('network-canvas');
    await canvas.locator('canvas').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('graph-size').textContent(), { timeout: 30_000 }).toBe(graphSize);
    expect(await canvas.locator('canvas').count()).toBeGreaterThan(1);
    await expect.poll(() => canvas.getByLabel('Legend').locator('div').first().textContent()).toBe(firstGroup);

    await page.getByRole('button', { name: 'Coordination', exact: true }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain('viz:preset=coordination');

    await page.getByRole('button', { name: /Cluster c1/ }).click();
    const popup = page.getByRole('dialog', { name: 'Cluster c1' });
    await popup.getByRole('listitem').first().waitFor();
    expect(await popup.getByRole('listitem').count()).toBe(3);
    await popup.getByRole('button', { name: 'See All' }).click();
    expect(await popup.getByRole('listitem').count()).toBe(8);
    // The popup is dragged by its header.
    const before = (await popup.boundingBox())!;
    const handle = (await popup.getByTestId('popup-drag-handle').boundingBox())!;
    await page.mouse.move(handle.x + 40, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x - 160, handle.y + handle.height / 2 + 80, { steps: 5 });
    await page.mouse.up();
    const after = (await popup.boundingBox())!;
    expect([Math.round(after.x - before.x), Math.round(after.y - before.y)]).toEqual([-200, 80]);
    // And with the arrow keys on its focused header (Shift: 80 px).
    await popup.getByRole('group', { name: 'Move Cluster c1 with the arrow keys' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowDown');
    const moved = (await popup.boundingBox())!;
    expect([Math.round(moved.x - after.x), Math.round(moved.y - after.y)]).toEqual([-20, 80]);
    await popup.getByRole('listitem').first().getByRole('button').click();
    await page.getByText('Account Info').waitFor();
    await page.getByText('Connected Accounts (7)').waitFor();

    // Why is this account linked: the edge popup lists the posts that prove it, seconds apart.
    await page.getByRole('table', { name: 'Connected Accounts' }).getByRole('button').first().click();
    const edge = page.getByRole('dialog', { name: 'Coordination' });
    await edge.getByText(/^Account @\w+ coordinated with Account @\w+$/).waitFor();
    await edge.getByText(/campaign\.example\/story-\d — \d+(\.\d+)? s apart/).first().waitFor();
    expect(await edge.getByText(/: ballots Read this now \d$/).count()).toBeGreaterThan(1);

    // Export the graph for Gephi from the palette.
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Command palette' }).waitFor();
    await page.keyboard.type('Export network as GEXF');
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe('coordination.gexf');
    const gexf = fs.readFileSync((await file.path())!, 'utf8');
    expect(gexf.match(/<node /g)?.length).toBeGreaterThanOrEqual(8);
    expect(gexf).toContain('<gexf xmlns="http://gexf.net/1.3"');
  }, 120_000);
});
