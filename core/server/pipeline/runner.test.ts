import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { ServiceRegistry } from '@core/shared/services/registry';
import { createLogger } from '../logger';
import type { Storage } from '../storage/database';
import { Pipeline } from './runner';
import { RunConflictError, type Run, type RunChange } from './runs';
import type { RunRequest, StageDefinition } from './stages';
import { freshDatabase, type FreshDatabase } from './testing/database';

let fresh: FreshDatabase;
const pipelines: Pipeline[] = [];
beforeEach(async () => { fresh = await freshDatabase(); });
afterEach(async () => {
  for (const p of pipelines.splice(0)) await p.stop();
  await fresh.drop();
});

function request(over: Partial<RunRequest> = {}): RunRequest {
  return {
    conversationId: crypto.randomUUID(), organizationId: crypto.randomUUID(), queryString: 'climate',
    startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-04T00:00:00.000Z', language: 'en',
    useExistingData: false, runType: 'STATIC_RUN', ...over,
  };
}

function pipeline(stages: StageDefinition[], options: ConstructorParameters<typeof Pipeline>[0]['options'] = {}, storage: Storage = fresh.storage) {
  const p = new Pipeline({ storage, logger: createLogger('silent'), services: new ServiceRegistry(), stages,
    options: { worker: false, heartbeatMs: 50, ...options } });
  pipelines.push(p);
  return p;
}

const stage = (id: string, dagStep: 1 | 2 | 3 | 4 | 5, run: StageDefinition['run'] = async () => undefined, over: Partial<StageDefinition> = {}): StageDefinition =>
  ({ id, title: `Stage ${id}`, version: 1, dagStep, dependsOn: [], run, ...over });

