import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repositoryRoot as root, ruleMessagesOf } from './lintRule';

/**
 * The folder rules of the architecture guide (§1.5, §2) as lint errors: each case lints a small module at a virtual
 * path with the repository's own eslint.config.js and checks what narrascope/boundaries says about it.
 */
const boundaryMessages = ruleMessagesOf('narrascope/boundaries');

const CORE_IMPORTS_PLUGIN = (target: string) =>
  `core/ must not import plugin code ('${target}'): core stays plugin-agnostic. Put the contract or a service key in core ` +
  'and let the plugin implement it; only src/** and plugins/index.*.ts compose plugins.';
const PLUGIN_IMPORTS_PLUGIN = (from: string, target: string, to: string) =>
  `Plugin '${from}' must not import '${target}', an internal file of plugin '${to}'. Import only ` +
  `'plugins/${to}/shared/public.ts' (ask '${to}' to publish what you need there), or move the piece into core.`;
const SUFFIX = 'Move what both sides need into a shared/ folder (pure TypeScript + zod) and import it from there.';
const CLIENT_IMPORTS_SERVER = (target: string) =>
  `Browser (client/) code must not import Node server (server/) code ('${target}'): server code needs Node, secrets and ` +
  `the database and must never reach the browser bundle. ${SUFFIX}`;
const SERVER_IMPORTS_CLIENT = (target: string) =>
  `Node server (server/) code must not import browser (client/) code ('${target}'): browser code (React, DOM) does not ` +
  `belong in the Node server. ${SUFFIX}`;
const SHARED_IMPORTS = (side: 'client' | 'server', target: string) =>
  `Shared/ code, which both the browser and the server import, must not import ${
    side === 'client' ? 'browser (client/) code' : 'Node server (server/) code'
  } ('${target}'): shared code would drag ${side} code into the other runtime. ${SUFFIX}`;
const NODE_BUILTIN = (source: string, where: string) =>
  `'${source}' is a Node built-in module and ${where} is bundled for the browser, where it does not exist. Do the work ` +
  'on the server (a route under server/) and fetch the result, or use a browser API; only server/, src/server, ' +
  'src/cli, tests and tools may use Node built-ins.';
const IMPORTS_EVALUATION = (target: string) =>
  `'${target}' is evaluation code (a plugin's evaluation/ folder: generators, reference implementations, data-set ` +
  'readers, metrics), which `npm start` never runs; production code must not import it. Import it from test files ' +
  '(*.test.ts), tests/** or bench/**, or move what production needs into server/.';
const COMPOSITION_ROOT = (target: string) =>
  `'${target}' is a composition root (src/**, plugins/index.*.ts); core and plugin code must not import it. ` +
  'Depend on the contract in core (core/shared, core/client, core/server) instead.';

describe('narrascope/boundaries: core never imports plugins', () => {
  it('reports core importing a plugin through the alias or a relative path', async () => {
    expect(await boundaryMessages('core/server/host.ts', "import p from '@plugins/_template/server';\nexport default p;\n"))
      .toEqual([CORE_IMPORTS_PLUGIN('plugins/_template/server')]);
    expect(await boundaryMessages('core/client/app/x.ts', "export { notesPanel } from '../../../plugins/_template/client/index';\n"))
      .toEqual([CORE_IMPORTS_PLUGIN('plugins/_template/client/index')]);
  });

  it('reports core importing the plugin lists', async () => {
    expect(await boundaryMessages('core/shared/x.ts', "import { serverPlugins } from '@plugins/index.server';\nexport const n = serverPlugins;\n"))
      .toEqual([CORE_IMPORTS_PLUGIN('plugins/index.server')]);
  });
});

