import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createPostFacetRegistry } from '@core/server/facets/registry';
import { migrateAll } from '@core/server/server';
import { ensureOrganization } from '@core/server/seed';
import { openPostgres, openSqlite, type Storage } from '@core/server/storage/database';
import { decodeFilters, filterDimensions, matchesFilters, type Filters } from '@core/shared/filters';
import { ENRICHMENT_DIMENSIONS } from '@plugins/enrichment/shared/public';
import postsServer from '../plugins/posts/server';
import { seedDemoCorpus } from '../plugins/posts/server/demo/seed';
import { csvLine, EXPORT_BATCH_SIZE, exportChunks, exportStream } from '../plugins/posts/server/explorer/exportStream';
import { ensureRunFacts } from '../plugins/posts/server/explorer/facts';
import { chartData } from '../plugins/posts/server/explorer/chartData';
import { filterCounts } from '../plugins/posts/server/explorer/filterCounts';
import { pageIds, rowBatches, totalOf } from '../plugins/posts/server/explorer/page';
import { runIndexOf } from '../plugins/posts/server/explorer/runIndex';
import type { PostSetQuery } from '../plugins/posts/server/explorer/postSet';
import { rowsFor } from '../plugins/posts/server/explorer/rows';
import { median, percentile, printTable } from './lib';

/**
 * Posts explorer benchmarks (issue #6): raw_data pages, filter_counts and the CSV export over a conversation run
 * that links a fifth of an organisation's demo posts, with a sentiment/threat facet provider registered like an
 * analysis plugin's. Figures are the same functions the routes call (no HTTP).
 *
 *   npm run bench -- explorer                                  200k demo posts (a 40k-post conversation), SQLite
 *   npm run bench -- explorer --posts 1000000                  the issue's size (a 200k-post conversation)
 *   npm run bench -- explorer --dialect postgres [--pg URL]
 *   ... --exports 3 --export-only                             the CSV export alone, 3 times (median; less noise)
 *
 * Reference (same run): a naive page — every run post loaded, filtered with matchesFilters, sorted in JavaScript.
 */
const { values } = parseArgs({
  options: { posts: { type: 'string', default: '200000' }, dialect: { type: 'string', default: 'sqlite' }, pg: { type: 'string' }, samples: { type: 'string', default: '40' }, keep: { type: 'boolean', default: false },
    exports: { type: 'string', default: '1' }, 'export-only': { type: 'boolean', default: false } },
  allowPositionals: true,
});
const N = Number(values.posts);
const SAMPLES = Number(values.samples);
const PG_URL = values.pg ?? process.env.NARRASCOPE_BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-explorer-bench-'));
const rows: Record<string, string | number>[] = [];

