import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '@core/server/config';
import { openStorage, type Storage } from '@core/server/storage/database';
import { cliOutput as cli } from './cliOutput';

let dir: string;
let backups: string;
// Stubbed and restored in place: the server project's files share a process (no isolation).
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-backup-cli-'));
  backups = path.join(dir, 'backups');
  fs.mkdirSync(backups);
  vi.stubEnv('NARRASCOPE_DATA_DIR', path.join(dir, 'data'));
  vi.stubEnv('LOG_LEVEL', 'silent');
  vi.stubEnv('DATABASE_URL', undefined);
});
afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `text` matched literally inside a RegExp */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const emails = (file: string) => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select email from core_users order by email').all() as Array<{ email: string }>).map((r) => r.email);
  } finally {
    db.close();
  }
};

describe('npm run cli -- backup', () => {
  const database = () => path.join(dir, 'data', 'narrascope.sqlite');

  it('refuses to run without a target, and with nothing to back up', async () => {
    expect(await cli('backup')).toEqual({ code: 2, out: '', err: 'backup needs --to FILE (a new file for the copy of the database)\n' });
    const target = path.join(backups, 'none.sqlite');
    expect(await cli('backup', '--to', target)).toEqual({
      code: 1, out: '', err: `No database at ${database()} (NARRASCOPE_DATA_DIR): nothing to back up\n`,
    });
    expect(fs.existsSync(target)).toBe(false);
  });

  describe('of a database the server holds open', () => {
    let server: Storage;
    beforeAll(async () => {
      expect((await cli('user', 'add', '--email', 'first@backup.test', '--password', 'violet-harbour-lantern-42', '--org', 'Backup Org')).code).toBe(0);
      // the server's connection stays open, as under `npm start`: the next user is committed to the write-ahead log
      // only (no checkpoint while a connection is open), which a copy of the database file alone would miss
      server = openStorage(loadConfig());
      await server.db.updateTable('core_users' as never).set({ email: 'renamed@backup.test' } as never).execute();
      expect((await cli('user', 'add', '--email', 'second@backup.test', '--password', 'violet-harbour-lantern-43', '--org', 'Backup Org')).code).toBe(0);
      expect(fs.statSync(`${database()}-wal`).size).toBeGreaterThan(0);
    });
    afterAll(async () => { await server.close(); });

    it('copies every committed row into a new file that opens on its own, and says where', async () => {
      const target = path.join(backups, 'narrascope-1.sqlite');
      const done = await cli('backup', '--to', target);
      expect(done.err).toMatch(new RegExp(`^Backing up ${escape(database())} \\(\\d+\\.\\d MB with its write-ahead log\\) to ${escape(target)} \\.\\.\\.\\n$`));
      expect(done.code).toBe(0);
      expect(done.out).toMatch(new RegExp(`^Backed up ${escape(database())} to ${escape(target)} \\(\\d+\\.\\d MB\\) in \\d+\\.\\d s\\.\\n$`));
      expect(emails(target)).toEqual(['renamed@backup.test', 'second@backup.test']);
      expect(fs.existsSync(`${target}-wal`)).toBe(false);
      expect(fs.existsSync(`${target}.partial`)).toBe(false);
      expect(fs.statSync(target).mode & 0o777).toBe(0o600); // password hashes and the token signing key inside
      // the server goes on writing after the backup is taken; the backup keeps its moment
      await server.db.updateTable('core_users' as never).set({ email: 'later@backup.test' } as never)
        .where('email' as never, '=', 'second@backup.test' as never).execute();
      expect(emails(database())).toEqual(['later@backup.test', 'renamed@backup.test']);
      expect(emails(target)).toEqual(['renamed@backup.test', 'second@backup.test']);
    });

    it('never overwrites a file: an existing target is refused and left as it was', async () => {
      const target = path.join(backups, 'existing.sqlite');
      fs.writeFileSync(target, 'an earlier backup');
      expect(await cli('backup', '--to', target)).toEqual({
        code: 2, out: '', err: `${target} already exists: a backup never overwrites a file, name a new one\n`,
      });
      expect(fs.readFileSync(target, 'utf8')).toBe('an earlier backup');
    });

    it('refuses a target in a folder that does not exist', async () => {
      const target = path.join(dir, 'missing', 'narrascope.sqlite');
      expect(await cli('backup', '--to', target)).toEqual({
        code: 2, out: '', err: `The folder ${path.join(dir, 'missing')} does not exist: create it first\n`,
      });
      expect(fs.existsSync(path.join(dir, 'missing'))).toBe(false);
    });
  });

  it('backs up a database no server holds open (the server stopped), and leaves it as it was', async () => {
    expect(fs.existsSync(`${database()}-wal`)).toBe(false); // the last connection's close checkpointed it
    const before = fs.readFileSync(database());
    const target = path.join(backups, 'stopped.sqlite');
    const done = await cli('backup', '--to', target);
    expect(done.code).toBe(0);
    expect(emails(target)).toEqual(['later@backup.test', 'renamed@backup.test']);
    expect(fs.readFileSync(database()).equals(before)).toBe(true);
  });

  it('backs up the database of a server that was killed, with the writes only its write-ahead log holds', async () => {
    const crashed = path.join(dir, 'crashed');
    vi.stubEnv('NARRASCOPE_DATA_DIR', crashed);
    try {
      expect((await cli('user', 'add', '--email', 'before@crash.test', '--password', 'violet-harbour-lantern-44', '--org', 'Crash Org')).code).toBe(0);
      const file = path.join(crashed, 'narrascope.sqlite');
      // A server's last write, then SIGKILL: no checkpoint, no clean close; the write lives in the -wal file only.
      const writer = `const db = new (require('better-sqlite3'))(process.argv[1]); db.pragma('wal_autocheckpoint = 0');
        db.prepare("update core_users set email = 'after@crash.test'").run(); process.kill(process.pid, 'SIGKILL');`;
      const killed = spawnSync(process.execPath, ['-e', writer, file], { cwd: process.cwd() });
      expect(killed.signal).toBe('SIGKILL');
      expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
      // The shared-memory index is gone too (the folder copied from a snapshot): the read-only copy rebuilds it.
      fs.rmSync(`${file}-shm`);
      const [database, log] = [fs.readFileSync(file), fs.readFileSync(`${file}-wal`)];
      const target = path.join(backups, 'crashed.sqlite');
      expect((await cli('backup', '--to', target)).code).toBe(0);
      expect(emails(target)).toEqual(['after@crash.test']);
      expect([fs.readFileSync(file).equals(database), fs.readFileSync(`${file}-wal`).equals(log)]).toEqual([true, true]);
    } finally {
      vi.stubEnv('NARRASCOPE_DATA_DIR', path.join(dir, 'data'));
    }
  });

  it('fails on a data folder whose database file is not a SQLite database, leaving no partial copy', async () => {
    const other = path.join(dir, 'not-sqlite');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'narrascope.sqlite'), 'precious text, not a database');
    vi.stubEnv('NARRASCOPE_DATA_DIR', other);
    try {
      const target = path.join(backups, 'broken.sqlite');
      const failed = await cli('backup', '--to', target);
      expect(failed.code).toBe(1);
      expect(failed.err.split('\n').slice(1)).toEqual([
        `The backup of ${path.join(other, 'narrascope.sqlite')} failed: file is not a database. Nothing was written to ${target}.`, '',
      ]);
      expect([fs.existsSync(target), fs.existsSync(`${target}.partial`)]).toEqual([false, false]);
      expect(fs.readFileSync(path.join(other, 'narrascope.sqlite'), 'utf8')).toBe('precious text, not a database');
    } finally {
      vi.stubEnv('NARRASCOPE_DATA_DIR', path.join(dir, 'data'));
    }
  });

  it('sends a PostgreSQL database to pg_dump, without printing its URL', async () => {
    vi.stubEnv('DATABASE_URL', 'postgres://narrascope:s3cret@db.internal:5432/narrascope');
    try {
      const target = path.join(backups, 'pg.sqlite');
      const refused = await cli('backup', '--to', target);
      expect(refused).toEqual({
        code: 2, out: '',
        err: 'DATABASE_URL is PostgreSQL: back it up with PostgreSQL\'s pg_dump, e.g. pg_dump --format=custom '
          + '--file=narrascope.dump "$DATABASE_URL" (restore with pg_restore). This command copies the SQLite database.\n',
      });
      expect(refused.err).not.toContain('s3cret');
      expect(fs.existsSync(target)).toBe(false);
    } finally {
      vi.stubEnv('DATABASE_URL', undefined);
    }
  });
});
