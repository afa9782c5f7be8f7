import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { withStatementCache } from './statementCache';
import { DATABASE_URL_FORM, databaseUrlProblem } from '../config';
import type { CoreTables } from './tables';
import { MMAP_BYTES } from './memoryMap';

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
  /**
   * SQLite: the database file, so a worker thread can open a connection of its own to it (WAL lets it read while
   * this connection writes). Absent for PostgreSQL and for an in-memory SQLite database.
   */
  sqliteFile?: string;
  close(): Promise<void>;
}

export interface StorageLocation {
  databaseUrl: string | null;
  dataDir: string;
}

/** The SQLite database file of a data folder (NARRASCOPE_DATA_DIR). */
export const sqliteFileIn = (dataDir: string) => path.join(dataDir, 'narrascope.sqlite');

/**
 * Opens the configured storage without touching the network: PostgreSQL when `databaseUrl` is set (only
 * postgres:// and postgresql:// URLs; anything else is refused here, never handed to the PostgreSQL driver), else
 * SQLite in `dataDir`. Errors name the setting to fix. Start-up uses `connectStorage`, which also checks the
 * PostgreSQL server answers.
 */
export function openStorage(opts: StorageLocation, onIdleError?: (error: Error) => void): Storage {
  if (opts.databaseUrl) {
    const problem = databaseUrlProblem(opts.databaseUrl);
    if (problem) throw new Error(`DATABASE_URL: ${problem}`);
    return openPostgres(opts.databaseUrl, onIdleError);
  }
  const file = sqliteFileIn(opts.dataDir);
  try {
    return openSqlite(file);
  } catch (error) {
    throw new Error(`Cannot open the SQLite database ${file} (NARRASCOPE_DATA_DIR): ${reasonOf(error)}. `
      + 'Set NARRASCOPE_DATA_DIR to a writable directory, or DATABASE_URL to use PostgreSQL.');
  }
}

/**
 * `openStorage`, after checking that a PostgreSQL server answers at DATABASE_URL (one connection of its own, given
 * 10 s), so a wrong setting stops start-up with what to fix instead of a bare `connect ECONNREFUSED` from the
 * first migration. What each entry point (server, CLI) opens its storage with.
 */
export async function connectStorage(opts: StorageLocation, onIdleError?: (error: Error) => void): Promise<Storage> {
  if (opts.databaseUrl && !databaseUrlProblem(opts.databaseUrl)) await probePostgres(opts.databaseUrl);
  return openStorage(opts, onIdleError);
}

const PROBE_TIMEOUT_MS = 10_000;

async function probePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  // A failed connect can also be reported as an 'error' event; the rejected promise below carries it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(postgresProblem(url, error));
  } finally {
    await client.end().catch(() => undefined);
  }
}

function reasonOf(error: unknown): string {
  const e = error as { message?: string; errors?: Array<{ message?: string }> };
  // Node answers a refused connection to every address of a name as an AggregateError with an empty message.
  return (e.message || e.errors?.[0]?.message || String(error)).replace(/\.+$/, '');
}

/** What went wrong reaching DATABASE_URL, in words naming the setting, the address and what to do; never the password. */
export function postgresProblem(url: string, error: unknown): string {
  const u = new URL(url);
  const host = u.hostname || u.searchParams.get('host') || 'localhost';
  const where = `${host}:${u.port || '5432'}`;
  const database = decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username) || 'postgres';
  const e = error as { code?: string; errors?: Array<{ code?: string }> };
  const code = e.code ?? e.errors?.find((x) => x.code)?.code;
  const fix = `Fix DATABASE_URL (expected ${DATABASE_URL_FORM}), or leave it unset to use SQLite under NARRASCOPE_DATA_DIR.`;
  const cannot = `Cannot connect to PostgreSQL at ${where} (DATABASE_URL)`;
  switch (code) {
    case 'ECONNREFUSED': return `${cannot}: connection refused. Is PostgreSQL running and listening there? ${fix}`;
    case 'ENOTFOUND': case 'EAI_AGAIN': case 'EAI_NONAME': case 'EAI_FAIL':
      return `${cannot}: the host name ${host} does not resolve. ${fix}`;
    case 'EHOSTUNREACH': case 'ENETUNREACH': return `${cannot}: the host is unreachable. ${fix}`;
    case 'ETIMEDOUT': return `${cannot}: no answer within ${PROBE_TIMEOUT_MS / 1000} s (a firewall, or the wrong host or port?). ${fix}`;
    case '28P01': case '28000':
      return `PostgreSQL at ${where} refused the sign-in of DATABASE_URL: ${reasonOf(error)}. Check the user and password in `
        + `DATABASE_URL (expected ${DATABASE_URL_FORM}).`;
    case '3D000':
      return `The database ${database} of DATABASE_URL does not exist on ${where}: create it (createdb ${database}) or name an `
        + 'existing database in DATABASE_URL.';
    default:
      if (/timeout/i.test(reasonOf(error))) return `${cannot}: no answer within ${PROBE_TIMEOUT_MS / 1000} s (a firewall, or the wrong host or port?). ${fix}`;
      return `${cannot}: ${reasonOf(error)}. ${fix}`;
  }
}

/**
 * Creates a new database file readable by its owner only (mode 600): it holds password hashes, refresh tokens and the
 * token signing key, and SQLite gives its -wal and -shm files the file's mode. An existing file keeps its mode.
 */
export function createPrivately(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', 0o600)); // an empty file is a new SQLite database
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

export function openSqlite(file: string): Storage {
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    createPrivately(file);
  }
  const database = new Database(file);
  try {
    // WAL lets the pipeline write while the API reads; NORMAL sync is durable across process crashes in WAL mode.
    // (The first statement reads the file: one that is not a SQLite database fails here, unchanged.)
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    // Reads through a memory map instead of a read() copy per page: the raw data export reads a run's rows by id,
    // scattered over the posts table, and went from 41k to 45-48k rows/s (docs/benchmarks.md, posts explorer).
    // Address space only; touched pages are the OS page cache (shared, reclaimable). A larger cache_size
    // (64 MB instead of better-sqlite3's 16 MB) measured no gain, so it stays.
    database.pragma(`mmap_size = ${MMAP_BYTES}`);
  } catch (error) {
    database.close();
    throw error;
  }
  const db = new Kysely<CoreTables>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  return {
    db, dialect: 'sqlite', describe: `sqlite:${file}`, close: () => db.destroy(),
    ...(file === ':memory:' ? {} : { sqliteFile: path.resolve(file) }),
  };
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
