import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Kysely } from 'kysely';
import { defineServerPlugin, defineStage } from '@core/server/plugin/contract';
import { pipelineKey } from '@core/server/pipeline/runner';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { defineManifest } from '@core/shared/plugin/manifest';
import { serverPlugins } from '../../plugins/index.server';
import { launchBrowser, signIn } from './browser';

/**
 * A new user's first steps with projects and conversations, in Chromium against the real server and bundle. A
 * test stage (DAG step 3) holds runs at a gate so the badge can be seen Pending, then Running, then View; the
 * browser's clock is fast-forwarded over the 30-second polling interval instead of waiting for it.
 */
let release: () => void = () => undefined;
let gate: Promise<void> = Promise.resolve();
const hold = () => { gate = new Promise((r) => { release = r; }); };
const gatePlugin = defineServerPlugin({
  manifest: defineManifest({ id: 'e2e-gate', title: 'E2E gate', version: 1 }),
  migrations: [{ id: 'e2e-gate/001_marks', async up(db) { await db.schema.createTable('e2e_gate_marks').addColumn('run_id', 'text').execute(); } }],
  stages: [defineStage({ id: 'e2e-gate.wait', title: 'Analysis held by the test', version: 1, dagStep: 3, dependsOn: ['conversations.collect'], run: () => gate })],
});

let server: TestServer;
let browser: Browser;
let page: Page;
let user: { email: string; password: string };
const db = () => server.storage.db as unknown as Kysely<any>;
const pipeline = () => server.server.ctx.services.get(pipelineKey);
const item = (name: string) => page.getByTestId('conversation-item').filter({ hasText: name });
const badge = (name: string) => item(name).getByTestId('status-badge');
/** Past the 30-second polling interval. */
const poll = () => page.clock.fastForward(31_000);

beforeAll(async () => {
  server = await startTestServer({
    plugins: [...serverPlugins, gatePlugin],
    pipeline: { worker: false },
    env: { NARRASCOPE_WEB_DIR: path.resolve(import.meta.dirname, '../../dist/web') },
  });
  user = await server.createUser('Conversations E2E', { permissions: ['CREATE_CONVERSATION', 'DELETE_CONVERSATION', 'RERUN_SCHEDULED_QUERY'] });
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await page.clock.install();
  await signIn(page, server.url, user.email, user.password);
  await page.waitForURL(`${server.url}/`);
});
afterAll(async () => {
  release();
  await browser?.close();
  await server?.close();
});