describe('running a queued run', () => {
  it('runs every stage in DAG order, records each stage with its version, and ends SUCCESS', async () => {
    const seen: Array<{ id: string; runId: string }> = [];
    const rec = (id: string) => async (ctx: { runId: string; progress: (f: number) => void }) => { seen.push({ id, runId: ctx.runId }); ctx.progress(1); };
    const p = pipeline([
      stage('b.nlp', 3, rec('b.nlp'), { dependsOn: ['a.collect'], version: 4 }),
      stage('a.collect', 1, rec('a.collect')),
      stage('c.metrics', 5, rec('c.metrics'), { dependsOn: ['b.nlp'] }),
    ]);
    const queued = await p.enqueue(request());
    expect(queued.status).toBe('PENDING');
    const done = await p.runNext();
    expect(seen.map((s) => s.id)).toEqual(['a.collect', 'b.nlp', 'c.metrics']);
    expect(seen.every((s) => s.runId === queued.id)).toBe(true);
    expect(done).toMatchObject({ status: 'SUCCESS', progress: 1, dagStep: 5, currentStage: 'c.metrics', attempts: 1, error: null });
    expect(done!.startedAt).not.toBeNull();
    expect(done!.finishedAt).not.toBeNull();
    const stages = await p.stageRuns(queued.id);
    expect(stages.map((s) => [s.stageId, s.stageVersion, s.dagStep, s.status])).toEqual([
      ['a.collect', 1, 1, 'SUCCESS'], ['b.nlp', 4, 3, 'SUCCESS'], ['c.metrics', 1, 5, 'SUCCESS'],
    ]);
    expect(await p.runNext()).toBeNull();
  });

  it('marks the run FAILED with the stage and its message, and stops there', async () => {
    let after = false;
    const p = pipeline([
      stage('a.collect', 1, async () => { throw new Error('the collector answered 500'); }),
      stage('b.nlp', 3, async () => { after = true; }, { dependsOn: ['a.collect'] }),
    ]);
    const run = await p.enqueue(request());
    const done = await p.runNext();
    expect(done).toMatchObject({ status: 'FAILED', error: "Stage 'Stage a.collect' (a.collect) failed: the collector answered 500" });
    expect(after).toBe(false);
    expect((await p.stageRuns(run.id)).map((s) => [s.stageId, s.status, s.error])).toEqual([['a.collect', 'FAILED', 'the collector answered 500']]);
  });

  it('tells listeners about every change inside the transaction that made it', async () => {
    const changes: Array<[RunChange, string, number | null]> = [];
    const p = pipeline([stage('a.collect', 1), stage('b.nlp', 3, undefined, { enrichmentStage: 'Core NLP' })]);
    p.onRunChange(async (db, run, change) => {
      changes.push([change, run.status, run.dagStep]);
      // A listener writes with the transaction it is given: visible to its own transaction.
      const row = await db.selectFrom('core_pipeline_runs').select('status').where('id', '=', run.id).executeTakeFirst();
      expect(row?.status).toBe(run.status);
    });
    await p.enqueue(request());
    await p.runNext();
    expect(changes).toEqual([
      ['queued', 'PENDING', null], ['started', 'RUNNING', null], ['stage', 'RUNNING', 1], ['stage', 'RUNNING', 3], ['finished', 'SUCCESS', 3],
    ]);
  });

  it('a listener that throws rolls the queueing back: no run without its conversation state', async () => {
    const p = pipeline([stage('a.collect', 1)]);
    p.onRunChange(async (_db, _run, change) => { if (change === 'queued') throw new Error('listener broke'); });
    const req = request();
    await expect(p.enqueue(req)).rejects.toThrow('listener broke');
    expect(await p.runsOf(req.conversationId)).toEqual([]);
  });

  it('records progress, the enrichment stage and collector usage (one entry per collector)', async () => {
    let observed: Run | null = null;
    const p = pipeline([
      stage('a.collect', 1, async (ctx) => {
        await ctx.recordUsage!({ name: 'Reddit', collected_records: 10, record_limit: 100, source: 'reddit', duration_ms: 5, failure: null });
        await ctx.recordUsage!({ name: 'Reddit', collected_records: 12, record_limit: 100, source: 'reddit', duration_ms: 6, failure: null });
        await ctx.recordUsage!({ name: 'Gab', collected_records: 0, record_limit: 100, source: 'gab', duration_ms: 1, failure: 'quota' });
      }),
      stage('b.urls', 2, async (ctx) => {
        ctx.progress(0.5, 'half way');
        await new Promise((r) => setTimeout(r, 50));
        observed = await p.getRun(ctx.runId);
      }, { enrichmentStage: 'EXPAND_URLS' }),
    ]);
    await p.enqueue(request());
    const done = await p.runNext();
    expect(observed).toMatchObject({ status: 'RUNNING', dagStep: 2, currentStage: 'b.urls', enrichmentStage: 'EXPAND_URLS', message: 'half way', progress: 0.75 });
    expect(done!.collectorUsage.map((u) => [u.name, u.collected_records, u.failure])).toEqual([['Reddit', 12, null], ['Gab', 0, 'quota']]);
  });
});

describe('the queue', () => {
  it('holds at most one queued run per conversation', async () => {
    const p = pipeline([stage('a.collect', 1)]);
    const req = request();
    await p.enqueue(req);
    await expect(p.enqueue({ ...req, runType: 'STATIC_MANUAL_RERUN' })).rejects.toBeInstanceOf(RunConflictError);
    expect((await p.runsOf(req.conversationId)).length).toBe(1);
  });

  it('never runs two runs of one conversation at once, and claims oldest first', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const p = pipeline([stage('a.collect', 1, () => gate)]);
    const req = request();
    const first = await p.enqueue(req);
    const claimed = await p.claim();
    expect(claimed?.id).toBe(first.id);
    const second = await p.enqueue({ ...req, runType: 'STATIC_MANUAL_RERUN' });
    const other = await p.enqueue(request());
    // The conversation's second run waits while its first one runs; another conversation's run does not.
    expect((await p.claim())?.id).toBe(other.id);
    expect(await p.claim()).toBeNull();
    release();
    expect(second.status).toBe('PENDING');
  });

  it('gives each run to exactly one of several competing workers', async () => {
    const ran: string[] = [];
    const stages = [stage('a.collect', 1, async (ctx) => { ran.push(ctx.runId); await new Promise((r) => setTimeout(r, 5)); })];
    // PostgreSQL: a second connection pool, as a second process would have. SQLite: one connection per process
    // (better-sqlite3 is synchronous, so a second one in this process would block on the first's lock).
    const postgres = fresh.storage.dialect === 'postgres';
    const second = postgres ? fresh.open() : fresh.storage;
    const workers = [pipeline(stages), pipeline(stages, {}, second), pipeline(stages)];
    const queued = await Promise.all(Array.from({ length: 12 }, () => workers[0]!.enqueue(request())));
    await Promise.all(workers.map((w) => w.drain()));
    await Promise.all(workers.map((w) => w.stop()));
    if (postgres) await second.close();
    expect(ran.sort()).toEqual(queued.map((r) => r.id).sort());
    const statuses = await fresh.storage.db.selectFrom('core_pipeline_runs').select(['status', 'attempts']).execute();
    expect(statuses.every((s) => s.status === 'SUCCESS' && Number(s.attempts) === 1)).toBe(true);
  });

  it('runs queued runs by itself when the worker loop is on', async () => {
    const p = pipeline([stage('a.collect', 1)], { worker: true, pollMs: 20 });
    await p.start();
    const run = await p.enqueue(request());
    await expect.poll(async () => (await p.getRun(run.id))?.status).toBe('SUCCESS');
  });
});

