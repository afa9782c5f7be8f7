/**
 * Stages for the crash test, and (run as a script) a worker process that runs them: `node --import tsx
 * crashFixture.ts` with CRASH_SQLITE_FILE or CRASH_DATABASE_URL set. With CRASH_HANG=1 the second stage never
 * returns, so the test can kill the process with SIGKILL while the run is RUNNING.
 */
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { ServiceRegistry } from '@core/shared/services/registry';
import { createLogger } from '../../logger';
import { openPostgres, openSqlite, type Storage } from '../../storage/database';
import { Pipeline } from '../runner';
import type { StageDefinition } from '../stages';

export async function createFixtureTables(storage: Storage): Promise<void> {
  const db = storage.db as unknown as Kysely<any>;
  await db.schema.createTable('fixture_posts').ifNotExists()
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('fixture_posts_pk', ['run_id', 'n'])
    .execute();
  await db.schema.createTable('fixture_marks').ifNotExists()
    .addColumn('run_id', 'text', (c) => c.notNull())
    .addColumn('mark', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .execute();
}

export function crashStages(hang: boolean): StageDefinition[] {
  const mark = async (storage: Storage, runId: string, what: string) => {
    await sql`insert into fixture_marks (run_id, mark, pid) values (${runId}, ${what}, ${process.pid})`.execute(storage.db);
  };
  return [
    {
      id: 'fixture.store', title: 'Store posts', version: 1, dagStep: 1, dependsOn: [],
      async run(ctx) {
        await mark(ctx.storage, ctx.runId, 'store');
        // One transaction: a crash leaves either all 100 rows or none.
        await ctx.storage.db.transaction().execute(async (trx) => {
          for (let n = 0; n < 100; n += 1) {
            await sql`insert into fixture_posts (run_id, n) values (${ctx.runId}, ${n}) on conflict do nothing`.execute(trx);
          }
        });
      },
    },
    {
      id: 'fixture.slow', title: 'Slow analysis', version: 1, dagStep: 3, dependsOn: ['fixture.store'],
      async run(ctx) {
        await mark(ctx.storage, ctx.runId, 'slow');
        if (hang) await new Promise(() => undefined);
      },
    },
    {
      id: 'fixture.finish', title: 'Finish', version: 1, dagStep: 5, dependsOn: ['fixture.slow'],
      async run(ctx) {
        await mark(ctx.storage, ctx.runId, 'finish');
      },
    },
  ];
}

async function main() {
  const storage = process.env.CRASH_DATABASE_URL ? openPostgres(process.env.CRASH_DATABASE_URL) : openSqlite(process.env.CRASH_SQLITE_FILE!);
  const pipeline = new Pipeline({
    storage, logger: createLogger('silent'), services: new ServiceRegistry(),
    stages: crashStages(process.env.CRASH_HANG === '1'),
    options: { worker: true, pollMs: 50, heartbeatMs: 100 },
  });
  await pipeline.start();
  process.stdout.write('worker started\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
