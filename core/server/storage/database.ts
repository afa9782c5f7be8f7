import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { CoreTables } from './tables';

export type DialectName = 'sqlite' | 'postgres';

/**
 * Storage conventions that keep SQL portable between the two dialects (see docs/adr/0002-storage.md):
 * timestamps are ISO-8601 UTC text, booleans are integers 0/1, JSON documents are text. Only full-text search
 * and a few aggregates differ; those live behind `dialect`-switching helpers next to the code that needs them.
 */
export interface Storage {
  db: Kysely<CoreTables>;
  dialect: DialectName;
  /** Human-readable location for logs (never includes credentials). */
  describe: string;
  close(): Promise<void>;
}

export function openStorage(opts: { databaseUrl: string | null; dataDir: string }, onIdleError?: (error: Error) => void): Storage {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, onIdleError);
  return openSqlite(path.join(opts.dataDir, 'narrascope.sqlite'));
}

export function openSqlite(file: string): Storage {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new Database(file);
  // WAL lets the pipeline write while the API reads; NORMAL sync is durable across process crashes in WAL mode.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Reads through a memory map instead of a read() copy per page: the raw data export reads a run's rows by id,
  // scattered over the posts table, and went from 41k to 45-48k rows/s (docs/benchmarks.md, posts explorer).
  // Address space only; touched pages are the OS page cache (shared, reclaimable). A larger cache_size
  // (64 MB instead of better-sqlite3's 16 MB) measured no gain, so it stays.
  database.pragma('mmap_size = 1073741824');
  const db = new Kysely<CoreTables>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', describe: `sqlite:${file}`, close: () => db.destroy() };
}

export function openPostgres(url: string, onIdleError: (error: Error) => void = () => {}): Storage {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle pooled connection that the server ends (restart, failover, DROP DATABASE ... WITH (FORCE)) is reported
  // as a pool 'error' event; without a listener Node treats it as an uncaught exception and the process dies.
  // The pool discards that client by itself and the next query opens a new one, so noting it is enough.
  pool.on('error', onIdleError);
  const db = new Kysely<CoreTables>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  safe.password = '';
  return { db, dialect: 'postgres', describe: `postgres:${safe.host}${safe.pathname}`, close: () => db.destroy() };
}

export const nowIso = () => new Date().toISOString();
export const toBool = (v: number | boolean | null | undefined) => v === 1 || v === true;
export const fromBool = (v: boolean) => (v ? 1 : 0);

/** A plugin's typed view of the database: core tables plus the plugin's own (`<plugin_id>_*`). */
export function tablesOf<T>(storage: Storage): Kysely<CoreTables & T> {
  return storage.db as unknown as Kysely<CoreTables & T>;
}
