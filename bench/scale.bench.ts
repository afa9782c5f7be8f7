import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrateAll } from '@core/server/server';
import { ensureOrganization } from '@core/server/seed';
import { openPostgres, openSqlite, type Storage } from '@core/server/storage/database';
import { addUser } from '@core/server/seed';
import { pipelineKey } from '@core/server/pipeline/runner';
import { startTestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { PERMISSIONS } from '@core/shared/access/permissions';
import { CorpusGenerator } from '../plugins/posts/server/demo/generator';
import { importPosts } from '../plugins/posts/server/import/importer';
import { serverPlugins } from '../plugins/index.server';
import { cpuMs, memorySampler, printTable, status, storedRows } from './lib';

/**
 * Issue 19: one conversation over the whole demo corpus at scale (1M as the reference, 5M the target), end to end
 * through the real pipeline runner. Phases, each in its own process:
 *   corpus:   the demo generator's N posts to a JSONL file, imported with the real importer into a SQLite database
 *             (kept in --dir and reused across attempts: `--dir /work/scratch-h47/5m`).
 *   pipeline: a copy of that database, the whole server (every plugin's stages, the worker loop), a user, a
 *             project and a conversation whose query matches the whole corpus, run by the pipeline's worker as in
 *             production; per stage: wall and CPU time, peak RSS (VmHWM, every thread) and peak anonymous memory
 *             (sampled), rows written; then a hash of every stored analysis row.
 *
 *   npm run bench -- scale --posts 1000000 [--days 30] [--dir D] [--keep] [--pg postgres://postgres@127.0.0.1:5432/postgres]
 *
 * --days spreads the posts over that many days before NOW (30 by default, the reference): `--posts 5000000 --days
 * 150` keeps the 1M reference's posts per day, where the default puts five times the posts into the same month: how
 * the product scales with a longer archive, and with a louder month. (Coordination's co-actions in a window grow with
 * the square of the posts in it, but measured, the louder month costs its stage 5-10 % more: docs/benchmarks.md,
 * "Ninth 5M run".)
 *
 * With --pg the corpus is imported into a PostgreSQL database (narrascope_bench_scale_N) and each attempt runs on a template
 * copy of it (narrascope_bench_scale_run); both are dropped at the end unless --keep. Without --dir, a temporary folder
 * that is removed at the end.
 */
const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '100000' }, dir: { type: 'string' }, keep: { type: 'boolean', default: false },
    days: { type: 'string', default: '30' }, child: { type: 'string' }, pg: { type: 'string' },
  },
  allowPositionals: true,
});
export const NOW = Date.UTC(2025, 5, 1);
const DAYS = Number(values.days);
if (!(Number.isInteger(DAYS) && DAYS >= 1)) throw new Error(`--days must be a whole number of days, not ${values.days}`);
const ORG = 'Bench';

const corpusFile = (dir: string) => path.join(dir, 'corpus.jsonl');
/** What the kept corpus in a folder was generated with: a folder is reused only for the same posts and days. */
const corpusMeta = (dir: string) => path.join(dir, 'corpus.meta.json');
const baseDir = (dir: string) => path.join(dir, 'base');

/** PostgreSQL (`--pg URL`): databases this bench creates there and drops (`narrascope_bench_scale_` names). */
const PG = values.pg ?? null;
const pgBaseName = (posts: number) => `narrascope_bench_scale_${posts}${DAYS === 30 ? '' : `_${DAYS}d`}`;
const PG_RUN = 'narrascope_bench_scale_run';
function pgUrl(name: string): string {
  const url = new URL(PG!);
  url.pathname = `/${name}`;
  return url.toString();
}
async function pgAdmin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl('postgres') });
  await client.connect();
  try { await client.query(text); } finally { await client.end(); }
}

