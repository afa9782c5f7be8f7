import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { nowIso, type DialectName } from '../storage/database';
import type { CoreTables } from '../storage/tables';
import {
  RunConflictError, isUniqueViolation, runFromRow, stageRunFromRow,
  type Run, type RunListener, type RunRow, type StageRun,
} from './runs';
import type { RunRequest } from './stages';

/**
 * The job table as a queue: the rows `enqueue` writes, the claim that hands a queued run to one worker, reading
 * runs back, and cancel requests. Nothing here holds state; the Pipeline (runner.ts) passes the database and
 * its listeners in.
 */

type Db = Kysely<CoreTables>;

/** Losing the race for the oldest run this many times in a row gives up until the next tick (see claimRun). */
const CLAIM_RETRIES = 10;

/** The PENDING row a request becomes. The request is stored whole so a resumed run sees the same query and window. */
export function newRunRow(request: RunRequest, requestedBy: string | null, now: string): RunRow {
  return {
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
    requested_by: requestedBy,
    worker_id: null,
    heartbeat_at: null,
    created_at: now,
    started_at: null,
    finished_at: null,
    updated_at: now,
  };
}

/**
 * Inserts a PENDING run and tells the listeners ('queued'). With `opts.db` (a caller's transaction) it joins that
 * transaction, so a conversation and its first run commit together; otherwise it opens its own. Throws
 * RunConflictError when the conversation already has a queued run: the explicit check gives the common case a
 * clear answer, the partial unique index catches the race between two inserts.
 */
export async function enqueueRun(
  db: Db, request: RunRequest, opts: { db?: Db; requestedBy?: string | null }, notify: RunListener,
): Promise<Run> {
  const row = newRunRow(request, opts.requestedBy ?? null, nowIso());
  const write = async (trx: Db) => {
    const queued = await trx.selectFrom('core_pipeline_runs').select('id')
      .where('conversation_id', '=', request.conversationId).where('status', '=', 'PENDING').executeTakeFirst();
    if (queued) throw new RunConflictError(request.conversationId);
    await trx.insertInto('core_pipeline_runs').values(row).execute();
    const run = runFromRow(row);
    await notify(trx, run, 'queued');
    return run;
  };
  try {
    return opts.db ? await write(opts.db) : await db.transaction().execute(write);
  } catch (error) {
    if (isUniqueViolation(error)) throw new RunConflictError(request.conversationId);
    throw error;
  }
}

/**
 * Claims the oldest queued run whose conversation has no running run, for `workerId`. `onClaimed` runs after
 * the claim committed (the Pipeline tells its 'started' listeners there). Null when nothing is claimable.
 */
export async function claimRun(
  db: Db, dialect: DialectName, workerId: string, onClaimed: (run: Run) => Promise<void>,
): Promise<Run | null> {
  // Losing a race for the oldest run (another worker took it between our read and our write) is not "queue
  // empty": try again while claimable runs remain.
  for (let attempt = 0; attempt < CLAIM_RETRIES; attempt += 1) {
    const run = await claimOnce(db, dialect, workerId, onClaimed);
    if (run !== 'lost') return run;
  }
  return null;
}

/**
 * One claim attempt, one statement on both dialects: on PostgreSQL the chosen row is locked `FOR UPDATE SKIP
 * LOCKED` so concurrent workers each get a different run; SQLite has one writer, so the UPDATE alone is atomic.
 * 'lost' = a claimable run exists but another worker got there first.
 */
