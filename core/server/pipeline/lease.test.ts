import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { recoverLapsedRuns, recoveryOutcome, renewLease, startHeartbeat, staleCheckDue, staleHeartbeatCutoff, updateOwnRun } from './lease';
import { claimRun, enqueueRun, readRun, readStageRuns } from './queue';
import type { Run, RunChange, RunListener } from './runs';
import { freshDatabase, type FreshDatabase } from './testing/database';
import { runRequest } from './testing/runRequest';

let fresh: FreshDatabase;
/** A fresh database per test of the calling describe block only: the pure arithmetic needs none (and on
 * PostgreSQL each costs a CREATE DATABASE). */
function useFreshDatabase() {
  beforeEach(async () => { fresh = await freshDatabase(); });
  afterEach(async () => { await fresh.drop(); });
}

const quiet: RunListener = async () => undefined;
const logger = createLogger('silent');

/** A run claimed by `workerId`, as the worker loop would have it. */
async function claimedBy(workerId: string): Promise<Run> {
  const queued = await enqueueRun(fresh.storage.db, runRequest(), {}, quiet);
  const run = await claimRun(fresh.storage.db, fresh.storage.dialect, workerId, async () => undefined);
  expect(run?.id).toBe(queued.id);
  return run!;
}

describe('lease arithmetic', () => {
  it('a heartbeat is stale when older than staleAfterMs before now', () => {
    expect(staleHeartbeatCutoff(Date.parse('2026-03-01T10:01:00.000Z'), 60_000)).toBe('2026-03-01T10:00:00.000Z');
    // Across a day boundary, as ISO text that still sorts like the instants it names.
    expect(staleHeartbeatCutoff(Date.parse('2026-03-02T00:00:30.000Z'), 60_000)).toBe('2026-03-01T23:59:30.000Z');
  });

  it('looks for stale runs every staleAfterMs / 2', () => {
    expect(staleCheckDue(30_000, 0, 60_000)).toBe(true);
    expect(staleCheckDue(39_999, 10_000, 60_000)).toBe(false);
    expect(staleCheckDue(40_000, 10_000, 60_000)).toBe(true);
  });

  it('recovery: a cancel request wins, maxAttempts claims give up, anything else resumes', () => {
    expect(recoveryOutcome({ cancel_requested: 1, attempts: 5 }, 3)).toBe('cancelled');
    expect(recoveryOutcome({ cancel_requested: 0, attempts: 3 }, 3)).toBe('failed');
    expect(recoveryOutcome({ cancel_requested: 0, attempts: 2 }, 3)).toBe('resumed');
  });
});