describe('projects and conversations in Chromium', () => {
  it('adds the first project, which cannot be deleted while it is the only one', async () => {
    await page.getByRole('heading', { name: 'My Projects' }).waitFor();
    await page.getByPlaceholder('Search Projects').waitFor();
    await page.getByRole('button', { name: 'Add project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Project' });
    await dialog.getByLabel('Project name').fill('Elections 2026');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('project-row').filter({ hasText: 'Elections 2026' });
    await row.getByText('Conversations: 0').waitFor();
    await row.getByRole('button', { name: 'Remove project Elections 2026' }).hover();
    await page.getByText("Can't delete the only project").waitFor();
    expect(await db().selectFrom('conversations_projects').select('name').execute()).toEqual([{ name: 'Elections 2026' }]);
  });

  it('refuses an invalid query inline, with the position highlighted, saving nothing; fixed, it is created Pending', async () => {
    await page.getByTestId('project-row').filter({ hasText: 'Elections 2026' }).getByRole('button', { name: 'Open' }).click();
    await page.getByText('in Elections 2026').waitFor();
    await page.getByRole('button', { name: 'Create conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Conversation' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Ballots');
    await dialog.getByRole('textbox', { name: 'Query' }).fill('ballots and (fraud');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.getByText('non-uppercase keyword found at position 8: "ballots and (fraud"').waitFor();
    await dialog.getByText('unbalanced parentheses starting at position 12').waitFor();
    expect(await dialog.getByTestId('query-highlight').locator('mark').allTextContents()).toEqual(['and', '(']);
    expect(await db().selectFrom('conversations_conversations').selectAll().execute()).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Query' }).fill('ballots AND (fraud OR rigged)');
    await dialog.getByTestId('preview-total').waitFor();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => badge('Ballots').textContent()).toBe('Pending');
    const rows = await db().selectFrom('conversations_conversations').select(['name', 'query_string', 'status']).execute();
    expect(rows).toEqual([{ name: 'Ballots', query_string: 'ballots AND (fraud OR rigged)', status: 'PENDING' }]);
  });

  it('shows the run going Pending -> Running (step 3 of 5) -> View as the list polls', async () => {
    hold();
    const done = pipeline().runNext();
    await expect.poll(async () => (await db().selectFrom('core_pipeline_runs').select('dag_step').executeTakeFirst())?.dag_step).toBe(3);
    await poll();
    await expect.poll(() => badge('Ballots').textContent()).toBe('Running');
    expect(await item('Ballots').getByTestId('conversation-meta').textContent()).toBe('Step 3 of 5 · Core NLP');
    expect(await item('Ballots').getByRole('button', { name: 'Re-run Ballots' }).getAttribute('aria-disabled')).toBe('true');
    release();
    await done;
    await poll();
    await expect.poll(() => badge('Ballots').textContent()).toBe('View');
  });

  it('re-runs: Pending at once, a STATIC_MANUAL_RERUN queued, then View again', async () => {
    await item('Ballots').getByRole('button', { name: 'Re-run Ballots' }).click();
    await expect.poll(() => badge('Ballots').textContent()).toBe('Pending');
    await expect.poll(async () => (await db().selectFrom('core_pipeline_runs').select('run_type').where('status', '=', 'PENDING').execute()).map((r) => r.run_type))
      .toEqual(['STATIC_MANUAL_RERUN']);
    await pipeline().drain();
    await poll();
    await expect.poll(() => badge('Ballots').textContent()).toBe('View');
  });

  it('shows the conversation as a Platform Intelligence card on the dashboard home, with its View link', async () => {
    await page.getByRole('link', { name: 'Narrascope' }).click();
    const card = page.getByTestId('conversation-card').filter({ hasText: 'Ballots' });
    await card.waitFor();
    await card.getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/\/conversations\/[0-9a-f-]{36}/);
    await page.getByTestId('conversation-header').getByRole('heading', { name: 'Ballots' }).waitFor();
  });

  it('creates a continuous conversation (clock icon) and suspends it (pause icon)', async () => {
    await page.goto(`${server.url}/projects/${encodeURIComponent('Elections 2026')}`);
    await page.getByRole('button', { name: 'Create conversation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Conversation' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Daily watch');
    await dialog.getByRole('textbox', { name: 'Query' }).fill('"mail-in" OR #stopthesteal');
    await dialog.getByRole('radio', { name: /Continuous/ }).check();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await item('Daily watch').getByTestId('icon-continuous').waitFor();
    await pipeline().drain();

    await item('Daily watch').getByRole('button', { name: 'More actions for Daily watch' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Conversation' });
    expect(await edit.getByRole('radio', { name: 'Date range' }).isDisabled()).toBe(true);
    await edit.getByRole('switch', { name: 'Pause the daily runs' }).check();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await item('Daily watch').getByTestId('icon-suspended').waitFor();
    expect(await db().selectFrom('conversations_conversations').select(['suspended', 'threat_feed']).where('name', '=', 'Daily watch').execute())
      .toEqual([{ suspended: 1, threat_feed: 1 }]);
  });

  it('removes a project after the spec\'s confirmation', async () => {
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Add project' }).click();
    const add = page.getByRole('dialog', { name: 'Add Project' });
    await add.getByLabel('Project name').fill('Scratch');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await add.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Remove project Scratch' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove project' });
    await confirm.getByText('Are you sure you want to remove the project "Scratch"', { exact: true }).waitFor();
    await confirm.getByText('You will lose access to any conversations in this project.').waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('project-row').count()).toBe(1);
    expect(await db().selectFrom('conversations_projects').select('name').where('deleted_at', 'is', null).execute()).toEqual([{ name: 'Elections 2026' }]);
  });
});
