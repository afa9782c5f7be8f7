import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN_EMAIL } from '@core/server/seed';
import type { TestServer } from '@core/server/testing/testServer';
import { launchBrowser, signIn } from './browser';
import { DEMO_PASSWORD, countOf, palette, startDemoServer, tabTo, waitForRun } from './demo';

/**
 * Issue #7 as a new analyst meets it, in Chromium against the real server, bundle and pipeline (enrichment, topics,
 * coordination on the demo corpus): open the narratives panel of the demo conversation, click a narrative, see the
 * table and the charts filter to it, open its popup with the keyboard; then the conversation's dashboard, where
 * every pane must render without an error.
 */
const CONVERSATION = 'Narrative watch';

interface ApiNarrative {
  id: string; title: string; post_count: number; ngrams: string[]; conversation_post_percent: number;
  entities: Array<{ entity_name: string; entity_type: string; post_count: number }>;
}
/** How the popup names each entity type, in its order. */
const ENTITY_GROUPS: Array<[string, string]> = [['PERSON', 'People'], ['ORGANIZATION', 'Organisations'], ['PLACE', 'Places'], ['HASHTAG', 'Hashtags'], ['MENTION', 'Mentions']];

let server: TestServer;
let browser: Browser;
let page: Page;
let conversationId: string;
/** The narratives the API answers for the whole conversation, in the panel's size order. */
let narratives: ApiNarrative[];
/** The narrative the analyst clicks: the largest. */
let chosen: ApiNarrative;

