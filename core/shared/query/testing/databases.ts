/**
 * Real databases for the query tests: an in-memory SQLite with the FTS5 table the compiler assumes, and a
 * throw-away PostgreSQL database. Test-only (Node): nothing outside tests imports this folder.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { FTS5_TOKENIZE } from '../fts5';

export type Fts5Index = {
  db: Database.Database;
  /** Replaces the indexed rows: row i (1-based) holds searchTexts[i - 1]. */
  load(searchTexts: readonly string[]): void;
  /** Row numbers an FTS5 MATCH expression returns, ascending. */
  match(expression: string): number[];
};

export function createFts5Index(): Fts5Index {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE post_search USING fts5(search_text, tokenize = "${FTS5_TOKENIZE}")`);
  const clear = db.prepare('DELETE FROM post_search');
  const insert = db.prepare('INSERT INTO post_search (rowid, search_text) VALUES (?, ?)');
  const load = db.transaction((texts: readonly string[]) => {
    clear.run();
    texts.forEach((text, index) => insert.run(index + 1, text));
  });
  return {
    db,
    load: (texts) => load(texts),
    match: (expression) =>
      (db.prepare('SELECT rowid FROM post_search WHERE post_search MATCH ? ORDER BY rowid').pluck().all(expression) as number[]),
  };
}

export type PostgresTestDatabase = { client: pg.Client; drop(): Promise<void> };

const SERVER = { host: '127.0.0.1', port: 5432, user: 'postgres' };

/**
 * Creates `narrascope_query_test_<random>` (UTF-8, C.UTF-8 character classes: the locale the safe-character
 * table of searchText.ts is checked against) and connects to it; `drop` disconnects and drops it.
 */
export async function createPostgresTestDatabase(): Promise<PostgresTestDatabase> {
  const name = `narrascope_query_test_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ ...SERVER, database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ ...SERVER, database: name });
  await client.connect();
  return {
    client,
    async drop() {
      await client.end();
      const dropper = new pg.Client({ ...SERVER, database: 'postgres' });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** Indexes (1-based) of the search texts whose `to_tsvector('simple', …)` matches `to_tsquery('simple', query)`. */
export async function tsqueryMatches(client: pg.Client, searchTexts: readonly string[], query: string): Promise<number[]> {
  const result = await client.query<{ i: string }>(
    `SELECT d.i FROM unnest($1::text[]) WITH ORDINALITY AS d(t, i)
      WHERE to_tsvector('simple', d.t) @@ to_tsquery('simple', $2) ORDER BY d.i`,
    [searchTexts, query],
  );
  return result.rows.map((row) => Number(row.i));
}
