import { sql, type Kysely } from 'kysely';
import type { DialectName } from './database';
import { readPragma } from './pragma';

/**
 * SQLite: the page cache (KiB) of a stage's big write transaction. Rows that land all over an index (a run's links,
 * enrichment's (organisation, platform, engagement) index, levels rewritten over a whole table) or just many of them
 * (a 5M-post run's 7.3M coordination evidence rows) outgrow SQLite's default 16 MB: the transaction's dirty pages
 * are written out to the WAL before it commits, some several times (docs/benchmarks.md, "Collect and Core NLP at 5M,
 * round 7").
 */
export const WRITE_CACHE_KIB = 262_144;

/**
 * Runs `write` inside the transaction `trx` with SQLite's page cache at least `kib`, then puts the previous size
 * back. Inside a transaction the connection is the caller's alone, so another setting (an import's,
 * plugins/posts/server/import/importer.ts) is read and restored as it was. PostgreSQL: `write` alone.
 */
export async function withPageCache<T>(trx: Kysely<any>, dialect: DialectName, write: () => Promise<T>, kib = WRITE_CACHE_KIB): Promise<T> {
  const restore = await largerPageCache(trx, dialect, kib);
  try {
    return await write();
  } finally {
    await restore();
  }
}

/** Sets the page cache to at least `kib`; answers the function that puts the previous size back. */
async function largerPageCache(trx: Kysely<any>, dialect: DialectName, kib: number): Promise<() => Promise<void>> {
  if (dialect !== 'sqlite') return async () => undefined;
  const previous = await readPragma(trx, 'cache_size');
  // Negative: KiB; positive: pages (4 KiB here). A larger setting stays.
  if (!Number.isFinite(previous) || (previous < 0 ? -previous : previous * 4) >= kib) return async () => undefined;
  await sql.raw(`PRAGMA cache_size = -${kib}`).execute(trx);
  return async () => { await sql.raw(`PRAGMA cache_size = ${previous}`).execute(trx); };
}
