import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import { detect as tinyldDetect } from 'tinyld/light';
import vader from 'vader-sentiment';
import { enrichPost } from '../plugins/enrichment/server/enrichPost';
import { detectLanguage } from '../plugins/enrichment/server/language/detectLanguage';
import { threatSet, tweetEvalSentiment, vaderTweetsSentiment } from '../plugins/enrichment/evaluation/datasets';
import { binaryScores, macroRecall } from '../plugins/enrichment/evaluation/metrics';
import { classifySentiment, labelOf, type Sentiment } from '../plugins/enrichment/server/sentiment/classifySentiment';
import { englishValence } from '../plugins/enrichment/server/sentiment/english';
import { detectThreat } from '../plugins/enrichment/server/threats/detectThreat';
import { median, printTable } from './lib';
import { freshDatabase } from '../core/server/pipeline/testing/database';
import { runMigrations } from '../core/server/storage/migrations';
import { coreMigrations } from '../core/server/storage/coreMigrations';
import { createLogger } from '../core/server/logger';
import { ServiceRegistry } from '../core/shared/services/registry';
import { migrations as postsMigrations } from '../plugins/posts/server/migrations';
import { bulkInsert } from '@core/server/postStore/sql';
import { migrations as enrichmentMigrations } from '../plugins/enrichment/server/migrations';
import { UrlExpander } from '../plugins/enrichment/server/expandUrls';
import { runNlp, DEFAULT_NLP_OPTIONS } from '../plugins/enrichment/server/stages/nlpStage';
import { runUrls } from '../plugins/enrichment/server/stages/urlsStage';

/**
 * Enrichment algorithms (issue #6 section 1): throughput of sentiment (target >= 100k posts/s per core), threats
 * (>= 200k posts/s per core), language and the whole enrichPost on the two sentiment sets replicated to 100k
 * posts, each stage in its own process so its peak memory is its own; then quality next to reference methods
 * measured in the same run: the VADER package itself and a naive keyword list (sentiment), tinyld (language),
 * a violent-keyword list (threats). `node --import tsx bench/enrichment.bench.ts`; BENCH_RUNS (default 5).
 *
 * Then the stages themselves (issue #6 target: 100k posts, all stages, URL expansion offline, <= 20 s): the posts in
 * a real database (SQLite; PostgreSQL with NARRASCOPE_TEST_DATABASE_URL) linked to one run, `enrichment.urls` with
 * an expander that is offline (every DNS lookup fails at once, as on a machine without network) and
 * `enrichment.nlp` with its worker threads, timed from the first read to the last write (BENCH_PIPELINE_RUNS,
 * default 3; the enrichment tables are emptied between runs). `--pipeline-only` runs just this part.
 */

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CLASSES: Sentiment[] = ['POSITIVE', 'NEGATIVE', 'NEUTRAL'];

const NAIVE_POSITIVE = /\b(good|great|love|happy|best|awesome|nice|thanks|amazing|excited|fun|win|beautiful|glad|lol)\b/i;
const NAIVE_NEGATIVE = /\b(bad|hate|sad|worst|angry|awful|terrible|sucks|stupid|never|no|not|kill|dead|sick)\b/i;
const NAIVE_VIOLENT = /\b(kill|murder|shoot|shot|stab|bomb|hang|lynch|behead|burn|beat|strangle|execute|bullet|die|dead)\w*/i;

function naiveSentiment(text: string): Sentiment {
  const p = NAIVE_POSITIVE.test(text);
  const n = NAIVE_NEGATIVE.test(text);
  return p && !n ? 'POSITIVE' : n && !p ? 'NEGATIVE' : 'NEUTRAL';
}

function vaderPackage(text: string): Sentiment {
  return labelOf(vader.SentimentIntensityAnalyzer.polarity_scores(text).compound);
}

function corpus(): string[] {
  const texts = [...tweetEvalSentiment(), ...vaderTweetsSentiment()].map((r) => r.text);
  return Array.from({ length: POSTS }, (_, i) => texts[i % texts.length]!);
}

type StageName = 'sentiment' | 'sentiment (vader package)' | 'sentiment (naive keywords)' | 'threats' | 'threats (naive keywords)'
  | 'language' | 'language (tinyld)' | 'enrichPost';

