import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Storage } from '../storage/database';
import { cancelRun, claimRun, enqueueRun, hasClaimableRun, newRunRow, openRunIds, readRun, readRunsOf } from './queue';
import { RunConflictError, type Run, type RunChange, type RunListener } from './runs';
import { freshDatabase, type FreshDatabase } from './testing/database';
import { runRequest } from './testing/runRequest';

let fresh: FreshDatabase;
beforeEach(async () => { fresh = await freshDatabase(); });
afterEach(async () => { await fresh.drop(); });

const quiet: RunListener = async () => undefined;
const noStart = async () => undefined;

function claim(workerId = 'worker-a', storage: Storage = fresh.storage): Promise<Run | null> {
  return claimRun(storage.db, storage.dialect, workerId, noStart);
}

describe('queueing', () => {
  it('a new row is PENDING, unclaimed, and keeps the whole request', () => {
    const req = runRequest({ runType: 'SCHEDULED_RUN' });
    const row = newRunRow(req, 'user-1', '2026-02-01T00:00:00.000Z');
    expect(row).toMatchObject({
      status: 'PENDING', conversation_id: req.conversationId, organization_id: req.organizationId, run_type: 'SCHEDULED_RUN',
      attempts: 0, cancel_requested: 0, worker_id: null, heartbeat_at: null, requested_by: 'user-1', collector_usage: '[]',
      created_at: '2026-02-01T00:00:00.000Z', updated_at: '2026-02-01T00:00:00.000Z',
    });
    expect(JSON.parse(row.request)).toEqual(req);
  });

  it('refuses a second queued run of a conversation, and tells listeners inside the inserting transaction', async () => {
    const db = fresh.storage.db;
    const req = runRequest();
    const seen: Array<[RunChange, string | undefined]> = [];
    const run = await enqueueRun(db, req, { requestedBy: 'user-1' }, async (trx, r, change) => {
      const row = await trx.selectFrom('core_pipeline_runs').select('status').where('id', '=', r.id).executeTakeFirst();
      seen.push([change, row?.status]);
    });
    expect(run).toMatchObject({ status: 'PENDING', requestedBy: 'user-1' });
    expect(seen).toEqual([['queued', 'PENDING']]);
    await expect(enqueueRun(db, { ...req, runType: 'STATIC_MANUAL_RERUN' }, {}, quiet)).rejects.toBeInstanceOf(RunConflictError);
    expect((await readRunsOf(db, req.conversationId, 50)).map((r) => r.id)).toEqual([run.id]);
  });

  it('joins the caller\'s transaction: the run is gone when the caller rolls back', async () => {
    const req = runRequest();
    await expect(fresh.storage.db.transaction().execute(async (trx) => {
      await enqueueRun(fresh.storage.db, req, { db: trx }, quiet);
      throw new Error('caller failed after queueing');
    })).rejects.toThrow('caller failed after queueing');
    expect(await readRunsOf(fresh.storage.db, req.conversationId, 50)).toEqual([]);
  });
});

