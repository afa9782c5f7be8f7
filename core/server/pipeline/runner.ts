import crypto from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import { serviceKey, type ServiceRegistry } from '@core/shared/services/registry';
import type { Logger } from '../logger';
import type { Storage } from '../storage/database';
import type { CoreTables } from '../storage/tables';
import { DEFAULT_PIPELINE_OPTIONS, type PipelineOptions } from './options';
import { CollectorRegistry } from './collectors';
import { recoverLapsedRuns, staleCheckDue, type RecoveredRuns } from './lease';
import { PeriodicTasks, type PeriodicTask } from './periodicTasks';
import { cancelRun, claimRun, enqueueRun, openRunIds, readRun, readRunsOf, readStageRuns } from './queue';
import type { Run, RunListener, StageRun } from './runs';
import { executeRun, stopActiveRun, type ActiveRun, type StageExecutionEnv } from './stageExecution';
import { orderStages, type RunRequest, type StageContext, type StageDefinition } from './stages';
import { WorkerLoop } from './workerLoop';

// Plugins import the task type from here, with the Pipeline they register it on.
export type { PeriodicTask };

type Db = Kysely<CoreTables>;

export interface PipelineDeps {
  storage: Storage;
  logger: Logger;
  services: ServiceRegistry;
  stages: readonly StageDefinition[];
  options?: Partial<PipelineOptions>;
}

/**
 * The conversation pipeline: a durable job table (`core_pipeline_runs`, one row per run, one
 * `core_pipeline_stage_runs` row per stage reached) and a worker loop that claims queued runs and runs the
 * plugins' stages in DAG order. This class composes the parts and is the service other code uses: queue.ts (job
 * rows, claiming, cancel requests), lease.ts (heartbeats, recovery of runs whose lease lapsed), stageExecution.ts
 * (one run's stages), workerLoop.ts (polling, concurrency, stop), periodicTasks.ts. See README.md in this folder.
 */
export class Pipeline {
  readonly stages: readonly StageDefinition[];
  readonly options: PipelineOptions;
  readonly workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  /** Collector plugins register here (in `activate`); the collect stage runs them. */
  readonly collectors = new CollectorRegistry();
  private readonly storage: Storage;
  private readonly logger: Logger;
  private readonly listeners = new Set<RunListener>();
  /** Every listener in turn, in the caller's transaction; a throwing one rolls the change back. */
  private readonly notify: RunListener = async (db, run, change) => {
    for (const listener of this.listeners) await listener(db, run, change);
  };
  private readonly tasks: PeriodicTasks;
  private readonly worker: WorkerLoop;
  private readonly execution: StageExecutionEnv;
  private lastStaleCheck = 0;

  constructor(deps: PipelineDeps) {
    this.storage = deps.storage;
    this.logger = deps.logger.child({ component: 'pipeline' });
    this.stages = orderStages(deps.stages);
    const options = { ...DEFAULT_PIPELINE_OPTIONS, ...deps.options };
    // SQLite has one writer: a second concurrent run would only queue behind the first one's writes.
    if (this.storage.dialect === 'sqlite') options.concurrency = 1;
    this.options = options;
    this.tasks = new PeriodicTasks(this.logger);
    this.worker = new WorkerLoop(this.logger, options, () => this.tick());
    this.execution = {
      storage: this.storage, logger: this.logger, services: deps.services, stages: this.stages,
      workerId: this.workerId, options, notify: this.notify,
      // Through the method, so a subclass's override is the one that runs.
      executeStage: (stage, ctx) => this.executeStage(stage, ctx),
    };
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
    return this.tasks.add(task);
  }

  /** Runs every periodic task whose interval has passed (or all with `force`). */
  async runPeriodicTasks(now = new Date(), force = false): Promise<void> {
    await this.tasks.runDue(now, force);
  }

  // ---------------------------------------------------------------- queueing, reading, cancelling

  /**
   * Queues a run. Pass `db` (a transaction) to queue it together with the caller's own writes. Throws
   * RunConflictError when the conversation already has a queued run.
   */
  async enqueue(request: RunRequest, opts: { db?: Db; requestedBy?: string | null } = {}): Promise<Run> {
    const run = await enqueueRun(this.db, request, opts, this.notify);
    this.worker.wakeUp();
    return run;
  }

  async getRun(id: string): Promise<Run | null> {
    return readRun(this.db, id);
  }

