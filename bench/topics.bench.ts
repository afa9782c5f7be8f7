import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TopicInputPost } from '../plugins/topics/shared/types';
import { mulberry32 } from '../core/shared/random';
import {
  approximateKnn, exactKnn, knnRecall, runTopicEngine, tokenize, vectorize, DEFAULT_ENGINE_OPTIONS,
} from '../plugins/topics/server/engine';
import { ari, nmi, npmi, topicDiversity } from '../plugins/topics/evaluation/metrics';
import { cpuMs, median, memorySampler, printTable, status } from './lib';
import { CorpusGenerator } from '../plugins/posts/server/demo/generator';
import Database from 'better-sqlite3';
import { createLogger } from '../core/server/logger';
import type { StageContext } from '../core/server/pipeline/stages';
import { startTestServer } from '../core/server/testing/testServer';
import { serverPlugins } from '../plugins/index.server';
import { narrativesStage } from '../plugins/topics/server/stage';

/**
 * Topic engine benchmark (issue 7): quality on the labelled BBC News set (NMI/ARI against the 5 categories,
 * NPMI coherence and topic diversity at 10-50 topics), quality on labelled short posts made from BBC text,
 * kNN recall against exact all-pairs search, and runtime + peak memory at 10k, 100k and (with --full) 1M
 * synthetic short posts, each size in its own process so that peak RSS is its own.
 *
 *   node --import tsx bench/topics.bench.ts [--full] [--runs N]
 *   node --import tsx bench/topics.bench.ts --stage DIR     the pipeline stage alone on a kept scale run (ADR 0017)
 *
 * `--stage DIR`: DIR holds a run's database (`npm run bench -- scale --posts N --dir D --keep` leaves it in D/run);
 * the `topics.narratives` stage runs on the conversation's latest run as the pipeline would (the server's services,
 * engine in a worker thread) and replaces its rows; printed: wall and CPU time and peak memory per phase, and a hash
 * of every row the stage stored, to compare two versions of the code on the same run.
 */
const DATA = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data', 'topics-bbc-news.jsonl');
const argv = process.argv.slice(2);
const FULL = argv.includes('--full');
const RUNS = Number(argv[argv.indexOf('--runs') + 1] ?? 0) || 3;

interface BbcRow { id: number; text: string; label: string }
export function loadBbc(): BbcRow[] {
  return fs.readFileSync(DATA, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as BbcRow);
}

function post(id: string, text: string, extra: Partial<TopicInputPost> = {}): TopicInputPost {
  return {
    id, text, language: 'en', published_at: '2025-01-01T00:00:00.000Z', platform: 'twitter', is_niche: false,
    engagement_level: 'low', threat: false, coordination_cluster_ids: [], ...extra,
  };
}

/**
 * Synthetic short posts: a window of 6-20 consecutive words of a random BBC article (its category is the
 * label), with noise: 10% of words dropped, a random vocabulary word inserted in 30% of posts, a hashtag made
 * from one of the post's words in 15%, a mention in 10%, a URL in 10%, and 8% exact reposts of an earlier post.
 */
export function syntheticPosts(rows: BbcRow[], n: number, seed = 7, articles = rows.length): { posts: TopicInputPost[]; labels: string[]; stories: string[] } {
  const rand = mulberry32(seed);
  const words = rows.map((r) => r.text.split(' '));
  const vocab = [...new Set(words.flat())];
  const domains = ['example.com', 'news.example.org', 'blog.example.net', 'video.example.tv'];
  const posts: TopicInputPost[] = [];
  const labels: string[] = [];
  const stories: string[] = [];
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < n; i++) {
    if (i > 10 && rand() < 0.08) {
      const j = Math.floor(rand() * i);
      posts.push(post(`p${i}`, posts[j]!.text, { published_at: new Date(start + i * 1000).toISOString() }));
      labels.push(labels[j]!);
      stories.push(stories[j]!);
      continue;
    }
    const d = Math.floor(rand() * articles);
    const w = words[d]!;
    const len = 6 + Math.floor(rand() * 15);
    const from = Math.floor(rand() * Math.max(1, w.length - len));
    const out: string[] = [];
    for (const x of w.slice(from, from + len)) if (rand() >= 0.1) out.push(x);
    if (rand() < 0.3) out.splice(Math.floor(rand() * out.length), 0, vocab[Math.floor(rand() * vocab.length)]!);
    if (rand() < 0.15 && out.length) out.push(`#${out[Math.floor(rand() * out.length)]}`);
    if (rand() < 0.1) out.unshift(`@user${Math.floor(rand() * 500)}`);
    if (rand() < 0.1) out.push(`https://${domains[Math.floor(rand() * domains.length)]}/a/${i}`);
    posts.push(post(`p${i}`, out.join(' '), {
      published_at: new Date(start + i * 1000).toISOString(),
      engagement_level: rand() < 0.25 ? 'high' : 'low',
      threat: rand() < 0.005,
      is_niche: rand() < 0.2,
    }));
    labels.push(rows[d]!.label);
    stories.push(String(rows[d]!.id));
  }
  return { posts, labels, stories };
}

