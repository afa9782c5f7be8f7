import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ambiguousClaims, ownerOfPath, prefixCovers } from '@core/server/plugin/prefixes';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPlugins } from '@plugins/index.server';
import { clientPlugins } from '@plugins/index.client';
import templateServer from '@plugins/_template/server';
import templateClient from '@plugins/_template/client';
import { loadConfig } from '@core/server/config';
import { createServer } from '@core/server/server';
import { serverPluginProblems } from '@core/server/plugin/validate';
import { coreServerServices } from '@core/server/plugin/coreServices';
import { planActivation } from '@core/shared/plugin/activationOrder';
import type { ServerPlugin } from '@core/server/plugin/contract';
import type { RegisteredRoute } from '@core/server/http/routes';
import { openSqlite } from '@core/server/storage/database';
import { runMigrations, type MigrationSource } from '@core/server/storage/migrations';
import { coreMigrations } from '@core/server/storage/coreMigrations';
import { clientPluginProblems, PALETTE_CHORD } from '@core/client/plugin/validate';
import { coreClientServices } from '@core/client/plugin/coreServices';
import type { ClientPlugin } from '@core/client/plugin/contract';
import { coreCommands } from '@core/client/commands/coreCommands';
import { shellCommands } from '@core/client/shell/shellCommands';
import { panelOpenCommands } from '@core/client/commands/registry';

/**
 * Every registered plugin, plus the copy-me template (kept honest so `npm run plugin:new` starts from a plugin that
 * passes), obeys the plugin contract of the architecture guide §3.
 */
const servers: ServerPlugin[] = [...serverPlugins, templateServer];
const clients: ClientPlugin[] = [...clientPlugins, templateClient];
const coreReserved = [PALETTE_CHORD, ...coreCommands(), ...shellCommands()];

const tableStem = (pluginId: string) => `${pluginId.replaceAll('-', '_')}_`;

describe('plugin ids and halves', () => {
  it('checks the template as well, which is a skeleton to copy and never registered itself', () => {
    expect(serverPlugins.map((p) => p.manifest.id)).not.toContain('template');
    expect(clientPlugins.map((p) => p.manifest.id)).not.toContain('template');
    expect(servers.at(-1)?.manifest.id).toBe('template');
    expect(clients.at(-1)?.manifest.id).toBe('template');
  });

  it('gives both halves of a plugin the same manifest', () => {
    const serverManifests = new Map(servers.map((p) => [p.manifest.id, p.manifest]));
    for (const c of clients) {
      const s = serverManifests.get(c.manifest.id);
      if (s) expect(c.manifest, c.manifest.id).toEqual(s);
    }
  });
});

describe('declared services', () => {
  // Undeclared use in `activate` is refused at runtime: the real server below activates every server half that way.
  it('leave no required service unprovided, no cycle and no service provided twice, on either side', () => {
    expect(planActivation(servers, coreServerServices).problems).toEqual([]);
    expect(planActivation(clients, coreClientServices).problems).toEqual([]);
  });

  it('name only services of the plugin itself or core contracts it implements in `provides`', () => {
    for (const p of [...servers, ...clients]) {
      for (const k of p.services?.provides ?? []) {
        expect(k.id.startsWith(`${p.manifest.id}.`) || k.id.startsWith('core.'), `${p.manifest.id} provides ${k.id}`).toBe(true);
      }
    }
  });
});

describe('server halves', () => {
  it('have no contract problems (ids, stage and migration ownership, stage DAG, prefixes)', () => {
    expect(serverPluginProblems(servers)).toEqual([]);
  });

  it('name every migration `<pluginId>/<NNN>_<name>`', () => {
    for (const p of servers) {
      for (const m of p.migrations ?? []) {
        expect(m.id, `migration of plugin '${p.manifest.id}'`).toMatch(new RegExp(`^${p.manifest.id}/\\d{3}_[a-z0-9_]+$`));
      }
    }
  });

  it('never claim the same path shape twice (nested claims are allowed: the most specific owns its paths)', () => {
    const claims = servers.flatMap((p) => (p.manifest.apiPrefixes ?? []).map((prefix) => ({ owner: p.manifest.id, prefix })));
    expect(ambiguousClaims(claims)).toEqual([]);
  });

  it('write only tables named `<plugin_id>_*` when their migrations run on a fresh database', async () => {
    const storage = openSqlite(':memory:');
    const db = storage.db as unknown as Kysely<any>;
    const objects = async () =>
      new Set(
        (await sql<{ name: string }>`select name from sqlite_master where type in ('table', 'index') and name not like 'sqlite_%'`.execute(db))
          .rows.map((r) => r.name),
      );
    try {
      const sources: MigrationSource[] = [{ owner: 'core', migrations: coreMigrations }];
      await runMigrations(storage, sources);
      const seen = await objects();
      // Core owns the post store too; its tables keep their persisted `posts_` names (ADR 0007).
      expect([...seen].filter((n) => !n.startsWith('core_') && !n.startsWith('posts_'))).toEqual([]);
      for (const table of ['posts_posts', 'posts_actors', 'posts_urls', 'posts_hashtags', 'posts_mentions', 'posts_run_posts', 'posts_search']) {
        expect(seen.has(table), `core creates the post store table ${table}`).toBe(true);
      }
      for (const p of servers) {
        sources.push({ owner: p.manifest.id, migrations: p.migrations ?? [] });
        await runMigrations(storage, sources);
        const now = await objects();
        const added = [...now].filter((n) => !seen.has(n));
        expect(added.filter((n) => !n.startsWith(tableStem(p.manifest.id))), `tables of plugin '${p.manifest.id}'`).toEqual([]);
        if ((p.migrations?.length ?? 0) > 0) expect(added.length, `plugin '${p.manifest.id}' migrations create something`).toBeGreaterThan(0);
        for (const n of now) seen.add(n);
      }
    } finally {
      await storage.close();
    }
  });
});

