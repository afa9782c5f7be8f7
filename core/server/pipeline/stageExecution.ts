import { sql, type Kysely } from 'kysely';
import type { ServiceRegistry } from '@core/shared/services/registry';
import type { Logger } from '../logger';
import { nowIso, type Storage } from '../storage/database';
import { releaseMappedPages } from '../storage/memoryMap';
import type { CoreTables } from '../storage/tables';
import { startHeartbeat, updateOwnRun } from './lease';
import type { PipelineOptions } from './options';
import { readStageRuns } from './queue';
import { TERMINAL_STATUSES, runFromRow, type Run, type RunListener, type RunRow, type RunStatus, type StageRun } from './runs';
import { DEFAULT_ENRICHMENT_STAGE, type CollectorUsage, type StageContext, type StageDefinition } from './stages';

/**
 * Executing one claimed run: its stages in DAG order (skipping those a previous attempt completed), the stage
 * rows, progress and collector usage, and how the run ends — SUCCESS, FAILED, CANCELLED, back to the queue on
 * shutdown, or silently when its lease was lost. Which runs execute, and when, is the worker loop's business.
 */

type Db = Kysely<CoreTables>;

export type StopReason = 'cancelled' | 'lost-lease' | 'shutdown';

/** Why a run stopped before its last stage; decides the final status. */
export class RunStopped extends Error {
  constructor(readonly reason: StopReason) {
    super(reason);
  }
}

/** A run this process is executing. */
export interface ActiveRun {
  run: Run;
  controller: AbortController;
  stopReason: StopReason | null;
  done: Promise<void>;
  /** The stage that just succeeded: its row is marked SUCCESS in the run's next transaction (one commit less per
   * stage; a crash in between only reruns that idempotent stage). */
  completed: { stageId: string; finishedAt: string } | null;
}

export function newActiveRun(run: Run): ActiveRun {
  return { run, controller: new AbortController(), stopReason: null, done: Promise.resolve(), completed: null };
}

/** Aborts the run's stage. The first reason sticks: a shutdown that follows a cancel still ends it CANCELLED. */
export function stopActiveRun(active: ActiveRun, reason: StopReason): void {
  active.stopReason ??= reason;
  active.controller.abort(new RunStopped(active.stopReason));
}

/** What executing a run needs from the Pipeline. */
export interface StageExecutionEnv {
  storage: Storage;
  logger: Logger;
  services: ServiceRegistry;
  /** In execution order (orderStages). */
  stages: readonly StageDefinition[];
  workerId: string;
  /** The Pipeline's options, read when a run starts. */
  options: Pick<PipelineOptions, 'heartbeatMs'>;
  notify: RunListener;
  /** Where a stage's code runs (the Pipeline's overridable `executeStage`). */
  executeStage: (stage: StageDefinition, ctx: StageContext) => Promise<void>;
}

/** A run's stage rows that a resumed attempt need not redo, by stage id. */
export function completedStages(stageRuns: readonly StageRun[]): Map<string, StageRun> {
  return new Map(stageRuns.filter((s) => s.status === 'SUCCESS' || s.status === 'SKIPPED').map((s) => [s.stageId, s]));
}

/** Resumed run: a stage completed by the same version is not run again; a new version's outputs differ, so it is. */
export function isAlreadyDone(stage: StageDefinition, completed: ReadonlyMap<string, StageRun>): boolean {
  const previous = completed.get(stage.id);
  return previous !== undefined && previous.stageVersion === stage.version;
}

/** A stage's reported progress as a fraction in 0-1 (a stage dividing by zero reports 0, not NaN). */
export function clampFraction(fraction: number): number {
  return Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
}

/**
 * Executes a claimed run to its end: SUCCESS, FAILED, CANCELLED, or back in the queue on shutdown. After a lost
 * lease it writes nothing more (the run is another worker's). The heartbeat runs for as long as this does.
 */
