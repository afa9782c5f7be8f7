import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { detectCoordination, DEFAULT_CONFIG } from '../plugins/coordination/server/engine';
import {
  evaluateCopypasta, evaluateDetection, generatePlantedCorpus, naiveCoShare, readGermanElections, readRussianCoordTweets,
} from '../plugins/coordination/evaluation';
import { TextIndex } from '../plugins/coordination/server/engine/copypasta';
import { bandKey, OnePermutationHasher, shingles } from '../plugins/coordination/server/engine/text';
import { median, printTable } from './lib';

/**
 * Coordination engine benchmark (issue 8): detection quality on the planted-campaign generator (account
 * precision/recall, cluster ARI, evidence-type accuracy), spurious clusters on an organic background with nothing
 * planted, copypasta near-duplicate quality and signature throughput, runtime and peak memory at 100k and (with
 * --full) 1M posts with the naive QUT/CooRnet-style self-join (raw co-share count >= 3) side by side at 100k, and
 * the real CooRTweet co-share data for scale. Every scenario runs in its own process so peak RSS is its own.
 *
 *   node --import tsx bench/coordination.bench.ts [--full] [--runs N]
 *   node --import tsx bench/coordination.bench.ts --copypasta [--runs N]   (only the copypasta quality and signatures)
 *   (the network navigator's drawing in Chromium: bench/navigator.bench.ts)
 */
const argv = process.argv.slice(2);
const FULL = argv.includes('--full');
const COPYPASTA_ONLY = argv.includes('--copypasta');
const RUNS = Number(argv[argv.indexOf('--runs') + 1] ?? 0) || 3;
const DATA = path.resolve(import.meta.dirname, '..', '..', 'shared', 'data');
const SEED = 1;

interface Timing { wallMs: number[]; cpuMs: number[] }
const timed = <T>(t: Timing, f: () => T): T => {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const r = f();
  t.wallMs.push(performance.now() - w0);
  const c = process.cpuUsage(c0);
  t.cpuMs.push((c.user + c.system) / 1000);
  return r;
};
const gc = () => (globalThis as { gc?: () => void }).gc?.();
const rssMb = () => process.memoryUsage().rss / 2 ** 20;
const peakMb = () => process.resourceUsage().maxRSS / 1024;