async function freshStorage(): Promise<{ storage: Storage; drop: () => Promise<void> }> {
  if (values.dialect !== 'postgres') {
    const file = path.join(work, 'explorer.sqlite');
    const storage = openSqlite(file);
    await migrateAll(storage, [postsServer]);
    return { storage, drop: async () => undefined };
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
  return { storage, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function timed(runs: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  await fn(0); // warm-up: statement cache, page cache
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  return times;
}

function row(step: string, size: string, times: number[], target: string, note = '') {
  rows.push({ step, size, runs: times.length, median: `${median(times).toFixed(1)} ms`, p95: `${percentile(times, 95).toFixed(1)} ms`, target, note });
}

const filtersOf = (query: string): Filters => decodeFilters(query);

async function main() {
  const { storage, drop } = await freshStorage();
  const db = storage.db as unknown as Kysely<any>;
  process.stdout.write(`Explorer benchmarks: ${N.toLocaleString('en')} posts (${storage.dialect}), ${os.cpus().length} cores, node ${process.version}\n`);
  const org = await ensureOrganization(storage, 'Bench');
  const seeded = await seedDemoCorpus(storage, org, { posts: N, now: Date.UTC(2025, 5, 1), dataDir: work });
  process.stdout.write(`seeded ${seeded.posts.toLocaleString('en')} posts in ${seeded.seconds.toFixed(1)} s\n`);

  // A conversation whose latest successful run linked every fifth post; a facet table as an NLP plugin would keep.
  const runId = crypto.randomUUID();
  const now = new Date().toISOString();
  await db.insertInto('core_pipeline_runs').values({
    id: runId, organization_id: org, conversation_id: 'bench-conversation', run_type: 'STATIC_RUN', status: 'SUCCESS', request: '{}',
    dag_step: 5, current_stage: null, enrichment_stage: null, progress: 1, message: null, error: null, collector_usage: '[]', attempts: 1,
    cancel_requested: 0, requested_by: null, worker_id: null, heartbeat_at: null, created_at: now, started_at: now, finished_at: now, updated_at: now,
  }).execute();
  await sql`insert into posts_run_posts (run_id, post_id) select ${runId}, id from posts_posts where organization_id = ${org} and id % 5 = 0`.execute(db);
  await sql`create table bench_facets (post_id integer primary key, sentiment text, threat real)`.execute(db);
  await sql`insert into bench_facets (post_id, sentiment, threat) select id, case id % 3 when 0 then 'POSITIVE' when 1 then 'NEGATIVE' else 'NEUTRAL' end,
    (id % 97) / 97.0 from posts_posts where organization_id = ${org}`.execute(db);
  await sql`create index bench_facets_sentiment on bench_facets (sentiment, post_id)`.execute(db);
  if (storage.dialect === 'postgres') await sql`analyze`.execute(db);
  else await sql`analyze`.execute(db);
  const conversationSize = Number((await sql<{ n: number }>`select count(*) as n from posts_run_posts where run_id = ${runId}`.execute(db)).rows[0]!.n);
  const size = `${N.toLocaleString('en')} / ${conversationSize.toLocaleString('en')}`;

  // As a server does: the dimensions the bench's facets answer are declared (by enrichment) first.
  filterDimensions.register(ENRICHMENT_DIMENSIONS);
  const registry = createPostFacetRegistry();
  registry.register({
    owner: 'bench',
    // The bench's facet table never changes after seeding: one revision, so the explorer keeps the run index.
    revision: async () => 'seeded',
    facets: {
      sentiments: () => sql`select post_id, sentiment as value from bench_facets`,
      contains_threatening_language: () => sql`select post_id, 'true' as value from bench_facets where threat >= 0.9`,
    },
    sortKeys: { threats_of_violence: (id) => sql`(select b.threat from bench_facets b where b.post_id = ${id})` },
    async fields(ids) {
      const found = (await sql<{ post_id: number; sentiment: string; threat: number }>`select post_id, sentiment, threat from bench_facets
        where post_id in (${sql.join([...ids])})`.execute(db)).rows;
      return new Map(found.map((r) => [Number(r.post_id), { sentiment: r.sentiment, threats_of_violence: Number(r.threat) }]));
    },
  });
  const scope = { organizationId: org, conversationId: 'bench-conversation', runId };
  // First view of a run: its narrow facts are copied once (explorer/facts.ts).
  const fillStarted = performance.now();
  await ensureRunFacts(storage, scope);
  const fillMs = performance.now() - fillStarted;
  const query = (filters: string, search: string | null = null): PostSetQuery => ({ scope, filters: filtersOf(filters), search, coordinationOnly: false });

  rows.push({ step: 'first view of the run: copy its facts (once per run)', size, runs: 1, median: `${fillMs.toFixed(0)} ms`, p95: '', target: '', note: '' });
  global.gc?.();
  const heapOf = () => { const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
  const heapBefore = heapOf();
  const indexStarted = performance.now();
  const index = await runIndexOf(storage, registry, scope);
  const indexMs = performance.now() - indexStarted;
  global.gc?.();
  rows.push({
    step: 'first view: load the run index (once per run and revision)', size, runs: 1, median: `${indexMs.toFixed(0)} ms`, p95: '', target: '',
    note: `${index?.size.toLocaleString('en')} posts, heap +${Math.round((heapOf() - heapBefore) / 1e6)} MB${global.gc ? '' : ' (run with --expose-gc for an exact figure)'}`,
  });
  const sortStarted = performance.now();
  await pageIds(storage, registry, query(''), { limit: 20, offset: 0, orderBy: [{ column: 'threats_of_violence', direction: 'asc' }] });
  rows.push({ step: 'first sort by threats_of_violence:asc (once per run, key, direction)', size, runs: 1, median: `${(performance.now() - sortStarted).toFixed(0)} ms`, p95: '', target: '', note: '' });

  async function pagesAndCounts() {
    // raw_data: one page of 20 at offsets within the first ten pages, as the table asks (page ids + total + rows).
    const page = async (q: PostSetQuery, i: number, orderBy: Array<{ column: string; direction: 'asc' | 'desc' }> = [{ column: 'published_at', direction: 'desc' }]) => {
      const [ids] = await Promise.all([pageIds(storage, registry, q, { limit: 20, offset: (i % 10) * 20, orderBy }), totalOf(storage, registry, q)]);
      return rowsFor(storage, registry, scope, ids);
    };
    for (const [label, filters] of [
      ['no filters', ''], ['platforms=twitter:true', 'platforms=twitter:true'], ['is_reply=false&platforms=reddit:false', 'is_reply=false&platforms=reddit:false'],
      ['sentiments=NEGATIVE:false (facet)', 'sentiments=NEGATIVE:false'], ['start_range (last 7 days)', 'start_range=2025-05-25T00:00:00Z'],
    ] as const) {
      row(`raw_data page: ${label}`, size, await timed(SAMPLES, (i) => page(query(filters), i)), 'p95 <= 50 ms');
    }
    row('raw_data page: order_by=threats_of_violence:asc', size, await timed(Math.min(SAMPLES, 10), (i) => page(query(''), i, [{ column: 'threats_of_violence', direction: 'asc' }])), 'p95 <= 50 ms', 'facet sort key');
    row('raw_data page: search=election', size, await timed(Math.min(SAMPLES, 10), (i) => page(query('', 'election'), i)), 'p95 <= 50 ms', 'full-text');

    // Reference: every run post loaded, filtered and sorted in memory.
    const naive = await timed(3, async () => {
      const all = (await sql<{ id: number; platform: string; is_reply: number; published_at: string }>`select p.id, p.platform, p.is_reply, p.published_at
        from posts_run_posts rp join posts_posts p on p.id = rp.post_id where rp.run_id = ${runId}`.execute(db)).rows;
      const f = filtersOf('platforms=twitter:true');
      const kept = all.filter((p) => matchesFilters({ platforms: p.platform, is_reply: p.is_reply === 1, published_at: p.published_at }, f));
      kept.sort((a, b) => (a.published_at < b.published_at ? 1 : a.published_at > b.published_at ? -1 : b.id - a.id));
      return rowsFor(storage, registry, scope, kept.slice(0, 20).map((p) => Number(p.id)));
    });
    row('reference: naive page (load, filter, sort in JS)', size, naive, '', 'platforms=twitter:true');

    for (const [label, filters] of [
      ['no filters', ''], ['platforms=twitter:true&is_reply=false', 'platforms=twitter:true&is_reply=false'],
      ['sentiments=NEGATIVE:false&contains_threatening_language=true', 'sentiments=NEGATIVE:false&contains_threatening_language=true'],
    ] as const) {
      row(`filter_counts: ${label}`, size, await timed(Math.min(SAMPLES, 20), () => filterCounts(storage, registry, query(filters))), 'p95 <= 150 ms');
    }
    row('reference: filter_counts by SQL (one scan per dimension)', size,
      await timed(3, () => filterCounts(storage, registry, query('sentiments=NEGATIVE:false&contains_threatening_language=true'), false)), '',
      'sentiments=NEGATIVE:false&contains_threatening_language=true');

    // chart_data: one overview chart per call (one pass over the run index); the engagement chart reads no score here
    // (the bench registers no engagement sort key), so it is the platform x level count.
    for (const [chart, filters] of [
      ['post_count_over_time', ''], ['time_buckets', 'platforms=twitter:true&is_reply=false'], ['post_domain_count', ''],
      ['platform_engagement', 'sentiments=NEGATIVE:false'],
    ] as const) {
      row(`chart_data: ${chart}${filters ? ` (${filters})` : ''}`, size,
        await timed(Math.min(SAMPLES, 20), () => chartData(storage, registry, query(filters), { chart, interval: null, topN: 5 })), 'p95 <= 150 ms');
    }
  }

  if (!values['export-only']) await pagesAndCounts();

  // Export: the whole conversation as CSV into a sink that drops the bytes; peak RSS sampled every 25 ms.
  const total = await totalOf(storage, registry, query(''));
  const exportRuns: number[] = [];
  for (let run = 0; run < Number(values.exports); run += 1) {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 25);
    let bytes = 0;
    let lines = 0;
    const started = performance.now();
    const chunks = exportChunks(storage, registry, query(''), 'csv');
    const first = await chunks.next();
    await pipeline(exportStream(first, chunks, () => undefined), new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        // indexOf, not a byte loop: the sink must not cost what it measures (a JS loop over 88 MB took ~0.5 s).
        for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines += 1;
        done();
      },
    }));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(timer);
    exportRuns.push(seconds);
    const exported = lines - 1; // minus the header; bodies with newlines are quoted and counted, so this is an upper bound
    rows.push({
      step: `export CSV (whole conversation)${Number(values.exports) > 1 ? ` #${run + 1}` : ''}`, size, runs: 1, median: `${seconds.toFixed(2)} s`, p95: '',
      target: '>= 50k rows/s, flat memory',
      note: `${Math.round(total / seconds).toLocaleString('en')} rows/s, ${(bytes / 1e6).toFixed(0)} MB, RSS +${Math.round((peak - rssBefore) / 1e6)} MB (${exported >= total ? 'all rows' : 'rows missing'})`,
    });
  }
  // Reference: the same file through raw data rows (rowBatches + csvLine), as every export was written before csvRows.ts.
  const referenceStarted = performance.now();
  let referenceBytes = 0;
  for await (const batch of rowBatches(storage, registry, query(''), EXPORT_BATCH_SIZE)) referenceBytes += batch.map(csvLine).join('').length;
  const referenceSeconds = (performance.now() - referenceStarted) / 1000;
  rows.push({
    step: 'reference: export CSV through raw data rows', size, runs: 1, median: `${referenceSeconds.toFixed(2)} s`, p95: '', target: '',
    note: `${Math.round(total / referenceSeconds).toLocaleString('en')} rows/s, ${(referenceBytes / 1e6).toFixed(0)} M chars`,
  });
  if (exportRuns.length > 1) {
    const m = median(exportRuns);
    rows.push({ step: 'export CSV: median of the runs above', size, runs: exportRuns.length, median: `${m.toFixed(2)} s`, p95: '', target: '>= 50k rows/s', note: `${Math.round(total / m).toLocaleString('en')} rows/s` });
  }

  printTable(`Explorer: ${N.toLocaleString('en')} posts, conversation of ${conversationSize.toLocaleString('en')} (${storage.dialect}, ${new Date().toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length})`, rows);
  await storage.close();
  if (values.keep) {
    process.stdout.write(`kept ${work} (run ${runId})\n`);
    return;
  }
  await drop();
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack}\n`);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