async function claimOnce(
  db: Db, dialect: DialectName, workerId: string, onClaimed: (run: Run) => Promise<void>,
): Promise<Run | null | 'lost'> {
  const now = nowIso();
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  try {
    const result = await sql<RunRow>`
      update core_pipeline_runs
         set status = 'RUNNING', worker_id = ${workerId}, attempts = attempts + 1,
             started_at = coalesce(started_at, ${now}), heartbeat_at = ${now}, updated_at = ${now},
             message = case when attempts > 0 then 'Resuming' else null end
       where status = 'PENDING' and id = (
         select r.id from core_pipeline_runs r
          where r.status = 'PENDING'
            and not exists (select 1 from core_pipeline_runs x where x.conversation_id = r.conversation_id and x.status = 'RUNNING')
          order by r.created_at, r.id
          limit 1 ${lock})
      returning *`.execute(db);
    const row = result.rows[0];
    if (!row) return (await hasClaimableRun(db)) ? 'lost' : null;
    const run = runFromRow(row);
    await onClaimed(run);
    return run;
  } catch (error) {
    // Another worker started a run of the same conversation between our check and our update.
    if (isUniqueViolation(error)) return 'lost';
    throw error;
  }
}

/** Whether some queued run could be claimed now (tells a lost race from an empty queue). */
export async function hasClaimableRun(db: Db): Promise<boolean> {
  const row = await sql<{ id: string }>`
    select r.id from core_pipeline_runs r
     where r.status = 'PENDING'
       and not exists (select 1 from core_pipeline_runs x where x.conversation_id = r.conversation_id and x.status = 'RUNNING')
     limit 1`.execute(db);
  return row.rows.length > 0;
}

export async function readRun(db: Db, id: string): Promise<Run | null> {
  const row = await db.selectFrom('core_pipeline_runs').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? runFromRow(row) : null;
}

/** Runs of a conversation, newest first. */
export async function readRunsOf(db: Db, conversationId: string, limit: number): Promise<Run[]> {
  const rows = await db.selectFrom('core_pipeline_runs').selectAll().where('conversation_id', '=', conversationId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(runFromRow);
}

export async function readStageRuns(db: Db, runId: string): Promise<StageRun[]> {
  const rows = await db.selectFrom('core_pipeline_stage_runs').selectAll().where('run_id', '=', runId)
    .orderBy('dag_step').orderBy('started_at').execute();
  return rows.map(stageRunFromRow);
}

/** Ids of a conversation's queued and running runs. */
export async function openRunIds(db: Db, conversationId: string): Promise<string[]> {
  const open = await db.selectFrom('core_pipeline_runs').select('id').where('conversation_id', '=', conversationId)
    .where('status', 'in', ['PENDING', 'RUNNING']).execute();
  return open.map((r) => r.id);
}

/**
 * The job-row half of a cancel: a PENDING run becomes CANCELLED at once (listeners hear 'finished'); a RUNNING
 * one only gets `cancel_requested`, which its worker acts on (stopping a run of this process is the caller's
 * part). A finished run is answered as it is; null when unknown. `opts.db` joins a caller's transaction.
 */
export async function cancelRun(db: Db, runId: string, opts: { db?: Db }, notify: RunListener): Promise<Run | null> {
  const work = async (trx: Db): Promise<Run | null> => {
    const row = await trx.selectFrom('core_pipeline_runs').selectAll().where('id', '=', runId).executeTakeFirst();
    if (!row) return null;
    if (row.status === 'PENDING') {
      const now = nowIso();
      // Conditional on PENDING: a worker may claim it between our read and this write; then it falls through
      // to the cancel request below.
      const updated = await trx.updateTable('core_pipeline_runs')
        .set({ status: 'CANCELLED', cancel_requested: 1, finished_at: now, updated_at: now, message: 'Cancelled before it started' })
        .where('id', '=', runId).where('status', '=', 'PENDING').returningAll().executeTakeFirst();
      if (updated) {
        const run = runFromRow(updated);
        await notify(trx, run, 'finished');
        return run;
      }
    }
    if (row.status === 'RUNNING' || row.status === 'PENDING') {
      const updated = await trx.updateTable('core_pipeline_runs').set({ cancel_requested: 1, updated_at: nowIso() })
        .where('id', '=', runId).returningAll().executeTakeFirstOrThrow();
      return runFromRow(updated);
    }
    return runFromRow(row);
  };
  return opts.db ? work(opts.db) : db.transaction().execute(work);
}