/** One scenario in this process; prints a JSON line. */
function child(kind: string, posts: number, runs: number): void {
  const out: Record<string, unknown> = { kind, posts };
  if (kind === 'planted' || kind === 'organic' || kind === 'naive') {
    const corpus = generatePlantedCorpus({ posts, seed: kind === 'organic' ? 99 : SEED, campaigns: kind === 'organic' ? 0 : undefined });
    gc();
    out.posts = corpus.posts.length;
    out.accounts = corpus.accounts.length;
    out.inputRssMb = rssMb();
    const t: Timing = { wallMs: [], cpuMs: [] };
    if (kind === 'naive') {
      let r = naiveCoShare(corpus.posts, { windowMs: 60_000, minCount: 3 });
      for (let i = 0; i < runs; i++) r = timed(t, () => naiveCoShare(corpus.posts, { windowMs: 60_000, minCount: 3 }));
      out.eval = evaluateDetection(r.clusters, corpus.truth);
      out.pairChecks = r.pairChecks;
    } else {
      let r = timed(t, () => detectCoordination({ posts: corpus.posts, accounts: corpus.accounts }));
      for (let i = 1; i < runs; i++) { gc(); r = timed(t, () => detectCoordination({ posts: corpus.posts, accounts: corpus.accounts })); }
      out.eval = evaluateDetection(r.clusters, corpus.truth);
      out.clusters5 = r.clusters.filter((c) => c.vertices.length >= 5).length;
      out.stats = { ...r.stats, timingsMs: r.stats.timingsMs };
    }
    out.wallMs = median(t.wallMs);
    out.cpuMs = median(t.cpuMs);
  } else if (kind === 'copypasta') {
    const corpus = generatePlantedCorpus({ posts, seed: 31, campaigns: 6, kinds: ['copypasta', 'url', 'copypasta+creation'], copypastaEditRate: [0, 0.3] });
    const params = { ...DEFAULT_CONFIG.copypasta, windowMs: DEFAULT_CONFIG.types.COPYPASTA.windowMs };
    out.eval = evaluateCopypasta(corpus.posts, corpus.truth, params);
    const texts = corpus.posts.filter((p) => p.text && !p.repost_of);
    const t: Timing = { wallMs: [], cpuMs: [] };
    for (let i = 0; i < runs; i++) {
      const index = new TextIndex(params, texts.length);
      timed(t, () => texts.forEach((p, k) => index.add(p.text!, p.published_at, k)));
      out.fingerprinted = index.n;
    }
    out.texts = texts.length;
    out.meanChars = texts.reduce((s, p) => s + p.text!.length, 0) / texts.length;
    // The same posts as JSON.parse or a database driver delivers them: allocated in reading order, texts as
    // sequential strings (the generator's texts are flattened concatenations: one more indirection per character).
    const read: Array<{ text: string; published_at: number }> = JSON.parse(JSON.stringify(texts));
    const tr: Timing = { wallMs: [], cpuMs: [] };
    for (let i = 0; i < runs; i++) {
      const index = new TextIndex(params, read.length);
      timed(tr, () => read.forEach((p, k) => index.add(p.text, p.published_at, k)));
    }
    out.signaturesReadPerSec = read.length / (median(tr.cpuMs) / 1000);
    out.signaturesPerSec = texts.length / (median(t.cpuMs) / 1000);
    // the signature alone (and with band keys), from shingles computed beforehand
    const sh = texts.map((p) => shingles(p.text!));
    const k = params.bands * params.rows;
    const oph = new OnePermutationHasher(k, params.seed);
    const sig = new Int32Array(k);
    const ts: Timing = { wallMs: [], cpuMs: [] }, tb: Timing = { wallMs: [], cpuMs: [] };
    let x = 0;
    for (let i = 0; i < runs; i++) {
      timed(ts, () => { for (const s of sh) oph.signature(s, 0, s.length, sig); });
      timed(tb, () => { for (const s of sh) { oph.signature(s, 0, s.length, sig); for (let b = 0; b < params.bands; b++) x ^= bandKey(sig, b, params.rows); } });
    }
    out.ophPerSec = texts.length / (median(ts.cpuMs) / 1000);
    out.ophBandsPerSec = texts.length / (median(tb.cpuMs) / 1000);
    out.check = x;
  } else if (kind === 'russian' || kind === 'german') {
    const input = kind === 'russian'
      ? readRussianCoordTweets(path.join(DATA, 'coord-russian-coord-tweets.csv'))
      : readGermanElections(path.join(DATA, 'coord-german-elections.csv'));
    out.posts = input.length;
    out.accounts = new Set(input.map((p) => p.account_id)).size;
    const t: Timing = { wallMs: [], cpuMs: [] };
    let r = timed(t, () => detectCoordination({ posts: input }));
    for (let i = 1; i < runs; i++) r = timed(t, () => detectCoordination({ posts: input }));
    out.wallMs = median(t.wallMs);
    out.cpuMs = median(t.cpuMs);
    out.clusters = r.clusters.length;
    out.clustered = r.accountCluster.size;
    out.largest = r.clusters[0]?.vertices.length ?? 0;
    out.edges = r.stats.edges;
    const types = new Map<string, number>();
    for (const c of r.clusters) for (const e of c.preview.evidences) types.set(e.type, (types.get(e.type) ?? 0) + 1);
    out.types = [...types].map(([k, v]) => `${k.replace('SYNCHRONOUS_', 'SYNC_')} ${v}`).join(', ');
    // a longer window: the retweets of this set are not synchronised within a minute
    const wide = kind === 'russian'
      ? detectCoordination({ posts: input }, { types: { SYNCHRONOUS_REPOST: { windowMs: 600_000 } } })
      : detectCoordination({ posts: input }, { types: { SYNCHRONOUS_URL_SHARE: { windowMs: 600_000 }, SYNCHRONOUS_HASHTAG_SHARE: { windowMs: 600_000 } } });
    out.wideClusters = wide.clusters.length;
    out.wideClustered = wide.accountCluster.size;
    // the naive baseline on the same data, for scale
    const tn: Timing = { wallMs: [], cpuMs: [] };
    const naive = timed(tn, () => naiveCoShare(input, { windowMs: 60_000, minCount: 3 }));
    out.naiveMs = tn.wallMs[0];
    out.naiveClusters = naive.clusters.length;
    out.naiveClustered = naive.clusters.reduce((s, c) => s + c.vertices.length, 0);
  }
  out.peakRssMb = peakMb();
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

function run(kind: string, posts: number, runs: number): Record<string, any> {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', import.meta.filename, '--child', kind, String(posts), String(runs)], {
    encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`${kind} ${posts} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

const f2 = (v: number) => v.toFixed(3);
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function printCopypasta(copypasta: Record<string, any>): void {
  const cp = copypasta.eval;
  printTable('Copypasta near-duplicates, variants with up to 30 % of words edited (targets: recall >= 0.97, precision >= 0.99, candidates <= 3x)', [{
    texts: cp.texts, 'planted pairs J >= 0.6': cp.plantedTruePairs, recall: cp.recall.toFixed(4), precision: f2(cp.precision),
    'all pairs J >= 0.6': cp.truePairs, 'LSH candidates': cp.candidates, 'candidates / true': cp.candidateRatio.toFixed(2),
  }]);
  printTable('Copypasta signatures per core (median CPU time; target: >= 1M posts/s end to end)', [{
    texts: copypasta.texts, 'fingerprinted (>= 6 words)': copypasta.fingerprinted, 'mean chars': Math.round(copypasta.meanChars),
    'OPH signature': Math.round(copypasta.ophPerSec), '+ band keys': Math.round(copypasta.ophBandsPerSec),
    'end to end: tokenise, exact hash, bigrams, signature, band keys (TextIndex.add)': Math.round(copypasta.signaturesPerSec),
    'end to end, posts as read from JSON': Math.round(copypasta.signaturesReadPerSec),
  }]);
}

function main(): void {
  if (COPYPASTA_ONLY) { printCopypasta(run('copypasta', 120_000, RUNS)); return; }
  const sizes = FULL ? [100_000, 1_000_000] : [100_000];
  const planted = sizes.map((n) => run('planted', n, n >= 1_000_000 ? 1 : RUNS));
  const naive = run('naive', 100_000, 1);
  const organic = sizes.map((n) => run('organic', n, 1));
  const copypasta = run('copypasta', 120_000, RUNS);
  const real = ['russian', 'german'].map((k) => run(k, 0, RUNS));

  const quality = (name: string, r: Record<string, any>) => ({
    posts: r.posts, method: name, 'account precision': f2(r.eval.accountPrecision), 'account recall': f2(r.eval.accountRecall),
    'cluster ARI': f2(r.eval.ari), 'evidence types': f2(r.eval.evidenceAccuracy), clusters: r.eval.clusters,
    'planted accounts': r.eval.plantedAccounts, 'spurious 5+': r.eval.spuriousClusters5,
  });
  printTable('Detection quality on planted campaigns (targets: precision >= 0.95, recall >= 0.90, ARI >= 0.90, evidence >= 0.98)', [
    ...planted.map((r) => quality('Narrascope engine', r)),
    quality('reference: self-join, raw co-share count >= 3 (URL, hashtag, repost, exact text)', naive),
  ]);
  const ref = naive.wallMs;
  printTable('Runtime and peak memory, all eight types (target at 1M: <= 30 s, <= 2 GB on 2 cores)', [
    ...planted.map((r) => ({
      posts: r.posts, method: 'Narrascope engine', 'median wall': secs(r.wallMs), 'median CPU': secs(r.cpuMs),
      'posts/s (CPU)': Math.round(r.posts / (r.cpuMs / 1000)), 'peak RSS (input incl.)': `${Math.round(r.peakRssMb)} MB`,
      'input RSS': `${Math.round(r.inputRssMb)} MB`, 'vs reference': r.posts === naive.posts ? `${(r.wallMs / ref).toFixed(2)}x` : '-',
    })),
    {
      posts: naive.posts, method: 'reference: self-join, raw count >= 3', 'median wall': secs(naive.wallMs), 'median CPU': secs(naive.cpuMs),
      'posts/s (CPU)': Math.round(naive.posts / (naive.cpuMs / 1000)), 'peak RSS (input incl.)': `${Math.round(naive.peakRssMb)} MB`,
      'input RSS': `${Math.round(naive.inputRssMb)} MB`, 'vs reference': '1.00x',
    },
  ]);
  printTable('Stage times of the engine (ms, last run)', planted.map((r) => ({ posts: r.posts, ...r.stats.timingsMs })));
  printTable('Organic background only, nothing planted (target: <= 1 spurious cluster of 5+ accounts per 1M posts)', organic.map((r) => ({
    posts: r.posts, accounts: r.accounts, 'clusters (any size)': r.eval.clusters, 'clusters of 5+ accounts': r.clusters5,
    'crowded acts (fan-out cap)': Object.values(r.stats.crowdedActs as Record<string, number>).reduce((s, v) => s + v, 0),
    'pairs weighed': Object.values(r.stats.pairs as Record<string, number>).reduce((s, v) => s + v, 0),
    time: secs(r.wallMs),
  })));
  printCopypasta(copypasta);
  printTable('Real co-share data (CooRTweet, ../shared/data): scale and regression, default configuration', real.map((r) => ({
    data: r.kind === 'russian' ? 'russian_coord_tweets (retweets)' : 'german_elections (links, hashtags)', posts: r.posts, accounts: r.accounts,
    'median wall': secs(r.wallMs), clusters: r.clusters, 'accounts clustered': r.clustered, largest: r.largest, 'evidence (clusters)': r.types,
    'with 10-min windows: clusters / accounts': `${r.wideClusters} / ${r.wideClustered}`,
    'reference (60 s, count >= 3) clusters / accounts': `${r.naiveClusters} / ${r.naiveClustered}`, 'reference time': secs(r.naiveMs),
  })));
}

if (argv[0] === '--child') child(argv[1]!, Number(argv[2]), Number(argv[3]));
else main();