const STAGES: Record<StageName, (text: string) => unknown> = {
  sentiment: (t) => classifySentiment(t, 'en'),
  'sentiment (vader package)': vaderPackage,
  'sentiment (naive keywords)': naiveSentiment,
  threats: detectThreat,
  'threats (naive keywords)': (t) => NAIVE_VIOLENT.test(t),
  language: detectLanguage,
  'language (tinyld)': (t) => tinyldDetect(t),
  enrichPost: (t) => enrichPost({ platform: 'twitter', body: t }),
};
/** Reference stages run on a tenth of the posts: they are slow, and their rate is what matters. */
const SLOW = new Set<StageName>(['sentiment (vader package)', 'language (tinyld)']);

/** Child process: time one stage over the corpus RUNS times and print its figures as JSON. */
function runStage(name: StageName): void {
  const texts = corpus();
  const input = SLOW.has(name) ? texts.slice(0, Math.ceil(texts.length / 10)) : texts;
  const fn = STAGES[name];
  let sink = 0;
  for (let i = 0; i < Math.min(2000, input.length); i++) if (fn(input[i]!)) sink++; // warm-up (JIT, lexicons)
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < input.length; i++) if (fn(input[i]!)) sink++;
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - started);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  process.stdout.write(JSON.stringify({ name, size: input.length, times, cpuTimes, maxRssKb: process.resourceUsage().maxRSS, sink }));
}

function speedTable(): void {
  const rows: Array<Record<string, string | number>> = [];
  for (const name of Object.keys(STAGES) as StageName[]) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename], {
      env: { ...process.env, BENCH_STAGE: name }, encoding: 'utf8', maxBuffer: 1 << 20,
    });
    if (child.status !== 0) throw new Error(`stage ${name} failed: ${child.stderr}`);
    const r = JSON.parse(child.stdout) as { size: number; times: number[]; cpuTimes: number[]; maxRssKb: number };
    const m = median(r.times);
    const c = median(r.cpuTimes);
    rows.push({
      stage: name, posts: r.size, 'median wall time': `${m.toFixed(0)} ms`, 'median CPU time': `${c.toFixed(0)} ms`,
      'posts/s (wall)': Math.round(r.size / (m / 1000)).toLocaleString('en-US'),
      'posts per CPU-second': Math.round(r.size / (c / 1000)).toLocaleString('en-US'),
      'peak RSS': `${(r.maxRssKb / 1024).toFixed(0)} MB`,
    });
  }
  // Per core = per CPU-second of this single-threaded process; wall time also counts waiting for a busy machine.
  printTable(`Enrichment throughput (${POSTS.toLocaleString('en-US')} posts = the sentiment sets replicated; median of ${RUNS}; one process per stage; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`, rows);
}

