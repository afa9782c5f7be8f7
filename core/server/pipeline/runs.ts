import type { Kysely } from 'kysely';
import type { CoreTables } from '../storage/tables';
import type { CollectorUsage, DagStep, EnrichmentStage, RunRequest, RunType } from './stages';

/** Run statuses of the spec (part 1 section 4, part 2 section 9). */
export const RUN_STATUSES = ['PENDING', 'RUNNING', 'SUCCESS', 'FAILED', 'CANCELLED'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const TERMINAL_STATUSES: ReadonlySet<RunStatus> = new Set(['SUCCESS', 'FAILED', 'CANCELLED']);

export type StageRunStatus = 'RUNNING' | 'SUCCESS' | 'FAILED' | 'SKIPPED' | 'INTERRUPTED';

/** A run as the pipeline and its listeners see it (the `core_pipeline_runs` row, decoded). */
export interface Run {
  id: string;
  organizationId: string;
  conversationId: string;
  runType: RunType;
  status: RunStatus;
  request: RunRequest;
  dagStep: DagStep | null;
  currentStage: string | null;
  enrichmentStage: EnrichmentStage | null;
  /** 0-1 over the whole run. */
  progress: number;
  message: string | null;
  error: string | null;
  collectorUsage: CollectorUsage[];
  attempts: number;
  cancelRequested: boolean;
  requestedBy: string | null;
  workerId: string | null;
  heartbeatAt: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
}

export interface StageRun {
  runId: string;
  stageId: string;
  stageVersion: number;
  dagStep: number;
  status: StageRunStatus;
  attempts: number;
  progress: number;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * Why a listener is called. Every call happens inside the transaction that made the change, so what a listener
 * writes (the conversation's status, the query audit entry) commits or rolls back together with the run row.
 */
export type RunChange = 'queued' | 'started' | 'stage' | 'finished' | 'requeued';
export type RunListener = (db: Kysely<CoreTables>, run: Run, change: RunChange) => Promise<void>;

export type RunRow = CoreTables['core_pipeline_runs'];
export type StageRunRow = CoreTables['core_pipeline_stage_runs'];

export function runFromRow(row: RunRow): Run {
  return {
    id: row.id,
    organizationId: row.organization_id,
    conversationId: row.conversation_id,
    runType: row.run_type as RunType,
    status: row.status as RunStatus,
    request: JSON.parse(row.request) as RunRequest,
    dagStep: row.dag_step === null ? null : (Number(row.dag_step) as DagStep),
    currentStage: row.current_stage,
    enrichmentStage: row.enrichment_stage as EnrichmentStage | null,
    progress: Number(row.progress),
    message: row.message,
    error: row.error,
    collectorUsage: JSON.parse(row.collector_usage) as CollectorUsage[],
    attempts: Number(row.attempts),
    cancelRequested: Number(row.cancel_requested) === 1,
    requestedBy: row.requested_by,
    workerId: row.worker_id,
    heartbeatAt: row.heartbeat_at,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    updatedAt: row.updated_at,
  };
}

export function stageRunFromRow(row: StageRunRow): StageRun {
  return {
    runId: row.run_id,
    stageId: row.stage_id,
    stageVersion: Number(row.stage_version),
    dagStep: Number(row.dag_step),
    status: row.status as StageRunStatus,
    attempts: Number(row.attempts),
    progress: Number(row.progress),
    error: row.error,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

/** Thrown by `enqueue` when the conversation already has a queued run (at most one per conversation). */
export class RunConflictError extends Error {
  constructor(readonly conversationId: string) {
    super('A run of this conversation is already queued');
    this.name = 'RunConflictError';
  }
}

/** A unique-index violation on either dialect (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** What a run's stages recorded with StageContext.recordFinding, by name (values parsed from JSON). */
export async function runFindings(db: Kysely<CoreTables>, runId: string): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('core_pipeline_run_findings').select(['name', 'value']).where('run_id', '=', runId).execute();
  return Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));
}