describe('client halves', () => {
  it('have no contract problems (ids, config defaults, keybinding conflicts with each other and with core)', () => {
    expect(clientPluginProblems(clients, coreReserved)).toEqual([]);
  });

  it('give every panel an Open <title> command in the plugin namespace', () => {
    for (const c of clients) {
      for (const cmd of panelOpenCommands(c.panels ?? [])) {
        expect(cmd.id.startsWith(`${c.manifest.id}.open`), cmd.id).toBe(true);
        expect(cmd.title).toMatch(/^Open \S/);
      }
    }
  });
});

describe('the real server with every plugin', () => {
  let dataDir: string;
  let server: Awaited<ReturnType<typeof createServer>>;
  let routes: RegisteredRoute[];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-contracts-'));
    const config = loadConfig({ NARRASCOPE_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
    server = await createServer({ config, plugins: servers });
    routes = server.http.routes;
  });

  afterAll(async () => {
    await server?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('registers the routes of core and of plugins that declare them', () => {
    const owners = new Set(routes.map((r) => r.owner));
    expect(owners.has('core')).toBe(true);
    for (const p of servers) if (p.routes) expect(owners.has(p.manifest.id), p.manifest.id).toBe(true);
    expect(routes).toContainEqual(expect.objectContaining({ owner: 'template', method: 'GET', path: '/api/v2/template/notes' }));
    expect(routes).toContainEqual(expect.objectContaining({ owner: 'template', method: 'POST', path: '/api/v2/template/notes' }));
  });

  it('places every plugin route within its owner\'s declared prefixes, and core routes outside all of them', () => {
    const prefixes = new Map(servers.map((p) => [p.manifest.id, p.manifest.apiPrefixes ?? []]));
    const allPrefixes = servers.flatMap((p) => (p.manifest.apiPrefixes ?? []).map((prefix) => ({ owner: p.manifest.id, prefix })));
    const misplaced: string[] = [];
    for (const r of routes) {
      const where = `${r.method} ${r.path} (${r.owner})`;
      if (r.owner === 'core') {
        const shadow = allPrefixes.find((c) => prefixCovers(c.prefix, r.path));
        if (shadow) misplaced.push(`${where} lies under '${shadow.owner}' prefix ${shadow.prefix}`);
        continue;
      }
      const own = prefixes.get(r.owner);
      if (!own) misplaced.push(`${where} has an owner that is not a plugin`);
      else if (!own.some((prefix) => prefixCovers(prefix, r.path))) misplaced.push(`${where} lies outside ${own.join(', ')}`);
      else if (ownerOfPath(r.path, allPrefixes)?.owner !== r.owner) misplaced.push(`${where} lies inside a more specific claim of another plugin`);
    }
    expect(misplaced).toEqual([]);
  });

  it('declares access on every route: public routes are explicit, signed-in routes keep CSRF', () => {
    for (const r of routes) {
      expect(typeof r.access.public, `${r.method} ${r.path}`).toBe('boolean');
      if (!r.access.public) expect(r.access.csrf, `${r.method} ${r.path}`).toBe(true);
    }
    expect(routes.filter((r) => r.owner !== 'core' && r.access.public).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('migrated a fresh database with exactly the declared migrations, each recorded under its owner', async () => {
    const db = server.ctx.storage.db as unknown as Kysely<any>;
    const rows = (await db.selectFrom('core_migrations').select(['id', 'owner']).execute()) as Array<{ id: string; owner: string }>;
    const declared = [
      ...coreMigrations.map((m) => ({ id: m.id, owner: 'core' })),
      ...servers.flatMap((p) => (p.migrations ?? []).map((m) => ({ id: m.id, owner: p.manifest.id }))),
    ];
    expect(rows.map((r) => `${r.owner} ${r.id}`).sort()).toEqual(declared.map((r) => `${r.owner} ${r.id}`).sort());
    for (const r of rows) expect(r.id.startsWith(`${r.owner}/`), r.id).toBe(true);
  });
});
