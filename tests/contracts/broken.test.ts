import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import templateServer from '@plugins/_template/server';
import templateClient from '@plugins/_template/client';
import { loadConfig, type Config } from '@core/server/config';
import { createServer } from '@core/server/server';
import type { ServerPlugin } from '@core/server/plugin/contract';
import { serverPluginProblems } from '@core/server/plugin/validate';
import { coreServerServices } from '@core/server/plugin/coreServices';
import type { ClientPlugin } from '@core/client/plugin/contract';
import { clientPluginProblems, layoutProblemsAgainst, PALETTE_CHORD } from '@core/client/plugin/validate';
import { coreClientServices } from '@core/client/plugin/coreServices';
import { coreCommands } from '@core/client/commands/coreCommands';
import { shellCommands } from '@core/client/shell/shellCommands';
import * as duplicateId from '../fixtures/broken-plugins/duplicate-id';
import * as unprefixedPanelType from '../fixtures/broken-plugins/unprefixed-panel-type';
import * as unprefixedCommandId from '../fixtures/broken-plugins/unprefixed-command-id';
import * as unprefixedStageId from '../fixtures/broken-plugins/unprefixed-stage-id';
import * as invalidConfigDefaults from '../fixtures/broken-plugins/invalid-config-defaults';
import * as stageWithoutMigrations from '../fixtures/broken-plugins/stage-without-migrations';
import * as routeOutsidePrefix from '../fixtures/broken-plugins/route-outside-prefix';
import * as sharedPrefix from '../fixtures/broken-plugins/shared-prefix';
import * as stageCycle from '../fixtures/broken-plugins/stage-cycle';
import * as missingStageDependency from '../fixtures/broken-plugins/missing-stage-dependency';
import * as keybindingConflict from '../fixtures/broken-plugins/keybinding-conflict';
import * as unknownPanelLayout from '../fixtures/broken-plugins/unknown-panel-layout';
import * as missingService from '../fixtures/broken-plugins/missing-service';
import * as serviceCycle from '../fixtures/broken-plugins/service-cycle';
import * as duplicateServiceProvider from '../fixtures/broken-plugins/duplicate-service-provider';

/**
 * Each deliberately broken plugin (tests/fixtures/broken-plugins/) is wrong in exactly one way, registered next to
 * the valid template plugin. The contract checks must report exactly that problem, and start-up must refuse it.
 */
const coreReserved = [PALETTE_CHORD, ...coreCommands(), ...shellCommands()];
const clientProblems = (plugins: readonly ClientPlugin[]) => clientPluginProblems([templateClient, ...plugins], coreReserved);
const serverProblems = (plugins: readonly ServerPlugin[]) => serverPluginProblems([templateServer, ...plugins]);

