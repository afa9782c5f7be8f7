import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { kb, median, ms, percentile, printTable } from './lib';

/**
 * Foundation targets of issue #2: cold start to the first /api/v2 answer, JavaScript loaded by /login, and
 * frame times of an 8-pane workspace while the window is resized and a split is dragged.
 */
const root = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PASSWORD = 'bench-password-123';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a command and answers the milliseconds until `url` first answers 200, then stops it. */
async function timeToFirstAnswer(cmd: string, args: string[], env: NodeJS.ProcessEnv, url: string, keep = false) {
  const started = performance.now();
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status === 200) break;
    } catch { /* not listening yet */ }
    if (performance.now() - started > 120_000) throw new Error(`${cmd} did not answer ${url} within 120 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
  const elapsed = performance.now() - started;
  const stop = () => new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
  if (!keep) await stop();
  return { elapsed, stop };
}

async function coldStart(dataDir: string) {
  const env = { NARRASCOPE_DATA_DIR: dataDir, NARRASCOPE_DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' };
  // First start creates the database, seeds the demo organisation and builds the bundle if needed.
  const port0 = await freePort();
  const first = await timeToFirstAnswer('npm', ['start'], { ...env, PORT: String(port0) }, `http://127.0.0.1:${port0}/api/v2/health`);
  const npmStart: number[] = [];
  const direct: number[] = [];
  const reference: number[] = [];
  const refScript = path.join(os.tmpdir(), `bench-ref-${crypto.randomBytes(3).toString('hex')}.ts`);
  fs.writeFileSync(refScript, "import Fastify from 'fastify';\nconst app = Fastify();\napp.get('/api/v2/health', async () => ({ ok: true }));\nawait app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });\n");
  fs.copyFileSync(refScript, path.join(root, 'bench', '.ref-server.ts'));
  try {
    for (let i = 0; i < RUNS; i++) {
      const p1 = await freePort();
      npmStart.push((await timeToFirstAnswer('npm', ['start'], { ...env, PORT: String(p1) }, `http://127.0.0.1:${p1}/api/v2/health`)).elapsed);
      const p2 = await freePort();
      direct.push((await timeToFirstAnswer(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve'], { ...env, PORT: String(p2) }, `http://127.0.0.1:${p2}/api/v2/health`)).elapsed);
      const p3 = await freePort();
      reference.push((await timeToFirstAnswer(process.execPath, ['--import', 'tsx', 'bench/.ref-server.ts'], { PORT: String(p3) }, `http://127.0.0.1:${p3}/api/v2/health`)).elapsed);
    }
  } finally {
    fs.rmSync(path.join(root, 'bench', '.ref-server.ts'), { force: true });
    fs.rmSync(refScript, { force: true });
  }
  const ref = median(reference);
  printTable(`Cold start to the first /api/v2 answer (existing SQLite database, ${RUNS} runs; target < 2 s)`, [
    { command: 'npm start (first run: create, seed, build check)', median: ms(first.elapsed), 'vs bare Fastify': '-' },
    { command: 'npm start', median: ms(median(npmStart)), 'vs bare Fastify': `${(median(npmStart) / ref).toFixed(2)}x` },
    { command: 'node --import tsx src/cli/main.ts serve', median: ms(median(direct)), 'vs bare Fastify': `${(median(direct) / ref).toFixed(2)}x` },
    { command: 'reference: bare Fastify + tsx, one route', median: ms(ref), 'vs bare Fastify': '1.00x' },
  ]);
}

async function browserFigures(dataDir: string) {
  const port = await freePort();
  const server = await timeToFirstAnswer('npm', ['start'], {
    NARRASCOPE_DATA_DIR: dataDir, NARRASCOPE_DEMO_PASSWORD: PASSWORD, LOG_LEVEL: 'warn', PORT: String(port),
  }, `http://127.0.0.1:${port}/api/v2/health`, true);
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    // JavaScript loaded by /login.
    const page = await browser.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const sizes = await res.request().sizes();
      scripts.set(new URL(res.url()).pathname, sizes.responseBodySize);
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    let gzip = 0;
    let raw = 0;
    for (const p of scripts.keys()) {
      const file = path.join(root, 'dist/web', p);
      raw += fs.statSync(file).size;
      gzip += fs.statSync(`${file}.gz`).size;
    }
    const transferred = [...scripts.values()].reduce((a, b) => a + b, 0);
    const heavy = [...scripts.keys()].filter((s) => /plotly|sigma|graphology/i.test(s));
    printTable('JavaScript loaded by /login (target <= 250 KB gzip; Plotly and sigma must not load)', [{
      scripts: scripts.size, raw: kb(raw), gzip: kb(gzip), 'sent (brotli)': kb(transferred),
      'plotly/sigma chunks': heavy.length ? heavy.join(' ') : 'none',
    }]);

    // An 8-pane workspace: split to 8 panes, then resize the window and drag a split while sampling frames.
    await page.getByLabel('Email').fill('admin@demo.narrascope.local');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/conversations/${crypto.randomUUID()}/dashboard`);
    await page.locator('.mosaic-window').first().waitFor();
    while ((await page.locator('.mosaic-window').count()) < 8) {
      await page.locator('.mosaic-window').last().click({ position: { x: 40, y: 60 } });
      await page.keyboard.press((await page.locator('.mosaic-window').count()) % 2 ? 'Control+\\' : 'Control+Shift+\\');
    }
    // Plain-string scripts: tsx's transform would otherwise inject helpers the page does not have.
    const sample = async (action: () => Promise<void>) => {
      await page.evaluate(`(() => {
        window.__frames = []; window.__run = true; let last = performance.now();
        const tick = (t) => { window.__frames.push(t - last); last = t; if (window.__run) requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
      })()`);
      await action();
      return page.evaluate<number[]>(`(() => { window.__run = false; return window.__frames.slice(1); })()`);
    };
    const resizeFrames = await sample(async () => {
      for (let i = 0; i < 40; i++) await page.setViewportSize({ width: 1000 + (i % 10) * 60, height: 700 + (i % 7) * 30 });
    });
    const splitter = page.locator('.mosaic-split').first();
    const box = (await splitter.boundingBox())!;
    const dragFrames = await sample(async () => {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      for (let i = 0; i < 60; i++) await page.mouse.move(box.x + box.width / 2 + ((i % 20) - 10) * 12, box.y + box.height / 2, { steps: 1 });
      await page.mouse.up();
    });
    const row = (name: string, f: number[]) => ({
      action: name, frames: f.length, 'median frame': ms(median(f)), p95: ms(percentile(f, 95)), max: ms(Math.max(...f)),
      'frames > 33 ms (dropped)': f.filter((x) => x > 33.4).length,
    });
    printTable('8-pane workspace frame times in headless Chromium (rAF intervals; 16.7 ms = 60 fps)', [
      row('window resized 40 times', resizeFrames), row('split dragged 60 steps', dragFrames),
    ]);
  } finally {
    await browser.close();
    await server.stop();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-bench-'));
try {
  await coldStart(dataDir);
  await browserFigures(dataDir);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
