import { defineStage } from '@core/server/plugin/contract';
import type { StageContext } from '@core/server/pipeline/stages';
import { runInWorker } from '@core/server/pipeline/workerThread';
import { COLLECT_STAGE_ID } from '@plugins/posts/shared/public';
import { NLP_STAGE_ID } from '../../shared/public';
import { nowIso } from '@core/server/storage/database';
import { relevelPlatforms } from './engagementCuts';
import { withPageCache } from '@core/server/storage/pageCache';
import { enrichNlpChunk, type NlpResult } from './nlpCompute';
import { countRunPosts, dbOf, inGroups, runPostsPage, type EnrichmentDb, type RunPost } from './runPosts';

export { NLP_STAGE_ID };
/** Bump when what the stage stores changes: rows of older versions are recomputed. */
export const NLP_VERSION = 3;

export interface NlpStageOptions {
  /** Worker threads at once (each takes a chunk). */
  workers: number;
  /** Below this many posts to enrich, the NLP runs in-process (a worker costs ~1 s of CPU to start: tsx and the lexicons). */
  inlineBelow: number;
  /**
   * Most posts per worker call. A run is cut into `workers` chunks up to this size: every worker call starts a fresh
   * thread, so fewer, larger chunks cost less (bench: 100k posts took 16.0 s CPU in 25k chunks, 13.8 s in 50k).
   */
  maxChunk: number;
  /** Most enriched rows per write transaction (default TXN_ROWS below; tests set it low to write several). */
  txnRows?: number;
}

export const DEFAULT_NLP_OPTIONS: NlpStageOptions = { workers: 2, inlineBelow: 500, maxChunk: 50_000 };

const READ_PAGE = 5_000;
/** 13 columns x 400 rows stays under every dialect's parameter limit. */
const WRITE_ROWS = 400;
/**
 * Most enriched rows per write transaction (several chunks'). The (organisation, platform, engagement) index takes
 * every row at a random place, so each transaction rewrites most of that index's pages to the WAL (and the
 * checkpoint): per-chunk transactions made that cost (transactions x index pages) grow with the square of the run.
 */
const TXN_ROWS = 200_000;
const COMPUTE_MODULE = new URL('./nlpCompute.ts', import.meta.url);

/**
 * `enrichment.nlp` (DAG step 3, "Core NLP"): language, entities, sentiment, threats of violence, first n-gram and
 * raw engagement of the run's posts not enriched at NLP_VERSION yet, then the organisation's engagement levels of
 * the run's platforms. The NLP runs in worker threads in chunks (CPU-bound); reading and writing stay here.
 * Idempotent: a post with a current row is skipped, a rewritten row replaces the old one.
 */
export function createNlpStage(options: Partial<NlpStageOptions> = {}) {
  const opts = { ...DEFAULT_NLP_OPTIONS, ...options };
  return defineStage({
    id: NLP_STAGE_ID,
    title: 'Core NLP',
    version: NLP_VERSION,
    dagStep: 3,
    enrichmentStage: 'Core NLP',
    dependsOn: [COLLECT_STAGE_ID],
    cpuHeavy: true,
    run: async (ctx) => { await runNlp(ctx, opts); },
  });
}

const stale = (eb: any) => eb.or([eb('e.post_id', 'is', null), eb('e.version', '!=', NLP_VERSION)]);

