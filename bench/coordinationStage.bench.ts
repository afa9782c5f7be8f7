import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { createLogger } from '@core/server/logger';
import type { StageContext } from '@core/server/pipeline/stages';
import { migrateAll } from '@core/server/server';
import { ensureOrganization } from '@core/server/seed';
import { openSqlite } from '@core/server/storage/database';
import { ServiceRegistry } from '@core/shared/services/registry';
import { narrativesServiceKey } from '@plugins/topics/shared/public';
import { detectCoordination } from '../plugins/coordination/server/engine';
import { evaluateDetection, generatePlantedCorpus, type GroundTruth } from '../plugins/coordination/evaluation';
import { detectStage } from '../plugins/coordination/server/stage/stage';
import type { CoordinationCluster } from '../plugins/coordination/shared/types';
import { serverPlugins } from '../plugins/index.server';
import { normalizePost, type NormalizedPost } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import { createNarrativesService } from '../plugins/topics/server/service';
import { cpuMs, memorySampler, status, storedRows, vmHwmMb, printTable } from './lib';

/**
 * The coordination pipeline stage end to end (issue 8): the planted-campaign corpus of the engine bench (same
 * generator and seed) stored as one conversation run's posts, actors, URLs and hashtags in a temporary SQLite data
 * directory, then the real `coordination.detect` stage (read in keyset batches, engine in a worker thread, write of
 * clusters, vertices, edges, evidence and post -> cluster rows, narrative counts), timed per phase, with peak RSS
 * (VmHWM: every thread of the process) and the load average; the stored result scored against the generator's
 * ground truth. The engine alone on the generator's in-memory corpus is the reference.
 *
 *   node --import tsx bench/coordinationStage.bench.ts [--full] [--keep]     100k posts (and 1M with --full)
 *   ... --posts 1000000                                                       one size only
 *
 * Seeding, the stage and the engine reference each run in their own process, so each peak RSS is its own.
 */
const { values, positionals } = parseArgs({
  options: { full: { type: 'boolean', default: false }, posts: { type: 'string' }, keep: { type: 'boolean', default: false }, child: { type: 'string' } },
  allowPositionals: true,
});
const SEED = 1; // bench/coordination.bench.ts's seed
const TOPICS = 12; // synthetic narratives: the topics step ran before this one in a real pipeline
const TARGET_MS = 30_000;
const TARGET_MB = 2048;

interface TruthFile { campaigns: GroundTruth['campaigns']; campaignOf: [string, number][] }

