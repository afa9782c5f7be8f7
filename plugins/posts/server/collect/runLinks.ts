/**
 * A run's links to its matching posts (`posts_run_posts`), written in one transaction. The ids come from the local
 * archive's search (localArchive.ts), read moments before on another connection.
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '@core/server/storage/database';
import { bulkInsert } from '@core/server/postStore/sql';
import { withPageCache } from '@core/server/storage/pageCache';
import { readPragma } from '@core/server/storage/pragma';

/** Run links written per statement (2 parameters a row). */
const LINK_ROWS = 5000;

/**
 * SQLite: the page cache (KiB) while a run's links are written. The transaction's new pages outgrow the default
 * 16 MB: at 3,962,939 links 6.4-7.5 s CPU with it, 4.3-4.6 s with 512 MB (1M: 0.85 -> 0.67 s).
 */
const LINK_CACHE_KIB = 524_288;

/**
 * Links `ids` (ascending) to the run, idempotently; answers how many of them were linked. The links are written in
 * post id order: each one then lands next to the previous one in the (run_id, post_id) key.
 *
 * On SQLite the foreign key is checked once for the whole run instead of once per link: its per-link check reads
 * each post's row (the table's leaf page, posts and their texts together), which at 4M links is 4 GB of pages, most
 * beyond the connection's memory map (10.2 s against 3.4 s without the check, docs/benchmarks.md "Collect at 5M").
 * Inside the same write transaction, links to posts that are not the organisation's (gone since the search) are
 * removed with one statement that reads only the organisation's index of post ids (1.8 s at 4M links). The
 * connection is the transaction's alone meanwhile (the storage has one), and its foreign-key setting is put back.
 */
export async function writeRunLinks(db: Kysely<any>, dialect: DialectName, runId: string, organizationId: string, ids: Float64Array): Promise<number> {
  if (dialect !== 'sqlite') {
    await db.transaction().execute((trx) => insertLinks(trx, dialect, runId, ids));
    return ids.length;
  }
  return db.connection().execute(async (connection) => {
    const enforced = (await readPragma(connection, 'foreign_keys')) === 1;
    if (enforced) await sql.raw('PRAGMA foreign_keys = OFF').execute(connection);
    try {
      return await connection.transaction().execute((trx) => withPageCache(trx, dialect, async () => {
        await insertLinks(trx, dialect, runId, ids);
        const gone = await sql`delete from posts_run_posts where run_id = ${runId}
          and post_id not in (select id from posts_posts where organization_id = ${organizationId})`.execute(trx);
        return ids.length - Number(gone.numAffectedRows ?? 0);
      }, LINK_CACHE_KIB));
    } finally {
      if (enforced) await sql.raw('PRAGMA foreign_keys = ON').execute(connection);
    }
  });
}

async function insertLinks(trx: Kysely<any>, dialect: DialectName, runId: string, ids: Float64Array): Promise<void> {
  for (let i = 0; i < ids.length; i += LINK_ROWS) {
    const rows = Array.from(ids.subarray(i, i + LINK_ROWS), (id) => [runId, id]);
    await bulkInsert(trx, dialect, 'posts_run_posts', [{ name: 'run_id' }, { name: 'post_id', type: 'integer' }],
      rows, 'ON CONFLICT DO NOTHING', LINK_ROWS);
  }
}
