import type { ClientPlugin, PanelDefinition } from '@core/client/plugin/contract';
import type { Pane } from '@core/shared/layout/schema';
import type { LayoutReducerEnv } from './layoutReducer';

/** Why a stored config was not used as-is; reported so a broken layout is visible in logs, not silently reset. */
export interface PanelConfigWarning {
  paneId: string | null;
  panelType: string;
  message: string;
}

/**
 * A pane's config ready to render. `definition` is null for an unknown panel type: the raw config is returned
 * untouched so the placeholder can show it and the layout keeps it on save (architecture guide §3).
 */
export interface ResolvedPaneConfig {
  definition: PanelDefinition | null;
  config: unknown;
  /** True when the stored config was unusable and the panel's defaults were used instead. */
  usedDefaults: boolean;
}

export interface PanelRegistryOptions {
  onWarning?: (warning: PanelConfigWarning) => void;
}

/**
 * The panels contributed by all client plugins, by type. Panel types are persisted ids, so two plugins
 * declaring one type is a start-up error rather than "last one wins".
 */
export class PanelRegistry {
  private readonly byType = new Map<string, PanelDefinition>();
  private readonly onWarning: (warning: PanelConfigWarning) => void;
  /** Panes are immutable objects in the layout; resolving each object once keeps renders cheap and warnings single. */
  private readonly resolved = new WeakMap<Pane, ResolvedPaneConfig>();

  constructor(panels: Iterable<PanelDefinition>, options: PanelRegistryOptions = {}) {
    for (const panel of panels) {
      if (this.byType.has(panel.type)) throw new Error(`Panel type '${panel.type}' is declared twice`);
      this.byType.set(panel.type, panel);
    }
    this.onWarning = options.onWarning ?? ((w) => console.warn(`[workspace] ${w.message}`));
  }

  static fromPlugins(plugins: Iterable<ClientPlugin>, options?: PanelRegistryOptions): PanelRegistry {
    return new PanelRegistry([...plugins].flatMap((plugin) => plugin.panels ?? []), options);
  }

  get(type: string): PanelDefinition | undefined {
    return this.byType.get(type);
  }

  has(type: string): boolean {
    return this.byType.has(type);
  }

  /** Every panel, sorted by title (the order menus show them in). */
  list(): PanelDefinition[] {
    return [...this.byType.values()].sort((a, b) => a.title.localeCompare(b.title));
  }

  /** Defaults for new panes, in the shape the layout reducer needs. */
  readonly reducerEnv: LayoutReducerEnv = {
    paneDefaults: (panelType) => {
      const panel = this.byType.get(panelType);
      if (!panel) return null;
      return { configVersion: panel.config.version, config: panel.config.defaults as Record<string, unknown> };
    },
  };

  /**
   * The config a pane renders with: migrated from its stored `configVersion` to the panel's current version, then
   * validated with the panel's schema. Anything that fails (a throwing migration, a config the schema rejects)
   * falls back to the defaults and reports a warning; a stored config is never trusted unvalidated.
   */
  resolvePaneConfig(pane: Pane, paneId: string | null = null): ResolvedPaneConfig {
    const cached = this.resolved.get(pane);
    if (cached) return cached;
    const result = this.resolveUncached(pane, paneId);
    this.resolved.set(pane, result);
    return result;
  }

  private resolveUncached(pane: Pane, paneId: string | null): ResolvedPaneConfig {
    const definition = this.byType.get(pane.type);
    if (!definition) return { definition: null, config: pane.config, usedDefaults: false };
    const spec = definition.config;
    const where = `Pane ${paneId === null ? '' : `'${paneId}' `}(${pane.type})`;
    const fallBack = (why: string): ResolvedPaneConfig => {
      this.onWarning({ paneId, panelType: pane.type, message: `${where}: ${why}; using the panel's defaults` });
      return { definition, config: spec.defaults, usedDefaults: true };
    };

    let candidate: unknown = pane.config;
    if (pane.configVersion < spec.version && spec.migrate) {
      try {
        candidate = spec.migrate(pane.config, pane.configVersion);
      } catch (error) {
        return fallBack(`migrating config from version ${pane.configVersion} to ${spec.version} failed (${messageOf(error)})`);
      }
    }
    const parsed = spec.schema.safeParse(candidate);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ');
      return fallBack(`stored config (version ${pane.configVersion}) is invalid for version ${spec.version} [${issues}]`);
    }
    return { definition, config: parsed.data, usedDefaults: false };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