function qualityTables(): void {
  const sets = { 'TweetEval val (2,000)': tweetEvalSentiment(), 'VADER tweets (4,200)': vaderTweetsSentiment() };
  const methods: Record<string, (t: string) => Sentiment> = {
    'Narrascope (shipped model over the lexicon reading; trained on both sets, ADR 0013)': (t) => classifySentiment(t, 'en').label,
    'Narrascope lexicon cuts before ADR 0013 (tuned on TweetEval)': (t) => labelOf(englishValence(t).compound),
    'vader-sentiment package (same cuts)': vaderPackage,
    'vader-sentiment package (its +-0.05 cuts)': (t) => { const c = vader.SentimentIntensityAnalyzer.polarity_scores(t).compound; return c >= 0.05 ? 'POSITIVE' : c <= -0.05 ? 'NEGATIVE' : 'NEUTRAL'; },
    'naive keyword list': naiveSentiment,
  };
  const rows: Array<Record<string, string | number>> = [];
  for (const [method, fn] of Object.entries(methods)) {
    const row: Record<string, string | number> = { method };
    for (const [set, data] of Object.entries(sets)) {
      const { macro, perClass } = macroRecall(data.map((d) => d.label), data.map((d) => fn(d.text)), CLASSES);
      row[`${set} macro-recall`] = macro.toFixed(3);
      row[`${set} P/N/Neu recall`] = CLASSES.map((c) => perClass[c].toFixed(2)).join(' / ');
    }
    rows.push(row);
  }
  printTable('Sentiment quality (target macro-recall >= 0.60 on each set)', rows);

  const items = threatSet();
  const threatRows: Array<Record<string, string | number>> = [];
  for (const [method, fn] of Object.entries({ 'Narrascope rules': (t: string) => detectThreat(t).threat, 'naive violent keywords': (t: string) => NAIVE_VIOLENT.test(t) })) {
    for (const split of ['dev', 'holdout', 'all'] as const) {
      const part = items.filter((i) => split === 'all' || i.split === split);
      const s = binaryScores(part.map((i) => i.threat), part.map((i) => fn(i.text)));
      threatRows.push({ method, part: split, items: part.length, threats: part.filter((i) => i.threat).length,
        precision: s.precision.toFixed(3), recall: s.recall.toFixed(3), F1: s.f1.toFixed(3), 'TP/FP/FN': `${s.tp}/${s.fp}/${s.fn}` });
    }
  }
  printTable('Threats of violence on evaluation/threats.jsonl (target F1 >= 0.85; hold-out not used for tuning)', threatRows);

  const english = [...sets['TweetEval val (2,000)'], ...sets['VADER tweets (4,200)']].map((d) => d.text);
  const langRows = [
    { method: 'Narrascope (script + function words, tinyld fallback)', fn: detectLanguage },
    { method: 'tinyld light alone', fn: (t: string) => tinyldDetect(t) || 'und' },
  ].map(({ method, fn }) => {
    const out = english.map(fn);
    const en = out.filter((l) => l === 'en').length;
    const und = out.filter((l) => l === 'und').length;
    return { method, texts: english.length, 'en': `${((100 * en) / english.length).toFixed(1)} %`, 'und': `${((100 * und) / english.length).toFixed(1)} %`,
      'wrong language': `${((100 * (english.length - en - und)) / english.length).toFixed(1)} %` };
  });
  printTable('Language on the (all-English) sentiment sets', langRows);
}

const PIPELINE_RUNS = Number(process.env.BENCH_PIPELINE_RUNS ?? 3);
/** BENCH_NLP_CHUNK / BENCH_NLP_WORKERS override the stage's defaults (to measure the memory/time trade-off). */
const NLP_OPTIONS = {
  ...DEFAULT_NLP_OPTIONS,
  ...(process.env.BENCH_NLP_CHUNK ? { maxChunk: Number(process.env.BENCH_NLP_CHUNK) } : {}),
  ...(process.env.BENCH_NLP_WORKERS ? { workers: Number(process.env.BENCH_NLP_WORKERS) } : {}),
  ...(process.env.BENCH_NLP_INLINE ? { inlineBelow: Number.POSITIVE_INFINITY } : {}),
};

/** Bench posts: the sentiment texts with links (30 %: shorteners and tracked news links) and platform statistics. */
function benchPosts(organizationId: string): Array<Array<string | number | null>> {
  const texts = corpus();
  const platforms = ['twitter', 'reddit', 'telegram', 'gab'] as const;
  const now = new Date().toISOString();
  return texts.map((text, i) => {
    const platform = platforms[i % platforms.length]!;
    const link = i % 10 === 0 ? ` https://bit.ly/b${i % 5000}` : i % 10 < 3 ? ` https://www.news${i % 300}.example.com/story/${i}?utm_source=tw` : '';
    const n = (i * 7919) % 1000;
    const props = platform === 'twitter' ? { likes: n, replies: n % 17, retweets: n % 31 }
      : platform === 'reddit' ? { score: n - 100, comments: n % 23 }
      : platform === 'telegram' ? { favorites: n % 50, comments: n % 7, shares: n % 11, views: n * 10 }
      : { favorites: n % 40, replies: n % 9, reblogs: n % 13 };
    return [organizationId, platform, `b${i}`, text + link, '2026-01-02T00:00:00.000Z', '[]', '[]', '[]', 0, 0, 0, 0, JSON.stringify(props), 'bench', now];
  });
}

