import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config';
import { createServer } from '../server';
import type { PipelineOptions } from '../pipeline/options';
import type { MediaProxyOptions } from '../media/mediaProxy';
import type { ServerPlugin } from '../plugin/contract';
import { addUser, ensureOrganization } from '../seed';
import { PERMISSIONS } from '@core/shared/access/permissions';

/**
 * Boots the real server on a free port with its own database: a temporary SQLite file, or, when
 * NARRASCOPE_TEST_DATABASE_URL points at a PostgreSQL server, a fresh database created there and dropped after.
 */
export async function startTestServer(opts: {
  plugins: readonly ServerPlugin[];
  env?: Record<string, string>;
  /** Pipeline worker settings (e.g. `{ worker: false }` to drive runs by hand with `pipeline.runNext()`). */
  pipeline?: Partial<PipelineOptions>;
  /** Test-only image proxy options (an allowed loopback address, fake DNS): see MediaProxyOptions.allowAddresses. */
  mediaProxy?: Partial<MediaProxyOptions>;
  /**
   * A PostgreSQL server to create the test database on whatever NARRASCOPE_TEST_DATABASE_URL says: for tests of
   * PostgreSQL-only behaviour, which run on every pass (the machine and CI have PostgreSQL) instead of being skipped.
   */
  postgres?: string;
  /**
   * A data folder the caller owns (e.g. a copy of a prepared SQLite database), kept when the server closes; by
   * default a new temporary folder, removed on close.
   */
  dataDir?: string;
}) {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-test-'));
  const base = opts.postgres ?? process.env.NARRASCOPE_TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (base) {
    const name = `narrascope_t_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new URL(base);
    admin.pathname = '/postgres';
    const run = async (sqlText: string) => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      try { await c.query(sqlText); } finally { await c.end(); }
    };
    await run(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    NARRASCOPE_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NARRASCOPE_WEB_DIR: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...opts.env,
  });
  const server = await createServer({ config, plugins: opts.plugins, pipeline: { pollMs: 100, ...opts.pipeline }, mediaProxy: opts.mediaProxy });
  const address = await server.listen();
  const url = address.replace('0.0.0.0', '127.0.0.1');
  return {
    url,
    server,
    storage: server.ctx.storage,
    /** Creates an organisation (if needed) and a user in it; answers ids and the password. */
    async createUser(org: string, overrides: { email?: string; roles?: string[]; permissions?: string[]; admin?: boolean } = {}) {
      const organizationId = await ensureOrganization(server.ctx.storage, org);
      const email = overrides.email ?? `u${crypto.randomBytes(4).toString('hex')}@${org.toLowerCase().replace(/\W+/g, '')}.test`;
      const password = 'correct-horse-battery';
      const id = await addUser(server.ctx.storage, {
        email, password, organizationId, roles: overrides.roles ?? ['Analyst'],
        permissions: overrides.permissions ?? (overrides.admin ? [...PERMISSIONS] : ['CREATE_CONVERSATION']),
        groups: overrides.admin ? ['Admin'] : [],
      });
      return { id, email, password, organizationId };
    },
    async close() {
      await server.close();
      await dropDatabase();
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The PostgreSQL server of the tests: NARRASCOPE_TEST_DATABASE_URL, else the machine's (trust auth, as on CI). */
export const testPostgresUrl = () => process.env.NARRASCOPE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
