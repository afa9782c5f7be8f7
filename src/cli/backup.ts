import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '@core/server/config';
import { createPrivately, sqliteFileIn } from '@core/server/storage/database';

/** What `npm run cli -- backup` answers: the exit code and the line for the terminal. */
export interface BackupOutcome { code: 0 | 1 | 2; message: string }

const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * A consistent copy of the live database in one file. On SQLite `VACUUM INTO` on a read-only connection of its own:
 * one read transaction, so the copy is the database as of one moment, the write-ahead log's committed pages
 * included (a copy of the file alone would lose them), while the server goes on reading and writing (WAL readers
 * do not block its writer). Written under a `.partial` name and renamed when complete: an interrupted backup never
 * leaves a file that looks finished. Never overwrites a file. On PostgreSQL the server's own pg_dump is the tool
 * (a snapshot of a live database, restorable to another version); this command says so rather than wrap it.
 */
export function backup(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>, target: string | undefined,
  /** a line before the copy starts: a large database takes minutes, and VACUUM INTO reports nothing meanwhile */
  starting: (line: string) => void = () => {},
): BackupOutcome {
  if (!target) return { code: 2, message: 'backup needs --to FILE (a new file for the copy of the database)' };
  if (config.databaseUrl) {
    return {
      code: 2,
      message: 'DATABASE_URL is PostgreSQL: back it up with PostgreSQL\'s pg_dump, e.g. pg_dump --format=custom '
        + '--file=narrascope.dump "$DATABASE_URL" (restore with pg_restore). This command copies the SQLite database.',
    };
  }
  const to = path.resolve(target);
  if (fs.existsSync(to)) return { code: 2, message: `${to} already exists: a backup never overwrites a file, name a new one` };
  if (!fs.existsSync(path.dirname(to))) return { code: 2, message: `The folder ${path.dirname(to)} does not exist: create it first` };
  const from = sqliteFileIn(config.dataDir);
  if (!fs.existsSync(from)) return { code: 1, message: `No database at ${from} (NARRASCOPE_DATA_DIR): nothing to back up` };

  const partial = `${to}.partial`;
  fs.rmSync(partial, { force: true }); // a previous attempt's leftover, never a finished backup
  const size = fs.statSync(from).size + (fs.existsSync(`${from}-wal`) ? fs.statSync(`${from}-wal`).size : 0);
  starting(`Backing up ${from} (${megabytes(size)} with its write-ahead log) to ${to} ...`);
  const started = performance.now();
  const source = new Database(from, { readonly: true, fileMustExist: true });
  try {
    // The copy holds password hashes and the token signing key: readable by its owner only, from its first byte
    // (VACUUM INTO writes into an empty file it is given, keeping its mode).
    createPrivately(partial);
    source.pragma('busy_timeout = 5000');
    source.prepare('VACUUM INTO ?').run(partial);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    return { code: 1, message: `The backup of ${from} failed: ${(error as Error).message}. Nothing was written to ${to}.` };
  } finally {
    source.close();
  }
  fs.renameSync(partial, to);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  return { code: 0, message: `Backed up ${from} to ${to} (${megabytes(fs.statSync(to).size)}) in ${seconds} s.` };
}
