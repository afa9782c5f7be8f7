import { sql, type Kysely } from 'kysely';

/** The SQLite connection settings core and the plugins read and put back. */
export type PragmaName = 'cache_size' | 'foreign_keys' | 'wal_autocheckpoint';

/** A SQLite connection setting's current value (`PRAGMA name`), e.g. `cache_size` or `foreign_keys`. */
export async function readPragma(db: Kysely<any>, name: PragmaName): Promise<number> {
  const row = (await sql.raw<Record<string, number>>(`PRAGMA ${name}`).execute(db)).rows[0];
  return Number(Object.values(row ?? {})[0]);
}
