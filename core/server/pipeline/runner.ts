import crypto from 'node:crypto';
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import { serviceKey, type ServiceRegistry } from '@core/shared/services/registry';
import type { Logger } from '../logger';
import { nowIso, type Storage } from '../storage/database';
import type { CoreTables } from '../storage/tables';
import { DEFAULT_PIPELINE_OPTIONS, type PipelineOptions } from './options';
import { CollectorRegistry } from './collectors';
import {
  RunConflictError, TERMINAL_STATUSES, isUniqueViolation, runFromRow, stageRunFromRow,
  type Run, type RunChange, type RunListener, type RunRow, type RunStatus, type StageRun,
} from './runs';
import {
  DEFAULT_ENRICHMENT_STAGE, orderStages,
  type CollectorUsage, type RunRequest, type StageContext, type StageDefinition,
} from './stages';

type Db = Kysely<CoreTables>;

/** A job the worker loop runs now and then (the continuous-conversation scheduler). Must be safe to run from
 * several processes at once: it decides with conditional writes, not with what it read. */
export interface PeriodicTask {
  id: string;
  intervalMs: number;
  run: (now: Date) => Promise<void>;
}

export interface PipelineDeps {
  storage: Storage;
  logger: Logger;
  services: ServiceRegistry;
  stages: readonly StageDefinition[];
  options?: Partial<PipelineOptions>;
}

/** Why a run stopped before its last stage; decides the final status. */
class RunStopped extends Error {
  constructor(readonly reason: 'cancelled' | 'lost-lease' | 'shutdown') {
    super(reason);
  }
}

interface ActiveRun {
  run: Run;
  controller: AbortController;
  stopReason: RunStopped['reason'] | null;
  done: Promise<void>;
  /** The stage that just succeeded: its row is marked SUCCESS in the run's next transaction (one commit less per
   * stage; a crash in between only reruns that idempotent stage). */
  completed: { stageId: string; finishedAt: string } | null;
}

/**
 * The conversation pipeline: a durable job table (`core_pipeline_runs`, one row per run, one
 * `core_pipeline_stage_runs` row per stage reached) and a worker loop that claims queued runs and runs the
 * plugins' stages in DAG order. See README.md in this folder for claiming, crash recovery and cancellation.
 */
export class Pipeline {
  readonly stages: readonly StageDefinition[];
  readonly options: PipelineOptions;
  readonly workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  /** Collector plugins register here (in `activate`); the collect stage runs them. */
  readonly collectors = new CollectorRegistry();
  private readonly storage: Storage;
  private readonly logger: Logger;
  private readonly services: ServiceRegistry;
  private readonly listeners = new Set<RunListener>();
  private readonly tasks = new Map<string, PeriodicTask & { lastRun: number }>();
  private readonly active = new Map<string, ActiveRun>();
  private loopPromise: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  private lastStaleCheck = 0;

  constructor(deps: PipelineDeps) {
    this.storage = deps.storage;
    this.logger = deps.logger.child({ component: 'pipeline' });
    this.services = deps.services;
    this.stages = orderStages(deps.stages);
    const options = { ...DEFAULT_PIPELINE_OPTIONS, ...deps.options };
    // SQLite has one writer: a second concurrent run would only queue behind the first one's writes.
    if (this.storage.dialect === 'sqlite') options.concurrency = 1;
    this.options = options;
  }

  private get db(): Db {
    return this.storage.db;
  }

  // ---------------------------------------------------------------- listeners and tasks

