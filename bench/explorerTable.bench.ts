import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { median, ms, percentile, printTable } from './lib';

/**
 * Issue #6: "the table scrolls 100k loaded rows at 60 fps in Chromium". Builds bench/explorerTable (the raw data
 * table panel with 100k rows loaded, production React) and measures requestAnimationFrame intervals in headless
 * Chromium while the table scrolls: a steady scroll of one screen every 10 frames, a fast fling of 3 screens a frame,
 * and jumps to random positions. 16.7 ms = 60 fps.
 */
const root = path.resolve(import.meta.dirname, '..');
const ROWS = Number(process.env.BENCH_TABLE_ROWS ?? 100_000);
const FRAMES = 600;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-table-bench-'));
const benchRoot = path.join(root, 'bench/explorerTable');
await build({ configFile: path.join(root, 'vite.config.ts'), root: benchRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
const server = await preview({ configFile: path.join(root, 'vite.config.ts'), root: benchRoot, logLevel: 'warn', build: { outDir }, preview: { port: 0, host: '127.0.0.1' } });
const address = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:4173/';
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const loadStart = performance.now();
  await page.goto(`${address}?rows=${ROWS}`);
  await page.getByText(`${ROWS.toLocaleString('en-US')} posts`).waitFor({ timeout: 60_000 });
  await page.locator('[role="row"][data-index]').first().waitFor();
  const firstRows = performance.now() - loadStart;

  /**
   * Scrolls the table in the page's own animation frames; answers each frame's interval and the most rows in the
   * DOM. A string, not a function: tsx would add helpers the page does not have.
   */
  const run = (mode: 'steady' | 'fling' | 'jump') => page.evaluate(`(async () => {
    const el = document.querySelector('[data-testid="raw-data-scroll"]');
    el.scrollTop = 0;
    await new Promise((r) => setTimeout(r, 200));
    const intervals = [];
    let maxRows = 0;
    let last = performance.now();
    let seed = 7;
    await new Promise((done) => {
      const tick = (t) => {
        intervals.push(t - last);
        last = t;
        maxRows = Math.max(maxRows, document.querySelectorAll('[role="row"][data-index]').length);
        if ('${mode}' === 'steady') el.scrollTop += el.clientHeight / 10;
        else if ('${mode}' === 'fling') el.scrollTop += el.clientHeight * 3;
        else { seed = (seed * 48271) % 2147483647; el.scrollTop = (seed / 2147483647) * (el.scrollHeight - el.clientHeight); }
        if (intervals.length < ${FRAMES}) requestAnimationFrame(tick); else done();
      };
      requestAnimationFrame(tick);
    });
    return { intervals: intervals.slice(1), maxRows };
  })()`) as Promise<{ intervals: number[]; maxRows: number }>;

  const rows: Array<Record<string, string | number>> = [];
  for (const mode of ['steady', 'fling', 'jump'] as const) {
    const { intervals, maxRows } = await run(mode);
    rows.push({
      scroll: mode, frames: intervals.length, median: ms(median(intervals)), p95: ms(percentile(intervals, 95)),
      max: ms(Math.max(...intervals)), 'frames > 33 ms': intervals.filter((x) => x > 33.4).length, 'rows in DOM (max)': maxRows,
    });
  }
  printTable(`Raw data table, ${ROWS.toLocaleString('en-US')} loaded rows, headless Chromium (first rows after ${ms(firstRows)})`, rows);
} finally {
  await browser.close();
  await new Promise<void>((r) => server.httpServer.close(() => r()));
  fs.rmSync(outDir, { recursive: true, force: true });
}