export async function executeRun(env: StageExecutionEnv, active: ActiveRun): Promise<void> {
  const { run, controller } = active;
  const stopHeartbeat = startHeartbeat(env.storage.db,
    { runId: run.id, workerId: env.workerId, intervalMs: env.options.heartbeatMs, logger: env.logger },
    (reason) => stopActiveRun(active, reason));
  const done = completedStages(await readStageRuns(env.storage.db, run.id));
  const total = env.stages.length;
  try {
    if (run.cancelRequested) throw new RunStopped('cancelled');
    for (const [index, stage] of env.stages.entries()) {
      if (controller.signal.aborted) throw controller.signal.reason as RunStopped;
      if (isAlreadyDone(stage, done)) continue;
      await runStage(env, active, stage, index, total);
    }
    await finishRun(env, active, 'SUCCESS', { progress: 1, message: null, error: null });
  } catch (error) {
    const stopped = error instanceof RunStopped ? error
      : controller.signal.aborted ? (controller.signal.reason as RunStopped) : null;
    if (stopped?.reason === 'lost-lease') {
      // The run is another worker's now: anything we wrote would clobber its state.
      env.logger.warn({ runId: run.id }, 'run was taken over by another worker; stopping');
    } else if (stopped?.reason === 'shutdown') {
      await requeueOnShutdown(env, active);
    } else if (stopped?.reason === 'cancelled') {
      await finishRun(env, active, 'CANCELLED', { message: 'Cancelled' });
    } else {
      const message = errorText(error);
      env.logger.error({ err: error, runId: run.id }, 'pipeline run failed');
      await finishRun(env, active, 'FAILED', { error: message, message });
    }
  } finally {
    stopHeartbeat();
  }
}

async function runStage(env: StageExecutionEnv, active: ActiveRun, stage: StageDefinition, index: number, total: number): Promise<void> {
  const { run, controller } = active;
  const db = env.storage.db;
  const now = nowIso();
  const enrichment = stage.enrichmentStage ?? DEFAULT_ENRICHMENT_STAGE[stage.dagStep];
  // The run row's position and the stage row start together, so listeners never see one without the other.
  await db.transaction().execute(async (trx) => {
    const updated = await updateOwnRun(trx, run.id, env.workerId, {
      dag_step: stage.dagStep, current_stage: stage.id, enrichment_stage: enrichment,
      progress: index / total, message: stage.title,
    });
    if (!updated) throw new RunStopped('lost-lease');
    await flushCompleted(trx, active);
    // A resumed run's interrupted stage already has a row: it starts again, counting the attempt.
    await trx.insertInto('core_pipeline_stage_runs').values({
      run_id: run.id, stage_id: stage.id, stage_version: stage.version, dag_step: stage.dagStep,
      status: 'RUNNING', attempts: 1, progress: 0, error: null, started_at: now, finished_at: null,
    }).onConflict((oc) => oc.columns(['run_id', 'stage_id']).doUpdateSet({
      stage_version: stage.version, dag_step: stage.dagStep, status: 'RUNNING', progress: 0, error: null,
      started_at: now, finished_at: null, attempts: sql`core_pipeline_stage_runs.attempts + 1`,
    })).execute();
    await env.notify(trx, runFromRow(updated), 'stage');
  });

  // Progress writes are chained (never two at once for one stage) and throttled to one per 250 ms, except the
  // final 1; a failed progress write is not worth failing the stage for.
  let progressWrite: Promise<unknown> = Promise.resolve();
  let lastWrite = 0;
  const ctx: StageContext = {
    storage: env.storage,
    run: run.request,
    logger: env.logger.child({ runId: run.id, stage: stage.id }),
    services: env.services,
    organizationId: run.organizationId,
    conversationId: run.conversationId,
    runId: run.id,
    signal: controller.signal,
    progress: (fraction, message) => {
      const f = clampFraction(fraction);
      const t = Date.now();
      if (t - lastWrite < 250 && f < 1) return;
      lastWrite = t;
      progressWrite = progressWrite.then(() => Promise.all([
        updateOwnRun(db, run.id, env.workerId, { progress: (index + f) / total, ...(message ? { message } : {}) }),
        db.updateTable('core_pipeline_stage_runs').set({ progress: f })
          .where('run_id', '=', run.id).where('stage_id', '=', stage.id).execute(),
      ])).catch(() => undefined);
    },
    recordUsage: (usage) => recordUsage(db, run.id, usage),
    recordFinding: (name, value) => recordFinding(db, run.id, name, value),
  };

  try {
    // Pages the stage's reads mapped leave the process's resident set when it ends (storage/memoryMap.ts): the next
    // stages' peaks are their own.
    await env.executeStage(stage, ctx).finally(() => releaseMappedPages(env.storage.db, env.storage.dialect).catch(() => undefined));
    await progressWrite;
  } catch (error) {
    await progressWrite;
    const stopped = controller.signal.aborted;
    await db.updateTable('core_pipeline_stage_runs')
      .set({ status: stopped ? 'INTERRUPTED' : 'FAILED', error: stopped ? null : errorText(error), finished_at: nowIso() })
      .where('run_id', '=', run.id).where('stage_id', '=', stage.id).execute();
    if (stopped) throw controller.signal.reason as RunStopped;
    throw new Error(`Stage '${stage.title}' (${stage.id}) failed: ${errorText(error)}`, { cause: error });
  }
  active.completed = { stageId: stage.id, finishedAt: nowIso() };
}

