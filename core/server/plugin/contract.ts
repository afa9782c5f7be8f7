import type { PluginManifest } from '@core/shared/plugin/manifest';
import type { ServiceDeclarations } from '@core/shared/plugin/activationOrder';
import type { FilterDimension } from '@core/shared/filters/dimensions';
import type { Migration } from '../storage/migrations';
import type { StageDefinition } from '../pipeline/stages';
import type { RouteRegistrar } from '../http/routes';
import type { ServerContext } from './context';
import type { CliCommand } from '../cli/command';

export interface ServerPlugin {
  manifest: PluginManifest;
  routes?: (r: RouteRegistrar) => void;
  stages?: StageDefinition[];
  /**
   * Filter dimensions this plugin computes (declared once in its `shared/dimensions.ts`, listed by both halves), each
   * answered by a facet the plugin registers on `core.postFacets` (ADR 0007).
   */
  dimensions?: readonly FilterDimension[];
  /** Ids `<pluginId>/<NNN>_<name>`; tables `<plugin_id>_*`. */
  migrations?: Migration[];
  /**
   * The services this plugin provides, requires and optionally uses. Providers activate first; a missing required
   * service or a cycle refuses start-up; `activate` may reach only these and core's own (coreServices.ts).
   */
  services?: ServiceDeclarations;
  /** Start-up code, in dependency order (see `services`); returns disposers run at shutdown, in reverse order. */
  activate?: (ctx: ServerContext) => Promise<Array<() => Promise<void> | void> | void>;
  /** Adds the plugin's part of the demo organisation (`npm run cli -- seed-demo`, first start). */
  seedDemo?: (ctx: ServerContext, organizationId: string) => Promise<void>;
  /** Commands of `npm run cli -- <name> ...` (core/server/cli/command.ts); names unique, none of core's. */
  cliCommands?: CliCommand[];
}

export function defineServerPlugin<P extends ServerPlugin>(plugin: P): P {
  return plugin;
}

export function defineStage(stage: StageDefinition): StageDefinition {
  return stage;
}
