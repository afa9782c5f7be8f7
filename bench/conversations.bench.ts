import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { mulberry32 } from '../core/shared/random';
import { ServiceRegistry } from '../core/shared/services/registry';
import { FTS5_TOKENIZE, compileMatcher, parseQuery, toFts5, toSearchText, validateQuery, type QueryNode } from '../core/shared/query';
import { createLogger } from '../core/server/logger';
import { Pipeline } from '../core/server/pipeline/runner';
import type { RunRequest, StageDefinition } from '../core/server/pipeline/stages';
import { freshDatabase } from '../core/server/pipeline/testing/database';
import { median, ms, percentile, printTable } from './lib';

/**
 * Conversation targets of issue #4: (a) validate + compile a 2 KB query in under 1 ms; (b) the matcher over
 * stored posts (FTS5 candidates + exact check) under 200 ms on SQLite, next to a plain FTS5 MATCH of the same
 * expression; (c) a run's scheduling overhead (5 empty stages, enqueue -> SUCCESS) under 50 ms.
 */
const us = (x: number) => (x < 1 ? `${(x * 1000).toFixed(0)} µs` : ms(x));

// ---------------------------------------------------------------- (a) validate + compile a 2 KB query
function twoKilobyteQuery(): string {
  const topics = [
    ['"climate change"', '#climate', '"global warming"', '@greenpeace', '"énergie renouvelable"'],
    ['"net zero"', '#netzero', 'décarbonation', '"carbon tax"', '@iea'],
    ['"fossil fuels"', '#oil', 'pipeline', '"coal plant"', 'fracking'],
    ['"sea level"', '#flood', 'inondation', '"extreme heat"', 'canicule'],
  ];
  const actions = ['protest', 'march', 'strike', '"sit-in"', '#fridaysforfuture', 'manifestación', 'grève', 'rally'];
  const noise = ['spam', '"buy now"', '#ad', '"click here"', 'giveaway'];
  const parts: string[] = [];
  let i = 0;
  for (;;) {
    const t = topics[i % topics.length]!;
    const a = actions.slice(i % 4, (i % 4) + 4);
    const part = `((${t.join(' OR ')}) AND (${a.join(' OR ')}) NOT (${noise.slice(0, 2 + (i % 3)).join(' OR ')}))`;
    const next = [...parts, part].join(' OR ');
    if (next.length > 2048) break;
    parts.push(part);
    i++;
  }
  return parts.join(' OR ');
}

function compileBench() {
  const query = twoKilobyteQuery();
  const once = () => {
    const errors = validateQuery(query);
    if (errors.length) throw new Error(`the bench query is invalid: ${errors[0]!.message}`);
    const parsed = parseQuery(query);
    if (!parsed.ok) throw new Error('the bench query did not parse');
    const fts = toFts5(parsed.ast);
    const matcher = compileMatcher(parsed.ast);
    return { fts, matcher };
  };
  for (let i = 0; i < 200; i++) once(); // warm-up
  const times: number[] = [];
  const parts = { validate: [] as number[], parse: [] as number[], fts: [] as number[], matcher: [] as number[] };
  for (let i = 0; i < 1000; i++) {
    const t0 = performance.now();
    validateQuery(query);
    const t1 = performance.now();
    const parsed = parseQuery(query) as { ok: true; ast: QueryNode };
    const t2 = performance.now();
    toFts5(parsed.ast);
    const t3 = performance.now();
    compileMatcher(parsed.ast);
    const t4 = performance.now();
    times.push(t4 - t0);
    parts.validate.push(t1 - t0); parts.parse.push(t2 - t1); parts.fts.push(t3 - t2); parts.matcher.push(t4 - t3);
  }
  const terms = (query.match(/"[^"]*"|[^\s()"]+/g) ?? []).filter((w) => !['AND', 'OR', 'NOT'].includes(w)).length;
  printTable(`(a) validateQuery + parseQuery + toFts5 + compileMatcher, ${query.length}-character query (${terms} terms/phrases), 1000 iterations after 200 warm-up (target < 1 ms)`, [
    { step: 'validateQuery', median: us(median(parts.validate)), p95: us(percentile(parts.validate, 95)) },
    { step: 'parseQuery', median: us(median(parts.parse)), p95: us(percentile(parts.parse, 95)) },
    { step: 'toFts5', median: us(median(parts.fts)), p95: us(percentile(parts.fts, 95)) },
    { step: 'compileMatcher', median: us(median(parts.matcher)), p95: us(percentile(parts.matcher, 95)) },
    { step: 'all four', median: us(median(times)), p95: us(percentile(times, 95)) },
  ]);
}

