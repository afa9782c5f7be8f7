import type { Kysely } from 'kysely';
import type { Logger } from '../logger';
import { nowIso } from '../storage/database';
import type { CoreTables } from '../storage/tables';
import { runFromRow, type RunChange, type RunListener, type RunRow } from './runs';

/**
 * The lease a worker holds on a RUNNING run: `worker_id` says whose it is and `heartbeat_at`, renewed every
 * `heartbeatMs`, says the worker is alive. Every write about a running run is conditional on the lease, so a
 * worker whose run was taken over writes nothing more; a run whose heartbeat is older than `staleAfterMs`
 * belongs to a dead worker and is recovered (requeued, or failed after `maxAttempts` claims).
 */

type Db = Kysely<CoreTables>;

/** What recovery does with a run whose lease lapsed. */
export type RecoveryOutcome = 'cancelled' | 'failed' | 'resumed';

export interface RecoveredRuns {
  resumed: string[];
  failed: string[];
  cancelled: string[];
}

/** The instant before which a heartbeat is stale (heartbeats are ISO text, so the comparison is in SQL on text). */
export function staleHeartbeatCutoff(nowMs: number, staleAfterMs: number): string {
  return new Date(nowMs - staleAfterMs).toISOString();
}

/**
 * Whether a worker should look for stale runs again. Every `staleAfterMs / 2`: a dead worker's run then waits at
 * most about 1.5 × staleAfterMs before some live worker requeues it, without every tick paying for the query.
 */
export function staleCheckDue(nowMs: number, lastCheckMs: number, staleAfterMs: number): boolean {
  return nowMs - lastCheckMs >= staleAfterMs / 2;
}

/**
 * A cancel request wins (the user no longer wants the run); a run already claimed `maxAttempts` times is given
 * up, so a run that kills its worker every time cannot loop forever; anything else resumes.
 */
export function recoveryOutcome(row: Pick<RunRow, 'cancel_requested' | 'attempts'>, maxAttempts: number): RecoveryOutcome {
  if (row.cancel_requested === 1) return 'cancelled';
  if (Number(row.attempts) >= maxAttempts) return 'failed';
  return 'resumed';
}

/** Updates a run only while `workerId` holds its lease; undefined when the run is no longer ours. */
export async function updateOwnRun(db: Db, runId: string, workerId: string, set: Partial<RunRow>): Promise<RunRow | undefined> {
  return db.updateTable('core_pipeline_runs').set({ ...set, updated_at: nowIso() })
    .where('id', '=', runId).where('worker_id', '=', workerId).where('status', '=', 'RUNNING')
    .returningAll().executeTakeFirst();
}

/**
 * Renews the lease. 'lost' = another worker recovered the run (our heartbeat went stale); 'cancel-requested' =
 * someone asked to cancel it, possibly from another process, which is how that process's request reaches us.
 */
export async function renewLease(db: Db, runId: string, workerId: string): Promise<'held' | 'lost' | 'cancel-requested'> {
  const updated = await db.updateTable('core_pipeline_runs').set({ heartbeat_at: nowIso() })
    .where('id', '=', runId).where('worker_id', '=', workerId).where('status', '=', 'RUNNING')
    .returning(['cancel_requested']).executeTakeFirst();
  if (!updated) return 'lost';
  return Number(updated.cancel_requested) === 1 ? 'cancel-requested' : 'held';
}

/**
 * Renews the lease every `intervalMs` until the returned function is called; `onStop` hears when the run must
 * stop. A failed renewal is only logged: the next one may succeed, and a lease that really lapsed shows as 'lost'.
 */
export function startHeartbeat(
  db: Db,
  lease: { runId: string; workerId: string; intervalMs: number; logger: Logger },
  onStop: (reason: 'lost-lease' | 'cancelled') => void,
): () => void {
  const timer = setInterval(() => {
    void renewLease(db, lease.runId, lease.workerId).then((state) => {
      if (state === 'lost') onStop('lost-lease');
      else if (state === 'cancel-requested') onStop('cancelled');
    }).catch((error: unknown) => lease.logger.warn({ err: error, runId: lease.runId }, 'heartbeat failed'));
  }, lease.intervalMs);
  // A heartbeat alone must not keep the process alive (tests, CLI runs that end).
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Puts runs left RUNNING by a dead worker back in the queue (they resume, skipping completed stages) or ends them
 * (recoveryOutcome). `all` = every RUNNING run not in `exclude` (SQLite at start-up: one worker process per
 * database file, so any RUNNING run is an orphan); otherwise only runs whose heartbeat is older than
 * `staleAfterMs`. `exclude` is this process's own runs, whose heartbeats may merely lag.
 */
export async function recoverLapsedRuns(
  db: Db,
  opts: { all: boolean; exclude: readonly string[]; staleAfterMs: number; maxAttempts: number },
  notify: RunListener,
): Promise<RecoveredRuns> {
  const out: RecoveredRuns = { resumed: [], failed: [], cancelled: [] };
  let q = db.selectFrom('core_pipeline_runs').selectAll().where('status', '=', 'RUNNING');
  if (opts.exclude.length) q = q.where('id', 'not in', [...opts.exclude]);
  if (!opts.all) q = q.where('heartbeat_at', '<', staleHeartbeatCutoff(Date.now(), opts.staleAfterMs));
  for (const row of await q.execute()) {
    await db.transaction().execute(async (trx) => {
      const now = nowIso();
      // Conditional on the heartbeat we read: if it moved since, the worker is alive and keeps its run.
      const base = trx.updateTable('core_pipeline_runs').where('id', '=', row.id).where('status', '=', 'RUNNING')
        .where('heartbeat_at', row.heartbeat_at === null ? 'is' : '=', row.heartbeat_at);
      let updated: RunRow | undefined;
      let change: RunChange;
      const outcome = recoveryOutcome(row, opts.maxAttempts);
      if (outcome === 'cancelled') {
        updated = await base.set({ status: 'CANCELLED', worker_id: null, finished_at: now, updated_at: now, message: 'Cancelled' })
          .returningAll().executeTakeFirst();
        change = 'finished';
      } else if (outcome === 'failed') {
        const error = `The run was interrupted ${row.attempts} times (the server stopped while it was running) and was given up.`;
        updated = await base.set({ status: 'FAILED', worker_id: null, finished_at: now, updated_at: now, error, message: error })
          .returningAll().executeTakeFirst();
        change = 'finished';
      } else {
        updated = await base.set({ status: 'PENDING', worker_id: null, heartbeat_at: null, updated_at: now,
          message: 'Interrupted; it resumes from its last completed stage' })
          .returningAll().executeTakeFirst();
        change = 'requeued';
      }
      if (!updated) return; // its worker was alive after all, or another process recovered it first
      out[outcome].push(row.id);
      await trx.updateTable('core_pipeline_stage_runs').set({ status: 'INTERRUPTED', finished_at: now })
        .where('run_id', '=', row.id).where('status', '=', 'RUNNING').execute();
      await notify(trx, runFromRow(updated), change);
    });
  }
  return out;
}
