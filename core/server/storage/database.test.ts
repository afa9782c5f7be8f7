import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_URL_FORM, loadConfig } from '../config';
import { connectStorage, openStorage } from './database';

/**
 * Start-up errors about the database name the setting and the form it expects (issue 18, finding 16): a mistyped
 * DATABASE_URL used to surface as a bare `connect ECONNREFUSED ...`, and `mysql://` was taken for PostgreSQL.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-db-open-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A loopback port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function openError(databaseUrl: string | null, dataDir = tmp): Promise<string> {
  try {
    const storage = await connectStorage({ databaseUrl, dataDir });
    await storage.close();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the storage opened');
}

describe('DATABASE_URL in the configuration', () => {
  it.each([
    ['mysql://root:s3cret@db.example:3306/narrascope', 'mysql://'],
    ['mariadb://root:s3cret@db.example/narrascope', 'mariadb://'],
    ['sqlite:///var/lib/narrascope.db', 'sqlite://'],
    ['http://s3cret@db.example/narrascope', 'http://'],
  ])('refuses %s, naming the setting, the scheme and the expected form, never the password', (url, scheme) => {
    let message = '';
    try { loadConfig({ DATABASE_URL: url }); } catch (error) { message = (error as Error).message; }
    expect(message).toBe(`Invalid configuration: DATABASE_URL: ${scheme} is not supported: Narrascope keeps its data in PostgreSQL `
      + `(postgres:// or postgresql://) or, with DATABASE_URL unset, in SQLite under NARRASCOPE_DATA_DIR. Expected ${DATABASE_URL_FORM}`);
    expect(message).not.toContain('s3cret');
  });

  it.each([['localhost:5432/narrascope'], ['db.example'], ['postgres//user@host/db']])('refuses %s, which is not a URL', (url) => {
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(
      `Invalid configuration: DATABASE_URL: is not a URL. Expected ${DATABASE_URL_FORM} (PostgreSQL), or leave DATABASE_URL unset to use SQLite under NARRASCOPE_DATA_DIR`);
  });

  it.each([['postgres://narrascope:pw@db.example:5432/narrascope'], ['postgresql://narrascope@localhost/narrascope'],
    ['postgres:///narrascope?host=/var/run/postgresql']])('accepts %s', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
  });

  it('opening refuses a non-PostgreSQL URL given directly too (not taken for PostgreSQL)', () => {
    expect(() => openStorage({ databaseUrl: 'mysql://root@db.example/narrascope', dataDir: tmp }))
      .toThrow(/^DATABASE_URL: mysql:\/\/ is not supported: .* Expected postgres:\/\/USER:PASSWORD@HOST:5432\/DATABASE$/);
  });
});

describe('connecting at start-up', () => {
  it('answers a refused connection with the setting, the address tried and the expected form, never the password', async () => {
    const port = await closedPort();
    const message = await openError(`postgres://narrascope:s3cret@127.0.0.1:${port}/narrascope`);
    expect(message).toBe(`Cannot connect to PostgreSQL at 127.0.0.1:${port} (DATABASE_URL): connection refused. Is PostgreSQL running `
      + `and listening there? Fix DATABASE_URL (expected ${DATABASE_URL_FORM}), or leave it unset to use SQLite under NARRASCOPE_DATA_DIR.`);
  });

  it('answers an unknown host name with the setting and the host', async () => {
    const message = await openError('postgres://narrascope:s3cret@no-such-host.invalid:5432/narrascope');
    expect(message).toMatch(/^Cannot connect to PostgreSQL at no-such-host\.invalid:5432 \(DATABASE_URL\): the host name no-such-host\.invalid does not resolve\. /);
    expect(message).toContain(`Fix DATABASE_URL (expected ${DATABASE_URL_FORM})`);
    expect(message).not.toContain('s3cret');
  });

  it('answers a database that does not exist with its name and how to create it', async () => {
    // The PostgreSQL of the test run, else the machine's (CI and development machines have one on 127.0.0.1).
    const url = new URL(process.env.NARRASCOPE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    url.pathname = '/narrascope_no_such_database';
    const message = await openError(url.toString());
    expect(message).toBe(`The database narrascope_no_such_database of DATABASE_URL does not exist on ${url.hostname}:${url.port || 5432}: create it `
      + '(createdb narrascope_no_such_database) or name an existing database in DATABASE_URL.');
  });

  it('answers a SQLite data directory that cannot be created with NARRASCOPE_DATA_DIR named', async () => {
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, 'not a directory');
    const message = await openError(null, path.join(file, 'data'));
    expect(message).toMatch(new RegExp(`^Cannot open the SQLite database ${path.join(file, 'data', 'narrascope.sqlite').replace(/[/.]/g, '\\$&')} `
      + '\\(NARRASCOPE_DATA_DIR\\): .+\\. Set NARRASCOPE_DATA_DIR to a writable directory, or DATABASE_URL to use PostgreSQL\\.$'));
  });

  it('answers a file that is not a SQLite database with NARRASCOPE_DATA_DIR named, and leaves the file as it was', async () => {
    const dir = path.join(tmp, 'not-sqlite');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'narrascope.sqlite'), 'precious text, not a database');
    const message = await openError(null, dir);
    expect(message).toMatch(/^Cannot open the SQLite database .*narrascope\.sqlite \(NARRASCOPE_DATA_DIR\): file is not a database\. /);
    expect(fs.readFileSync(path.join(dir, 'narrascope.sqlite'), 'utf8')).toBe('precious text, not a database');
  });

  it('creates a new SQLite database readable by its owner only, its write-ahead log too, and keeps an existing file\'s mode', async () => {
    const dir = path.join(tmp, 'private');
    const storage = await connectStorage({ databaseUrl: null, dataDir: dir });
    try {
      await sql`create table t (x integer)`.execute(storage.db);
      await sql`insert into t values (1)`.execute(storage.db);
      const mode = (name: string) => fs.statSync(path.join(dir, name)).mode & 0o777;
      expect([mode('narrascope.sqlite'), mode('narrascope.sqlite-wal'), mode('narrascope.sqlite-shm')]).toEqual([0o600, 0o600, 0o600]);
    } finally {
      await storage.close();
    }
    fs.chmodSync(path.join(dir, 'narrascope.sqlite'), 0o640); // an operator's choice (e.g. a backup group)
    const reopened = await connectStorage({ databaseUrl: null, dataDir: dir });
    try {
      expect((await sql<{ x: number }>`select x from t`.execute(reopened.db)).rows).toEqual([{ x: 1 }]);
      expect(fs.statSync(path.join(dir, 'narrascope.sqlite')).mode & 0o777).toBe(0o640);
    } finally {
      await reopened.close();
    }
  });

  it('opens a good SQLite directory and PostgreSQL URL and answers queries', async () => {
    const sqlite = await connectStorage({ databaseUrl: null, dataDir: path.join(tmp, 'good') });
    expect(sqlite.dialect).toBe('sqlite');
    await sqlite.close();
    if (process.env.NARRASCOPE_TEST_DATABASE_URL) {
      const pg = await connectStorage({ databaseUrl: process.env.NARRASCOPE_TEST_DATABASE_URL, dataDir: tmp });
      expect(pg.dialect).toBe('postgres');
      await pg.close();
    }
  });
});