// ---------------------------------------------------------------- (b) the matcher over stored posts
const FILLER = (() => {
  const r = mulberry32(7); // seeded: every run stores the same posts, those the recorded figures were measured on
  const syll = ['ka', 'lo', 'mi', 'ter', 'on', 'sa', 'ri', 'du', 'vel', 'na', 'po', 'zen', 'ar', 'li', 'mo', 'té', 'ño', 'çu'];
  const words = new Set<string>();
  while (words.size < 5000) {
    let w = '';
    const n = 2 + Math.floor(r() * 3);
    for (let i = 0; i < n; i++) w += syll[Math.floor(r() * syll.length)];
    words.add(w);
  }
  return [...words, 'the', 'and', 'of', 'to', 'in', 'is', 'for', 'on', 'with', 'café', 'énergie', 'über', 'niño', 'change', 'climate', 'march', 'weather'];
})();
const SPECIAL: Array<[number, string]> = [
  [0.04, 'climate change'], [0.03, '#climate'], [0.02, 'Climate is changing'], [0.05, 'protest'], [0.04, 'march'],
  [0.01, 'spam'], [0.02, '#COP28'], [0.03, '@greenpeace'], [0.01, 'https://vote.org/x'], [0.02, 'manifestación'],
];

function post(r: () => number): string {
  const n = 12 + Math.floor(r() * 25);
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    // Zipf-like: lower indexes much more frequent.
    const idx = Math.floor(FILLER.length * Math.pow(r(), 2.5));
    words.push(FILLER[idx]!);
  }
  for (const [p, text] of SPECIAL) if (r() < p) words.splice(Math.floor(r() * words.length), 0, text);
  if (r() < 0.1) words.push(`#${FILLER[Math.floor(r() * 200)]!}`);
  if (r() < 0.1) words.unshift(`@${FILLER[Math.floor(r() * 500)]!}`);
  return words.join(' ');
}

