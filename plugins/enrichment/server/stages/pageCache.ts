import { sql, type Kysely } from 'kysely';

/**
 * SQLite: the page cache (KiB) of the stages' big write transactions. Their rows land all over the
 * (organisation, platform, engagement) index and, when levels change, over the whole table; with SQLite's default
 * 16 MB the transaction's dirty pages are written out to the WAL before it commits, some of them several times
 * (docs/benchmarks.md, "Collect and Core NLP at 5M, round 7").
 */
export const WRITE_CACHE_KIB = 262_144;

/**
 * Sets SQLite's page cache to at least `kib` for the rest of a transaction and answers the function that puts the
 * previous size back. Inside a transaction the connection is the caller's alone, so another setting (an import's)
 * is read and restored as it was. PostgreSQL: nothing.
 */
export async function pageCache(trx: Kysely<any>, dialect: 'sqlite' | 'postgres', kib = WRITE_CACHE_KIB): Promise<() => Promise<void>> {
  if (dialect !== 'sqlite') return async () => undefined;
  const row = (await sql.raw<Record<string, number>>('PRAGMA cache_size').execute(trx)).rows[0];
  const previous = Number(Object.values(row ?? {})[0]);
  // Negative: KiB; positive: pages (4 KiB here). A larger setting stays.
  if (!Number.isFinite(previous) || (previous < 0 ? -previous : previous * 4) >= kib) return async () => undefined;
  await sql.raw(`PRAGMA cache_size = -${kib}`).execute(trx);
  return async () => { await sql.raw(`PRAGMA cache_size = ${previous}`).execute(trx); };
}