describe('cancelling', () => {
  it('cancels a queued run at once', async () => {
    const p = pipeline([stage('a.collect', 1)]);
    const run = await p.enqueue(request());
    expect((await p.cancel(run.id))?.status).toBe('CANCELLED');
    expect(await p.runNext()).toBeNull();
  });

  it('aborts a running stage through its signal and ends CANCELLED without running later stages', async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => { started = r; });
    let later = false;
    const p = pipeline([
      stage('a.collect', 1, (ctx) => new Promise((_, reject) => {
        started();
        ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
      })),
      stage('b.nlp', 3, async () => { later = true; }, { dependsOn: ['a.collect'] }),
    ]);
    const run = await p.enqueue(request());
    const done = p.runNext();
    await running;
    await p.cancel(run.id);
    expect(await done).toMatchObject({ status: 'CANCELLED' });
    expect(later).toBe(false);
    expect((await p.stageRuns(run.id))[0]?.status).toBe('INTERRUPTED');
  });

  it('notices a cancel requested by another process at its next heartbeat', async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => { started = r; });
    const p = pipeline([stage('a.collect', 1, (ctx) => new Promise((_, reject) => {
      started();
      ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
    }))]);
    const run = await p.enqueue(request());
    const done = p.runNext();
    await running;
    const other = pipeline([]);
    await other.cancel(run.id);
    expect(await done).toMatchObject({ status: 'CANCELLED' });
  });
});

