import type { Storage } from '../storage/database';
import type { Logger } from '../logger';
import type { ServiceRegistry } from '@core/shared/services/registry';

/** The spec's five DAG steps: collect; URLs and domains; core NLP; narratives; coordination, metrics, alerts. */
export type DagStep = 1 | 2 | 3 | 4 | 5;

export const RUN_TYPES = ['STATIC_RUN', 'STATIC_MANUAL_RERUN', 'SCHEDULED_INITIAL_RUN', 'SCHEDULED_RUN', 'SCHEDULED_MANUAL_RERUN'] as const;
export type RunType = (typeof RUN_TYPES)[number];

/** The spec's enrichment stages (part 1 section 4), in pipeline order; PENDING = not enriching yet (collecting). */
export const ENRICHMENT_STAGES = ['PENDING', 'PARSE_URLS', 'DOMAIN', 'EXPAND_URLS', 'Core NLP', 'NARRATIVE'] as const;
export type EnrichmentStage = (typeof ENRICHMENT_STAGES)[number];

/** The enrichment stage a stage reports when it does not name one: by its DAG step. */
export const DEFAULT_ENRICHMENT_STAGE: Record<DagStep, EnrichmentStage> = {
  1: 'PENDING', 2: 'PARSE_URLS', 3: 'Core NLP', 4: 'NARRATIVE', 5: 'NARRATIVE',
};

/** One data collector's part of a run (spec part 2 section 3 "Collector usage", plus duration and failure). */
export interface CollectorUsage {
  name: string;
  collected_records: number;
  record_limit: number | null;
  source: string;
  duration_ms: number;
  /** Why the collector failed; null when it succeeded. */
  failure: string | null;
}

/** What a run asks for; the conversations plugin fills it from the conversation when it starts a run. */
export interface RunRequest {
  conversationId: string;
  organizationId: string;
  queryString: string;
  /** ISO-8601 UTC instants. */
  startDate: string;
  endDate: string;
  language: string | null;
  useExistingData: boolean;
  runType: RunType;
}

export interface StageContext {
  storage: Storage;
  run: RunRequest;
  logger: Logger;
  services: ServiceRegistry;
  organizationId: string;
  conversationId: string;
  runId: string;
  /** Reports progress (0-1) for the run's status. */
  progress: (fraction: number, message?: string) => void;
  signal: AbortSignal;
  /**
   * Records one collector's usage on the run (the job row's `collector_usage`, and from there the query audit
   * entry). Entries with the same name replace each other, so a resumed stage does not count twice. Optional
   * only so hand-built contexts in stage unit tests need not provide it; the runner always does.
   */
  recordUsage?: (usage: CollectorUsage) => Promise<void>;
  /**
   * Records a fact the stage found about the run (a JSON value under a name, e.g. `coordination_detected`), kept with
   * the run for its listeners (the query audit) and replaced when a resumed stage records it again. Optional for
   * hand-built contexts in unit tests; the runner always provides it.
   */
  recordFinding?: (name: string, value: unknown) => Promise<void>;
}

export interface StageDefinition {
  /** `<pluginId>.<noun>`, permanent. */
  id: string;
  title: string;
  /** Bumping it invalidates the stage's stored outputs. */
  version: number;
  dagStep: DagStep;
  dependsOn: string[];
  /** The spec's enrichment stage shown while this stage runs; defaults by DAG step (DEFAULT_ENRICHMENT_STAGE). */
  enrichmentStage?: EnrichmentStage;
  /**
   * CPU-bound work (clustering, embeddings, layout). Today every stage runs on the worker loop's event loop;
   * the runner's `executeStage` hook (see pipeline/README.md) is where such stages will be sent to a
   * `node:worker_threads` pool so the API stays responsive. Declaring it now costs nothing.
   */
  cpuHeavy?: boolean;
  /** Idempotent; writes only its own tables. */
  run: (ctx: StageContext) => Promise<void>;
}

/** Orders stages so each runs after its dependencies; a missing dependency or a cycle is a start-up error. */
export function orderStages(stages: readonly StageDefinition[]): StageDefinition[] {
  const byId = new Map<string, StageDefinition>();
  for (const s of stages) {
    if (byId.has(s.id)) throw new Error(`Stage '${s.id}' is declared twice`);
    byId.set(s.id, s);
  }
  for (const s of stages) {
    for (const d of s.dependsOn) {
      if (!byId.has(d)) throw new Error(`Stage '${s.id}' depends on missing stage '${d}'`);
    }
  }
  const ordered: StageDefinition[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (s: StageDefinition, path: string[]) => {
    const st = state.get(s.id);
    if (st === 'done') return;
    if (st === 'visiting') throw new Error(`Stage cycle: ${[...path, s.id].join(' -> ')}`);
    state.set(s.id, 'visiting');
    for (const d of [...s.dependsOn].sort()) visit(byId.get(d)!, [...path, s.id]);
    state.set(s.id, 'done');
    ordered.push(s);
  };
  // Stable: by DAG step, then id, so runs are reproducible.
  for (const s of [...stages].sort((a, b) => a.dagStep - b.dagStep || a.id.localeCompare(b.id))) visit(s, []);
  for (const s of ordered) {
    for (const d of s.dependsOn) {
      if (byId.get(d)!.dagStep > s.dagStep) throw new Error(`Stage '${s.id}' (step ${s.dagStep}) depends on '${d}' of a later step`);
    }
  }
  return ordered;
}