/** Child 1: the corpus into the store, as one run; the ground truth to a JSON file next to the database. */
async function seed(posts: number, dir: string): Promise<Record<string, unknown>> {
  const t0 = performance.now();
  const corpus = generatePlantedCorpus({ posts, seed: SEED });
  const generateMs = performance.now() - t0;
  const storage = openSqlite(path.join(dir, 'bench.sqlite'));
  await migrateAll(storage, serverPlugins);
  const org = await ensureOrganization(storage, 'Bench');
  const runId = crypto.randomUUID();
  const conversationId = crypto.randomUUID();

  // The demo seed's bulk path (normalizePost + PostWriter, 5,000 posts per transaction): URLs and hashtags are
  // taken from the text as an import would, so posts_urls / posts_hashtags are what the stage reads in production.
  const t1 = performance.now();
  const profile = new Map(corpus.accounts.map((a) => [a.id, a]));
  const writer = new PostWriter(storage, org, 'import');
  let batch: NormalizedPost[] = [];
  for (const p of corpus.posts) {
    const a = profile.get(p.account_id)!;
    batch.push(normalizePost({
      platform: 'twitter', rid: p.id, body: p.text ?? '', published_at: new Date(p.published_at).toISOString(), language: 'en',
      urls: p.urls ?? [], hashtags: p.hashtags ?? [], repost_of: p.repost_of ?? null,
      author: { rid: a.id, screen_name: a.screen_name ?? null, created_at: a.created_at == null ? null : new Date(a.created_at).toISOString(), url: a.profile_url ?? null },
    }));
    if (batch.length === 5000) { await writer.write(batch); batch = []; }
  }
  if (batch.length) await writer.write(batch);
  const db = storage.db as unknown as Kysely<any>;
  const now = new Date().toISOString();
  await sql`insert into posts_run_posts (run_id, post_id) select ${runId}, id from posts_posts where organization_id = ${org}`.execute(db);
  // The run as the runner records it while the stage runs.
  await db.insertInto('core_pipeline_runs').values({
    id: runId, organization_id: org, conversation_id: conversationId, run_type: 'STATIC_RUN', status: 'RUNNING', request: '{}',
    dag_step: 5, current_stage: detectStage.id, enrichment_stage: null, progress: 0, message: null, error: null, collector_usage: '[]',
    attempts: 1, cancel_requested: 0, requested_by: null, worker_id: null, heartbeat_at: null, created_at: now, started_at: now,
    finished_at: null, updated_at: now,
  }).execute();
  // What the topics step (DAG step 4) leaves: every post in one of TOPICS narratives, so the stage's topic path
  // (accounts' topics on vertices, narratives' cluster counts) runs at full size.
  for (let k = 0; k < TOPICS; k++) {
    await db.insertInto('topics_narratives').values({
      run_id: runId, id: `n${k}`, organization_id: org, position: k, ngrams: '[]', post_count: 0, post_percent: 0,
      coordination_cluster_count: 0, engagement_score: 0, category: null, title: `Narrative ${k}`, description: '', is_threat: 0,
      risk_level: 'LOW', risk: '{}',
    }).execute();
  }
  await sql`insert into topics_post_topics (run_id, post_id, organization_id, topic_rid, confidence_score, is_exemplar)
    select ${runId}, post_id, ${org}, 'n' || (post_id % ${sql.lit(TOPICS)}), 0.5, 0 from posts_run_posts where run_id = ${runId}`.execute(db);
  const storeMs = performance.now() - t1;
  await storage.close();
  const truth: TruthFile = { campaigns: corpus.truth.campaigns, campaignOf: [...corpus.truth.campaignOf] };
  fs.writeFileSync(path.join(dir, 'truth.json'), JSON.stringify(truth));
  fs.writeFileSync(path.join(dir, 'run.json'), JSON.stringify({ org, runId, conversationId }));
  return { posts: corpus.posts.length, accounts: corpus.accounts.length, generateMs, storeMs, dbMb: fs.statSync(path.join(dir, 'bench.sqlite')).size / 2 ** 20 };
}