async function pipelineTable(): Promise<void> {
  const fresh = await freshDatabase();
  try {
    const { storage } = fresh;
    await runMigrations(storage, [{ owner: 'core', migrations: coreMigrations }, { owner: 'posts', migrations: postsMigrations }, { owner: 'enrichment', migrations: enrichmentMigrations }]);
    const db = storage.db as unknown as Kysely<any>;
    const organizationId = 'bench-org';
    const runId = crypto.randomUUID();
    const columns = ['organization_id', 'platform', 'rid', 'body', 'published_at', 'urls', 'images', 'domains', 'is_repost', 'is_reply', 'is_quote', 'is_niche', 'additional_properties', 'source', 'created_at'];
    const ids = await bulkInsert<{ id: number }>(db, storage.dialect, 'posts_posts', columns.map((name) => ({ name, type: name.startsWith('is_') ? 'integer' as const : 'text' as const })), benchPosts(organizationId), 'RETURNING id');
    await bulkInsert(db, storage.dialect, 'posts_run_posts', [{ name: 'run_id' }, { name: 'post_id', type: 'integer' }], ids.map((r) => [runId, Number(r.id)]));
    const offline = new UrlExpander({ lookup: async () => { throw new Error('getaddrinfo ENOTFOUND (offline)'); } });
    const ctx = {
      storage, logger: createLogger('silent'), services: new ServiceRegistry(), organizationId, conversationId: 'bench', runId,
      run: { conversationId: 'bench', organizationId, queryString: 'x', startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-03T00:00:00.000Z', language: null, useExistingData: false, runType: 'STATIC_RUN' as const },
      progress: () => undefined, signal: new AbortController().signal,
    };
    const totals: number[] = [];
    const urlTimes: number[] = [];
    const nlpTimes: number[] = [];
    const cpuTimes: number[] = [];
    let rerun = 0;
    for (let r = 0; r < PIPELINE_RUNS; r++) {
      await db.deleteFrom('enrichment_posts').execute();
      await db.deleteFrom('enrichment_urls').execute();
      const started = performance.now();
      const cpu = process.cpuUsage(); // the process's threads, workers included
      await runUrls(ctx, offline);
      const urlsDone = performance.now();
      await runNlp(ctx, NLP_OPTIONS);
      const done = performance.now();
      urlTimes.push(urlsDone - started);
      nlpTimes.push(done - urlsDone);
      totals.push(done - started);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
    }
    const again = performance.now();
    await runUrls(ctx, offline);
    await runNlp(ctx, NLP_OPTIONS);
    rerun = performance.now() - again;
    const stored = await db.selectFrom('enrichment_posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const s = (x: number) => `${(x / 1000).toFixed(1)} s`;
    printTable(`Enrichment stages into the database (${storage.dialect}; ${ids.length.toLocaleString('en-US')} posts in one run, 30 % with links, expansion offline; median of ${PIPELINE_RUNS}; NLP workers ${NLP_OPTIONS.workers}, chunks of at most ${NLP_OPTIONS.maxChunk.toLocaleString('en-US')}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`, [{
      posts: ids.length, 'rows stored': Number(stored.n), 'enrichment.urls': s(median(urlTimes)), 'enrichment.nlp': s(median(nlpTimes)),
      'all stages (median)': s(median(totals)), 'CPU time (median)': s(median(cpuTimes)), 'runs': totals.map(s).join(', '), 'posts/s': Math.round(ids.length / (median(totals) / 1000)).toLocaleString('en-US'),
      're-run (all current)': s(rerun), 'peak RSS': `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`, target: '<= 20 s',
    }]);
  } finally {
    await fresh.drop();
  }
}

if (process.env.BENCH_STAGE) {
  runStage(process.env.BENCH_STAGE as StageName);
} else if (process.env.BENCH_PIPELINE) {
  await pipelineTable();
} else {
  if (!process.argv.includes('--pipeline-only')) {
    speedTable();
    qualityTables();
  }
  // Its own process, so its peak memory is its own.
  const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename], { env: { ...process.env, BENCH_PIPELINE: '1' }, stdio: 'inherit' });
  if (child.status !== 0) process.exitCode = 1;
}
