import { serviceKey } from '@core/shared/services/registry';
import type { QueryNode } from '@core/shared/query';
import type { StageContext } from './stages';

/**
 * The collect step's contract (DAG step 1). Collector plugins register `Collector`s with
 * `ctx.services.get(pipelineKey).collectors.register(...)` in `activate`; the conversations plugin's `conversations.collect` stage runs every registered collector for a run
 * and records its usage. A post store (`core.storedPosts`) answers the live preview and links stored posts to
 * runs. Until a plugin provides them, runs collect nothing and previews count zero (and say so).
 */

export interface CollectRequest {
  organizationId: string;
  conversationId: string;
  runId: string;
  query: QueryNode;
  queryString: string;
  /** ISO-8601 UTC instants, start inclusive, end exclusive. */
  startDate: string;
  endDate: string;
  language: string | null;
  /** Most records to collect in this run (the data source's record_limit); null = no limit. */
  recordLimit: number | null;
}

export interface CollectResult {
  /** Records collected and stored for this run (after de-duplication by platform and id). */
  collected: number;
}

export interface Collector {
  /** Stable id, e.g. `reddit-api`; also the data source key. */
  id: string;
  /** Shown in usage and the query audit (`data_collectors[].name`). */
  name: string;
  /** The third party behind it (`data_collectors[].source`). */
  source: string;
  /** Platform keys (core/shared/platforms) whose posts it returns. */
  platforms: readonly string[];
  /**
   * What it can send to its API: `boolean` = the whole query (the API understands AND/OR/NOT and phrases),
   * `terms` = only the positive terms (the pipeline's exact matcher then filters what comes back).
   */
  queryCapability: 'boolean' | 'terms';
  /** Data source record_limit default (spec: 1-20000, default 100, or null for none). */
  defaultRecordLimit: number | null;
  /**
   * The collector's current settings for an organisation (its data source may be switched off or limited per
   * organisation, and changed while the server runs); without it the collector always runs at `defaultRecordLimit`.
   */
  settingsFor?: (organizationId: string) => Promise<CollectorSettings>;
  /** Remaining third-party query quota of the organisation; 0 refuses new conversations with the spec's 422. */
  quotaRemaining?: (organizationId: string) => Promise<number | null>;
  /** Collects and stores posts; must be idempotent for a run id and honour `ctx.signal`. */
  collect: (request: CollectRequest, ctx: StageContext) => Promise<CollectResult>;
}

export interface CollectorSettings {
  enabled: boolean;
  recordLimit: number | null;
}

export class CollectorRegistry {
  private readonly collectors = new Map<string, Collector>();

  register(collector: Collector): () => void {
    if (this.collectors.has(collector.id)) throw new Error(`Collector '${collector.id}' is already registered`);
    this.collectors.set(collector.id, collector);
    return () => { this.collectors.delete(collector.id); };
  }

  list(): Collector[] {
    return [...this.collectors.values()];
  }

  /** True when some collector reports an exhausted quota for the organisation. */
  async quotaReached(organizationId: string): Promise<boolean> {
    for (const c of this.collectors.values()) {
      const remaining = await c.quotaRemaining?.(organizationId);
      if (remaining !== undefined && remaining !== null && remaining <= 0) return true;
    }
    return false;
  }
}

export interface PlatformCount {
  platform: string;
  count: number;
}

export interface StoredPostsQuery {
  organizationId: string;
  query: QueryNode;
  /** ISO-8601 UTC instants, start inclusive, end exclusive; both null = any time (continuous preview). */
  startDate: string | null;
  endDate: string | null;
  /** Keep posts in this language (ISO 639-1) and posts of unknown language; null/absent = any language. */
  language?: string | null;
  /** Most posts to link (the newest); null/absent = no limit. */
  recordLimit?: number | null;
  signal?: AbortSignal;
}

/**
 * A stored-posts search stopped at its time budget (the store's `NARRASCOPE_QUERY_TIME_BUDGET_MS`): the live
 * preview answers 408 with a message asking for a narrower query.
 */
export class QueryTooSlowError extends Error {
  /** `cause`: what stopped it, when the database did (PostgreSQL's query_canceled by statement_timeout). */
  constructor(readonly budgetMs: number, options?: ErrorOptions) {
    super(`the query ran past its time budget of ${budgetMs} ms`, options);
    this.name = 'QueryTooSlowError';
  }
}

/**
 * What the conversations plugin expects from the posts store (implemented by the posts plugin, provided as
 * `core.storedPosts`). Both calls use `toFts5`/`toTsquery` for candidates and `compileMatcher` to decide.
 */
export interface StoredPosts {
  /**
   * Live preview: stored posts of the organisation that match, per platform (platforms with 0 may be left out).
   * Searches off the server's event loop, within the store's time budget: past it, rejects with `QueryTooSlowError`.
   */
  countMatching(query: StoredPostsQuery): Promise<PlatformCount[]>;
  /** Links the matching stored posts to a run's results; idempotent per run id. */
  linkMatching(query: StoredPostsQuery & { conversationId: string; runId: string }): Promise<{ linked: number; byPlatform: PlatformCount[] }>;
  /** The store's own data source for an organisation (name and source for usage entries, enabled, record_limit). */
  dataSource?(organizationId: string): Promise<CollectorSettings & { name: string; source: string }>;
}

export const storedPostsKey = serviceKey<StoredPosts>('core.storedPosts');

/**
 * The data sources an organisation's runs use (spec part 1 section 3: an organisation's `data_source_ids`),
 * provided by the plugin that manages data sources; without it organisations list none.
 */
export interface OrganizationDataSources {
  enabledIds(organizationId: string): Promise<string[]>;
}

export const organizationDataSourcesKey = serviceKey<OrganizationDataSources>('core.organizationDataSources');
