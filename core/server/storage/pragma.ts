import { sql, type Kysely } from 'kysely';

/** A SQLite connection setting's current value (`PRAGMA name`), e.g. `cache_size` or `foreign_keys`. */
export async function readPragma(db: Kysely<any>, name: 'cache_size' | 'foreign_keys'): Promise<number> {
  const row = (await sql.raw<Record<string, number>>(`PRAGMA ${name}`).execute(db)).rows[0];
  return Number(Object.values(row ?? {})[0]);
}