/** Child: the JSONL file (once) and the imported database (once), both kept in `dir`. */
async function corpus(posts: number, dir: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { posts };
  const file = corpusFile(dir);
  const meta = JSON.stringify({ posts, days: DAYS });
  if (fs.existsSync(file)) {
    // folders from before --days hold 30-day corpora
    const kept = fs.existsSync(corpusMeta(dir)) ? fs.readFileSync(corpusMeta(dir), 'utf8') : JSON.stringify({ posts, days: 30 });
    if (kept !== meta) throw new Error(`${dir} holds a corpus of ${kept}, not ${meta}: use another --dir`);
  } else {
    const t0 = performance.now();
    const tmp = `${file}.part`;
    const stream = fs.createWriteStream(tmp);
    for (const g of new CorpusGenerator({ seed: 'scale', posts, now: NOW, days: DAYS }).posts()) {
      if (!stream.write(`${JSON.stringify(g.post)}\n`)) await new Promise<void>((r) => stream.once('drain', () => r()));
    }
    await new Promise<void>((r) => stream.end(() => r()));
    fs.renameSync(tmp, file);
    fs.writeFileSync(corpusMeta(dir), meta);
    out.generateMs = performance.now() - t0;
  }
  out.fileMb = fs.statSync(file).size / 2 ** 20;
  const base = PG ? path.join(dir, 'base-pg') : baseDir(dir);
  if (!fs.existsSync(path.join(base, 'done'))) {
    fs.rmSync(base, { recursive: true, force: true });
    fs.mkdirSync(base, { recursive: true });
    let storage: Storage;
    if (PG) {
      await pgAdmin(`DROP DATABASE IF EXISTS ${pgBaseName(posts)} WITH (FORCE)`);
      await pgAdmin(`CREATE DATABASE ${pgBaseName(posts)}`);
      storage = openPostgres(pgUrl(pgBaseName(posts)));
    } else {
      storage = openSqlite(path.join(base, 'narrascope.sqlite'));
    }
    await migrateAll(storage, serverPlugins);
    const org = await ensureOrganization(storage, ORG);
    const t0 = performance.now();
    const report = await importPosts({ storage, organizationId: org, input: fs.createReadStream(file, { highWaterMark: 1 << 20 }), format: 'jsonl' });
    out.importMs = performance.now() - t0;
    out.inserted = report.inserted;
    await storage.close();
    fs.writeFileSync(path.join(base, 'done'), JSON.stringify({ inserted: report.inserted, importMs: out.importMs }));
  }
  if (!PG) out.dbMb = fs.statSync(path.join(base, 'narrascope.sqlite')).size / 2 ** 20;
  return out;
}

/**
 * English posts only (a conversation has one language; the demo corpus is 80 % English): the words that, greedily,
 * cover the English posts of a 20k sample but for 0.5 % (posts of a single link or hashtag, replies of one word).
 */
const QUERY = 'the OR a OR in OR is OR www OR for OR on OR with OR just OR its OR this OR my OR more OR why OR real OR will OR to OR of OR it';

/** Resets VmHWM to the current RSS (Linux 4.0+), so each stage's peak is its own. */
const resetPeak = () => fs.writeFileSync('/proc/self/clear_refs', '5');

interface Mark { stage: string; wall: number; cpu: number; hwmMb: number; anonMb: number; rssMb: number; load: number }

