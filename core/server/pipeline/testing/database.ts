import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres, openSqlite, type Storage } from '../../storage/database';
import { runMigrations } from '../../storage/migrations';
import { coreMigrations } from '../../storage/coreMigrations';

/**
 * A fresh, migrated database for pipeline tests: a temporary SQLite file, or a new PostgreSQL database when
 * NARRASCOPE_TEST_DATABASE_URL is set (the same switch as startTestServer). `location` lets another process
 * (the crash test's child) open the same database; `open()` gives another connection to it.
 */
export async function freshDatabase() {
  const base = process.env.NARRASCOPE_TEST_DATABASE_URL;
  if (base) {
    const name = `narrascope_p_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new URL(base);
    admin.pathname = '/postgres';
    const run = async (text: string) => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      try { await c.query(text); } finally { await c.end(); }
    };
    await run(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const location = { databaseUrl: url.toString(), sqliteFile: null };
    const storage = openPostgres(location.databaseUrl);
    await runMigrations(storage, [{ owner: 'core', migrations: coreMigrations }]);
    return {
      storage,
      location,
      open: (): Storage => openPostgres(location.databaseUrl),
      async drop() {
        await storage.close();
        await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-pipeline-'));
  const file = path.join(dir, 'db.sqlite');
  const storage = openSqlite(file);
  await runMigrations(storage, [{ owner: 'core', migrations: coreMigrations }]);
  return {
    storage,
    location: { databaseUrl: null, sqliteFile: file },
    open: (): Storage => openSqlite(file),
    async drop() {
      await storage.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type FreshDatabase = Awaited<ReturnType<typeof freshDatabase>>;