/**
 * Reference for clustering quality: spherical k-means on the same TF-IDF vectors (k-means++ seeding, 20
 * iterations, best of 3 seeds by inertia) — the classic lexical baseline.
 */
function kmeans(posts: TopicInputPost[], k: number): number[] {
  const m = vectorize(posts, { minDf: 2, maxDfRatio: 0.5 });
  const V = m.terms.length;
  const dot = (c: Float64Array, d: number) => { let s = 0; for (let j = m.rowPtr[d]!; j < m.rowPtr[d + 1]!; j++) s += c[m.cols[j]!]! * m.vals[j]!; return s; };
  let best: { score: number; assign: Int32Array } | null = null;
  for (let seed = 1; seed <= 3; seed++) {
    const rand = mulberry32(seed);
    const cents: Float64Array[] = [];
    const setRow = (c: Float64Array, d: number) => { for (let j = m.rowPtr[d]!; j < m.rowPtr[d + 1]!; j++) c[m.cols[j]!] = m.vals[j]!; };
    const first = new Float64Array(V); setRow(first, Math.floor(rand() * m.rows)); cents.push(first);
    while (cents.length < k) {
      const dist = Array.from({ length: m.rows }, (_, d) => 1 - Math.max(...cents.map((c) => dot(c, d))));
      const total = dist.reduce((a, b) => a + b, 0);
      let r = rand() * total; let pick = 0;
      while (pick < m.rows - 1 && (r -= dist[pick]!) > 0) pick++;
      const c = new Float64Array(V); setRow(c, pick); cents.push(c);
    }
    const assign = new Int32Array(m.rows);
    let score = 0;
    for (let it = 0; it < 20; it++) {
      score = 0;
      for (let d = 0; d < m.rows; d++) {
        let bi = 0; let bs = -1;
        for (let c = 0; c < k; c++) { const s2 = dot(cents[c]!, d); if (s2 > bs) { bs = s2; bi = c; } }
        assign[d] = bi; score += bs * m.multiplicity[d]!;
      }
      for (const c of cents) c.fill(0);
      for (let d = 0; d < m.rows; d++) { const c = cents[assign[d]!]!; for (let j = m.rowPtr[d]!; j < m.rowPtr[d + 1]!; j++) c[m.cols[j]!]! += m.vals[j]! * m.multiplicity[d]!; }
      for (const c of cents) { let n = 0; for (const v of c) n += v * v; n = Math.sqrt(n) || 1; for (let i = 0; i < V; i++) c[i]! /= n; }
    }
    if (!best || score > best.score) best = { score, assign };
  }
  return posts.map((_, p) => best!.assign[m.docOf[p]!]!);
}

/** Ceiling reference: each post goes to the nearest centroid of the *true* labels (supervised, in-sample). */
function oracleCentroids(posts: TopicInputPost[], labels: string[]): number[] {
  const m = vectorize(posts, { minDf: 2, maxDfRatio: 0.5 });
  const cats = [...new Set(labels)];
  const cent = cats.map(() => new Float64Array(m.terms.length));
  posts.forEach((_, p) => { const d = m.docOf[p]!; const c = cent[cats.indexOf(labels[p]!)]!; for (let j = m.rowPtr[d]!; j < m.rowPtr[d + 1]!; j++) c[m.cols[j]!]! += m.vals[j]!; });
  return posts.map((_, p) => {
    const d = m.docOf[p]!;
    let bi = 0; let bs = -Infinity;
    cent.forEach((c, ci) => { let s = 0; for (let j = m.rowPtr[d]!; j < m.rowPtr[d + 1]!; j++) s += c[m.cols[j]!]! * m.vals[j]!; const n = Math.hypot(...c.filter((x) => x !== 0)); if (s / n > bs) { bs = s / n; bi = ci; } });
    return bi;
  });
}