/** Child: the whole server on a copy of the corpus database; one conversation run by the pipeline's worker. */
async function pipeline(posts: number, dir: string, runDir: string): Promise<Record<string, unknown>> {
  fs.rmSync(runDir, { recursive: true, force: true });
  fs.mkdirSync(runDir, { recursive: true });
  const c0 = performance.now();
  if (PG) {
    // A copy of the imported database: PostgreSQL's template copy.
    await pgAdmin(`DROP DATABASE IF EXISTS ${PG_RUN} WITH (FORCE)`);
    await pgAdmin(`CREATE DATABASE ${PG_RUN} TEMPLATE ${pgBaseName(posts)}`);
  } else {
    fs.copyFileSync(path.join(baseDir(dir), 'narrascope.sqlite'), path.join(runDir, 'narrascope.sqlite'));
  }
  const copyMs = performance.now() - c0;
  const t = await startTestServer({ plugins: serverPlugins, dataDir: runDir, pipeline: { pollMs: 200 }, env: PG ? { DATABASE_URL: pgUrl(PG_RUN) } : {} });
  const sampler = memorySampler();
  await new Promise((r) => setTimeout(r, 100));
  const marks: Mark[] = [];
  const mark = (stage: string) => {
    marks.push({ stage, wall: performance.now(), cpu: cpuMs(), hwmMb: status().VmHWM!, ...sampler.take(), load: os.loadavg()[0]! });
    resetPeak();
    // As it goes, so that a run stopped half-way still tells how far it got: the previous stage's figures end here.
    fs.appendFileSync(path.join(dir, 'marks.jsonl'), `${JSON.stringify({ at: new Date().toISOString(), ...marks.at(-1) })}\n`);
  };
  const pipe = t.server.ctx.services.get(pipelineKey);
  let runId = '';
  pipe.onRunChange(async (_db, run, change) => {
    if (run.id !== runId && runId) return;
    if (change === 'stage') mark(run.currentStage ?? '?');
    else if (change === 'finished') mark('(end)');
  });
  const organizationId = await ensureOrganization(t.storage, ORG);
  const email = 'scale@bench.test';
  const password = 'correct-horse-battery';
  await addUser(t.storage, { email, password, organizationId, roles: ['Analyst'], permissions: [...PERMISSIONS], groups: ['Admin'] });
  const client = new ApiClient(t.url);
  await client.login(email, password);
  const project = (await client.post('/api/v2/project', { name: 'Scale' })).body.data as { id: string };
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  sampler.take();
  resetPeak();
  const started = performance.now();
  const created = await client.post('/api/v2/conversations', {
    project_id: project.id, name: 'Everything', query_string: QUERY, threat_feed: false, language: 'en',
    start_date: day(NOW - (DAYS + 1) * 86_400_000), end_date: day(NOW + 86_400_000),
  });
  if (created.status !== 200) throw new Error(`create conversation: ${created.status} ${created.text}`);
  const conversationId = (created.body.data as { id: string }).id;
  const db = t.storage.db as unknown as import('kysely').Kysely<any>;
  for (;;) {
    const row = await db.selectFrom('core_pipeline_runs').selectAll().where('conversation_id', '=', conversationId).executeTakeFirst();
    if (row && !runId) runId = row.id;
    if (row && ['SUCCESS', 'FAILED', 'CANCELLED'].includes(row.status)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const totalMs = performance.now() - started;
  const run = await db.selectFrom('core_pipeline_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
  const stageRuns = await db.selectFrom('core_pipeline_stage_runs').selectAll().where('run_id', '=', runId).orderBy('started_at').execute();
  await sampler.stop();
  await t.close();
  const stages = marks.slice(0, -1).map((m, i) => {
    const next = marks[i + 1]!;
    const row = stageRuns.find((r) => r.stage_id === m.stage);
    return { stage: m.stage, status: row?.status ?? '?', wallMs: next.wall - m.wall, cpuMs: next.cpu - m.cpu, hwmMb: next.hwmMb, anonMb: next.anonMb, rssMb: next.rssMb, load: m.load };
  });
  // Stored rows are hashed on SQLite; on PostgreSQL the run's database is dropped unless --keep.
  const rows = PG ? {} : storedRows(path.join(runDir, 'narrascope.sqlite'), runId);
  if (PG && !values.keep) await pgAdmin(`DROP DATABASE IF EXISTS ${PG_RUN} WITH (FORCE)`);
  return { runId, status: run.status, error: run.error, copyMs, totalMs, stages, rows };
}

function run(kind: string, ...args: string[]): Record<string, any> {
  const r = spawnSync('nice', ['-n', '5', process.execPath, '--import', 'tsx', import.meta.filename, '--child', kind, ...args], {
    encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${kind} ${args.join(' ')} failed (exit ${r.status})`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

async function main(): Promise<void> {
  const posts = Number(values.posts);
  const dir = values.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-scale-'));
  fs.mkdirSync(dir, { recursive: true });
  process.stdout.write(`Scale benchmark: ${posts.toLocaleString('en')} posts over ${DAYS} days in ${dir}, ${os.cpus().length} cores, load ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}\n`);
  const days = ['--days', String(DAYS)];
  const c = run('corpus', '--posts', String(posts), ...days, '--dir', dir, ...(PG ? ['--pg', PG] : []));
  process.stdout.write(`corpus: ${JSON.stringify(c)}\n`);
  const runDir = path.join(dir, 'run');
  const pgArgs = PG ? ['--pg', PG] : [];
  const p = run('pipeline', '--posts', String(posts), ...days, '--dir', dir, ...pgArgs, ...(values.keep ? ['--keep'] : []));
  fs.writeFileSync(path.join(dir, `result-${Date.now()}.json`), JSON.stringify(p, null, 1));
  if (!values.keep) {
    fs.rmSync(runDir, { recursive: true, force: true });
    if (PG) await pgAdmin(`DROP DATABASE IF EXISTS ${pgBaseName(posts)} WITH (FORCE)`);
    if (PG) fs.rmSync(path.join(dir, 'base-pg'), { recursive: true, force: true });
    if (!values.dir) fs.rmSync(dir, { recursive: true, force: true });
  }
  const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const mb = (v: number) => `${Math.round(v)} MB`;
  process.stdout.write(`run ${p.status}${p.error ? `: ${p.error}` : ''} in ${secs(p.totalMs)} (database copied in ${secs(p.copyMs)})\n`);
  printTable(`Scale: ${posts.toLocaleString('en')} posts over ${DAYS} days, one conversation (query matching the English posts), stage by stage`, (p.stages as any[]).map((s) => ({
    stage: s.stage, status: s.status, wall: secs(s.wallMs), CPU: secs(s.cpuMs), 'peak RSS (VmHWM)': mb(s.hwmMb), 'peak anonymous': mb(s.anonMb), load: s.load.toFixed(2),
  })));
  printTable('Rows stored for the run (hash: order-independent, timestamps and UUIDs left out)', Object.entries(p.rows as Record<string, { rows: number; hash: string }>).map(([table, r]) => ({ table, rows: r.rows, hash: r.hash })));
}

if (values.child === 'corpus') process.stdout.write(`${JSON.stringify(await corpus(Number(values.posts), values.dir!))}\n`);
else if (values.child === 'pipeline') process.stdout.write(`${JSON.stringify(await pipeline(Number(values.posts), values.dir!, path.join(values.dir!, 'run')))}\n`);
else await main();
