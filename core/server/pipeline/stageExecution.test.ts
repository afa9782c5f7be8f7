import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceRegistry } from '@core/shared/services/registry';
import { createLogger } from '../logger';
import { claimRun, enqueueRun, newRunRow, readRun, readStageRuns } from './queue';
import { runFromRow, type RunChange, type StageRun } from './runs';
import {
  RunStopped, clampFraction, completedStages, executeRun, isAlreadyDone, newActiveRun, stopActiveRun,
  type ActiveRun, type StageExecutionEnv,
} from './stageExecution';
import { orderStages, type StageDefinition } from './stages';
import { freshDatabase, type FreshDatabase } from './testing/database';
import { runRequest } from './testing/runRequest';

let fresh: FreshDatabase;
/** A fresh database per test of the calling describe block only: the pure arithmetic needs none (and on
 * PostgreSQL each costs a CREATE DATABASE). */
function useFreshDatabase() {
  beforeEach(async () => { fresh = await freshDatabase(); });
  afterEach(async () => { await fresh.drop(); });
}

const stage = (id: string, dagStep: 1 | 2 | 3 | 4 | 5, run: StageDefinition['run'], over: Partial<StageDefinition> = {}): StageDefinition =>
  ({ id, title: `Stage ${id}`, version: 1, dagStep, dependsOn: [], run, ...over });

const stageRun = (stageId: string, status: StageRun['status'], stageVersion = 1): StageRun =>
  ({ runId: 'r', stageId, stageVersion, dagStep: 1, status, attempts: 1, progress: 1, error: null, startedAt: null, finishedAt: null });

/** A stage that runs until its signal aborts, as a well-behaved long stage does. */
const untilAborted = (started: () => void): StageDefinition['run'] => (ctx) => new Promise((_, reject) => {
  started();
  ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
});

/** Claims a fresh run for `worker-a` and starts executing it with `stages`; `changes` records what listeners hear. */
async function execute(stages: StageDefinition[], changes: RunChange[] = []): Promise<ActiveRun> {
  const db = fresh.storage.db;
  await enqueueRun(db, runRequest(), {}, async () => undefined);
  const run = await claimRun(db, fresh.storage.dialect, 'worker-a', async () => undefined);
  const env: StageExecutionEnv = {
    storage: fresh.storage, logger: createLogger('silent'), services: new ServiceRegistry(), stages: orderStages(stages),
    workerId: 'worker-a', options: { heartbeatMs: 20 }, notify: async (_trx, _run, change) => { changes.push(change); },
    executeStage: (s, ctx) => s.run(ctx),
  };
  const active = newActiveRun(run!);
  active.done = executeRun(env, active);
  return active;
}

describe('which stages a resumed run skips', () => {
  it('skips a stage completed (or skipped) by the same version; reruns failed, interrupted and changed ones', () => {
    const done = completedStages([
      stageRun('a', 'SUCCESS'), stageRun('b', 'SKIPPED'), stageRun('c', 'FAILED'), stageRun('d', 'INTERRUPTED'),
      stageRun('e', 'RUNNING'), stageRun('f', 'SUCCESS', 1),
    ]);
    const def = (id: string, version = 1) => stage(id, 1, async () => undefined, { version });
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => isAlreadyDone(def(id), done))).toEqual([true, true, false, false, false]);
    expect(isAlreadyDone(def('f', 2), done)).toBe(false);
    expect(isAlreadyDone(def('never-reached'), done)).toBe(false);
  });
});

describe('stage progress', () => {
  it('is a fraction in 0-1 whatever the stage reports', () => {
    expect([0.4, -1, 2, Number.NaN, Number.POSITIVE_INFINITY].map(clampFraction)).toEqual([0.4, 0, 1, 0, 0]);
  });
});

describe('stopping a run', () => {
  it('the first reason sticks, so a shutdown after a cancel still ends the run CANCELLED', () => {
    const active = newActiveRun(runFromRow(newRunRow(runRequest(), null, '2026-01-01T00:00:00.000Z')));
    stopActiveRun(active, 'cancelled');
    stopActiveRun(active, 'shutdown');
    expect(active.stopReason).toBe('cancelled');
    expect((active.controller.signal.reason as RunStopped).reason).toBe('cancelled');
  });
});

describe('stopping a running run', () => {
  useFreshDatabase();

  it('a run whose lease another worker took stops at its next heartbeat and writes nothing more to the run', async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => { started = r; });
    let later = false;
    const changes: RunChange[] = [];
    const active = await execute([
      stage('a.collect', 1, untilAborted(() => started())),
      stage('b.nlp', 3, async () => { later = true; }),
    ], changes);
    await running;
    const db = fresh.storage.db;
    await db.updateTable('core_pipeline_runs').set({ worker_id: 'worker-b', message: 'taken over' }).where('id', '=', active.run.id).execute();
    await active.done;
    expect(active.stopReason).toBe('lost-lease');
    expect(later).toBe(false);
    expect(await readRun(db, active.run.id)).toMatchObject({ status: 'RUNNING', workerId: 'worker-b', message: 'taken over' });
    expect(changes).toEqual(['stage']);
  });

  it('a shutdown gives the claim back: PENDING, the attempt not counted, the completed stage recorded', async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => { started = r; });
    const changes: RunChange[] = [];
    const active = await execute([
      stage('a.collect', 1, async () => undefined),
      stage('b.nlp', 3, untilAborted(() => started())),
    ], changes);
    await running;
    stopActiveRun(active, 'shutdown');
    await active.done;
    const db = fresh.storage.db;
    expect(await readRun(db, active.run.id)).toMatchObject({
      status: 'PENDING', attempts: 0, workerId: null, heartbeatAt: null,
      message: 'Interrupted by a server shutdown; it resumes from its last completed stage',
    });
    expect((await readStageRuns(db, active.run.id)).map((s) => [s.stageId, s.status])).toEqual([['a.collect', 'SUCCESS'], ['b.nlp', 'INTERRUPTED']]);
    expect(changes).toEqual(['stage', 'stage', 'requeued']);
  });
});