export async function runNlp(ctx: StageContext, opts: NlpStageOptions): Promise<{ enriched: number; skipped: number }> {
  const db = dbOf(ctx);
  const total = await countRunPosts(db, ctx);
  const todo = await countTodo(db, ctx);
  const skipped = total - todo;
  ctx.progress(0, `Core NLP: ${todo} of ${total} posts to enrich (${skipped} already enriched)`);
  const chunkSize = Math.max(READ_PAGE, Math.min(opts.maxChunk, Math.ceil(todo / Math.max(1, opts.workers))));
  const inline = todo < opts.inlineBelow;

  let afterId = 0;
  let done = 0;
  /** Platforms of the posts read: every run post's when every one of them was read (the run's first enrichment). */
  const readPlatforms = new Set<string>();
  let read = 0;
  let writes: Promise<void> = Promise.resolve();
  const inFlight: Promise<void>[] = [];
  // Computed chunks wait here until TXN_ROWS of them (or the last) go out in one write transaction.
  let pending: NlpResult[][] = [];
  let pendingRows = 0;
  const flush = async () => {
    ctx.signal.throwIfAborted();
    const batch = pending;
    pending = [];
    pendingRows = 0;
    if (batch.length === 0) return;
    const rows = batch.length === 1 ? batch[0]! : batch.flat();
    await writeRows(db, ctx.storage.dialect, ctx.organizationId, rows);
    done += rows.length;
    ctx.progress(todo ? (0.95 * done) / todo : 0.95, `Core NLP: ${done} of ${todo} posts enriched`);
  };
  for (;;) {
    ctx.signal.throwIfAborted();
    const chunk = await readChunk(db, ctx, afterId, inline ? READ_PAGE : chunkSize);
    if (chunk.length === 0) break;
    afterId = chunk[chunk.length - 1]!.id;
    read += chunk.length;
    for (const post of chunk) readPlatforms.add(post.platform);
    const computed = inline ? Promise.resolve(enrichNlpChunk({ posts: chunk }))
      : runInWorker<{ posts: RunPost[] }, NlpResult[]>(COMPUTE_MODULE, 'enrichNlpChunk', { posts: chunk }, { signal: ctx.signal });
    // Writes are serialised (one writer); computing the next chunk overlaps with writing this one.
    const job = computed.then((rows) => {
      writes = writes.then(async () => {
        pending.push(rows);
        pendingRows += rows.length;
        if (pendingRows >= (opts.txnRows ?? TXN_ROWS)) await flush();
      });
      return writes;
    });
    job.catch(() => undefined); // awaited below; this only keeps an early failure from being "unhandled"
    inFlight.push(job);
    if (inFlight.length >= Math.max(1, opts.workers)) await inFlight.shift();
  }
  for (const job of inFlight) await job;
  writes = writes.then(flush);
  await writes;

  ctx.signal.throwIfAborted();
  // Reading the run's posts rows again only for their platforms took 34 s at 4M posts (the posts table is past the
  // 1 GB memory map there); when every run post was read above, their platforms are known.
  const platforms = read === total ? [...readPlatforms] : (await db.selectFrom('posts_run_posts as rp').innerJoin('posts_posts as p', 'p.id', 'rp.post_id')
    .select('p.platform').distinct().where('rp.run_id', '=', ctx.runId).where('p.organization_id', '=', ctx.organizationId)
    .execute()).map((r) => r.platform);
  await relevelPlatforms(db, ctx.organizationId, platforms, ctx.storage.dialect);
  ctx.progress(1, `Core NLP: ${done} posts enriched, ${skipped} already enriched`);
  return { enriched: done, skipped };
}

async function countTodo(db: EnrichmentDb, ctx: StageContext): Promise<number> {
  const row = await db.selectFrom('posts_run_posts as rp')
    .innerJoin('posts_posts as p', 'p.id', 'rp.post_id')
    .leftJoin('enrichment_posts as e', 'e.post_id', 'p.id')
    .where('rp.run_id', '=', ctx.runId).where('p.organization_id', '=', ctx.organizationId)
    .where(stale)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function readChunk(db: EnrichmentDb, ctx: StageContext, afterId: number, size: number): Promise<RunPost[]> {
  const out: RunPost[] = [];
  while (out.length < size) {
    const page = await runPostsPage(db, ctx, 'enrichment_posts', stale, afterId, Math.min(READ_PAGE, size - out.length));
    out.push(...page);
    if (page.length === 0 || out.length >= size) break;
    afterId = page[page.length - 1]!.id;
  }
  return out;
}

async function writeRows(db: EnrichmentDb, dialect: 'sqlite' | 'postgres', organizationId: string, rows: readonly NlpResult[]): Promise<void> {
  const enrichedAt = nowIso();
  await db.transaction().execute((trx) => withPageCache(trx, dialect, () => writeGroups(trx, organizationId, rows, enrichedAt)));
}

async function writeGroups(trx: EnrichmentDb, organizationId: string, rows: readonly NlpResult[], enrichedAt: string): Promise<void> {
  for (const group of inGroups(rows, WRITE_ROWS)) {
    await trx.insertInto('enrichment_posts')
      // engagement_level is set afterwards for the whole platform (relevelPlatforms).
      .values(group.map((r) => ({ ...r, organization_id: organizationId, engagement_level: null, version: NLP_VERSION, enriched_at: enrichedAt })))
      .onConflict((oc) => oc.column('post_id').doUpdateSet((eb) => ({
        organization_id: eb.ref('excluded.organization_id'), platform: eb.ref('excluded.platform'),
        language: eb.ref('excluded.language'), sentiment: eb.ref('excluded.sentiment'),
        sentiment_score: eb.ref('excluded.sentiment_score'), threat: eb.ref('excluded.threat'),
        threat_score: eb.ref('excluded.threat_score'), threat_evidence: eb.ref('excluded.threat_evidence'),
        entities: eb.ref('excluded.entities'), first_ngram: eb.ref('excluded.first_ngram'),
        engagement: eb.ref('excluded.engagement'), engagement_level: eb.ref('excluded.engagement_level'),
        version: eb.ref('excluded.version'), enriched_at: eb.ref('excluded.enriched_at'),
      })))
      .execute();
  }
}
