import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN_EMAIL } from '@core/server/seed';
import type { TestServer } from '@core/server/testing/testServer';
import { launchBrowser, signIn } from './browser';
import { DEMO_PASSWORD, startDemoServer, waitForRun } from './demo';

/**
 * Readable panes (issue 20, ADR 0012): the Overview and Dashboard tabs of the demo conversation at 1280x800 and
 * 1920x1080 in Chromium, and no chart label drawn over another or cut by its pane: legend entries, slice texts and axis
 * tick labels of every Plotly chart are compared box by box. The screenshots go to docs/screenshots/ (linked from
 * README.md) only with NARRASCOPE_UPDATE_SCREENSHOTS=1, so that `npm test` leaves the checkout as it was; otherwise to
 * a temporary folder.
 */
const SIZES = [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }] as const;
const TABS = [{ name: 'overview', path: 'explorer/overview' }, { name: 'dashboard', path: 'dashboard' }] as const;
const OUT = process.env.NARRASCOPE_UPDATE_SCREENSHOTS === '1'
  ? path.resolve(import.meta.dirname, '../../docs/screenshots')
  : path.join(os.tmpdir(), 'narrascope-screenshots');

let server: TestServer;
let browser: Browser;
let conversationId: string;

beforeAll(async () => {
  server = await startDemoServer(5000);
  conversationId = await waitForRun(server, 'Narrative watch', 150_000);
  browser = await launchBrowser();
}, 300_000); // may wait while another file builds the shared demo (demo.ts buildOnce)
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Box { pane: string; kind: string; text: string; left: number; top: number; right: number; bottom: number }

/** The labels each chart draws (legend, slice texts, tick labels), with their boxes and the pane's. */
function chartLabels(): { labels: Box[]; cut: Box[] } {
  const labels: Box[] = [];
  const cut: Box[] = [];
  for (const pane of document.querySelectorAll<HTMLElement>('section[data-pane-id]')) {
    const name = pane.getAttribute('aria-label') ?? '';
    const frame = pane.getBoundingClientRect();
    for (const [kind, selector] of [['legend', 'text.legendtext'], ['slice', 'text.slicetext'], ['ytick', 'g.ytick > text'], ['xtick', 'g.xtick > text']] as const) {
      for (const el of pane.querySelectorAll<SVGGraphicsElement>(selector)) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || !el.textContent) continue;
        const box = { pane: name, kind, text: el.textContent, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        labels.push(box);
        // Legends may scroll inside the chart (Plotly clips them), but never run past the pane's edge.
        if (kind === 'legend' && (r.right > frame.right + 1 || r.left < frame.left - 1)) cut.push(box);
      }
    }
  }
  return { labels, cut };
}

const overlap = (a: Box, b: Box) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;

async function settle(page: Page) {
  await page.waitForFunction(() => document.querySelectorAll('.js-plotly-plot .main-svg').length >= 2, undefined, { timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"], .fui-Spinner'), undefined, { timeout: 30_000 });
  await page.waitForTimeout(1500); // Plotly's resize handler and transitions
}

describe('readable panes in Chromium', () => {
  for (const size of SIZES) {
    for (const tab of TABS) {
      it(`${tab.name} at ${size.width}x${size.height}: no chart label over another, none cut; screenshot saved`, async () => {
        const page = await (await browser.newContext({ viewport: size })).newPage();
        try {
          await signIn(page, server.url, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
          await page.waitForURL(`${server.url}/`);
          await page.goto(`${server.url}/conversations/${conversationId}/${tab.path}`);
          await settle(page);
          await page.screenshot({ path: path.join(OUT, `${tab.name}-${size.width}x${size.height}.png`) });
          const { labels, cut } = await page.evaluate(chartLabels);
          expect(labels.length).toBeGreaterThan(10);
          const clashes: string[] = [];
          for (let i = 0; i < labels.length; i++) {
            for (let j = i + 1; j < labels.length; j++) {
              const a = labels[i]!, b = labels[j]!;
              if (a.pane === b.pane && a.kind === b.kind && overlap(a, b)) clashes.push(`${a.pane}: ${a.kind} '${a.text}' over '${b.text}' (${[a.left, a.top, a.right, a.bottom].map(Math.round).join(',')} / ${[b.left, b.top, b.right, b.bottom].map(Math.round).join(',')})`);
            }
          }
          expect(clashes).toEqual([]);
          expect(cut.map((c) => `${c.pane}: '${c.text}'`)).toEqual([]);
        } finally {
          await page.context().close();
        }
      }, 120_000);
    }
  }
});
