import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrateAll } from '@core/server/server';
import { ensureOrganization } from '@core/server/seed';
import { openPostgres, openSqlite, type Storage } from '@core/server/storage/database';
import { compileMatcher, parseQuery, type QueryNode } from '@core/shared/query';
import postsServer from '../plugins/posts/server';
import { linkMatching } from '../plugins/posts/server/collect/localArchive';
import { CorpusGenerator } from '../plugins/posts/server/demo/generator';
import { importPosts, readRecords } from '../plugins/posts/server/import/importer';
import { matchableText, normalizePost } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import { bulkInsertQuery, rowsPerStatement, unnestInsertQuery, type BulkColumn, type Cell } from '@core/server/postStore/sql';
import { copyField } from '@core/server/postStore/pgCopy';
import { median, printTable } from './lib';

/**
 * Data benchmarks of issue #5: demo-corpus generator speed, import throughput (native JSONL, streamed from a file)
 * on SQLite and PostgreSQL, and the local-archive collector answering typical queries over the imported corpus.
 *
 *   npm run bench -- data                      100k posts, 3 runs (1 run of the PostgreSQL import)
 *   npm run bench -- data --posts 1000000      the full run
 *   npm run bench -- data --engines postgres   one engine only (sqlite, postgres; default both)
 *
 * References measured in the same run: a bare insert loop of the same rows (issue 19: each post's posts_posts row in
 * the importer's multi-row statements, no actors, side tables or full-text index; the file is read, parsed and
 * normalised outside the timing, and that time is a row of its own), the same writes with one transaction per post
 * (naive import, on a 3k sample) and a JavaScript scan of every stored body with the exact matcher (naive collect).
 * On PostgreSQL a second bare loop copies the same rows with `COPY ... FROM STDIN` (what the import's writer uses since
 * ADR 0020): the fastest way in for these rows, without the import's actors, side tables and `to_tsvector`.
 */
const { values } = parseArgs({
  options: { posts: { type: 'string', default: '100000' }, runs: { type: 'string' }, pg: { type: 'string' }, engines: { type: 'string', default: 'sqlite,postgres' } },
  allowPositionals: true,
});
const N = Number(values.posts);
const RUNS = Number(values.runs ?? (N >= 500_000 ? 1 : 3));
const PG_URL = values.pg ?? process.env.NARRASCOPE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NOW = Date.UTC(2025, 5, 1);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-data-bench-'));
const rows: Record<string, string | number>[] = [];

/** Runs `fn`, sampling RSS every 25 ms: answers seconds and peak RSS (MB). */
async function measure<T>(fn: () => Promise<T>): Promise<{ seconds: number; peakMb: number; value: T }> {
  global.gc?.();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 25);
  const started = performance.now();
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { seconds: (performance.now() - started) / 1000, peakMb: peak / 1e6, value };
  } finally {
    clearInterval(timer);
  }
}

function row(step: string, size: string, times: number[], units: number, unit: string, peakMb: number, ratio = '') {
  const m = median(times);
  rows.push({ step, size, runs: times.length, median: `${m.toFixed(2)} s`, throughput: `${Math.round(units / m).toLocaleString('en')} ${unit}/s`, 'peak RSS': peakMb ? `${Math.round(peakMb)} MB` : '-', 'vs reference': ratio });
}