const urlParams = () => new URL(page.url()).searchParams;
const pane = (title: string) => page.locator(`section[aria-label="${title}"]`);
const narrativeItems = () => pane('Narratives').getByTestId('narrative-item');
/** The post counts of a chart's data table ("... (598 posts)"): it is hidden under a closed "Chart data" button, so read the DOM. */
const chartCounts = (list: string) => page.locator(`table[aria-label="${list}"] button`)
  .evaluateAll((els) => els.map((e) => Number(/\((\d+) posts\)$/.exec(e.getAttribute('aria-label') ?? '')?.[1] ?? NaN)));
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function api<T>(path: string): Promise<T> {
  const res = await page.request.get(`${server.url}/api/v2/conversations/${conversationId}/${path}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** No pane shows the error boundary, a failed chart or a load error. */
async function expectNoPaneErrors() {
  expect(await page.getByText('This panel stopped working').count()).toBe(0);
  expect(await page.getByText('The chart could not be drawn.').count()).toBe(0);
  const alerts = await page.locator('section[data-pane-id] [role="alert"]').allInnerTexts();
  expect(alerts).toEqual([]);
  expect(await page.locator('section[data-pane-id]').getByText(/failed|error/i).count()).toBe(0);
}

beforeAll(async () => {
  server = await startDemoServer(5000);
  conversationId = await waitForRun(server, CONVERSATION, 150_000);
  browser = await launchBrowser();
  page = await (await browser.newContext({ viewport: { width: 1500, height: 950 } })).newPage();
  await signIn(page, server.url, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
  await page.waitForURL(`${server.url}/`);
  narratives = (await api<{ narratives: ApiNarrative[] }>('topics')).narratives
    .sort((a, b) => b.post_count - a.post_count || a.id.localeCompare(b.id));
  expect(narratives.length).toBeGreaterThan(1);
  chosen = narratives[0]!;
}, 300_000); // may wait while another file builds the shared demo (demo.ts buildOnce)
// A failing step leaves a screenshot for the reader of the log.
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await page?.screenshot({ path: `/tmp/narrascope-e2e-topics-${ctx.task.name.replace(/\W+/g, '-')}.png` }).catch(() => undefined);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('narratives of the demo conversation in Chromium', () => {
  let conversationTotal = 0;

  it('lists the narratives by size, with keyphrases, beside the raw data table', async () => {
    await page.goto(`${server.url}/conversations/${conversationId}/explorer/posts`);
    await page.getByRole('table', { name: 'Raw data' }).waitFor();
    await narrativeItems().first().waitFor();
    await page.waitForFunction(() => /^[1-9][\d,]* posts/.test(document.querySelector('[data-testid="raw-data-total"]')?.textContent ?? ''));
    conversationTotal = countOf(await page.getByTestId('raw-data-total').textContent());

    // Sorted by size: titles in the API's size order, each "N posts · share · engagement", counts not increasing.
    const items = await narrativeItems().all();
    expect(items.length).toBe(narratives.length);
    const shown = await Promise.all(items.map(async (item, i) => ({
      title: await item.getByRole('button').first().textContent(),
      count: countOf(await item.getByText(/^\d[\d,]* posts · \d+% · engagement \d+%$/).textContent()),
      keyphrases: await item.getByText(narratives[i]!.ngrams.slice(0, 6).join(' · '), { exact: true }).count(),
    })));
    expect(shown.map((s) => s.title)).toEqual(narratives.map((n) => n.title));
    expect(shown.map((s) => s.count)).toEqual(narratives.map((n) => n.post_count));
    expect(shown.map((s) => s.count)).toEqual([...shown.map((s) => s.count)].sort((a, b) => b - a));
    expect(shown.map((s) => s.keyphrases)).toEqual(narratives.map(() => 1));
    expect(chosen.ngrams.length).toBeGreaterThan(1);
    // The panel's total is the conversation's, as the table and the filters panel count it.
    expect(await pane('Narratives').getByText(/^[\d,]+ posts$/).textContent()).toBe(`${conversationTotal.toLocaleString('en-US')} posts`);
    await page.waitForFunction((s) => document.querySelector('[data-testid="filters-total"]')?.textContent === s, `${conversationTotal.toLocaleString('en-US')} posts`);
  });

  it('clicking a narrative filters the URL, the table and the filters panel to its posts', async () => {
    const item = narrativeItems().first();
    // The count the panel states for it ("598 posts · 5% · engagement 20%").
    const stated = (await item.getByText(/ posts · /).textContent())!.split(' · ')[0]!;
    expect(stated).toBe(`${chosen.post_count.toLocaleString('en-US')} posts`);
    await item.getByRole('button', { name: chosen.title, exact: true }).click();
    await page.waitForFunction(() => new URL(location.href).searchParams.getAll('narratives').length === 1);
    expect(urlParams().getAll('narratives')).toEqual([`${chosen.id}:true`]);
    // The viz: preset the explorer opened with is kept.
    expect(urlParams().get('viz:preset')).toBe('narrative');

    await page.waitForFunction((s) => document.querySelector('[data-testid="raw-data-total"]')?.textContent?.startsWith(s), stated);
    expect(countOf(await page.getByTestId('raw-data-total').textContent())).toBe(chosen.post_count);
    expect(chosen.post_count).toBeLessThan(conversationTotal);
    await page.waitForFunction((s) => document.querySelector('[data-testid="filters-total"]')?.textContent === s, stated);
    await page.getByRole('button', { name: 'Narrative (1)' }).waitFor();

    // The panel now shows that narrative alone, as all of the filtered posts.
    await expect.poll(() => narrativeItems().count()).toBe(1);
    expect(await narrativeItems().first().getByText(/ posts · /).textContent()).toMatch(new RegExp(`^${stated} · 100% · `));

    // Every row the table shows is a post of that narrative (the API says which narrative each post is in).
    const rows = await page.locator('[aria-label^="Open post "]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('aria-label')!.slice('Open post '.length))));
    expect(rows.length).toBeGreaterThan(0);
    const members = await api<Array<{ id: number; topic_rid: string | null }>>(`raw_data?narratives=${encodeURIComponent(`${chosen.id}:true`)}&limit=1000`);
    expect(members).toHaveLength(chosen.post_count);
    expect(new Set(members.map((m) => m.topic_rid))).toEqual(new Set([chosen.id]));
    const ids = new Set(members.map((m) => m.id));
    expect(rows.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('the overview charts and the topic timeline show only that narrative', async () => {
    // Keyboard: from the Posts subtab, arrow to Overview; the query string (the filter) travels along.
    await tabTo(page, /^Posts(Posts)?$/);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Overview'));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname.endsWith('/explorer/overview'));
    expect(urlParams().getAll('narratives')).toEqual([`${chosen.id}:true`]);

    // The topic timeline: one row in its table and one line on its chart, with the narrative's count.
    // The table is under the pane's closed "Chart data" button: in the page, hidden until opened.
    const timeline = page.getByRole('table', { name: 'Posts per topic', includeHidden: true });
    await timeline.waitFor({ state: 'attached' });
    const timelineRows = await timeline.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    expect(timelineRows).toHaveLength(1);
    expect(timelineRows[0]!.slice(0, 2)).toEqual([chosen.title, String(chosen.post_count)]);
    await pane('Topic timeline').locator('.js-plotly-plot .scatterlayer .trace').first().waitFor({ state: 'attached' });
    expect(await pane('Topic timeline').locator('.js-plotly-plot .scatterlayer .trace').count()).toBe(1);
    // Its legend names the narrative (Plotly hides the legend of a single line unless told), cut at 32 characters.
    const legendName = chosen.title.length > 32 ? `${chosen.title.slice(0, 31)}…` : chosen.title;
    expect(await pane('Topic timeline').locator('.legend .legendtext').allTextContents()).toEqual([legendName]);

    // Posts over time and the platform breakdown count exactly the narrative's posts.
    await expect.poll(async () => sum(await chartCounts('Posts over time')), { timeout: 20_000 }).toBe(chosen.post_count);
    await expect.poll(async () => sum(await chartCounts('Posts by platform')), { timeout: 20_000 }).toBe(chosen.post_count);
    await page.waitForFunction(() => document.querySelectorAll('.js-plotly-plot .main-svg').length >= 6);

    // The narratives panel of the overview (sorted by risk) agrees.
    await expect.poll(() => narrativeItems().count()).toBe(1);
    expect(await narrativeItems().first().getByRole('button').first().textContent()).toBe(chosen.title);
    await expectNoPaneErrors();
  });

  it('opens the narrative popup with the keyboard: its title, keywords, entities and both shares; drags and closes', async () => {
    await tabTo(page, `Details of ${chosen.title}`);
    await page.keyboard.press('Enter');
    const popup = page.getByRole('dialog', { name: 'Narrative' });
    await popup.waitFor();
    // Non-modal: the page behind stays in the accessibility tree and usable.
    expect(await popup.getAttribute('aria-modal')).toBe('false');
    expect(await pane('Narratives').getByRole('button', { name: `Details of ${chosen.title}` }).count()).toBe(1);
    const title = popup.locator('section').filter({ has: page.getByText('Cluster Title', { exact: true }) });
    await title.getByText(chosen.title, { exact: true }).waitFor();
    const keywords = popup.getByRole('list', { name: 'Cluster keywords' });
    await popup.getByText('Cluster Keywords and Entities', { exact: true }).waitFor();
    const words = await keywords.getByRole('listitem').allTextContents();
    expect(words.slice(0, chosen.ngrams.length)).toEqual(chosen.ngrams);
    expect(words.length).toBeGreaterThan(chosen.ngrams.length);
    // The enrichment found entities in the demo's posts; the popup lists the API's, grouped by type, with their counts.
    expect(chosen.entities.length).toBeGreaterThan(0);
    for (const [type, label] of ENTITY_GROUPS) {
      const expected = chosen.entities.filter((e) => e.entity_type === type).map((e) => `${e.entity_name} (${e.post_count.toLocaleString('en-US')})`);
      const list = popup.getByRole('list', { name: label, exact: true });
      expect(expected.length ? await list.getByRole('listitem').allTextContents() : await list.count()).toEqual(expected.length ? expected : 0);
    }
    // Filtered to the narrative: all of the filtered posts, and its share of the whole conversation.
    const count = chosen.post_count.toLocaleString('en-US');
    await popup.getByText(`${count} posts (100% of the filtered posts)`, { exact: true }).waitFor();
    await popup.getByText(`${Math.round(chosen.conversation_post_percent * 100)}% of the conversation: ${count} of ${conversationTotal.toLocaleString('en-US')} posts`, { exact: true }).waitFor();
    await popup.getByText(/^Risk: (Low|Medium|High)/).waitFor();

    // Focus starts on Close; Shift+Tab reaches the header (the drag handle), whose arrow keys move the popup.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Narrative with the arrow keys');
    const before = (await popup.boundingBox())!;
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => { const b = (await popup.boundingBox())!; return [b.x - before.x, b.y - before.y]; }).toEqual([20, 20]);
    // And the pointer drags it by the header.
    const header = page.getByTestId('narrative-popup-header');
    const h = (await header.boundingBox())!;
    await page.mouse.move(h.x + 30, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(h.x + 130, h.y + h.height / 2 + 50, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => { const b = (await popup.boundingBox())!; return [b.x - before.x, b.y - before.y]; }).toEqual([120, 70]);

    await header.focus();
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    // Focus goes back to where the keyboard user was.
    await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `Details of ${chosen.title}`);

    // The Close button closes it too.
    await page.keyboard.press('Enter');
    await popup.waitFor();
    await popup.getByRole('button', { name: 'Close' }).click();
    await popup.waitFor({ state: 'detached' });
    await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `Details of ${chosen.title}`);

    // The palette's "Open narrative" offers the narratives of the filtered posts, then opens the chosen one.
    await palette(page, 'Open narrative');
    const picker = page.getByRole('dialog', { name: 'Open narrative' });
    await picker.waitFor();
    expect(await picker.getByRole('button').allTextContents()).toEqual([chosen.title, 'Cancel']);
    await page.waitForFunction((title) => document.activeElement?.textContent === title, chosen.title);
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    await popup.getByText(chosen.title, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
  });

  it('the dashboard renders every pane without an error, filtered and unfiltered', async () => {
    await palette(page, 'Go to Dashboard tab');
    await page.waitForFunction(() => location.pathname.endsWith('/dashboard'));
    expect(urlParams().getAll('narratives')).toEqual([`${chosen.id}:true`]);
    const panes = ['Posts over time', 'Topic timeline', 'Narratives', 'Coordination clusters', 'Notable posts', 'Analyst notes'];
    for (const title of panes) await pane(title).waitFor();
    await page.getByRole('list', { name: 'Notable posts: Most engaged' }).getByRole('listitem').first().waitFor();
    await expect.poll(() => narrativeItems().count()).toBe(1);
    await pane('Analyst notes').getByText('No notes yet.').waitFor();
    await expect.poll(async () => sum(await chartCounts('Posts over time')), { timeout: 20_000 }).toBe(chosen.post_count);
    await expectNoPaneErrors();

    // Without the filter: every narrative and the planted coordination clusters.
    await palette(page, 'Clear all filters');
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('narratives'));
    await expect.poll(() => narrativeItems().count()).toBe(narratives.length);
    const clusters = page.getByRole('list', { name: 'Coordination clusters' }).getByRole('listitem');
    await clusters.first().waitFor();
    expect(await clusters.first().textContent()).toMatch(/^Cluster c\d+/);
    await expect.poll(async () => sum(await chartCounts('Posts over time')), { timeout: 20_000 }).toBe(conversationTotal);
    await expect.poll(() => pane('Topic timeline').locator('.js-plotly-plot .scatterlayer .trace').count(), { timeout: 20_000 })
      .toBe(Math.min(8, narratives.length));
    await page.waitForFunction(() => document.querySelectorAll('.js-plotly-plot .main-svg').length >= 2);
    await expectNoPaneErrors();
  });
});