describe('holding a lease', () => {
  useFreshDatabase();

  it('writes to a run only while this worker holds it RUNNING', async () => {
    const run = await claimedBy('worker-a');
    const db = fresh.storage.db;
    expect(await updateOwnRun(db, run.id, 'worker-b', { message: 'not mine' })).toBeUndefined();
    expect((await updateOwnRun(db, run.id, 'worker-a', { message: 'mine' }))?.message).toBe('mine');
    await db.updateTable('core_pipeline_runs').set({ status: 'PENDING', worker_id: null }).where('id', '=', run.id).execute();
    expect(await updateOwnRun(db, run.id, 'worker-a', { message: 'requeued meanwhile' })).toBeUndefined();
    expect((await readRun(db, run.id))?.message).toBe('mine');
  });

  it('renewing moves the heartbeat and reports a cancel request or a lost lease', async () => {
    const run = await claimedBy('worker-a');
    const db = fresh.storage.db;
    await db.updateTable('core_pipeline_runs').set({ heartbeat_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', run.id).execute();
    expect(await renewLease(db, run.id, 'worker-a')).toBe('held');
    expect((await readRun(db, run.id))!.heartbeatAt! > '2020-01-01T00:00:00.000Z').toBe(true);
    await db.updateTable('core_pipeline_runs').set({ cancel_requested: 1 }).where('id', '=', run.id).execute();
    expect(await renewLease(db, run.id, 'worker-a')).toBe('cancel-requested');
    expect(await renewLease(db, run.id, 'worker-b')).toBe('lost');
  });

  it('the heartbeat timer tells its owner when another worker took the run over, and stops when asked', async () => {
    const run = await claimedBy('worker-a');
    const db = fresh.storage.db;
    const reasons: string[] = [];
    const stop = startHeartbeat(db, { runId: run.id, workerId: 'worker-a', intervalMs: 20, logger }, (reason) => { reasons.push(reason); });
    await db.updateTable('core_pipeline_runs').set({ worker_id: 'worker-b' }).where('id', '=', run.id).execute();
    await expect.poll(() => reasons[0]).toBe('lost-lease');
    stop();
    const seen = reasons.length;
    await new Promise((r) => setTimeout(r, 80));
    expect(reasons.length).toBe(seen);
  });
});

describe('recovering runs whose lease lapsed', () => {
  useFreshDatabase();

  it('requeues a run whose heartbeat is older than staleAfterMs and leaves a fresh one alone', async () => {
    const db = fresh.storage.db;
    const stale = await claimedBy('dead-worker');
    const live = await claimedBy('live-worker');
    await db.updateTable('core_pipeline_runs').set({ heartbeat_at: new Date(Date.now() - 65_000).toISOString() }).where('id', '=', stale.id).execute();
    await db.updateTable('core_pipeline_runs').set({ heartbeat_at: new Date(Date.now() - 55_000).toISOString() }).where('id', '=', live.id).execute();
    await db.insertInto('core_pipeline_stage_runs').values({
      run_id: stale.id, stage_id: 'a.collect', stage_version: 1, dag_step: 1, status: 'RUNNING', attempts: 1, progress: 0.5,
      error: null, started_at: stale.startedAt, finished_at: null,
    }).execute();
    const changes: Array<[string, RunChange]> = [];
    const out = await recoverLapsedRuns(db, { all: false, exclude: [], staleAfterMs: 60_000, maxAttempts: 3 },
      async (_trx, run, change) => { changes.push([run.id, change]); });
    expect(out).toEqual({ resumed: [stale.id], failed: [], cancelled: [] });
    expect(changes).toEqual([[stale.id, 'requeued']]);
    expect(await readRun(db, stale.id)).toMatchObject({ status: 'PENDING', workerId: null, heartbeatAt: null });
    expect((await readStageRuns(db, stale.id)).map((s) => s.status)).toEqual(['INTERRUPTED']);
    expect(await readRun(db, live.id)).toMatchObject({ status: 'RUNNING', workerId: 'live-worker' });
  });

  it('with `all`, recovers every RUNNING run except the ones excluded (this process\'s own)', async () => {
    const orphan = await claimedBy('dead-worker');
    const mine = await claimedBy('this-worker');
    const out = await recoverLapsedRuns(fresh.storage.db, { all: true, exclude: [mine.id], staleAfterMs: 60_000, maxAttempts: 3 }, quiet);
    expect(out.resumed).toEqual([orphan.id]);
    expect((await readRun(fresh.storage.db, mine.id))?.status).toBe('RUNNING');
  });

  it('ends a run with a cancel request CANCELLED and a run out of attempts FAILED', async () => {
    const db = fresh.storage.db;
    const cancelled = await claimedBy('dead-worker');
    const exhausted = await claimedBy('dead-worker');
    await db.updateTable('core_pipeline_runs').set({ cancel_requested: 1 }).where('id', '=', cancelled.id).execute();
    await db.updateTable('core_pipeline_runs').set({ attempts: 3 }).where('id', '=', exhausted.id).execute();
    const out = await recoverLapsedRuns(db, { all: true, exclude: [], staleAfterMs: 60_000, maxAttempts: 3 }, quiet);
    expect(out).toEqual({ resumed: [], failed: [exhausted.id], cancelled: [cancelled.id] });
    expect(await readRun(db, cancelled.id)).toMatchObject({ status: 'CANCELLED', message: 'Cancelled', workerId: null });
    expect(await readRun(db, exhausted.id)).toMatchObject({
      status: 'FAILED', error: 'The run was interrupted 3 times (the server stopped while it was running) and was given up.',
    });
  });

  it('a listener that throws rolls that run\'s recovery back', async () => {
    const run = await claimedBy('dead-worker');
    await expect(recoverLapsedRuns(fresh.storage.db, { all: true, exclude: [], staleAfterMs: 60_000, maxAttempts: 3 },
      async () => { throw new Error('listener broke'); })).rejects.toThrow('listener broke');
    expect(await readRun(fresh.storage.db, run.id)).toMatchObject({ status: 'RUNNING', workerId: 'dead-worker' });
  });
});
