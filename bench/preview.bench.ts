import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, ms, percentile, printTable } from './lib';
import { BENCH_PASSWORD, login, root, startServer } from './server';

/**
 * The live preview against the event loop (issue 18, finding 2), on the server as `npm start` runs it (SQLite):
 *   - a normal preview's time: the demo project's five queries over every stored post, 30 calls each after 3;
 *   - GET /api/v2/health probed back to back (10 ms apart) while one hostile preview runs: the longest `a AND a ...`
 *     the language accepts (500 terms, FTS5's own work) and 499 absent terms under one NOT (the matcher's work on
 *     every post).
 *
 *   npm run bench -- preview                         50,000 demo posts (the demo corpus)
 *   BENCH_POSTS=200000 npm run bench -- preview
 *   BENCH_DATA_DIR=/tmp/preview npm run bench -- preview   keeps (and on later runs reuses) the seeded data directory
 */
const POSTS = Number(process.env.BENCH_POSTS ?? 50_000);
const REPEATS = 30;

const NORMAL = [
  'tariff OR tariffs OR "trade war"',
  'aranceles OR arancel OR "guerra comercial"',
  'election OR ballots OR recount OR "voter fraud" OR #StopTheSteal',
  'vaccine OR vaccines OR measles OR "Make America Healthy Again" OR #MAHA',
  'boycott OR union OR strike OR election OR ballots OR tariff OR tariffs OR vaccine OR vaccines OR DEI OR diversity OR QAnon OR "the storm" OR "short interest" OR shorting OR inflation OR "interest rates"',
];
const HOSTILE: Record<string, string> = {
  '500-term `a AND a AND ...`': Array.from({ length: 500 }, () => 'a').join(' AND '),
  '`NOT (499 absent terms)`': `NOT (${Array.from({ length: 499 }, (_, i) => `zq${i}x`).join(' OR ')})`,
};

const keep = process.env.BENCH_DATA_DIR;
const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-bench-preview-'));
if (!fs.existsSync(path.join(dataDir, 'narrascope.sqlite'))) {
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'seed-demo', '--posts', String(POSTS)], {
    cwd: root, env: { ...process.env, NARRASCOPE_DATA_DIR: dataDir, NARRASCOPE_DEMO_PASSWORD: BENCH_PASSWORD, LOG_LEVEL: 'warn' }, encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seed-demo failed: ${seeded.stderr}`);
}
// No pipeline worker: the demo's queued runs would compete with the measurements.
const server = await startServer(dataDir, { NARRASCOPE_PIPELINE_WORKER: 'off' });
try {
  const { base } = server;
  const session = await login(base);
  const preview = async (query: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v2/conversations/preview`, {
      method: 'POST', headers: { cookie: session.cookie, 'content-type': 'application/json', 'X-CSRF-TOKEN': session.csrf },
      body: JSON.stringify({ query_string: query, start_date: '2000-01-01T00:00:00.000Z', end_date: new Date().toISOString() }),
    });
    const body = (await res.json()) as { data?: { total: number } };
    return { status: res.status, total: body.data?.total ?? null, ms: performance.now() - t0 };
  };

  const normal: Array<Record<string, string | number>> = [];
  const all: number[] = [];
  for (const query of NORMAL) {
    for (let i = 0; i < 3; i++) await preview(query);
    const times: number[] = [];
    let total: number | null = null;
    for (let i = 0; i < REPEATS; i++) {
      const r = await preview(query);
      if (r.status !== 200) throw new Error(`preview of ${query} answered ${r.status}`);
      total = r.total;
      times.push(r.ms);
    }
    all.push(...times);
    normal.push({ query: query.length > 48 ? `${query.slice(0, 45)}...` : query, matches: total ?? 0, median: ms(median(times)), p95: ms(percentile(times, 95)) });
  }
  normal.push({ query: 'all five', matches: '', median: ms(median(all)), p95: ms(percentile(all, 95)) });
  printTable(`Normal previews, ${POSTS.toLocaleString('en')} demo posts, ${REPEATS} calls each after 3 (SQLite, ${os.cpus().length} cores)`, normal);

  const hostile: Array<Record<string, string | number>> = [];
  for (const [name, query] of Object.entries(HOSTILE)) {
    let done = false;
    const attack = preview(query).finally(() => { done = true; });
    const health: number[] = [];
    while (!done) {
      const t0 = performance.now();
      await (await fetch(`${base}/api/v2/health`)).arrayBuffer();
      health.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
    const r = await attack;
    hostile.push({
      query: `${name} (${query.length.toLocaleString('en')} chars)`, answer: `${r.status} in ${ms(r.ms)}`, 'health probes': health.length,
      'health p50': ms(median(health)), 'health max': ms(Math.max(...health)),
    });
  }
  printTable('One hostile preview and GET /api/v2/health probed during it (target: every answer within 100 ms)', hostile);
} finally {
  await server.stop();
  if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
}