describe('narrascope/boundaries: plugins reach each other only through shared/public.ts', () => {
  it('reports a plugin importing another plugin\'s internals', async () => {
    expect(await boundaryMessages('plugins/alerts/server/routes.ts', "import { x } from '@plugins/posts/server/queries';\nexport { x };\n"))
      .toEqual([PLUGIN_IMPORTS_PLUGIN('alerts', 'plugins/posts/server/queries', 'posts')]);
    expect(await boundaryMessages('plugins/alerts/client/Panel.tsx', "import { s } from '../../posts/shared/api';\nexport const P = () => <p>{String(s)}</p>;\n"))
      .toEqual([PLUGIN_IMPORTS_PLUGIN('alerts', 'plugins/posts/shared/api', 'posts')]);
    expect(await boundaryMessages('plugins/alerts/manifest.ts', "import { manifest } from '../posts/manifest';\nexport const m = manifest;\n"))
      .toEqual([PLUGIN_IMPORTS_PLUGIN('alerts', 'plugins/posts/manifest', 'posts')]);
  });

  it('allows another plugin\'s shared/public.ts and the plugin\'s own files', async () => {
    const code = [
      "import { a } from '@plugins/posts/shared/public';",
      "import { b } from '../../posts/shared/public.ts';",
      "import { c } from '../shared/api';",
      "import { manifest } from '../manifest';",
      "import { d } from '@plugins/alerts/client/util';",
      "import { defineClientPlugin } from '@core/client/plugin/contract';",
      "import { PLUGIN_ID } from '@core/shared/plugin/ids';",
      "import { z } from 'zod';",
      "export const all = [a, b, c, d, manifest, defineClientPlugin, PLUGIN_ID, z, () => import('./Panel')];",
    ].join('\n');
    expect(await boundaryMessages('plugins/alerts/client/index.ts', code)).toEqual([]);
  });

  it('reports plugins importing a composition root', async () => {
    expect(await boundaryMessages('plugins/alerts/client/index.ts', "import { clientPlugins } from '@plugins/index.client';\nexport const n = clientPlugins;\n"))
      .toEqual([COMPOSITION_ROOT('plugins/index.client')]);
    expect(await boundaryMessages('plugins/alerts/server/index.ts', "import { x } from '../../../src/server/main';\nexport { x };\n"))
      .toEqual([COMPOSITION_ROOT('src/server/main')]);
  });

  it('lets the composition files and src/** import plugins', async () => {
    expect(await boundaryMessages('plugins/index.server.ts', "import t from './_template/server';\nexport const serverPlugins = [t];\n")).toEqual([]);
    expect(await boundaryMessages('plugins/index.client.ts', "import t from './_template/client';\nexport const clientPlugins = [t];\n")).toEqual([]);
    expect(await boundaryMessages('src/server/main.ts', "import fs from 'node:fs';\nimport { serverPlugins } from '@plugins/index.server';\nimport t from '@plugins/_template/server/index';\nexport const x = [fs, serverPlugins, t];\n")).toEqual([]);
    expect(await boundaryMessages('src/web/main.tsx', "import { clientPlugins } from '@plugins/index.client';\nimport t from '../../plugins/_template/client';\nexport const x = [clientPlugins, t];\n")).toEqual([]);
  });
});

