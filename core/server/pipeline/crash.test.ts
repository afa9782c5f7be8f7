import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ServiceRegistry } from '@core/shared/services/registry';
import { createLogger } from '../logger';
import { Pipeline } from './runner';
import { createFixtureTables, crashStages } from './testing/crashFixture';
import { freshDatabase, type FreshDatabase } from './testing/database';

const root = path.resolve(import.meta.dirname, '../../..');
const fixture = path.join(import.meta.dirname, 'testing/crashFixture.ts');

let fresh: FreshDatabase;
let child: ChildProcess | null = null;
beforeEach(async () => {
  fresh = await freshDatabase();
  await createFixtureTables(fresh.storage);
});
afterEach(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await fresh.drop();
});

async function marks(runId: string) {
  const rows = await sql<{ mark: string; pid: number }>`select mark, pid from fixture_marks where run_id = ${runId}`.execute(fresh.storage.db);
  return rows.rows;
}

describe('a worker process killed in the middle of a run', () => {
  it('leaves no half-written run: on restart the run resumes after its last completed stage and nothing stored is lost', async () => {
    const pipeline = new Pipeline({
      storage: fresh.storage, logger: createLogger('silent'), services: new ServiceRegistry(),
      stages: crashStages(false), options: { worker: false, staleAfterMs: 1000 },
    });
    const run = await pipeline.enqueue({
      conversationId: crypto.randomUUID(), organizationId: crypto.randomUUID(), queryString: 'climate',
      startDate: '2026-01-01T00:00:00.000Z', endDate: '2026-01-02T00:00:00.000Z', language: 'en', useExistingData: false,
      runType: 'STATIC_RUN',
    });

    // A real worker process picks the run up and hangs in its second stage; then it is killed without warning.
    child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      cwd: root,
      env: {
        ...process.env, CRASH_HANG: '1',
        ...(fresh.location.databaseUrl ? { CRASH_DATABASE_URL: fresh.location.databaseUrl } : { CRASH_SQLITE_FILE: fresh.location.sqliteFile! }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d) => { stderr += String(d); });
    await expect.poll(async () => (await marks(run.id)).map((m) => m.mark), { timeout: 20_000, interval: 100 })
      .toEqual(['store', 'slow']);
    const during = await pipeline.getRun(run.id);
    expect(during, stderr).toMatchObject({ status: 'RUNNING', dagStep: 3, currentStage: 'fixture.slow', attempts: 1 });
    const killedPid = child.pid!;
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    // What the first stage stored survives the crash, whole.
    const stored = await sql<{ n: number }>`select count(*) as n from fixture_posts where run_id = ${run.id}`.execute(fresh.storage.db);
    expect(Number(stored.rows[0]!.n)).toBe(100);

    // A new worker starts. SQLite: every RUNNING run is an orphan at start-up; PostgreSQL: once its heartbeat is stale.
    if (fresh.storage.dialect === 'postgres') await new Promise((r) => setTimeout(r, 1100));
    await pipeline.start();
    expect(await pipeline.getRun(run.id)).toMatchObject({ status: 'PENDING', workerId: null });
    const done = await pipeline.runNext();
    expect(done).toMatchObject({ status: 'SUCCESS', attempts: 2 });

    // The completed stage was not run again; the interrupted one was, by the new worker.
    const after = await marks(run.id);
    expect(after.filter((m) => m.mark === 'store').map((m) => m.pid)).toEqual([killedPid]);
    expect(after.filter((m) => m.mark === 'slow').map((m) => m.pid).sort()).toEqual([killedPid, process.pid].sort());
    expect(after.filter((m) => m.mark === 'finish').map((m) => m.pid)).toEqual([process.pid]);
    expect((await pipeline.stageRuns(run.id)).map((s) => [s.stageId, s.status, s.attempts])).toEqual([
      ['fixture.store', 'SUCCESS', 1], ['fixture.slow', 'SUCCESS', 2], ['fixture.finish', 'SUCCESS', 1],
    ]);
    const storedAfter = await sql<{ n: number }>`select count(*) as n from fixture_posts where run_id = ${run.id}`.execute(fresh.storage.db);
    expect(Number(storedAfter.rows[0]!.n)).toBe(100);
    await pipeline.stop();
  });
});
