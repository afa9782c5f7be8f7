import type { PluginManifest } from '@core/shared/plugin/manifest';
import type { Migration } from '../storage/migrations';
import type { StageDefinition } from '../pipeline/stages';
import type { RouteRegistrar } from '../http/routes';
import type { ServerContext } from './context';

export interface ServerPlugin {
  manifest: PluginManifest;
  routes?: (r: RouteRegistrar) => void;
  stages?: StageDefinition[];
  /** Ids `<pluginId>/<NNN>_<name>`; tables `<plugin_id>_*`. */
  migrations?: Migration[];
  /** Start-up code; returns disposers run at shutdown. */
  activate?: (ctx: ServerContext) => Promise<Array<() => Promise<void> | void> | void>;
  /** Adds the plugin's part of the demo organisation (`npm run cli -- seed-demo`, first start). */
  seedDemo?: (ctx: ServerContext, organizationId: string) => Promise<void>;
}

export function defineServerPlugin<P extends ServerPlugin>(plugin: P): P {
  return plugin;
}

export function defineStage(stage: StageDefinition): StageDefinition {
  return stage;
}