/** Marks the stage that last succeeded SUCCESS, inside the caller's transaction (see ActiveRun.completed). */
async function flushCompleted(db: Db, active: ActiveRun): Promise<void> {
  const done = active.completed;
  if (!done) return;
  await db.updateTable('core_pipeline_stage_runs').set({ status: 'SUCCESS', progress: 1, finished_at: done.finishedAt })
    .where('run_id', '=', active.run.id).where('stage_id', '=', done.stageId).execute();
  active.completed = null;
}

/** Replaces the collector's entry in the run's usage list (same name), so a resumed stage does not count twice. */
async function recordUsage(db: Db, runId: string, usage: CollectorUsage): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('core_pipeline_runs').select('collector_usage').where('id', '=', runId).executeTakeFirst();
    if (!row) return;
    const list = (JSON.parse(row.collector_usage) as CollectorUsage[]).filter((u) => u.name !== usage.name);
    list.push(usage);
    await trx.updateTable('core_pipeline_runs').set({ collector_usage: JSON.stringify(list) }).where('id', '=', runId).execute();
  });
}

async function recordFinding(db: Db, runId: string, name: string, value: unknown): Promise<void> {
  const row = { run_id: runId, name, value: JSON.stringify(value ?? null), recorded_at: nowIso() };
  await db.insertInto('core_pipeline_run_findings').values(row)
    .onConflict((oc) => oc.columns(['run_id', 'name']).doUpdateSet({ value: row.value, recorded_at: row.recorded_at })).execute();
}

async function finishRun(env: StageExecutionEnv, active: ActiveRun, status: RunStatus, set: Partial<RunRow>): Promise<void> {
  if (!TERMINAL_STATUSES.has(status)) throw new Error(`'${status}' is not a final status`);
  await env.storage.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const updated = await updateOwnRun(trx, active.run.id, env.workerId, { ...set, status, finished_at: now, worker_id: null });
    if (!updated) return;
    await flushCompleted(trx, active);
    await env.notify(trx, runFromRow(updated), 'finished');
  });
}

/** A graceful stop gives the claim back: the run resumes later and the interruption does not count. */
async function requeueOnShutdown(env: StageExecutionEnv, active: ActiveRun): Promise<void> {
  await env.storage.db.transaction().execute(async (trx) => {
    const updated = await updateOwnRun(trx, active.run.id, env.workerId, {
      status: 'PENDING', worker_id: null, heartbeat_at: null, attempts: sql<number>`attempts - 1` as unknown as number,
      message: 'Interrupted by a server shutdown; it resumes from its last completed stage',
    });
    if (!updated) return;
    await flushCompleted(trx, active);
    await env.notify(trx, runFromRow(updated), 'requeued');
  });
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
