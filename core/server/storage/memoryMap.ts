import type Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from './database';

/**
 * SQLite connections read through a memory map of up to 1 GB (core/server/storage/database.ts: the raw data export
 * went from 41k to 45-48k rows/s). Touched pages are file pages, shared with the OS page cache, but they count in the
 * process's resident set for as long as the connection keeps its map: after collect at 5M posts, about 1.8 GB of the
 * server's RSS were pages the run's bulk reads had touched (docs/benchmarks.md, "Fourth 5M run").
 */
export const MMAP_BYTES = 1_073_741_824;

/**
 * Drops the pages a connection has mapped from the process's resident set, keeping its map for the next reads:
 * SQLite's unix VFS unmaps the file when the map size changes and no page is held by a statement (else it leaves the
 * map as it is), and maps it again, empty, at the next read. The pages stay in the OS page cache.
 */
export function unmapTouchedPages(database: Database.Database): void {
  database.pragma('mmap_size = 0');
  database.pragma(`mmap_size = ${MMAP_BYTES}`);
}

/** The same through Kysely, for the storage's one connection (a pipeline stage's end). PostgreSQL: nothing. */
export async function releaseMappedPages(db: Kysely<any>, dialect: DialectName): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql.raw('PRAGMA mmap_size = 0').execute(db);
  await sql.raw(`PRAGMA mmap_size = ${MMAP_BYTES}`).execute(db);
}