describe('narrascope/boundaries: client/ and server/ never import each other', () => {
  it('reports client importing server, in core and in plugins', async () => {
    expect(await boundaryMessages('core/client/api/x.ts', "import { createRegistrar } from '@core/server/http/routes';\nexport { createRegistrar };\n"))
      .toEqual([CLIENT_IMPORTS_SERVER('core/server/http/routes')]);
    expect(await boundaryMessages('plugins/posts/client/Table.tsx', "import { q } from '../server/queries';\nexport const T = () => <div>{String(q)}</div>;\n"))
      .toEqual([CLIENT_IMPORTS_SERVER('plugins/posts/server/queries')]);
    expect(await boundaryMessages('plugins/posts/client/x.ts', "import { nowIso } from '@core/server/storage/database';\nexport { nowIso };\n"))
      .toEqual([CLIENT_IMPORTS_SERVER('core/server/storage/database')]);
    expect(await boundaryMessages('src/web/main.tsx', "import { loadConfig } from '@core/server/config';\nexport { loadConfig };\n"))
      .toEqual([CLIENT_IMPORTS_SERVER('core/server/config')]);
    expect(await boundaryMessages('plugins/index.client.ts', "import s from './_template/server';\nexport const clientPlugins = [s];\n"))
      .toEqual([CLIENT_IMPORTS_SERVER('plugins/_template/server')]);
  });

  it('reports server importing client, in core and in plugins', async () => {
    expect(await boundaryMessages('core/server/x.ts', "import type { ClientPlugin } from '../client/plugin/contract';\nexport type P = ClientPlugin;\n"))
      .toEqual([SERVER_IMPORTS_CLIENT('core/client/plugin/contract')]);
    expect(await boundaryMessages('plugins/posts/server/routes.ts', "import { panel } from '@plugins/posts/client/index';\nexport { panel };\n"))
      .toEqual([SERVER_IMPORTS_CLIENT('plugins/posts/client/index')]);
  });

  it('sees every import form: export-from, dynamic import, require, import type and import() types', async () => {
    const code = [
      "export { a } from '@core/server/a';",
      "export * from '@core/server/b';",
      "export const c = () => import('@core/server/c');",
      "export const d = require('@core/server/d');",
      "export type E = import('@core/server/e').E;",
      "import type { F } from '@core/server/f';",
      'export type G = F;',
    ].join('\n');
    expect(await boundaryMessages('core/client/x.ts', code)).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => CLIENT_IMPORTS_SERVER(`core/server/${n}`)),
    );
  });

  it('lets each side import shared code and its own side', async () => {
    expect(await boundaryMessages('core/client/x.ts', "import { a } from '@core/shared/a';\nimport { b } from '../client/b';\nimport { c } from './c';\nexport const x = [a, b, c];\n")).toEqual([]);
    expect(await boundaryMessages('core/server/x.ts', "import fs from 'node:fs';\nimport { a } from '@core/shared/a';\nimport { m } from '@plugins/../core/shared/m';\nexport const x = [fs, a, m];\n")).toEqual([]);
    expect(await boundaryMessages('plugins/posts/server/x.ts', "import path from 'path';\nimport { s } from '../shared/api';\nimport { manifest } from '../manifest';\nimport { r } from '@core/server/http/routes';\nexport const x = [path, s, manifest, r];\n")).toEqual([]);
  });
});

describe('narrascope/boundaries: shared/ imports neither client/ nor server/', () => {
  it('reports shared code importing either side', async () => {
    expect(await boundaryMessages('core/shared/x.ts', "import { a } from '../client/a';\nimport { b } from '@core/server/b';\nexport const x = [a, b];\n"))
      .toEqual([SHARED_IMPORTS('client', 'core/client/a'), SHARED_IMPORTS('server', 'core/server/b')]);
    expect(await boundaryMessages('plugins/posts/shared/api.ts', "import { q } from '../server/queries';\nexport { q };\n"))
      .toEqual([SHARED_IMPORTS('server', 'plugins/posts/server/queries')]);
    // A plugin's manifest.ts is imported by both halves, so it is shared code.
    expect(await boundaryMessages('plugins/posts/manifest.ts', "import { panel } from './client/panel';\nexport { panel };\n"))
      .toEqual([SHARED_IMPORTS('client', 'plugins/posts/client/panel')]);
  });
});

describe('narrascope/boundaries: no Node built-ins in browser-bound code', () => {
  it('reports node:*, bare built-ins and their subpaths in client/, shared/, manifests and src/web', async () => {
    expect(await boundaryMessages('core/client/x.ts', "import fs from 'node:fs';\nexport { fs };\n")).toEqual([NODE_BUILTIN('node:fs', 'client/ code')]);
    expect(await boundaryMessages('core/shared/x.ts', "import path from 'path';\nexport { path };\n")).toEqual([NODE_BUILTIN('path', 'shared/ code')]);
    expect(await boundaryMessages('plugins/posts/shared/x.ts', "import { readFile } from 'fs/promises';\nexport { readFile };\n")).toEqual([NODE_BUILTIN('fs/promises', 'shared/ code')]);
    expect(await boundaryMessages('plugins/posts/client/x.ts', "export const c = () => import('node:crypto');\n")).toEqual([NODE_BUILTIN('node:crypto', 'client/ code')]);
    expect(await boundaryMessages('plugins/posts/manifest.ts', "import { URL } from 'url';\nexport { URL };\n")).toEqual([NODE_BUILTIN('url', 'shared/ code')]);
    expect(await boundaryMessages('src/web/main.tsx', "import crypto from 'crypto';\nexport { crypto };\n")).toEqual([NODE_BUILTIN('crypto', 'src/web')]);
  });

  it('allows them on the server, in the CLI, in tests and in tests beside shared code', async () => {
    const code = "import fs from 'node:fs';\nimport os from 'os';\nexport const x = [fs, os];\n";
    for (const file of ['core/server/x.ts', 'plugins/posts/server/x.ts', 'src/cli/x.ts', 'src/server/x.ts', 'tests/contracts/x.test.ts', 'core/shared/filters/x.test.ts']) {
      expect(await boundaryMessages(file, code), file).toEqual([]);
    }
  });

  it('does not mistake packages for built-ins', async () => {
    expect(await boundaryMessages('core/client/x.ts', "import { z } from 'zod';\nimport p from 'path-browserify';\nimport { q } from '@tanstack/react-query';\nexport const x = [z, p, q];\n")).toEqual([]);
  });
});

