import type { MyOrganizationPage } from '../app/routes';
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { PluginManifest } from '@core/shared/plugin/manifest';
import type { ServiceDeclarations } from '@core/shared/plugin/activationOrder';
import type { Filters } from '@core/shared/filters/model';
import type { FilterDimension } from '@core/shared/filters/dimensions';

/** What every panel receives. A panel renders config + filters + server data; nothing it holds survives a remount. */
export interface PanelProps<Config = Record<string, unknown>> {
  paneId: string;
  config: Config;
  setConfig: (next: Config) => void;
  conversationId: string | null;
  filters: Filters;
}

export interface PanelConfigSpec<Config> {
  schema: z.ZodType<Config>;
  defaults: Config;
  version: number;
  /** Pure upgrade of a stored config from an older version to `version`. */
  migrate?: (stored: unknown, fromVersion: number) => unknown;
}

export interface PanelDefinition<Config = any> {
  /** `<pluginId>.<camelName>`, permanent. */
  type: string;
  title: string;
  description?: string;
  /** Panels that need a conversation are offered only inside one. */
  needsConversation?: boolean;
  config: PanelConfigSpec<Config>;
  /** Lazy so heavy libraries (Plotly, sigma) load only with the panels that need them. */
  load: () => Promise<{ default: ComponentType<PanelProps<Config>> }>;
}

/** What a command sees when it decides whether it applies and when it runs. */
export interface CommandContext {
  conversationId: string | null;
  projectName: string | null;
  tab: string | null;
  subtab: string | null;
  focusedPaneId: string | null;
  paneCount: number;
  /** Reach core services (workspace, filters, navigation, session, notifications) by typed key. */
  services: import('@core/shared/services/registry').ServiceRegistry;
}

/**
 * The arguments after the context: optional when the args type admits `undefined` (commands without arguments, and
 * direct calls in tests), required otherwise. The registry always passes what the args schema parsed.
 */
export type CommandRunArgs<Args> = undefined extends Args ? [args?: Args] : [args: Args];

export interface CommandDefinition<Args = any> {
  /** `<pluginId>.<verbNoun>`, permanent; also cmdk's item value and the key recent commands are stored under. */
  id: string;
  title: string;
  category: string;
  keywords?: string[];
  /** e.g. `mod+shift+e`; users may override it. Not allowed on a command that cannot run without arguments. */
  keybinding?: string;
  /**
   * Validates the arguments of `execute(id, args)` and fills defaults; the palette and keybindings run the command
   * with `undefined`, so give the schema a `.default(...)` for them. A command whose schema refuses `undefined`
   * needs arguments: it is left out of the palette and cannot have a keybinding. Bad arguments are refused with
   * `CommandArgumentsError`, before `run`.
   */
  args?: z.ZodType<Args>;
  /** Used when the command is run without arguments and has no schema (or before the schema parses them). */
  defaultArgs?: Args;
  /**
   * Hidden from the palette unless true: a context-key expression (`"conversationId && selectionKind == 'account'"`,
   * see `core/shared/commands/when.ts` and the keys in `core/client/commands/README.md`) or a function.
   */
  when?: string | ((ctx: CommandContext) => boolean);
  /** Shown but disabled with the reason unless true. */
  enabled?: (ctx: CommandContext) => true | string;
  run(ctx: CommandContext, ...args: CommandRunArgs<Args>): void | Promise<void>;
}

/**
 * Shell regions a plugin may fill (first plugin in index order wins a region). `headerActions`: a small control in
 * the app header, before the command palette button (the alerts plugin's notification bell).
 */
export type ShellSlot = 'picker' | 'dashboardHome' | 'organizationPages' | 'conversationHeader' | 'headerActions';
export type LazyComponent = () => Promise<{ default: ComponentType }>;

export interface ClientPlugin {
  manifest: PluginManifest;
  panels?: PanelDefinition[];
  commands?: CommandDefinition[];
  slots?: Partial<Record<ShellSlot, LazyComponent>>;
  /**
   * Filter dimensions this plugin computes (declared once in its `shared/dimensions.ts`, listed by both halves): the
   * filters panel, filter counts, URL codec and table read them from core's registry (ADR 0007).
   */
  dimensions?: readonly FilterDimension[];
  /**
   * Pages of /myOrganization/{page} this plugin provides (e.g. `datasources`, `queryAudit`); the first plugin in
   * index order wins a page. Core provides settings, userManagement, organizations, eventAudit and systemStatus.
   */
  organizationPages?: Partial<Record<MyOrganizationPage, LazyComponent>>;
  /**
   * The services this plugin provides, requires and optionally uses. Providers activate first; a missing required
   * service or a cycle refuses start-up; `activate` may reach only these and core's own (coreServices.ts).
   */
  services?: ServiceDeclarations;
  /** Runs once when the app starts, in dependency order (see `services`); returns disposers, run in reverse order. */
  activate?: (services: import('@core/shared/services/registry').ServiceRegistry) => Array<() => void> | void;
}

export function defineClientPlugin<P extends ClientPlugin>(plugin: P): P {
  return plugin;
}

/** Infers a command's argument type from its `args` schema, so `run` and `execute` are typed by it. */
export function defineCommand<Args = undefined>(command: CommandDefinition<Args>): CommandDefinition<Args> {
  return command;
}

export function definePanel<Config>(panel: PanelDefinition<Config>): PanelDefinition<Config> {
  return panel;
}