function labelsOf(result: ReturnType<typeof runTopicEngine>, posts: TopicInputPost[]): string[] {
  const byPost = new Map(result.assignments.map((a) => [a.post_id, a.topic_rid ?? 'outlier']));
  return posts.map((p) => byPost.get(p.id)!);
}

const f3 = (x: number) => x.toFixed(3);
const secs = (x: number) => `${(x / 1000).toFixed(2)} s`;
const mb = (kbytes: number) => `${(kbytes / 1024).toFixed(0)} MB`;

/** Child mode: one size, prints a JSON line with timings and peak RSS. */
function child(size: number, reference: boolean): void {
  const rows = loadBbc();
  const { posts } = syntheticPosts(rows, size);
  const times: number[] = [];
  const cpu: number[] = [];
  let last: ReturnType<typeof runTopicEngine> | null = null;
  const runs = size >= 1_000_000 ? 1 : RUNS;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    const c = process.cpuUsage();
    last = runTopicEngine(posts);
    times.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  let ref: { ms: number; recall: number } | null = null;
  if (reference) {
    const m = vectorize(posts, { minDf: 2, maxDfRatio: 0.5 });
    const t = performance.now();
    const exact = exactKnn(m, DEFAULT_ENGINE_OPTIONS.k, DEFAULT_ENGINE_OPTIONS.minSimilarity);
    const refMs = performance.now() - t;
    const approx = approximateKnn(m, { ...DEFAULT_ENGINE_OPTIONS });
    ref = { ms: refMs, recall: knnRecall(approx, exact) };
  }
  process.stdout.write(`${JSON.stringify({
    size, ms: median(times), cpuMs: median(cpu), load: os.loadavg()[0], stages: last!.stats.timings_ms, topics: last!.topics.length, unique: last!.stats.unique_texts,
    edges: last!.stats.edges, outliers: last!.outlier_post_ids.length, peakKb: process.resourceUsage().maxRSS, ref,
  })}\n`);
}

/** The tables the stage writes, each read in its key order for the hash. */
const STAGE_TABLES = [['topics_runs', 'run_id'], ['topics_topics', 'position'], ['topics_narratives', 'position'], ['topics_post_topics', 'post_id']] as const;

/** `--stage DIR`: the stage alone on the latest run in DIR/narrascope.sqlite, timed by its progress marks. */
async function stageOnRun(dir: string): Promise<Record<string, unknown>> {
  const file = path.join(dir, 'narrascope.sqlite');
  const raw = new Database(file, { readonly: true });
  const run = raw.prepare('select id, organization_id, conversation_id from core_pipeline_runs order by created_at desc limit 1').get() as
    { id: string; organization_id: string; conversation_id: string };
  raw.close();
  const t = await startTestServer({ plugins: serverPlugins, dataDir: dir, pipeline: { worker: false } });
  const sampler = memorySampler();
  await new Promise((r) => setTimeout(r, 200)); // the sampler thread is up
  const marks: Array<{ at: number; wall: number; cpu: number; anonMb: number; rssMb: number }> = [];
  const mark = (at: number) => { marks.push({ at, wall: performance.now(), cpu: cpuMs(), ...sampler.take() }); };
  const ctx = {
    storage: t.storage, logger: createLogger('silent'), services: t.server.ctx.services, organizationId: run.organization_id,
    conversationId: run.conversation_id, runId: run.id, progress: (fraction: number) => mark(fraction), signal: new AbortController().signal,
  } as unknown as StageContext;
  const before = status();
  sampler.take();
  fs.writeFileSync('/proc/self/clear_refs', '5'); // VmHWM from here
  const load = os.loadavg()[0]!;
  mark(0);
  await narrativesStage().run(ctx);
  mark(1);
  const peakRssMb = status().VmHWM!;
  await sampler.stop();
  await t.close();
  const phases: Record<string, { wallS: number; cpuS: number; anonMb: number; rssMb: number }> = {};
  for (let i = 1; i < marks.length; i++) {
    const [a, b] = [marks[i - 1]!, marks[i]!];
    phases[`${a.at}-${b.at}`] = { wallS: (b.wall - a.wall) / 1000, cpuS: (b.cpu - a.cpu) / 1000, anonMb: Math.round(b.anonMb), rssMb: Math.round(b.rssMb) };
  }
  // Every row the stage stored for the run, in key order (run id, computed_at and the stage's timings left out).
  const db = new Database(file, { readonly: true });
  const rows: Record<string, string> = {};
  for (const [table, order] of STAGE_TABLES) {
    const hash = crypto.createHash('sha256');
    let n = 0;
    for (const r of db.prepare(`select * from ${table} where run_id = ? order by ${order}`).iterate(run.id) as Iterable<Record<string, unknown>>) {
      delete r.run_id;
      delete r.computed_at;
      if (typeof r.stats === 'string') r.stats = JSON.stringify({ ...JSON.parse(r.stats), timings_ms: undefined });
      hash.update(JSON.stringify(r));
      n++;
    }
    rows[table] = `${n} rows, ${hash.digest('hex').slice(0, 16)}`;
  }
  db.close();
  return {
    load, loadAfter: os.loadavg()[0], wallS: (marks.at(-1)!.wall - marks[0]!.wall) / 1000, cpuS: (marks.at(-1)!.cpu - marks[0]!.cpu) / 1000,
    baseAnonMb: Math.round(before.RssAnon!), peakAnonMb: Math.round(Math.max(...marks.map((m) => m.anonMb))), peakRssMb: Math.round(peakRssMb), phases, rows,
  };
}