/** Child 2: the real stage on the stored run, timed by the stage's own progress marks (read 0.3, engine 0.8, done 1). */
async function stage(dir: string): Promise<Record<string, unknown>> {
  const { org, runId, conversationId } = JSON.parse(fs.readFileSync(path.join(dir, 'run.json'), 'utf8'));
  const storage = openSqlite(path.join(dir, 'bench.sqlite'));
  // As the app builds them: the topics plugin provides the narratives service the stage reads topics through.
  const services = new ServiceRegistry();
  services.provide(narrativesServiceKey, createNarrativesService(storage));
  const marks: Array<{ at: number; wall: number; cpu: number; anonMb: number; rssMb: number }> = [];
  const sampler = memorySampler();
  await new Promise((r) => setTimeout(r, 100)); // the sampler thread is up
  sampler.take();
  const mark = (at: number) => { marks.push({ at, wall: performance.now(), cpu: cpuMs(), ...sampler.take() }); };
  const ctx: StageContext = {
    storage, logger: createLogger('silent'), services, organizationId: org, conversationId, runId,
    // The generator's 30 days from 2024-03-01.
    run: { conversationId, organizationId: org, queryString: 'bench', startDate: '2024-03-01T00:00:00.000Z', endDate: '2024-03-31T00:00:00.000Z', language: null, useExistingData: true, runType: 'STATIC_RUN' },
    progress: (fraction) => { if (fraction === 0 || fraction === 0.3 || fraction === 0.8 || fraction === 1) mark(fraction); },
    signal: new AbortController().signal,
  };
  const load = os.loadavg()[0]!;
  const baseMb = vmHwmMb();
  await detectStage.run(ctx);
  const peakMb = vmHwmMb();
  const endStatus = status();
  await sampler.stop();
  const loadAfter = os.loadavg()[0]!;
  const at = (f: number) => marks.find((m) => m.at === f)!;
  const span = (a: number, b: number) => {
    const inside = marks.filter((m) => m.at > a && m.at <= b);
    return { wallMs: at(b).wall - at(a).wall, cpuMs: at(b).cpu - at(a).cpu, anonMb: Math.max(...inside.map((m) => m.anonMb)), rssMb: Math.max(...inside.map((m) => m.rssMb)) };
  };

  // Scored on what was stored (vertices and edges), in the generator's account ids.
  const db = storage.db as unknown as Kysely<any>;
  const rid = new Map((await db.selectFrom('posts_actors').select(['id', 'rid']).where('organization_id', '=', org).execute()).map((r) => [Number(r.id), r.rid as string]));
  const clusters = new Map<string, CoordinationCluster>();
  const clusterOf = (id: string) => clusters.get(id) ?? (clusters.set(id, { cluster_id: id, vertices: [], edges: [] } as unknown as CoordinationCluster), clusters.get(id)!);
  for (const v of await db.selectFrom('coordination_vertices').select(['actor_id', 'cluster_id']).where('run_id', '=', runId).where('organization_id', '=', org).execute()) {
    clusterOf(v.cluster_id).vertices.push(rid.get(Number(v.actor_id))!);
  }
  for (const e of await db.selectFrom('coordination_edges').select(['cluster_id', 'i', 'j', 'coordination_types']).where('run_id', '=', runId).where('organization_id', '=', org).execute()) {
    clusterOf(e.cluster_id).edges.push({ i: rid.get(Number(e.i))!, j: rid.get(Number(e.j))!, coordination_types: JSON.parse(e.coordination_types) } as CoordinationCluster['edges'][number]);
  }
  const truthFile: TruthFile = JSON.parse(fs.readFileSync(path.join(dir, 'truth.json'), 'utf8'));
  const evaluation = evaluateDetection([...clusters.values()], { campaigns: truthFile.campaigns, campaignOf: new Map(truthFile.campaignOf), copyFamily: new Map() });
  const runRow = await db.selectFrom('coordination_runs').select(['stats', 'number_posts']).where('run_id', '=', runId).executeTakeFirstOrThrow();
  const stats = JSON.parse(runRow.stats);
  const rows: Record<string, number> = {};
  for (const t of ['coordination_clusters', 'coordination_vertices', 'coordination_edges', 'coordination_evidence', 'coordination_post_clusters']) {
    rows[t] = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(t)} where run_id = ${runId}`.execute(db)).rows[0]!.n);
  }
  const counted = await db.selectFrom('topics_narratives').select(sql<number>`sum(coordination_cluster_count)`.as('n')).where('run_id', '=', runId).executeTakeFirstOrThrow();
  await storage.close();
  // What the stage stored, hashed (timings and ids left out): equal before and after a change that must not change it.
  const hashes = storedRows(path.join(dir, 'bench.sqlite'), runId, /^(coordination_|topics_narratives$)/);
  return {
    posts: runRow.number_posts, read: span(0, 0.3), engine: span(0.3, 0.8), write: span(0.8, 1), total: span(0, 1),
    detectMs: Object.values(stats.timingsMs as Record<string, number>).reduce((s, v) => s + v, 0),
    peakMb, baseMb, fileMb: endStatus.RssFile, load, loadAfter, eval: evaluation, rows, narrativeClusterCounts: Number(counted.n), hashes,
  };
}

/** Child 3, the reference: the engine alone on the generator's in-memory corpus (bench/coordination.bench.ts). */
function engine(posts: number): Record<string, unknown> {
  const corpus = generatePlantedCorpus({ posts, seed: SEED });
  const w0 = performance.now(), c0 = cpuMs();
  const r = detectCoordination({ posts: corpus.posts, accounts: corpus.accounts });
  return { posts: corpus.posts.length, wallMs: performance.now() - w0, cpuMs: cpuMs() - c0, peakMb: vmHwmMb(), eval: evaluateDetection(r.clusters, corpus.truth), clusters: r.clusters.length };
}

function run(kind: string, ...args: string[]): Record<string, any> {
  const r = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', kind, ...args], {
    encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${kind} ${args.join(' ')} failed (exit ${r.status})`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const f3 = (v: number) => v.toFixed(3);
const mb = (v: number) => `${Math.round(v)} MB`;

function main(): void {
  const sizes = values.posts ? values.posts.split(',').map(Number) : values.full ? [100_000, 1_000_000] : [100_000];
  process.stdout.write(`Coordination stage benchmark: ${os.cpus().length} cores, node ${process.version}, load ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}\n`);
  const results: Array<{ seeded: Record<string, any>; staged: Record<string, any>; ref: Record<string, any> }> = [];
  for (const n of sizes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-coord-stage-'));
    try {
      const seeded = run('seed', String(n), dir);
      process.stdout.write(`${n}: generated in ${secs(seeded.generateMs)}, stored in ${secs(seeded.storeMs)} (${mb(seeded.dbMb)} database)\n`);
      const staged = run('stage', dir);
      const ref = run('engine', String(n));
      results.push({ seeded, staged, ref });
    } finally {
      if (values.keep) process.stdout.write(`kept ${dir}\n`);
      else fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const met = (ok: boolean) => (ok ? 'yes' : 'no');
  printTable(`Coordination stage end to end, all eight types (target: <= ${TARGET_MS / 1000} s, <= ${TARGET_MB / 1024} GB on 2 cores)`, results.flatMap(({ staged: s, ref: r }) => [{
    posts: s.posts, run: 'stage (SQLite)', read: secs(s.read.wallMs), 'engine (worker)': `${secs(s.engine.wallMs)} (detect ${secs(s.detectMs)})`,
    write: secs(s.write.wallMs), 'total wall': secs(s.total.wallMs), CPU: secs(s.total.cpuMs), 'peak RSS (VmHWM)': mb(s.peakMb), 'peak anonymous': mb(s.total.anonMb),
    precision: f3(s.eval.accountPrecision), recall: f3(s.eval.accountRecall), ARI: f3(s.eval.ari),
    'time met': met(s.total.wallMs <= TARGET_MS), 'memory met (RSS / anonymous)': `${met(s.peakMb <= TARGET_MB)} / ${met(s.total.anonMb <= TARGET_MB)}`,
    load: `${s.load.toFixed(2)} -> ${s.loadAfter.toFixed(2)}`,
  }, {
    posts: r.posts, run: 'reference: engine alone, in memory', read: '-', 'engine (worker)': secs(r.wallMs), write: '-', 'total wall': secs(r.wallMs),
    CPU: secs(r.cpuMs), 'peak RSS (VmHWM)': mb(r.peakMb), 'peak anonymous': '-', precision: f3(r.eval.accountPrecision), recall: f3(r.eval.accountRecall), ARI: f3(r.eval.ari),
    'time met': met(r.wallMs <= TARGET_MS), 'memory met (RSS / anonymous)': met(r.peakMb <= TARGET_MB), load: '',
  }]));
  printTable('Stage phases: CPU, peak anonymous memory / RSS per phase (RSS includes the mapped SQLite file)', results.map(({ staged: s, seeded }) => ({
    posts: s.posts, 'read CPU': secs(s.read.cpuMs), 'engine CPU': secs(s.engine.cpuMs), 'write CPU': secs(s.write.cpuMs),
    'read anon / RSS': `${mb(s.read.anonMb)} / ${mb(s.read.rssMb)}`, 'engine anon / RSS': `${mb(s.engine.anonMb)} / ${mb(s.engine.rssMb)}`,
    'write anon / RSS': `${mb(s.write.anonMb)} / ${mb(s.write.rssMb)}`, 'before the stage': mb(s.baseMb), 'mapped file at end': mb(s.fileMb),
    database: mb(seeded.dbMb), 'rows written (clusters / vertices / edges / evidence / post-cluster)': Object.values(s.rows).join(' / '),
    'narrative cluster counts': s.narrativeClusterCounts,
  })));
  printTable('Stored rows, hashed (bench/lib.ts storedRows: timings, ids and times left out)', results.flatMap(({ staged: s }) =>
    Object.entries(s.hashes as Record<string, { rows: number; hash: string }>).map(([table, h]) => ({ posts: s.posts, table, rows: h.rows, hash: h.hash }))));
}

if (values.child === 'seed') process.stdout.write(`${JSON.stringify(await seed(Number(positionals[0]), positionals[1]!))}\n`);
else if (values.child === 'stage') process.stdout.write(`${JSON.stringify(await stage(positionals[0]!))}\n`);
else if (values.child === 'engine') process.stdout.write(`${JSON.stringify(engine(Number(positionals[0])))}\n`);
else main();