let dataDir: string;
let config: Config;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-broken-'));
  config = loadConfig({ NARRASCOPE_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' });
});
afterAll(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Start-up with the template plus the broken plugins must fail with exactly this message. */
async function expectStartUpRefused(plugins: readonly ServerPlugin[], message: string): Promise<void> {
  await expect(createServer({ config, plugins: [templateServer, ...plugins] })).rejects.toThrow(new Error(message));
}
const contractError = (...problems: string[]) => `Plugin contract problems:\n- ${problems.join('\n- ')}`;

/** The missing-service message lists what core provides, which grows with core; the rest of the text is exact. */
const missingGhost = (core: readonly { id: string }[]) =>
  "plugin 'needy' requires service 'ghost.index', which neither core nor any plugin provides " +
  `(core provides: ${core.map((k) => k.id).sort().join(', ')}; plugins provide: lender.tools (lender))`;
const serviceCycleMessage = "service cycle: 'loop-a' needs 'loop-b.feed' of 'loop-b', which needs 'loop-a.feed' of 'loop-a'";
const duplicateProviderMessage = "service 'mirror.index' is provided by both 'mirror' and 'mirror-copy'";

describe('the valid baseline', () => {
  it('the template alone has no problems on either side', () => {
    expect(serverProblems([])).toEqual([]);
    expect(clientProblems([])).toEqual([]);
  });
});

describe('broken server plugins', () => {
  const cases: Array<[string, readonly ServerPlugin[], string]> = [
    ['duplicate plugin id', duplicateId.serverPlugins, "plugin id 'twin' is used twice"],
    ['unprefixed stage id', unprefixedStageId.serverPlugins, "stage 'cluster' of plugin 'bare-stage' must be named 'bare-stage.<noun>'"],
    ['stage with no migrations', stageWithoutMigrations.serverPlugins, "plugin 'no-tables' has pipeline stages but no migrations for the tables they write"],
    ['two plugins claiming one prefix', sharedPrefix.serverPlugins, "prefix '/api/v2/shared' is claimed by both 'claim-a' and 'claim-b'"],
    ['stage cycle', stageCycle.serverPlugins, 'Stage cycle: cycle.first -> cycle.second -> cycle.first'],
    ['missing stage dependency', missingStageDependency.serverPlugins, "Stage 'orphan.enrich' depends on missing stage 'posts.nlp'"],
    ['required service nobody provides', missingService.serverPlugins, missingGhost(coreServerServices)],
    ['service cycle', serviceCycle.serverPlugins, serviceCycleMessage],
    ['service provided twice', duplicateServiceProvider.serverPlugins, duplicateProviderMessage],
  ];

  it.each(cases)('%s is reported', (_name, plugins, message) => {
    expect(serverProblems(plugins)).toEqual([message]);
  });

  it.each(cases)('%s stops start-up', async (_name, plugins, message) => {
    await expectStartUpRefused(plugins, contractError(message));
  });

  it('a route outside its owner\'s declared prefixes stops start-up with the registrar\'s message', async () => {
    // Nothing static catches it: only registering the routes reveals their paths.
    expect(serverProblems(routeOutsidePrefix.serverPlugins)).toEqual([]);
    await expectStartUpRefused(
      routeOutsidePrefix.serverPlugins,
      "Route GET /api/v2/posts of 'stray-route' lies outside its declared prefixes (/api/v2/stray-route)",
    );
  });
});

describe('broken client plugins', () => {
  it('duplicate plugin id', () => {
    expect(clientProblems(duplicateId.clientPlugins)).toEqual(["plugin id 'twin' is used twice"]);
  });

  it('unprefixed panel type', () => {
    expect(clientProblems(unprefixedPanelType.clientPlugins)).toEqual([
      "panel type 'table' of plugin 'bare-panel' must be named 'bare-panel.<camelName>'",
    ]);
  });

  it('unprefixed command id', () => {
    expect(clientProblems(unprefixedCommandId.clientPlugins)).toEqual([
      "command id 'workspace.exportCsv' of plugin 'bare-command' must be named 'bare-command.<verbNoun>'",
    ]);
  });

  it('invalid config defaults', () => {
    expect(clientProblems(invalidConfigDefaults.clientPlugins)).toEqual([
      "panel 'bad-defaults.table' config.defaults do not match its config.schema: rows: Too small: expected number to be >=1",
    ]);
  });

  it('keybinding conflict between two plugins', () => {
    expect(clientProblems(keybindingConflict.clientPlugins)).toEqual([
      "keybinding 'mod+shift+e' of command 'chord-a.exportCsv' (plugin 'chord-a') conflicts with 'Shift+Mod+E' of command 'chord-b.exportGexf' (plugin 'chord-b')",
    ]);
  });

  it('a required service nobody provides, a service cycle, a service provided twice', () => {
    expect(clientProblems(missingService.clientPlugins)).toEqual([missingGhost(coreClientServices)]);
    expect(clientProblems(serviceCycle.clientPlugins)).toEqual([serviceCycleMessage]);
    expect(clientProblems(duplicateServiceProvider.clientPlugins)).toEqual([duplicateProviderMessage]);
  });

  it('keybinding conflict with a core chord', () => {
    expect(clientProblems(keybindingConflict.paletteChordPlugins)).toEqual([
      "keybinding 'mod+k' of core command 'palette.open' conflicts with 'ctrl+k' of command 'chord-c.search' (plugin 'chord-c') on Windows and Linux",
    ]);
  });
});

describe('broken layouts', () => {
  it('a layout referencing an unknown panel type', () => {
    expect(layoutProblemsAgainst([unknownPanelLayout.layout], templateClient.panels)).toEqual([
      "layout 'explorer.posts': pane 'ghost' uses unknown panel type 'ghost.table'",
    ]);
  });
});