async function pgAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function freshStorage(dialect: 'sqlite' | 'postgres'): Promise<{ storage: Storage; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const file = path.join(work, `bench-${crypto.randomBytes(4).toString('hex')}.sqlite`);
    const storage = openSqlite(file);
    await migrateAll(storage, [postsServer]);
    return { storage, drop: async () => { for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true }); } };
  }
  const name = `narrascope_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try { await c.query(text); } finally { await c.end(); }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const storage = openPostgres(url.toString());
  await migrateAll(storage, [postsServer]);
  return { storage, drop: () => admin(`DROP DATABASE IF EXISTS ${name}`) };
}

const BARE_COLUMNS = ['organization_id', 'platform', 'rid', 'subject', 'title', 'body', 'published_at', 'language', 'source_url', 'avatar_url',
  'accounts_url', 'urls', 'images', 'domains', 'entities', 'is_repost', 'is_reply', 'is_quote', 'repost_of', 'quote_of', 'reply_to', 'is_niche',
  'additional_properties', 'source', 'created_at'] as const;

/**
 * The reference of issue 19: the file's posts as posts_posts rows (no actors, side tables or full-text index), in the
 * importer's statement shapes before round 6 (multi-row VALUES of 500 rows prepared once on SQLite, one `unnest`
 * statement per batch on PostgreSQL; SQLite's single-row statements and PostgreSQL's COPY, their shapes since, are
 * references of their own) inside transactions of 5,000 rows (the importer's batch), on a fresh database. The inserts
 * are timed apart from reading, parsing and normalising the file, whose time is answered too (`parseSeconds`).
 */
async function bareInsertLoop(dialect: 'sqlite' | 'postgres', file: string, method: 'insert' | 'copy' | 'single' = 'insert'): Promise<{ seconds: number; parseSeconds: number; rows: number }> {
  const fresh = await freshStorage(dialect);
  const org = await ensureOrganization(fresh.storage, 'Bench');
  const now = new Date().toISOString();
  const columns: BulkColumn[] = BARE_COLUMNS.map((name) => ({ name, type: /^is_/.test(name) ? 'integer' : 'text' }));
  let insertChunk: (rows: Cell[][]) => Promise<void>;
  let close: () => Promise<void>;
  if (dialect === 'sqlite') {
    const raw = new Database(fresh.storage.sqliteFile!);
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    const size = rowsPerStatement(columns.length);
    const statements = new Map<number, Database.Statement>();
    const prepared = (rows: Cell[][]) => {
      if (!statements.has(rows.length)) statements.set(rows.length, raw.prepare(bulkInsertQuery('sqlite', 'posts_posts', columns, rows).sql));
      return statements.get(rows.length)!;
    };
    // 'single': one prepared single-row INSERT a row, the importer's statement shape since round 6 (ADR 0019).
    const one = raw.prepare(bulkInsertQuery('sqlite', 'posts_posts', columns, [[]]).sql);
    const many = raw.transaction((rows: Cell[][]) => {
      if (method === 'single') {
        for (const r of rows) one.run(r);
        return;
      }
      for (let i = 0; i < rows.length; i += size) {
        const part = rows.slice(i, i + size);
        prepared(part).run(part.flat());
      }
    });
    insertChunk = async (rows) => { many(rows); };
    close = async () => { raw.close(); };
  } else {
    const url = new URL(PG_URL);
    url.pathname = new URL(`postgres://x/${fresh.storage.describe.split('/').pop()}`).pathname;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    insertChunk = method === 'copy'
      ? async (rows) => {
        await client.query('BEGIN');
        const stream = client.query(copyFrom(`COPY posts_posts (${BARE_COLUMNS.join(', ')}) FROM STDIN`));
        for (let i = 0; i < rows.length; i += 1000) {
          const text = rows.slice(i, i + 1000).map((r) => `${r.map((cell, c) => copyField(cell, BARE_COLUMNS[c]!)).join('\t')}\n`).join('');
          if (!stream.write(text)) await new Promise<void>((resolve) => { stream.once('drain', () => resolve()); });
        }
        await new Promise<void>((resolve, reject) => { stream.on('error', reject); stream.end(() => resolve()); });
        await client.query('COMMIT');
      }
      : async (rows) => {
        const query = unnestInsertQuery('posts_posts', columns, rows);
        await client.query('BEGIN');
        await client.query(query.sql, query.parameters as unknown[]);
        await client.query('COMMIT');
      };
    close = () => client.end();
  }
  let seconds = 0;
  let count = 0;
  let chunk: Cell[][] = [];
  const flush = async () => {
    const started = performance.now();
    await insertChunk(chunk);
    seconds += (performance.now() - started) / 1000;
    count += chunk.length;
    chunk = [];
  };
  const started = performance.now();
  for await (const item of readRecords(fs.createReadStream(file, { highWaterMark: 1 << 20 }), 'jsonl')) {
    if (!item.mapped.ok) continue;
    const p = normalizePost(item.mapped.post);
    chunk.push([org, p.platform, p.rid, p.subject, p.title, p.body, p.published_at, p.language, p.source_url, p.avatar_url, p.accounts_url,
      JSON.stringify(p.urls.map((u) => u.url)), JSON.stringify(p.images), JSON.stringify(p.domains), p.entities, p.repost_of ? 1 : 0,
      p.reply_to ? 1 : 0, p.quote_of ? 1 : 0, p.repost_of, p.quote_of, p.reply_to, p.is_niche ? 1 : 0, JSON.stringify(p.additional_properties),
      'bench', now]);
    if (chunk.length === 5000) await flush();
  }
  if (chunk.length) await flush();
  const parseSeconds = (performance.now() - started) / 1000 - seconds;
  await close();
  await fresh.storage.close();
  await fresh.drop();
  return { seconds, parseSeconds, rows: count };
}