function main(): void {
  const rows = loadBbc();
  const gold = rows.map((r) => r.label);
  const bbcPosts = rows.map((r) => post(String(r.id), r.text, { platform: 'news' }));
  const texts = rows.map((r) => tokenize(r.text, 'en'));

  const quality: Array<Record<string, string | number>> = [];
  for (const target of [5, 10, 20, 30, 40, 50, null]) {
    const t = performance.now();
    const r = runTopicEngine(bbcPosts, { targetTopics: target, maxTopics: null });
    const ms = performance.now() - t;
    const words = r.topics.map((tp) => r.topic_keywords[tp.rid]!);
    const pred = labelsOf(r, bbcPosts);
    quality.push({
      'topics asked': target ?? 'natural', topics: r.topics.length, NMI: f3(nmi(gold, pred)), ARI: f3(ari(gold, pred)),
      'NPMI (w=10)': f3(npmi(words, texts)), 'NPMI (doc)': f3(npmi(words, texts, { window: 1e9 })),
      diversity: f3(topicDiversity(words)), outliers: r.outlier_post_ids.length, time: secs(ms),
    });
  }
  const km = kmeans(bbcPosts, 5);
  quality.push({ 'topics asked': '5 (reference: spherical k-means)', topics: 5, NMI: f3(nmi(gold, km)), ARI: f3(ari(gold, km)), 'NPMI (w=10)': '-', 'NPMI (doc)': '-', diversity: '-', outliers: 0, time: '-' });
  printTable('BBC News (2,225 articles, 5 labels): clustering and topic quality (targets: NPMI >= 0.16, diversity >= 0.80 at 10-50 topics)', quality);

  const short: Array<Record<string, string | number>> = [];
  for (const n of [2_000, 10_000]) {
    const { posts, labels } = syntheticPosts(rows, n, 11);
    for (const target of [5, null]) {
      const r = runTopicEngine(posts, { targetTopics: target, maxTopics: null });
      const pred = labelsOf(r, posts);
      short.push({ posts: n, method: `engine, ${target ?? 'natural'} topics`, topics: r.topics.length, NMI: f3(nmi(labels, pred)), ARI: f3(ari(labels, pred)) });
    }
    const km = kmeans(posts, 5);
    short.push({ posts: n, method: 'reference: spherical k-means, 5', topics: 5, NMI: f3(nmi(labels, km)), ARI: f3(ari(labels, km)) });
    const oracle = oracleCentroids(posts, labels);
    short.push({ posts: n, method: 'ceiling: nearest true-label centroid (supervised)', topics: 5, NMI: f3(nmi(labels, oracle)), ARI: f3(ari(labels, oracle)) });
  }
  printTable('Short posts labelled by BBC category (6-20 word windows with noise, 5 labels)', short);

  const story: Array<Record<string, string | number>> = [];
  const { posts: sp, stories } = syntheticPosts(rows, 10_000, 13, 300);
  for (const [label, opts] of [
    ['defaults (γ = 1, maxTopics 50)', {}],
    ['γ = 1, no cap', { maxTopics: null, minTopicSize: 10 }],
    ['γ = 4, no cap', { resolution: 4, maxTopics: null, minTopicSize: 10 }],
    ['γ = 8, no cap', { resolution: 8, maxTopics: null, minTopicSize: 10 }],
    ['targetTopics 300', { targetTopics: 300, minTopicSize: 10 }],
  ] as const) {
    const t = performance.now();
    const r = runTopicEngine(sp, opts);
    const ms = performance.now() - t;
    const pred = labelsOf(r, sp);
    story.push({ setting: label, topics: r.topics.length, NMI: f3(nmi(stories, pred)), ARI: f3(ari(stories, pred)), outliers: r.outlier_post_ids.length, time: secs(ms) });
  }
  printTable('Short posts labelled by story (10,000 posts from 300 BBC articles, ~33 per story; target NMI >= 0.84)', story);

  const demo: Array<Record<string, string | number>> = [];
  for (const n of [20_000]) {
    const generated = [...new CorpusGenerator({ seed: 'narrascope-demo', posts: n, now: Date.UTC(2026, 10, 1) }).posts()];
    const dp = generated.map((g, i) => post(`d${i}`, `${g.post.title ?? ''} ${g.post.body}`.trim(), { language: g.post.language ?? 'en' }));
    const narratives = generated.map((g) => g.narrative);
    for (const [label, opts] of [['defaults', {}], ['targetTopics 19', { targetTopics: 19 }]] as const) {
      const t = performance.now();
      const r = runTopicEngine(dp, opts);
      const pred = labelsOf(r, dp);
      demo.push({ posts: n, setting: label, narratives: new Set(narratives).size, topics: r.topics.length, NMI: f3(nmi(narratives, pred)), ARI: f3(ari(narratives, pred)), time: secs(performance.now() - t) });
    }
  }
  printTable('Demo corpus against its ground truth (each post\'s narrative: 9 Topic Radar themes + 10 chatter subjects; en/es/zh)', demo);

  const sizes = [10_000, 100_000, ...(FULL ? [1_000_000] : [])];
  const scale: Array<Record<string, string | number>> = [];
  for (const size of sizes) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--max-old-space-size=8192', import.meta.filename, '--child', String(size), ...(size === 10_000 ? ['--reference'] : []), '--runs', String(RUNS)], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (r.status !== 0) { process.stderr.write(r.stderr); throw new Error(`child ${size} failed`); }
    const res = JSON.parse(r.stdout.trim().split('\n').pop()!);
    scale.push({
      posts: size.toLocaleString('en'), distinct: res.unique.toLocaleString('en'), 'median time': secs(res.ms), 'CPU time': secs(res.cpuMs), 'load avg': res.load.toFixed(1), 'posts/s': Math.round(size / (res.ms / 1000)).toLocaleString('en'),
      'peak RSS': mb(res.peakKb), topics: res.topics, edges: res.edges.toLocaleString('en'),
      stages: Object.entries(res.stages as Record<string, number>).map(([k, v]) => `${k} ${v}`).join(', '),
      'reference (exact all-pairs kNN only)': res.ref ? `${secs(res.ref.ms)}; ours ${(res.ref.ms / res.stages.knn).toFixed(0)}x faster at recall ${f3(res.ref.recall)}` : '-',
    });
  }
  printTable(`Runtime and peak memory, synthetic short posts (targets: 100k <= 10 s, 1M <= 60 s on 2 cores; ${RUNS} runs, 1 at 1M; CPU time sums both threads, so it bounds the wall time on an idle machine; stage times are wall ms)`, scale);
}

if (path.resolve(process.argv[1] ?? '') === import.meta.filename) {
  if (argv.includes('--child')) child(Number(argv[argv.indexOf('--child') + 1]), argv.includes('--reference'));
  else if (argv.includes('--stage')) process.stdout.write(`${JSON.stringify(await stageOnRun(argv[argv.indexOf('--stage') + 1]!))}\n`);
  else main();
}