describe('recovering runs a stopped worker left RUNNING', () => {
  async function crashedRun(p: Pipeline, attempts: number, completedVersion: number) {
    const run = await p.enqueue(request());
    const db = fresh.storage.db;
    await db.updateTable('core_pipeline_runs').set({
      status: 'RUNNING', worker_id: 'dead-host:1:abc', attempts, heartbeat_at: '2020-01-01T00:00:00.000Z',
      started_at: '2020-01-01T00:00:00.000Z', dag_step: 3, current_stage: 'b.nlp',
    }).where('id', '=', run.id).execute();
    await db.insertInto('core_pipeline_stage_runs').values([
      { run_id: run.id, stage_id: 'a.collect', stage_version: completedVersion, dag_step: 1, status: 'SUCCESS', attempts: 1, progress: 1, error: null, started_at: '2020-01-01T00:00:00.000Z', finished_at: '2020-01-01T00:00:01.000Z' },
      { run_id: run.id, stage_id: 'b.nlp', stage_version: 1, dag_step: 3, status: 'RUNNING', attempts: 1, progress: 0.3, error: null, started_at: '2020-01-01T00:00:01.000Z', finished_at: null },
    ]).execute();
    return run;
  }

  it('resumes from the last completed stage: a completed stage of the same version is not run again', async () => {
    const ran: string[] = [];
    const p = pipeline([stage('a.collect', 1, async () => { ran.push('a'); }), stage('b.nlp', 3, async () => { ran.push('b'); }, { dependsOn: ['a.collect'] })]);
    const run = await crashedRun(p, 1, 1);
    const changes: RunChange[] = [];
    p.onRunChange(async (_db, _run, change) => { changes.push(change); });
    await p.start();
    expect((await p.getRun(run.id))).toMatchObject({ status: 'PENDING', workerId: null });
    expect(changes).toEqual(['requeued']);
    const done = await p.runNext();
    expect(ran).toEqual(['b']);
    expect(done).toMatchObject({ status: 'SUCCESS', attempts: 2 });
    expect((await p.stageRuns(run.id)).map((s) => [s.stageId, s.status, s.attempts])).toEqual([['a.collect', 'SUCCESS', 1], ['b.nlp', 'SUCCESS', 2]]);
  });

  it('runs a completed stage again when its version changed since', async () => {
    const ran: string[] = [];
    const p = pipeline([stage('a.collect', 1, async () => { ran.push('a'); }, { version: 2 }), stage('b.nlp', 3, async () => { ran.push('b'); })]);
    await crashedRun(p, 1, 1);
    await p.start();
    await p.runNext();
    expect(ran).toEqual(['a', 'b']);
  });

  it('marks a run FAILED with the reason after maxAttempts interruptions', async () => {
    const p = pipeline([stage('a.collect', 1)], { maxAttempts: 3 });
    const run = await crashedRun(p, 3, 1);
    await p.start();
    const failed = await p.getRun(run.id);
    expect(failed).toMatchObject({ status: 'FAILED', error: 'The run was interrupted 3 times (the server stopped while it was running) and was given up.' });
    expect((await p.stageRuns(run.id)).find((s) => s.stageId === 'b.nlp')?.status).toBe('INTERRUPTED');
  });

  it('leaves a run with a fresh heartbeat alone unless told every RUNNING run is orphaned (SQLite start-up)', async () => {
    const p = pipeline([stage('a.collect', 1)]);
    const run = await crashedRun(p, 1, 1);
    await fresh.storage.db.updateTable('core_pipeline_runs').set({ heartbeat_at: new Date().toISOString() }).where('id', '=', run.id).execute();
    expect((await p.recoverInterrupted({ all: false })).resumed).toEqual([]);
    expect((await p.recoverInterrupted({ all: true })).resumed).toEqual([run.id]);
  });

  it('gives the claim back on a graceful stop, without counting it as an attempt', async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => { started = r; });
    const p = pipeline([stage('a.collect', 1, (ctx) => new Promise((_, reject) => {
      started();
      ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
    }))], { worker: true, pollMs: 20 });
    await p.start();
    const run = await p.enqueue(request());
    await running;
    await p.stop();
    expect(await p.getRun(run.id)).toMatchObject({ status: 'PENDING', attempts: 0, workerId: null });
  });
});

describe('periodic tasks', () => {
  it('runs a task when its interval has passed, and survives a failing one', async () => {
    const p = pipeline([]);
    const calls: number[] = [];
    p.addPeriodicTask({ id: 'broken', intervalMs: 1000, run: async () => { throw new Error('nope'); } });
    p.addPeriodicTask({ id: 'count', intervalMs: 1000, run: async (now) => { calls.push(now.getTime()); } });
    await p.runPeriodicTasks(new Date(10_000));
    await p.runPeriodicTasks(new Date(10_500));
    await p.runPeriodicTasks(new Date(11_000));
    expect(calls).toEqual([10_000, 11_000]);
    expect(() => p.addPeriodicTask({ id: 'count', intervalMs: 1, run: async () => undefined })).toThrow("Periodic task 'count' is already registered");
  });
});

describe('the job table', () => {
  it('refuses a second RUNNING row of one conversation at the database level', async () => {
    const p = pipeline([]);
    const req = request();
    const a = await p.enqueue(req);
    await p.claim();
    const db = fresh.storage.db as unknown as Kysely<any>;
    await p.enqueue({ ...req, runType: 'STATIC_MANUAL_RERUN' });
    await expect(sql`update core_pipeline_runs set status = 'RUNNING' where conversation_id = ${req.conversationId} and id <> ${a.id}`.execute(db)).rejects.toThrow();
  });
});
