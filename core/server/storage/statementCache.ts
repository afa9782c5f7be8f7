import type Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/**
 * Kysely's SQLite driver prepares every query anew. The API runs the same few dozen statements over and over (a raw
 * data page is about twenty), and preparing was a tenth of a page's CPU: statements are kept by their SQL text, most
 * recently used first, up to `max`. Safe because Kysely runs one query at a time on the connection (its mutex), so a
 * statement is never used by two queries at once, and SQLite re-prepares a cached statement after a schema change.
 */
export function withStatementCache(database: Database.Database, max = 1_000): SqliteDatabase {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => { cache.clear(); database.close(); },
    prepare(sql: string) {
      const cached = cache.get(sql);
      if (cached) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
      return statement;
    },
  } as SqliteDatabase;
}