  /** Called inside the transaction of every status change (see RunChange). Returns a disposer. */
  onRunChange(listener: RunListener): () => void {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  addPeriodicTask(task: PeriodicTask): () => void {
    if (this.tasks.has(task.id)) throw new Error(`Periodic task '${task.id}' is already registered`);
    this.tasks.set(task.id, { ...task, lastRun: 0 });
    return () => { this.tasks.delete(task.id); };
  }

  /** Runs every periodic task whose interval has passed (or all with `force`). */
  async runPeriodicTasks(now = new Date(), force = false): Promise<void> {
    for (const task of this.tasks.values()) {
      if (!force && now.getTime() - task.lastRun < task.intervalMs) continue;
      task.lastRun = now.getTime();
      try {
        await task.run(now);
      } catch (error) {
        this.logger.error({ err: error, task: task.id }, 'periodic pipeline task failed');
      }
    }
  }

  private async notify(db: Db, run: Run, change: RunChange): Promise<void> {
    for (const listener of this.listeners) await listener(db, run, change);
  }

  // ---------------------------------------------------------------- queueing, reading, cancelling

  /**
   * Queues a run. Pass `db` (a transaction) to queue it together with the caller's own writes. Throws
   * RunConflictError when the conversation already has a queued run.
   */
  async enqueue(request: RunRequest, opts: { db?: Db; requestedBy?: string | null } = {}): Promise<Run> {
    const now = nowIso();
    const row: RunRow = {
      id: crypto.randomUUID(),
      organization_id: request.organizationId,
      conversation_id: request.conversationId,
      run_type: request.runType,
      status: 'PENDING',
      request: JSON.stringify(request),
      dag_step: null,
      current_stage: null,
      enrichment_stage: null,
      progress: 0,
      message: null,
      error: null,
      collector_usage: '[]',
      attempts: 0,
      cancel_requested: 0,
      requested_by: opts.requestedBy ?? null,
      worker_id: null,
      heartbeat_at: null,
      created_at: now,
      started_at: null,
      finished_at: null,
      updated_at: now,
    };
    const write = async (db: Db) => {
      const queued = await db.selectFrom('core_pipeline_runs').select('id')
        .where('conversation_id', '=', request.conversationId).where('status', '=', 'PENDING').executeTakeFirst();
      if (queued) throw new RunConflictError(request.conversationId);
      await db.insertInto('core_pipeline_runs').values(row).execute();
      const run = runFromRow(row);
      await this.notify(db, run, 'queued');
      return run;
    };
    try {
      const run = opts.db ? await write(opts.db) : await this.db.transaction().execute(write);
      this.wakeUp();
      return run;
    } catch (error) {
      if (isUniqueViolation(error)) throw new RunConflictError(request.conversationId);
      throw error;
    }
  }

  async getRun(id: string): Promise<Run | null> {
    const row = await this.db.selectFrom('core_pipeline_runs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? runFromRow(row) : null;
  }

  /** Runs of a conversation, newest first. */
  async runsOf(conversationId: string, limit = 50): Promise<Run[]> {
    const rows = await this.db.selectFrom('core_pipeline_runs').selectAll().where('conversation_id', '=', conversationId)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map(runFromRow);
  }

  async stageRuns(runId: string): Promise<StageRun[]> {
    const rows = await this.db.selectFrom('core_pipeline_stage_runs').selectAll().where('run_id', '=', runId)
      .orderBy('dag_step').orderBy('started_at').execute();
    return rows.map(stageRunFromRow);
  }

  /**
   * Cancels a run: a queued one at once; a running one is asked to stop (its stage sees `ctx.signal` abort within
   * a heartbeat) and is marked CANCELLED when it does. Answers the run as it now is; null when unknown.
   */
  async cancel(runId: string, opts: { db?: Db } = {}): Promise<Run | null> {
    const work = async (db: Db): Promise<Run | null> => {
      const row = await db.selectFrom('core_pipeline_runs').selectAll().where('id', '=', runId).executeTakeFirst();
      if (!row) return null;
      if (row.status === 'PENDING') {
        const now = nowIso();
        const updated = await db.updateTable('core_pipeline_runs')
          .set({ status: 'CANCELLED', cancel_requested: 1, finished_at: now, updated_at: now, message: 'Cancelled before it started' })
          .where('id', '=', runId).where('status', '=', 'PENDING').returningAll().executeTakeFirst();
        if (updated) {
          const run = runFromRow(updated);
          await this.notify(db, run, 'finished');
          return run;
        }
      }
      if (row.status === 'RUNNING' || row.status === 'PENDING') {
        const updated = await db.updateTable('core_pipeline_runs').set({ cancel_requested: 1, updated_at: nowIso() })
          .where('id', '=', runId).returningAll().executeTakeFirstOrThrow();
        return runFromRow(updated);
      }
      return runFromRow(row);
    };
    const run = opts.db ? await work(opts.db) : await this.db.transaction().execute(work);
    // A run of this process stops at once rather than at its next heartbeat.
    const active = this.active.get(runId);
    if (active && run?.cancelRequested) this.abortActive(active, 'cancelled');
    return run;
  }

  /** Cancels every queued or running run of a conversation (it is being deleted, or suspended). */
  async cancelConversation(conversationId: string, opts: { db?: Db } = {}): Promise<Run[]> {
    const db = opts.db ?? this.db;
    const open = await db.selectFrom('core_pipeline_runs').select('id').where('conversation_id', '=', conversationId)
      .where('status', 'in', ['PENDING', 'RUNNING']).execute();
    const out: Run[] = [];
    for (const { id } of open) {
      const run = await this.cancel(id, opts);
      if (run) out.push(run);
    }
    return out;
  }

  // ---------------------------------------------------------------- the worker loop

  /** Recovers runs interrupted by a crash, then starts the worker loop (unless `worker` is off). */
  async start(): Promise<void> {
    this.stopping = false;
    await this.recoverInterrupted({ all: this.storage.dialect === 'sqlite' });
    if (this.options.worker && !this.loopPromise) this.loopPromise = this.loop();
  }

  /**
   * Stops the loop. Runs in progress are aborted and put back in the queue (they resume, skipping their completed
   * stages, when a worker starts again); a stage that ignores its signal for `shutdownGraceMs` is left to crash
   * recovery.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp();
    for (const active of this.active.values()) this.abortActive(active, 'shutdown');
    const all = Promise.allSettled([...this.active.values()].map((a) => a.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((resolve) => { timer = setTimeout(resolve, this.options.shutdownGraceMs); })]);
    clearTimeout(timer);
    await this.loopPromise;
    this.loopPromise = null;
  }

  private wakeUp() {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let claimed = 0;
      try {
        claimed = await this.tick();
      } catch (error) {
        this.logger.error({ err: error }, 'pipeline worker tick failed');
      }
      if (this.stopping) break;
      if (claimed > 0 && this.active.size < this.options.concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => { this.wake = null; resolve(); }, this.options.pollMs);
        this.wake = () => { clearTimeout(timer); resolve(); };
      });
    }
  }

  /** One pass of the worker: due periodic tasks, stale-run recovery, then claim runs up to `concurrency`. */
  async tick(now = new Date()): Promise<number> {
    await this.runPeriodicTasks(now);
    if (now.getTime() - this.lastStaleCheck >= this.options.staleAfterMs / 2) {
      this.lastStaleCheck = now.getTime();
      await this.recoverInterrupted({ all: false });
    }
    let claimed = 0;
    while (!this.stopping && this.active.size < this.options.concurrency) {
      const run = await this.claim();
      if (!run) break;
      claimed += 1;
      this.startExecution(run);
    }
    return claimed;
  }

  /** Claims and runs one queued run to its end (tests and the CLI). Null when none could be claimed. */
  async runNext(): Promise<Run | null> {
    const run = await this.claim();
    if (!run) return null;
    await this.startExecution(run).done;
    return this.getRun(run.id);
  }

  /** Runs queued runs one after another until none is left (tests and the CLI). */
  async drain(): Promise<Run[]> {
    const done: Run[] = [];
    for (let run = await this.runNext(); run; run = await this.runNext()) done.push(run);
    return done;
  }

  private startExecution(run: Run): ActiveRun {
    const controller = new AbortController();
    const active: ActiveRun = { run, controller, stopReason: null, done: Promise.resolve(), completed: null };
    this.active.set(run.id, active);
    active.done = this.execute(active)
      .catch((error: unknown) => this.logger.error({ err: error, runId: run.id }, 'pipeline run bookkeeping failed'))
      .finally(() => {
        this.active.delete(run.id);
        this.wakeUp();
      });
    return active;
  }

  private abortActive(active: ActiveRun, reason: RunStopped['reason']) {
    active.stopReason ??= reason;
    active.controller.abort(new RunStopped(active.stopReason));
  }

  /**
   * Claims the oldest queued run whose conversation has no running run. One statement on both dialects; on
   * PostgreSQL the row is locked `FOR UPDATE SKIP LOCKED` so concurrent workers each get a different run.
   */
  async claim(): Promise<Run | null> {
    // Losing a race for the oldest run (another worker took it between our read and our write) is not "queue
    // empty": try again while claimable runs remain.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const run = await this.claimOnce();
      if (run !== 'lost') return run;
    }
    return null;
  }

  private async claimOnce(): Promise<Run | null | 'lost'> {
    const now = nowIso();
    const lock = this.storage.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    try {
      const result = await sql<RunRow>`
        update core_pipeline_runs
           set status = 'RUNNING', worker_id = ${this.workerId}, attempts = attempts + 1,
               started_at = coalesce(started_at, ${now}), heartbeat_at = ${now}, updated_at = ${now},
               message = case when attempts > 0 then 'Resuming' else null end
         where status = 'PENDING' and id = (
           select r.id from core_pipeline_runs r
            where r.status = 'PENDING'
              and not exists (select 1 from core_pipeline_runs x where x.conversation_id = r.conversation_id and x.status = 'RUNNING')
            order by r.created_at, r.id
            limit 1 ${lock})
        returning *`.execute(this.db);
      const row = result.rows[0];
      if (!row) return (await this.hasClaimable()) ? 'lost' : null;
      const run = runFromRow(row);
      if (this.listeners.size) await this.db.transaction().execute((trx) => this.notify(trx, run, 'started'));
      return run;
    } catch (error) {
      // Another worker started a run of the same conversation between our check and our update.
      if (isUniqueViolation(error)) return 'lost';
      throw error;
    }
  }

  private async hasClaimable(): Promise<boolean> {
    const row = await sql<{ id: string }>`
      select r.id from core_pipeline_runs r
       where r.status = 'PENDING'
         and not exists (select 1 from core_pipeline_runs x where x.conversation_id = r.conversation_id and x.status = 'RUNNING')
       limit 1`.execute(this.db);
    return row.rows.length > 0;
  }

  /**
   * Puts runs left RUNNING by a dead worker back in the queue (they resume, skipping completed stages) or, after
   * `maxAttempts` claims, marks them FAILED with the reason. `all` = every RUNNING run not owned by this process
   * (SQLite at start-up: one worker process per database file); otherwise only runs with a stale heartbeat.
   */
  async recoverInterrupted(opts: { all: boolean }): Promise<{ resumed: string[]; failed: string[]; cancelled: string[] }> {
    const out = { resumed: [] as string[], failed: [] as string[], cancelled: [] as string[] };
    let q = this.db.selectFrom('core_pipeline_runs').selectAll().where('status', '=', 'RUNNING');
    const mine = [...this.active.keys()];
    if (mine.length) q = q.where('id', 'not in', mine);
    if (!opts.all) q = q.where('heartbeat_at', '<', new Date(Date.now() - this.options.staleAfterMs).toISOString());
    for (const row of await q.execute()) {
      await this.db.transaction().execute(async (trx) => {
        const now = nowIso();
        const base = trx.updateTable('core_pipeline_runs').where('id', '=', row.id).where('status', '=', 'RUNNING')
          .where('heartbeat_at', row.heartbeat_at === null ? 'is' : '=', row.heartbeat_at);
        let updated: RunRow | undefined;
        let change: RunChange;
        if (row.cancel_requested === 1) {
          updated = await base.set({ status: 'CANCELLED', worker_id: null, finished_at: now, updated_at: now, message: 'Cancelled' })
            .returningAll().executeTakeFirst();
          change = 'finished';
          if (updated) out.cancelled.push(row.id);
        } else if (Number(row.attempts) >= this.options.maxAttempts) {
          const error = `The run was interrupted ${row.attempts} times (the server stopped while it was running) and was given up.`;
          updated = await base.set({ status: 'FAILED', worker_id: null, finished_at: now, updated_at: now, error, message: error })
            .returningAll().executeTakeFirst();
          change = 'finished';
          if (updated) out.failed.push(row.id);
        } else {
          updated = await base.set({ status: 'PENDING', worker_id: null, heartbeat_at: null, updated_at: now,
            message: 'Interrupted; it resumes from its last completed stage' })
            .returningAll().executeTakeFirst();
          change = 'requeued';
          if (updated) out.resumed.push(row.id);
        }
        if (!updated) return; // its worker was alive after all, or another process recovered it first
        await trx.updateTable('core_pipeline_stage_runs').set({ status: 'INTERRUPTED', finished_at: now })
          .where('run_id', '=', row.id).where('status', '=', 'RUNNING').execute();
        await this.notify(trx, runFromRow(updated), change);
      });
    }
    if (out.resumed.length || out.failed.length || out.cancelled.length) {
      this.logger.warn(out, 'recovered pipeline runs interrupted by a stopped worker');
      this.wakeUp();
    }
    return out;
  }

  // ---------------------------------------------------------------- executing one run

  /** Updates our own RUNNING run; false when the run is no longer ours (recovered by another worker). */
  private async updateOwn(db: Db, runId: string, set: Partial<RunRow>): Promise<RunRow | undefined> {
    return db.updateTable('core_pipeline_runs').set({ ...set, updated_at: nowIso() })
      .where('id', '=', runId).where('worker_id', '=', this.workerId).where('status', '=', 'RUNNING')
      .returningAll().executeTakeFirst();
  }

  private async execute(active: ActiveRun): Promise<void> {
    const { run, controller } = active;
    const heartbeat = setInterval(() => {
      void this.beat(active).catch((error: unknown) => this.logger.warn({ err: error, runId: run.id }, 'heartbeat failed'));
    }, this.options.heartbeatMs);
    heartbeat.unref();
    const done = new Map(
      (await this.stageRuns(run.id)).filter((s) => s.status === 'SUCCESS' || s.status === 'SKIPPED').map((s) => [s.stageId, s]),
    );
    const total = this.stages.length;
    try {
      if (run.cancelRequested) throw new RunStopped('cancelled');
      for (const [index, stage] of this.stages.entries()) {
        if (controller.signal.aborted) throw controller.signal.reason as RunStopped;
        const previous = done.get(stage.id);
        // Resumed run: a stage completed by the same version is not run again.
        if (previous && previous.stageVersion === stage.version) continue;
        await this.runStage(active, stage, index, total);
      }
      await this.finish(active, 'SUCCESS', { progress: 1, message: null, error: null });
    } catch (error) {
      const stopped = error instanceof RunStopped ? error
        : controller.signal.aborted ? (controller.signal.reason as RunStopped) : null;
      if (stopped?.reason === 'lost-lease') {
        this.logger.warn({ runId: run.id }, 'run was taken over by another worker; stopping');
      } else if (stopped?.reason === 'shutdown') {
        await this.requeueOnShutdown(active);
      } else if (stopped?.reason === 'cancelled') {
        await this.finish(active, 'CANCELLED', { message: 'Cancelled' });
      } else {
        const message = error instanceof Error ? error.message : String(error);
        this.logger.error({ err: error, runId: run.id }, 'pipeline run failed');
        await this.finish(active, 'FAILED', { error: message, message });
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async runStage(active: ActiveRun, stage: StageDefinition, index: number, total: number): Promise<void> {
    const { run, controller } = active;
    const now = nowIso();
    const enrichment = stage.enrichmentStage ?? DEFAULT_ENRICHMENT_STAGE[stage.dagStep];
    await this.db.transaction().execute(async (trx) => {
      const updated = await this.updateOwn(trx, run.id, {
        dag_step: stage.dagStep, current_stage: stage.id, enrichment_stage: enrichment,
        progress: index / total, message: stage.title,
      });
      if (!updated) throw new RunStopped('lost-lease');
      await this.flushCompleted(trx, active);
      await trx.insertInto('core_pipeline_stage_runs').values({
        run_id: run.id, stage_id: stage.id, stage_version: stage.version, dag_step: stage.dagStep,
        status: 'RUNNING', attempts: 1, progress: 0, error: null, started_at: now, finished_at: null,
      }).onConflict((oc) => oc.columns(['run_id', 'stage_id']).doUpdateSet({
        stage_version: stage.version, dag_step: stage.dagStep, status: 'RUNNING', progress: 0, error: null,
        started_at: now, finished_at: null, attempts: sql`core_pipeline_stage_runs.attempts + 1`,
      })).execute();
      await this.notify(trx, runFromRow(updated), 'stage');
    });

    let progressWrite: Promise<unknown> = Promise.resolve();
    let lastWrite = 0;
    const ctx: StageContext = {
      storage: this.storage,
      run: run.request,
      logger: this.logger.child({ runId: run.id, stage: stage.id }),
      services: this.services,
      organizationId: run.organizationId,
      conversationId: run.conversationId,
      runId: run.id,
      signal: controller.signal,
      progress: (fraction, message) => {
        const f = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
        const t = Date.now();
        if (t - lastWrite < 250 && f < 1) return;
        lastWrite = t;
        progressWrite = progressWrite.then(() => Promise.all([
          this.updateOwn(this.db, run.id, { progress: (index + f) / total, ...(message ? { message } : {}) }),
          this.db.updateTable('core_pipeline_stage_runs').set({ progress: f })
            .where('run_id', '=', run.id).where('stage_id', '=', stage.id).execute(),
        ])).catch(() => undefined);
      },
      recordUsage: (usage) => this.recordUsage(run.id, usage),
    };

    try {
      await this.executeStage(stage, ctx);
      await progressWrite;
    } catch (error) {
      await progressWrite;
      const stopped = controller.signal.aborted;
      await this.db.updateTable('core_pipeline_stage_runs')
        .set({ status: stopped ? 'INTERRUPTED' : 'FAILED', error: stopped ? null : errorText(error), finished_at: nowIso() })
        .where('run_id', '=', run.id).where('stage_id', '=', stage.id).execute();
      if (stopped) throw controller.signal.reason as RunStopped;
      throw new Error(`Stage '${stage.title}' (${stage.id}) failed: ${errorText(error)}`, { cause: error });
    }
    active.completed = { stageId: stage.id, finishedAt: nowIso() };
  }

  private async flushCompleted(db: Db, active: ActiveRun): Promise<void> {
    const done = active.completed;
    if (!done) return;
    await db.updateTable('core_pipeline_stage_runs').set({ status: 'SUCCESS', progress: 1, finished_at: done.finishedAt })
      .where('run_id', '=', active.run.id).where('stage_id', '=', done.stageId).execute();
    active.completed = null;
  }

  /**
   * Where a stage's code runs: in this process. CPU-heavy stages keep their I/O here and hand their pure
   * computation to `runInWorker` (workerThread.ts), so heartbeats and the API stay responsive — see README.md.
   */
  protected async executeStage(stage: StageDefinition, ctx: StageContext): Promise<void> {
    await stage.run(ctx);
  }

  private async recordUsage(runId: string, usage: CollectorUsage): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('core_pipeline_runs').select('collector_usage').where('id', '=', runId).executeTakeFirst();
      if (!row) return;
      const list = (JSON.parse(row.collector_usage) as CollectorUsage[]).filter((u) => u.name !== usage.name);
      list.push(usage);
      await trx.updateTable('core_pipeline_runs').set({ collector_usage: JSON.stringify(list) }).where('id', '=', runId).execute();
    });
  }

  private async beat(active: ActiveRun): Promise<void> {
    const updated = await this.db.updateTable('core_pipeline_runs').set({ heartbeat_at: nowIso() })
      .where('id', '=', active.run.id).where('worker_id', '=', this.workerId).where('status', '=', 'RUNNING')
      .returning(['cancel_requested']).executeTakeFirst();
    if (!updated) this.abortActive(active, 'lost-lease');
    else if (Number(updated.cancel_requested) === 1) this.abortActive(active, 'cancelled');
  }

  private async finish(active: ActiveRun, status: RunStatus, set: Partial<RunRow>): Promise<void> {
    if (!TERMINAL_STATUSES.has(status)) throw new Error(`'${status}' is not a final status`);
    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const updated = await this.updateOwn(trx, active.run.id, { ...set, status, finished_at: now, worker_id: null });
      if (!updated) return;
      await this.flushCompleted(trx, active);
      await this.notify(trx, runFromRow(updated), 'finished');
    });
  }

  /** A graceful stop gives the claim back: the run resumes later and the interruption does not count. */
  private async requeueOnShutdown(active: ActiveRun): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const updated = await this.updateOwn(trx, active.run.id, {
        status: 'PENDING', worker_id: null, heartbeat_at: null, attempts: sql<number>`attempts - 1` as unknown as number,
        message: 'Interrupted by a server shutdown; it resumes from its last completed stage',
      });
      if (!updated) return;
      await this.flushCompleted(trx, active);
      await this.notify(trx, runFromRow(updated), 'requeued');
    });
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createPipeline(deps: PipelineDeps): Pipeline {
  return new Pipeline(deps);
}

export const pipelineKey = serviceKey<Pipeline>('core.pipeline');
