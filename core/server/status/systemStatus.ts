import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import type { RunSummary, SystemStatus } from '@core/shared/status/api';
import type { StageDefinition } from '../pipeline/stages';
import type { ConversationDirectory } from '../postScope/contract';
import type { Storage } from '../storage/database';
import type { CoreTables } from '../storage/tables';
import { systemMetrics, versions } from './systemData';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The lists are for a person to read; the counts carry the totals. */
const LIST_LIMIT = 50;
const FAILURE_LIMIT = 10;
/** Enough stage rows for a day of a busy installation; the medians stay bounded in memory. */
const DURATION_SAMPLE_LIMIT = 20_000;

// Read once: the server runs from the source tree (tsx), so the root package.json is three folders up.
const VERSION = (createRequire(import.meta.url)('../../../package.json') as { version: string }).version;

type Db = Kysely<CoreTables>;
type RunRow = CoreTables['core_pipeline_runs'];

export function median(sorted: readonly number[]): number {
  if (!sorted.length) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Conversation names by id, as the conversation directory describes them (empty without it). */
export type ConversationNames = ReadonlyMap<string, string>;

/** The names of the runs' conversations, asked of the directory once per organisation (it answers per organisation). */
async function namesOf(runs: readonly Pick<RunRow, 'organization_id' | 'conversation_id'>[], directory: ConversationDirectory | null): Promise<ConversationNames> {
  if (!directory?.describe) return new Map();
  const byOrganization = new Map<string, Set<string>>();
  for (const r of runs) byOrganization.set(r.organization_id, (byOrganization.get(r.organization_id) ?? new Set()).add(r.conversation_id));
  const described = await Promise.all([...byOrganization].map(([org, ids]) => directory.describe!(org, [...ids])));
  return new Map(described.flat().map((c) => [c.id, c.name]));
}

function summary(r: RunRow, names: ConversationNames): RunSummary {
  return {
    id: r.id, organization_id: r.organization_id, conversation_id: r.conversation_id, conversation_name: names.get(r.conversation_id) ?? null,
    run_type: r.run_type, status: r.status,
    dag_step: r.dag_step === null ? null : Number(r.dag_step), current_stage: r.current_stage, progress: Number(r.progress),
    attempts: Number(r.attempts), created_at: r.created_at, started_at: r.started_at, heartbeat_at: r.heartbeat_at,
  };
}

/**
 * What the system status page shows: the build, the process and the pipeline's state. `organizationId` null
 * means every organisation (global admins). Never the database URL or any other setting that could be a secret.
 * `showErrors`: a failed run's error text is raw (paths, hosts, library messages), so like the conversation API's
 * `admin_details` only admins read it; other holders of VIEW_SYSTEM_STATUS_DATA see which stage failed, not why.
 */
export async function systemStatus(
  storage: Storage, organizationId: string | null, now = new Date(), showErrors = true,
  stages: readonly Pick<StageDefinition, 'id' | 'version'>[] = [], directory: ConversationDirectory | null = null,
): Promise<SystemStatus> {
  const db: Db = storage.db;
  const runs = () => {
    const q = db.selectFrom('core_pipeline_runs');
    return organizationId ? q.where('core_pipeline_runs.organization_id', '=', organizationId) : q;
  };

  const counts = await runs().select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  const open = (status: 'PENDING' | 'RUNNING') => runs().selectAll().where('status', '=', status)
    .orderBy('created_at').orderBy('id').limit(LIST_LIMIT).execute();
  const [queued, running] = await Promise.all([open('PENDING'), open('RUNNING')]);

  const failed = await runs().selectAll().where('status', '=', 'FAILED')
    .orderBy('finished_at', 'desc').orderBy('id').limit(FAILURE_LIMIT).execute();
  const failedStages = failed.length ? await db.selectFrom('core_pipeline_stage_runs').select(['run_id', 'stage_id', 'error'])
    .where('run_id', 'in', failed.map((f) => f.id)).where('status', '=', 'FAILED').execute() : [];

  const names = await namesOf([...queued, ...running, ...failed], directory);

  const since = new Date(now.getTime() - DAY_MS).toISOString();
  let stageRows = db.selectFrom('core_pipeline_stage_runs')
    .innerJoin('core_pipeline_runs', 'core_pipeline_runs.id', 'core_pipeline_stage_runs.run_id')
    .select(['core_pipeline_stage_runs.stage_id', 'core_pipeline_stage_runs.started_at', 'core_pipeline_stage_runs.finished_at'])
    .where('core_pipeline_stage_runs.status', '=', 'SUCCESS')
    .where('core_pipeline_stage_runs.started_at', 'is not', null)
    .where('core_pipeline_stage_runs.finished_at', '>=', since);
  if (organizationId) stageRows = stageRows.where('core_pipeline_runs.organization_id', '=', organizationId);
  const samples = await stageRows.orderBy('core_pipeline_stage_runs.finished_at', 'desc').limit(DURATION_SAMPLE_LIMIT).execute();
  const byStage = new Map<string, number[]>();
  for (const s of samples) {
    const ms = Date.parse(s.finished_at!) - Date.parse(s.started_at!);
    if (!Number.isFinite(ms)) continue;
    const list = byStage.get(s.stage_id) ?? [];
    list.push(Math.max(0, ms));
    byStage.set(s.stage_id, list);
  }

  const metrics = await systemMetrics(storage, organizationId);
  const uptime = process.uptime();
  return {
    version: VERSION,
    started_at: new Date(Date.now() - uptime * 1000).toISOString(),
    uptime_seconds: Math.round(uptime),
    database: storage.dialect,
    scope: organizationId ? 'organization' : 'all',
    organization_id: organizationId,
    generated_at: now.toISOString(),
    versions: versions(VERSION, stages),
    system_metrics: metrics,
    pipeline: {
      runs_by_status: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
      queued: queued.map((r) => summary(r, names)),
      running: running.map((r) => summary(r, names)),
      recent_failures: failed.map((f) => {
        const stage = failedStages.find((s) => s.run_id === f.id);
        return {
          run_id: f.id, organization_id: f.organization_id, conversation_id: f.conversation_id,
          conversation_name: names.get(f.conversation_id) ?? null, run_type: f.run_type,
          stage_id: stage?.stage_id ?? f.current_stage, error: showErrors ? (f.error ?? stage?.error ?? null) : null, finished_at: f.finished_at,
        };
      }),
      stage_durations: [...byStage.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([stage_id, list]) => {
        const sorted = [...list].sort((a, b) => a - b);
        return { stage_id, runs: sorted.length, median_ms: median(sorted), max_ms: sorted[sorted.length - 1]! };
      }),
    },
  };
}
