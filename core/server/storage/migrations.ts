import { sql, type Kysely } from 'kysely';
import type { DialectName, Storage } from './database';
import { nowIso } from './database';

export interface Migration {
  /** `<owner>/<NNN>_<name>`, permanent once shipped. */
  id: string;
  up: (db: Kysely<any>, dialect: DialectName) => Promise<void>;
}

export interface MigrationSource {
  owner: string;
  migrations: readonly Migration[];
}

/**
 * One runner for core and plugin migrations. Sources run in the order given (core first, then plugins in index
 * order); each migration runs in its own transaction together with its bookkeeping row, so a failure leaves
 * neither a half-applied schema nor a wrong record. PostgreSQL takes an advisory lock so that several
 * processes starting at once apply each migration exactly once.
 */
export async function runMigrations(storage: Storage, sources: readonly MigrationSource[]): Promise<string[]> {
  const db = storage.db as unknown as Kysely<any>;
  await db.schema
    .createTable('core_migrations')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();

  for (const source of sources) {
    for (const m of source.migrations) {
      if (!m.id.startsWith(`${source.owner}/`)) {
        throw new Error(`Migration '${m.id}' of '${source.owner}' must be named '${source.owner}/<NNN>_<name>'`);
      }
    }
  }

  const applied: string[] = [];
  const run = async (conn: Kysely<any>) => {
    const done = new Set((await conn.selectFrom('core_migrations').select('id').execute()).map((r) => r.id as string));
    for (const source of sources) {
      for (const m of source.migrations) {
        if (done.has(m.id)) continue;
        await conn.transaction().execute(async (trx) => {
          await m.up(trx, storage.dialect);
          await trx.insertInto('core_migrations').values({ id: m.id, owner: source.owner, applied_at: nowIso() }).execute();
        });
        applied.push(m.id);
      }
    }
  };

  if (storage.dialect === 'postgres') {
    await db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(724011)`.execute(conn);
      try {
        await run(conn);
      } finally {
        await sql`select pg_advisory_unlock(724011)`.execute(conn);
      }
    });
  } else {
    await run(db);
  }
  return applied;
}
