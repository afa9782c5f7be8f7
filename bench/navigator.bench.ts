import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { median, ms, percentile, printTable } from './lib';

/**
 * Network navigator in Chromium (issue 8: "renders 20k nodes and 100k edges and stays interactive; layout never
 * blocks the main thread"). `bench/navigator/page.ts` draws a synthetic coordination graph with the navigator's
 * own graph builder, sigma settings and hover reducers; this driver gives it real input through Playwright (mouse
 * drag, wheel zoom, hover, click) and reports the main thread's frame times (requestAnimationFrame intervals), its
 * long tasks (over 50 ms: time the page could not answer input at all) and
 * how long each input waited for the next frame, with ForceAtlas2 idle and running in its web worker.
 *
 * There is no GPU here, so WebGL is software. It runs under the two rasterisers Chromium can use on such a machine:
 * Mesa's llvmpipe (through ANGLE on OpenGL ES; multi-threaded, JIT-compiled shaders; the closer stand-in for a
 * modest GPU) and SwiftShader (Chromium's built-in fallback, what a GPU-less desktop gets by default).
 *
 * Each renderer also runs the reference: the navigator as it drew before large graphs were treated apart (page.ts).
 *
 *   node --import tsx bench/navigator.bench.ts [accounts] [edges] [--renderer llvmpipe|swiftshader|both] [--no-reference]
 */
const args = process.argv.slice(2);
const positional = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--renderer'));
const ACCOUNTS = Number(positional[0] ?? 20_000) || 20_000;
const EDGES = Number(positional[1] ?? 100_000) || 100_000;
const RENDERER = args.includes('--renderer') ? args[args.indexOf('--renderer') + 1]! : 'both';
if (RENDERER !== 'both' && !(RENDERER in { llvmpipe: 1, swiftshader: 1 })) throw new Error(`--renderer: expected llvmpipe, swiftshader or both ("${RENDERER}")`);
const SCENARIO_MS = 3000;

const RENDERERS: Record<string, { label: string; flags: string[] }> = {
  llvmpipe: { label: 'llvmpipe (Mesa, ANGLE on GL ES)', flags: ['--use-gl=angle', '--use-angle=gl-egl', '--ignore-gpu-blocklist'] },
  swiftshader: { label: 'SwiftShader (Chromium default, no GPU)', flags: ['--disable-gpu'] },
};

interface Recording { frames: number[]; inputDelays: number[]; clicks: number[]; elapsed: number; longestTask: number; blocked: number }
interface Navigator {
  ready: { nodes: number; edges: number; buildMs: number; firstDrawMs: number };
  start(): void; stop(): Recording; scriptedCamera(ms: number): Promise<void>; resetCamera(): Promise<void>;
  nodePositions(n: number): Array<{ x: number; y: number }>; startLayout(): void; stopLayout(): void;
}
const nav = <T>(page: Page, f: (n: Navigator) => T | Promise<T>) =>
  page.evaluate(`(${f.toString()})(window.__navigator)`) as Promise<T>;

async function record(page: Page, act: () => Promise<void>): Promise<Recording> {
  await nav(page, (n) => n.start());
  await act();
  return nav(page, (n) => n.stop());
}

const until = async (msFromNow: number, step: (k: number) => Promise<void>) => {
  const end = Date.now() + msFromNow;
  for (let k = 0; Date.now() < end; k++) await step(k);
};

