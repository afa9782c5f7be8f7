import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from './database';
import { MMAP_BYTES, releaseMappedPages, unmapTouchedPages } from './memoryMap';

/** The process's resident file pages (MB), where a connection's mapped pages count. */
const residentFileMb = () => Number(/RssFile:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

const ROWS = 12_000;
const TEXT = 'x'.repeat(2_000); // about 24 MB of pages
let dir: string;
let file: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-mmap-'));
  file = path.join(dir, 'mapped.sqlite');
  const db = new Database(file);
  db.exec('create table t (id integer primary key, body text not null)');
  const insert = db.prepare('insert into t (body) values (?)');
  db.transaction(() => { for (let i = 0; i < ROWS; i += 1) insert.run(`${i}${TEXT}`); })();
  db.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const scan = (db: Database.Database) => {
  let chars = 0;
  for (const row of db.prepare<[], { body: string }>('select body from t').iterate()) chars += row.body.length;
  return chars;
};

describe('pages a bulk read mapped leave the resident set', () => {
  it('unmapTouchedPages: the scan maps ~24 MB, dropped afterwards; the map stays for the next read, answers unchanged', () => {
    const db = new Database(file, { readonly: true });
    db.pragma(`mmap_size = ${MMAP_BYTES}`);
    const before = residentFileMb();
    const chars = scan(db);
    const mapped = residentFileMb();
    expect(mapped - before).toBeGreaterThan(15);
    unmapTouchedPages(db);
    expect(mapped - residentFileMb()).toBeGreaterThan(15);
    expect(db.pragma('mmap_size', { simple: true })).toBe(MMAP_BYTES);
    expect(scan(db)).toBe(chars);
    db.close();
  });

  it('releaseMappedPages: the same on the storage connection through Kysely', async () => {
    const storage = openSqlite(file);
    const db = storage.db as never as import('kysely').Kysely<any>;
    const before = residentFileMb();
    const rows = await db.selectFrom('t').select('body').execute();
    const mapped = residentFileMb();
    expect(mapped - before).toBeGreaterThan(15);
    await releaseMappedPages(db, 'sqlite');
    expect(mapped - residentFileMb()).toBeGreaterThan(15);
    expect((await sql.raw<{ mmap_size: number }>('PRAGMA mmap_size').execute(db)).rows[0]!.mmap_size).toBe(MMAP_BYTES);
    expect((await db.selectFrom('t').select('body').execute()).length).toBe(rows.length);
    await storage.close();
  });
});