describe('claiming', () => {
  it('claims the oldest queued run, skipping conversations that have a running run', async () => {
    const db = fresh.storage.db;
    const busy = runRequest();
    const first = await enqueueRun(db, busy, {}, quiet);
    expect((await claim())?.id).toBe(first.id);
    const waiting = await enqueueRun(db, { ...busy, runType: 'STATIC_MANUAL_RERUN' }, {}, quiet);
    const newer = await enqueueRun(db, runRequest(), {}, quiet);
    const older = await enqueueRun(db, runRequest(), {}, quiet);
    await db.updateTable('core_pipeline_runs').set({ created_at: '2020-01-01T00:00:00.000Z' }).where('id', 'in', [older.id, waiting.id]).execute();
    // `waiting` is the oldest, but its conversation is running.
    expect((await claim())?.id).toBe(older.id);
    expect((await claim())?.id).toBe(newer.id);
    expect(await hasClaimableRun(db)).toBe(false);
    expect(await claim()).toBeNull();
  });

  it('a claim takes the lease and counts the attempt; a resumed run keeps its first start and says so', async () => {
    const db = fresh.storage.db;
    const queued = await enqueueRun(db, runRequest(), {}, quiet);
    const started: string[] = [];
    const run = await claimRun(db, fresh.storage.dialect, 'worker-a', async (r) => { started.push(r.id); });
    expect(run).toMatchObject({ status: 'RUNNING', workerId: 'worker-a', attempts: 1, message: null });
    expect(run!.heartbeatAt).toBe(run!.startedAt);
    expect(started).toEqual([queued.id]);
    // As crash recovery leaves it: back in the queue, one attempt spent.
    await db.updateTable('core_pipeline_runs').set({ status: 'PENDING', worker_id: null, heartbeat_at: null }).where('id', '=', queued.id).execute();
    const resumed = await claim('worker-b');
    expect(resumed).toMatchObject({ workerId: 'worker-b', attempts: 2, message: 'Resuming', startedAt: run!.startedAt });
  });

  it('gives each run to exactly one of many concurrent claims', async () => {
    const db = fresh.storage.db;
    const queued = await Promise.all(Array.from({ length: 8 }, () => enqueueRun(db, runRequest(), {}, quiet)));
    // PostgreSQL: a second pool, as another process would have (SKIP LOCKED at work). SQLite: one connection per
    // process, so the claims serialise on it.
    const postgres = fresh.storage.dialect === 'postgres';
    const second = postgres ? fresh.open() : fresh.storage;
    try {
      const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claim(`worker-${i}`, i % 2 ? second : fresh.storage)));
      const ids = claims.filter((r): r is Run => r !== null).map((r) => r.id);
      // No run twice, and each held by the worker that was told it got it.
      expect(new Set(ids).size).toBe(ids.length);
      for (const r of claims) if (r) expect((await readRun(db, r.id))?.workerId).toBe(r.workerId);
      // A claim may give up after losing every retry; whatever it left is still there for the next one.
      for (let r = await claim('late'); r; r = await claim('late')) ids.push(r.id);
      expect(ids.sort()).toEqual(queued.map((r) => r.id).sort());
    } finally {
      if (postgres) await second.close();
    }
  });
});

describe('cancelling', () => {
  it('cancels a queued run at once, and tells listeners it finished', async () => {
    const db = fresh.storage.db;
    const run = await enqueueRun(db, runRequest(), {}, quiet);
    const changes: RunChange[] = [];
    const cancelled = await cancelRun(db, run.id, {}, async (_trx, _run, change) => { changes.push(change); });
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelRequested: true, message: 'Cancelled before it started' });
    expect(cancelled!.finishedAt).not.toBeNull();
    expect(changes).toEqual(['finished']);
  });

  it('only flags a running run (its worker stops it), leaves a finished one as it is, and knows no unknown run', async () => {
    const db = fresh.storage.db;
    const req = runRequest();
    const run = await enqueueRun(db, req, {}, quiet);
    await claim();
    const changes: RunChange[] = [];
    const flagged = await cancelRun(db, run.id, {}, async (_trx, _run, change) => { changes.push(change); });
    expect(flagged).toMatchObject({ status: 'RUNNING', cancelRequested: true });
    expect(changes).toEqual([]);
    expect(await openRunIds(db, req.conversationId)).toEqual([run.id]);
    await db.updateTable('core_pipeline_runs').set({ status: 'SUCCESS', cancel_requested: 0 }).where('id', '=', run.id).execute();
    expect(await cancelRun(db, run.id, {}, quiet)).toMatchObject({ status: 'SUCCESS', cancelRequested: false });
    expect(await openRunIds(db, req.conversationId)).toEqual([]);
    expect(await cancelRun(db, 'no-such-run', {}, quiet)).toBeNull();
    expect(await readRun(db, 'no-such-run')).toBeNull();
  });
});