async function scenarios(page: Page) {
  const centre = { x: 600, y: 400 };
  const drag = () => record(page, async () => {
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await until(SCENARIO_MS, (k) => page.mouse.move(centre.x + 150 * Math.sin(k / 8), centre.y + 100 * Math.cos(k / 11)));
    await page.mouse.up();
  });
  const rows: Array<[string, Recording]> = [];
  rows.push(['idle (nothing moves)', await record(page, () => new Promise((r) => setTimeout(r, SCENARIO_MS)))]);
  rows.push(['drag to pan (mouse)', await drag()]);
  await nav(page, (n) => n.resetCamera());
  rows.push(['wheel zoom in and out', await record(page, () => until(SCENARIO_MS, async (k) => {
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, Math.floor(k / 10) % 2 ? 120 : -120);
  }))]);
  await nav(page, (n) => n.resetCamera());
  const targets = await nav(page, (n) => n.nodePositions(20));
  if (targets.length < 10) throw new Error(`only ${targets.length} nodes to hover found in the viewport`);
  rows.push(['hover nodes (neighbours highlighted)', await record(page, async () => {
    for (const t of targets) { await page.mouse.move(t.x, t.y); await page.waitForTimeout(100); await page.mouse.move(t.x + 40, t.y + 40); }
  })]);
  rows.push(['click nodes', await record(page, async () => {
    for (const t of targets.slice(0, 10)) await page.mouse.click(t.x, t.y);
  })]);
  rows.push(['camera moved by script (every edge drawn each frame)', await record(page, () => nav(page, (n) => n.scriptedCamera(3000)))]);
  await nav(page, async (n) => { await n.resetCamera(); n.startLayout(); });
  rows.push(['ForceAtlas2 running, idle', await record(page, () => new Promise((r) => setTimeout(r, SCENARIO_MS)))]);
  rows.push(['ForceAtlas2 running, drag to pan', await drag()]);
  await nav(page, (n) => n.stopLayout());
  return rows;
}

async function run(rendererId: string, reference: boolean) {
  const renderer = RENDERERS[rendererId]!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-navigator-'));
  await build({ entryPoints: [path.join(import.meta.dirname, 'navigator', 'page.ts')], bundle: true, format: 'iife', outfile: path.join(dir, 'page.js'), logLevel: 'error' });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body style="margin:0"><div id="g" style="width:1200px;height:800px"></div><script src="page.js"></script></body></html>');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', ...renderer.flags, '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1200, height: 800 } })).newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`file://${path.join(dir, 'index.html')}?accounts=${ACCOUNTS}&edges=${EDGES}&reference=${reference ? 1 : 0}`);
    await page.waitForFunction(() => 'ready' in ((window as unknown as { __navigator?: object }).__navigator ?? {}), undefined, { timeout: 120_000 });
    const ready = await nav(page, (n) => n.ready);
    const gl = await page.evaluate(() => {
      const c = document.createElement('canvas').getContext('webgl')!;
      const info = c.getExtension('WEBGL_debug_renderer_info');
      return info ? String(c.getParameter(info.UNMASKED_RENDERER_WEBGL)) : String(c.getParameter(c.RENDERER));
    });
    const rows = await scenarios(page);
    const stat = (xs: number[], f: (v: number[]) => number) => (xs.length ? ms(f(xs)) : '-');
    printTable(`${reference ? 'REFERENCE (before: quad edges, every layout iteration drawn, hover fades the graph)' : 'Network navigator'}, ${ready.nodes} nodes / ${ready.edges} edges, ${renderer.label} [${gl}]: graph built in ${ms(ready.buildMs)}, first draw ${ms(ready.firstDrawMs)}`,
      rows.map(([scenario, r]) => ({
        scenario, 'frames/s': (r.frames.length / (r.elapsed / 1000)).toFixed(1), 'median frame': stat(r.frames, median), 'p95 frame': stat(r.frames, (v) => percentile(v, 95)),
        'input → next frame, median': stat(r.inputDelays, median), 'p95': stat(r.inputDelays, (v) => percentile(v, 95)),
        'click → popup handler, median': stat(r.clicks, median),
        'longest main-thread task': r.longestTask ? ms(r.longestTask) : '-', 'main thread blocked': `${Math.round((100 * r.blocked) / r.elapsed)} %`,
      })));
  } finally {
    await browser.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

for (const id of RENDERER === 'both' ? ['llvmpipe', 'swiftshader'] : [RENDERER]) {
  await run(id, false);
  if (!args.includes('--no-reference')) await run(id, true);
}