const QUERIES = ['tariffs OR tariff OR aranceles', '"election" AND (fraud OR stolen OR rigged)', 'vaccine NOT measles', '#boycott OR boycott', 'union AND strike'];
const parsed = (text: string) => (parseQuery(text) as { ok: true; ast: QueryNode }).ast;

async function main() {
  process.stdout.write(`Data benchmarks: ${N.toLocaleString('en')} posts, ${RUNS} run(s), ${os.cpus().length} cores, node ${process.version}\n`);

  // 1. Generator speed (no storage), and the JSONL file the imports read.
  const genTimes: number[] = [];
  let genPeak = 0;
  for (let r = 0; r < RUNS; r += 1) {
    const m = await measure(async () => { let n = 0; for (const _ of new CorpusGenerator({ seed: 'bench', posts: N, now: NOW }).posts()) n += 1; return n; });
    genTimes.push(m.seconds);
    genPeak = Math.max(genPeak, m.peakMb);
  }
  row('generate demo corpus', N.toLocaleString('en'), genTimes, N, 'posts', genPeak);
  const file = path.join(work, 'corpus.jsonl');
  const out = fs.createWriteStream(file);
  for (const g of new CorpusGenerator({ seed: 'bench', posts: N, now: NOW }).posts()) {
    if (!out.write(`${JSON.stringify(g.post)}\n`)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(() => r()));
  const bytes = fs.statSync(file).size;
  process.stdout.write(`corpus.jsonl: ${(bytes / 1e6).toFixed(0)} MB\n`);

  const engines = new Set(values.engines.split(','));
  const dialects: ('sqlite' | 'postgres')[] = engines.has('sqlite') ? ['sqlite'] : [];
  if (engines.has('postgres')) {
    if (await pgAvailable()) dialects.push('postgres');
    else process.stdout.write(`PostgreSQL not reachable at ${PG_URL}: its rows are skipped\n`);
  }

  for (const dialect of dialects) {
    // 2. Reference: the same writes, one post per transaction (what a straightforward importer does), on a sample.
    const sample = 3000;
    const naive = await freshStorage(dialect);
    const naiveOrg = await ensureOrganization(naive.storage, 'Bench');
    const sampleRows: ReturnType<typeof normalizePost>[] = [];
    for (const g of new CorpusGenerator({ seed: 'bench-naive', posts: 5000, now: NOW }).posts()) if (sampleRows.length < sample) sampleRows.push(normalizePost(g.post));
    const naiveWriter = new PostWriter(naive.storage, naiveOrg, 'bench');
    const naiveRun = await measure(async () => { for (const p of sampleRows) await naiveWriter.write([p]); });
    await naive.storage.close();
    await naive.drop();
    const naiveRate = sample / naiveRun.seconds;

    // 3. Import throughput: stream the file into a fresh database.
    const importTimes: number[] = [];
    let importPeak = 0;
    let kept: { storage: Storage; drop: () => Promise<void>; org: string } | null = null;
    const importRuns = dialect === 'postgres' && N >= 500_000 ? 1 : RUNS;
    for (let r = 0; r < importRuns; r += 1) {
      const fresh = await freshStorage(dialect);
      const org = await ensureOrganization(fresh.storage, 'Bench');
      const m = await measure(() => importPosts({ storage: fresh.storage, organizationId: org, input: fs.createReadStream(file, { highWaterMark: 1 << 20 }), format: 'jsonl' }));
      if (m.value.inserted !== N) throw new Error(`imported ${m.value.inserted} of ${N}`);
      importTimes.push(m.seconds);
      importPeak = Math.max(importPeak, m.peakMb);
      if (r === importRuns - 1) kept = { ...fresh, org };
      else { await fresh.storage.close(); await fresh.drop(); }
    }
    const importRate = N / median(importTimes);
    const bare = await bareInsertLoop(dialect, file);
    if (bare.rows !== N) throw new Error(`the bare loop inserted ${bare.rows} of ${N}`);
    const bareRate = N / bare.seconds;
    row(`import JSONL (${dialect})`, `${N.toLocaleString('en')} (${(bytes / 1e6).toFixed(0)} MB)`, importTimes, N, 'posts', importPeak,
      `${(importRate / bareRate).toFixed(2)}x bare insert loop; ${(importRate / naiveRate).toFixed(1)}x one transaction per post (${Math.round(naiveRate)} posts/s)`);
    row(`reference: bare insert loop (${dialect})`, N.toLocaleString('en'), [bare.seconds], N, 'rows', 0,
      dialect === 'sqlite' ? 'posts_posts only, prepared 500-row INSERTs' : 'posts_posts only, one unnest INSERT per 5,000 rows');
    if (dialect === 'sqlite') {
      const single = await bareInsertLoop(dialect, file, 'single');
      if (single.rows !== N) throw new Error(`the bare single-row loop inserted ${single.rows} of ${N}`);
      row('reference: bare single-row insert loop (sqlite)', N.toLocaleString('en'), [single.seconds], N, 'rows', 0,
        `posts_posts only, one prepared single-row INSERT a row; the import is ${(importRate / (N / single.seconds)).toFixed(2)}x this`);
    }
    if (dialect === 'postgres') {
      const copied = await bareInsertLoop(dialect, file, 'copy');
      if (copied.rows !== N) throw new Error(`the bare COPY loop copied ${copied.rows} of ${N}`);
      row('reference: bare COPY loop (postgres)', N.toLocaleString('en'), [copied.seconds], N, 'rows', 0,
        `posts_posts only, one COPY per 5,000 rows; the import is ${(importRate / (N / copied.seconds)).toFixed(2)}x this`);
    }
    row('read, parse and normalise only', N.toLocaleString('en'), [bare.parseSeconds], N, 'posts', 0, 'the importing thread\'s share without threads');

    // 4. Local-archive collect: each typical query, linked to a new run.
    const { storage, org } = kept!;
    const db = storage.db as never as import('kysely').Kysely<any>;
    const naiveScan = await measure(async () => {
      const matchers = QUERIES.map((q) => compileMatcher(parsed(q)));
      const counts = QUERIES.map(() => 0);
      let lastId = 0;
      for (;;) {
        const chunk = await db.selectFrom('posts_posts').select(['id', 'title', 'subject', 'body']).where('organization_id', '=', org).where('id', '>', lastId).orderBy('id').limit(20_000).execute();
        if (!chunk.length) break;
        for (const r of chunk) matchers.forEach((m, i) => { if (m(matchableText(r))) counts[i]! += 1; });
        lastId = Number(chunk.at(-1)!.id);
      }
      return counts;
    });
    for (const [i, q] of QUERIES.entries()) {
      const times: number[] = [];
      let peak = 0;
      let linked = 0;
      for (let r = 0; r < RUNS; r += 1) {
        const m = await measure(() => linkMatching(storage, {
          organizationId: org, query: parsed(q), startDate: new Date(NOW - 30 * 86_400_000).toISOString(), endDate: new Date(NOW).toISOString(),
          runId: crypto.randomUUID(),
        }));
        times.push(m.seconds);
        peak = Math.max(peak, m.peakMb);
        linked = m.value.linked;
      }
      if (linked !== naiveScan.value[i]) throw new Error(`collect '${q}' linked ${linked}, the full scan found ${naiveScan.value[i]}`);
      row(`collect (${dialect}) ${q}`, `${N.toLocaleString('en')} → ${linked.toLocaleString('en')}`, times, N, 'posts searched', peak,
        `${(naiveScan.seconds / QUERIES.length / median(times)).toFixed(1)}x JS full scan`);
    }
    await storage.close();
    await kept!.drop();
  }
  printTable(`Data: ${N.toLocaleString('en')} posts, load average ${os.loadavg()[0]!.toFixed(1)} (${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length})`, rows);
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
