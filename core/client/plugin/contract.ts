import type { MyOrganizationPage } from '../app/routes';
import type { ComponentType } from 'react';
import type { z } from 'zod';
import type { PluginManifest } from '@core/shared/plugin/manifest';
import type { Filters } from '@core/shared/filters/model';

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

export interface CommandDefinition {
  /** `<pluginId>.<verbNoun>`, permanent; also cmdk's item value and the key recent commands are stored under. */
  id: string;
  title: string;
  category: string;
  keywords?: string[];
  /** e.g. `mod+shift+e`; users may override it. */
  keybinding?: string;
  /** Hidden from the palette unless true. */
  when?: (ctx: CommandContext) => boolean;
  /** Shown but disabled with the reason unless true. */
  enabled?: (ctx: CommandContext) => true | string;
  run: (ctx: CommandContext) => void | Promise<void>;
}

/** Shell regions a plugin may fill (first plugin in index order wins a region). */
export type ShellSlot = 'picker' | 'dashboardHome' | 'organizationPages' | 'conversationHeader';
export type LazyComponent = () => Promise<{ default: ComponentType }>;

export interface ClientPlugin {
  manifest: PluginManifest;
  panels?: PanelDefinition[];
  commands?: CommandDefinition[];
  slots?: Partial<Record<ShellSlot, LazyComponent>>;
  /**
   * Pages of /myOrganization/{page} this plugin provides (e.g. `datasources`, `queryAudit`); the first plugin in
   * index order wins a page. Core provides settings, userManagement, organizations, eventAudit and systemStatus.
   */
  organizationPages?: Partial<Record<MyOrganizationPage, LazyComponent>>;
  /** Runs once when the app starts; returns disposers. */
  activate?: (services: import('@core/shared/services/registry').ServiceRegistry) => Array<() => void> | void;
}

export function defineClientPlugin<P extends ClientPlugin>(plugin: P): P {
  return plugin;
}

export function definePanel<Config>(panel: PanelDefinition<Config>): PanelDefinition<Config> {
  return panel;
}