describe('narrascope/boundaries: evaluation/ code stays out of production', () => {
  it('reports production code importing a plugin\'s evaluation/ folder', async () => {
    expect(await boundaryMessages('plugins/coordination/server/stage/stage.ts', "import { generatePlantedCorpus } from '../../evaluation/plantedCampaigns';\nexport { generatePlantedCorpus };\n"))
      .toEqual([IMPORTS_EVALUATION('plugins/coordination/evaluation/plantedCampaigns')]);
    expect(await boundaryMessages('plugins/coordination/client/x.ts', "import { nmi } from '@plugins/coordination/evaluation';\nexport { nmi };\n"))
      .toEqual([IMPORTS_EVALUATION('plugins/coordination/evaluation')]);
    expect(await boundaryMessages('src/cli/main.ts', "import { generatePlantedCorpus } from '@plugins/coordination/evaluation/index';\nexport { generatePlantedCorpus };\n"))
      .toEqual([IMPORTS_EVALUATION('plugins/coordination/evaluation/index')]);
  });

  it('lets test files, tests/** and bench/** import it', async () => {
    const code = "import { makeLabelledPosts } from '@plugins/topics/evaluation/labelledPosts';\nexport { makeLabelledPosts };\n";
    for (const file of ['plugins/topics/server/engine/engine.test.ts', 'tests/integration/topics/support.ts', 'bench/topics.bench.ts']) {
      expect(await boundaryMessages(file, code), file).toEqual([]);
    }
  });

  it('treats evaluation code as its plugin\'s Node code: own server/ and shared/, core, built-ins; no client/, no other plugin', async () => {
    const code = [
      "import fs from 'node:fs';",
      "import { detectCoordination } from '../server/engine/detect';",
      "import type { EvidenceType } from '../shared/types';",
      "import { Random } from '@core/shared/random';",
      "import { createLogger } from '@core/server/logger';",
      "import { metrics } from './metrics';",
      'export const x = [fs, detectCoordination, Random, createLogger, metrics];',
      'export type E = EvidenceType;',
    ].join('\n');
    expect(await boundaryMessages('plugins/coordination/evaluation/quality.ts', code)).toEqual([]);
    expect(await boundaryMessages('plugins/coordination/evaluation/x.ts', "import { panel } from '../client/index';\nexport { panel };\n"))
      .toEqual([SERVER_IMPORTS_CLIENT('plugins/coordination/client/index')]);
    expect(await boundaryMessages('plugins/coordination/evaluation/x.ts', "import { g } from '@plugins/posts/server/demo/generator';\nexport { g };\n"))
      .toEqual([PLUGIN_IMPORTS_PLUGIN('coordination', 'plugins/posts/server/demo/generator', 'posts')]);
  });
});

describe('the repository', () => {
  const eslint = new ESLint({ cwd: root });

  it('ignores the deliberately broken fixture plugins', async () => {
    expect(await eslint.isPathIgnored('tests/fixtures/broken-plugins/duplicate-id.ts')).toBe(true);
    expect(await eslint.isPathIgnored('core/client/plugin/validate.ts')).toBe(false);
  });

  // That the repository itself obeys these rules is `npm test`'s lint step (`eslint .` with this configuration, where
  // every boundary rule is an error), not a test here: linting core, plugins and src again took 40 s to 3 minutes.
});