function matcherBench(dir: string) {
  const db = new Database(path.join(dir, 'posts.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.exec(`create table posts (id integer primary key, body text not null);
    create virtual table post_search using fts5(search_text, tokenize = "${FTS5_TOKENIZE.replace(/"/g, '""')}");`);
  const insPost = db.prepare('insert into posts (id, body) values (?, ?)');
  const insFts = db.prepare('insert into post_search (rowid, search_text) values (?, ?)');
  const batch = db.transaction((from: number, to: number, r: () => number) => {
    for (let id = from; id < to; id++) {
      const body = post(r);
      insPost.run(id, body);
      insFts.run(id, toSearchText(body));
    }
  });
  const r = mulberry32(42);
  const wanted = process.env.BENCH_POSTS ? Number(process.env.BENCH_POSTS) : 1_000_000;
  const t0 = performance.now();
  let n = 0;
  let target = wanted;
  while (n < target) {
    const to = Math.min(target, n + 20_000);
    batch(n + 1, to + 1, r);
    n = to;
    // Decide after 100,000 rows: 1M only if the whole load is projected under ~60 s on this machine.
    if (!process.env.BENCH_POSTS && n === 100_000 && (performance.now() - t0) * 10 > 60_000) target = 200_000;
  }
  db.exec("insert into post_search(post_search) values ('optimize')");
  const loadMs = performance.now() - t0;
  const bytes = fs.statSync(path.join(dir, 'posts.sqlite')).size + (fs.existsSync(path.join(dir, 'posts.sqlite-wal')) ? fs.statSync(path.join(dir, 'posts.sqlite-wal')).size : 0);
  process.stdout.write(`\n(b) ${n.toLocaleString('en')} synthetic posts (seeded; 12-36 words from a 5,000-word vocabulary incl. accents, hashtags, mentions, URLs) ` +
    `stored and indexed in ${(loadMs / 1000).toFixed(1)} s, database ${(bytes / 1024 / 1024).toFixed(0)} MB` +
    `${!process.env.BENCH_POSTS && target !== wanted ? ' (1M projected over 60 s on this machine, so 200,000)' : ''}. ` +
    `FTS5 tokenize = ${FTS5_TOKENIZE}.\n`);

  const queries = [
    '("climate change" OR #climate) AND (protest OR march) NOT spam',
    '#climate OR @greenpeace',
    '"climate change"',
  ];
  const rows: Array<Record<string, string | number>> = [];
  const joined = db.prepare('select p.body from post_search s join posts p on p.id = s.rowid where post_search match ?').pluck();
  const count = db.prepare('select count(*) from post_search where post_search match ?').pluck();
  for (const q of queries) {
    const parsed = parseQuery(q);
    if (!parsed.ok) throw new Error(`invalid bench query ${q}`);
    const cand = toFts5(parsed.ast);
    if (cand.kind !== 'match') throw new Error(`${q} compiled to ${cand.kind}`);
    const matcher = compileMatcher(parsed.ast);
    const full: number[] = [];
    const plain: number[] = [];
    let candidates = 0;
    let matches = 0;
    let plainCount = 0;
    for (let i = 0; i < 6; i++) {
      const a = performance.now();
      const bodies = joined.all(cand.expression) as string[];
      let m = 0;
      for (const b of bodies) if (matcher(b)) m++;
      const b = performance.now();
      plainCount = count.get(cand.expression) as number;
      const c = performance.now();
      if (i === 0) continue; // warm-up
      full.push(b - a); plain.push(c - b);
      candidates = bodies.length; matches = m;
    }
    rows.push({
      query: q, 'FTS5 expression': cand.expression, exact: String(cand.exact), candidates, matches,
      'candidates + matcher (median of 5)': ms(median(full)), 'reference: plain FTS5 MATCH count(*)': ms(median(plain)),
      'plain count': plainCount,
    });
  }
  printTable(`(b) matcher over ${n.toLocaleString('en')} stored posts on SQLite (target < 200 ms): FTS5 candidates joined to posts + compileMatcher on each body, next to a plain FTS5 MATCH count of the same expression`, rows);
  db.close();
}

// ---------------------------------------------------------------- (c) scheduling overhead
function request(): RunRequest {
  return {
    conversationId: crypto.randomUUID(), organizationId: crypto.randomUUID(), queryString: 'climate',
    startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-04T00:00:00.000Z', language: 'en',
    useExistingData: false, runType: 'STATIC_RUN',
  };
}

const EMPTY_STAGES: StageDefinition[] = ([1, 2, 3, 4, 5] as const).map((step, i) => ({
  id: `bench.s${step}`, title: `Empty stage ${step}`, version: 1, dagStep: step,
  dependsOn: i ? [`bench.s${step - 1}`] : [], run: async () => undefined,
}));

async function schedulingBench(label: string): Promise<Record<string, string | number>> {
  const fresh = await freshDatabase();
  try {
    // Worker loop as in the server: enqueue wakes it at once; the run is timed until its SUCCESS notification.
    const p = new Pipeline({ storage: fresh.storage, logger: createLogger('silent'), services: new ServiceRegistry(), stages: EMPTY_STAGES, options: { worker: true } });
    const waiting = new Map<string, (status: string) => void>();
    p.onRunChange(async (_db, run, change) => {
      if (change === 'finished') waiting.get(run.id)?.(run.status);
    });
    await p.start();
    const worker: number[] = [];
    for (let i = 0; i < 22; i++) {
      const t0 = performance.now();
      const queued = await p.enqueue(request());
      // The listener for this run id is registered before the worker can finish it (it runs after this microtask).
      const done = new Promise<string>((resolve) => waiting.set(queued.id, resolve));
      const status = await done;
      if (status !== 'SUCCESS') throw new Error(`run ended ${status}`);
      if (i >= 2) worker.push(performance.now() - t0);
    }
    await p.stop();
    // Without the loop: enqueue then runNext() in the caller (claim + 5 stages + finish, no wake-up).
    const q = new Pipeline({ storage: fresh.storage, logger: createLogger('silent'), services: new ServiceRegistry(), stages: EMPTY_STAGES, options: { worker: false } });
    const direct: number[] = [];
    for (let i = 0; i < 22; i++) {
      const t0 = performance.now();
      await q.enqueue(request());
      const run = await q.runNext();
      if (run?.status !== 'SUCCESS') throw new Error(`run ended ${run?.status}`);
      if (i >= 2) direct.push(performance.now() - t0);
    }
    return {
      database: label, runs: worker.length, 'enqueue -> SUCCESS, worker loop (median)': ms(median(worker)), 'p95 (worker loop)': ms(percentile(worker, 95)),
      'enqueue + runNext() (median)': ms(median(direct)), 'p95 (runNext)': ms(percentile(direct, 95)),
    };
  } finally {
    await fresh.drop();
  }
}

async function pgAvailable(url: string): Promise<boolean> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

compileBench();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-bench-conv-'));
try {
  matcherBench(dir);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
const rows = [];
const saved = process.env.NARRASCOPE_TEST_DATABASE_URL;
delete process.env.NARRASCOPE_TEST_DATABASE_URL;
rows.push(await schedulingBench('SQLite (temp file)'));
const pgUrl = saved ?? 'postgres://postgres@127.0.0.1:5432/postgres';
if (await pgAvailable(pgUrl)) {
  process.env.NARRASCOPE_TEST_DATABASE_URL = pgUrl;
  rows.push(await schedulingBench('PostgreSQL (fresh database, dropped after)'));
}
if (saved === undefined) delete process.env.NARRASCOPE_TEST_DATABASE_URL;
else process.env.NARRASCOPE_TEST_DATABASE_URL = saved;
printTable('(c) scheduling overhead: a run of 5 empty stages (one per DAG step), 20 runs after 2 warm-up (target < 50 ms)', rows);