  /** Runs of a conversation, newest first. */
  async runsOf(conversationId: string, limit = 50): Promise<Run[]> {
    return readRunsOf(this.db, conversationId, limit);
  }

  async stageRuns(runId: string): Promise<StageRun[]> {
    return readStageRuns(this.db, runId);
  }

  /**
   * Cancels a run: a queued one at once; a running one is asked to stop (its stage sees `ctx.signal` abort within
   * a heartbeat) and is marked CANCELLED when it does. Answers the run as it now is; null when unknown.
   */
  async cancel(runId: string, opts: { db?: Db } = {}): Promise<Run | null> {
    const run = await cancelRun(this.db, runId, opts, this.notify);
    // A run of this process stops at once rather than at its next heartbeat.
    const active = this.worker.active.get(runId);
    if (active && run?.cancelRequested) stopActiveRun(active, 'cancelled');
    return run;
  }

  /** Cancels every queued or running run of a conversation (it is being deleted, or suspended). */
  async cancelConversation(conversationId: string, opts: { db?: Db } = {}): Promise<Run[]> {
    const out: Run[] = [];
    for (const id of await openRunIds(opts.db ?? this.db, conversationId)) {
      const run = await this.cancel(id, opts);
      if (run) out.push(run);
    }
    return out;
  }

  // ---------------------------------------------------------------- the worker

  /** Recovers runs interrupted by a crash, then starts the worker loop (unless `worker` is off). */
  async start(): Promise<void> {
    this.worker.reopen();
    await this.recoverInterrupted({ all: this.storage.dialect === 'sqlite' });
    if (this.options.worker) this.worker.startLoop();
  }

  /**
   * Stops the loop. Runs in progress are aborted and put back in the queue (they resume, skipping their completed
   * stages, when a worker starts again); a stage that ignores its signal for `shutdownGraceMs` is left to crash
   * recovery.
   */
  async stop(): Promise<void> {
    await this.worker.stop();
  }

  /** One pass of the worker: due periodic tasks, stale-run recovery, then claim runs up to `concurrency`. */
  async tick(now = new Date()): Promise<number> {
    await this.runPeriodicTasks(now);
    if (staleCheckDue(now.getTime(), this.lastStaleCheck, this.options.staleAfterMs)) {
      this.lastStaleCheck = now.getTime();
      await this.recoverInterrupted({ all: false });
    }
    let claimed = 0;
    while (this.worker.hasRoom()) {
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

  /**
   * Claims the oldest queued run whose conversation has no running run. One statement on both dialects; on
   * PostgreSQL the row is locked `FOR UPDATE SKIP LOCKED` so concurrent workers each get a different run.
   */
  async claim(): Promise<Run | null> {
    return claimRun(this.db, this.storage.dialect, this.workerId, async (run) => {
      // 'started' gets its own transaction after the claim; skipped when nobody listens (one commit less).
      if (this.listeners.size) await this.db.transaction().execute((trx) => this.notify(trx, run, 'started'));
    });
  }

  /**
   * Puts runs left RUNNING by a dead worker back in the queue (they resume, skipping completed stages) or, after
   * `maxAttempts` claims, marks them FAILED with the reason. `all` = every RUNNING run not owned by this process
   * (SQLite at start-up: one worker process per database file); otherwise only runs with a stale heartbeat.
   */
  async recoverInterrupted(opts: { all: boolean }): Promise<RecoveredRuns> {
    const out = await recoverLapsedRuns(this.db, {
      all: opts.all, exclude: [...this.worker.active.keys()],
      staleAfterMs: this.options.staleAfterMs, maxAttempts: this.options.maxAttempts,
    }, this.notify);
    if (out.resumed.length || out.failed.length || out.cancelled.length) {
      this.logger.warn(out, 'recovered pipeline runs interrupted by a stopped worker');
      this.worker.wakeUp();
    }
    return out;
  }

  /**
   * Where a stage's code runs: in this process. CPU-heavy stages keep their I/O here and hand their pure
   * computation to `runInWorker` (workerThread.ts), so heartbeats and the API stay responsive — see README.md.
   */
  protected async executeStage(stage: StageDefinition, ctx: StageContext): Promise<void> {
    await stage.run(ctx);
  }

  private startExecution(run: Run): ActiveRun {
    return this.worker.track(run, (active) => executeRun(this.execution, active));
  }
}

export function createPipeline(deps: PipelineDeps): Pipeline {
  return new Pipeline(deps);
}

export const pipelineKey = serviceKey<Pipeline>('core.pipeline');
