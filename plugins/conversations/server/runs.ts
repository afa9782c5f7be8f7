import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Pipeline, PeriodicTask } from '@core/server/pipeline/runner';
import type { Run, RunListener } from '@core/server/pipeline/runs';
import type { RunRequest, RunType } from '@core/server/pipeline/stages';
import { RunConflictError, runFindings } from '@core/server/pipeline/runs';
import { nowIso } from '@core/server/storage/database';
import type { CoreTables } from '@core/server/storage/tables';
import { DAY_MS, continuousWindow } from '../shared/dates';
import type { Conversation } from '../shared/api';
import { MESSAGES } from '../shared/messages';
import { withTables, type Db } from './model';
import { makesScaled } from './nrms';
import type { ConversationRow } from './tables';

const MANUAL: ReadonlySet<RunType> = new Set(['STATIC_MANUAL_RERUN', 'SCHEDULED_MANUAL_RERUN']);

/** The RunRequest of a conversation: its own range, or for a continuous one the 7 days before `now`. */
export function runRequestFor(c: ConversationRow, runType: RunType, opts: { now?: Date; useExistingData?: boolean } = {}): RunRequest {
  const window = c.threat_feed ? continuousWindow(opts.now) : { start: c.start_date!, end: c.end_date! };
  return {
    conversationId: c.id,
    organizationId: c.organization_id,
    queryString: c.query_string,
    startDate: window.start,
    endDate: window.end,
    language: c.language,
    useExistingData: opts.useExistingData ?? false,
    runType,
  };
}

/** Queues a run of the conversation inside the caller's transaction; the listener below sets it PENDING. */
export async function queueRun(pipeline: Pipeline, trx: Db, c: ConversationRow, runType: RunType,
  opts: { now?: Date; useExistingData?: boolean; requestedBy?: string | null } = {}): Promise<Run> {
  return pipeline.enqueue(runRequestFor(c, runType, opts), { db: trx as unknown as Kysely<CoreTables>, requestedBy: opts.requestedBy ?? null });
}

/** Whether the conversation has a queued or running run (re-run is refused meanwhile). */
export async function activeRun(db: Db, conversationId: string) {
  return db.selectFrom('core_pipeline_runs').select(['id', 'status']).where('conversation_id', '=', conversationId)
    .where('status', 'in', ['PENDING', 'RUNNING']).orderBy('created_at', 'desc').executeTakeFirst();
}

function topicsStatusOf(run: Run): Conversation['topics_status'] {
  if (run.status === 'SUCCESS') return { status_code: 200, message: 'Conversation refreshed', admin_details: null };
  if (run.status === 'CANCELLED') return { status_code: 499, message: 'Conversation run cancelled', admin_details: run.message };
  return { status_code: 500, message: MESSAGES.failedTitle, admin_details: run.error };
}

/**
 * Keeps each conversation's status, DAG_step, enrichment_stages, last_run, topics_status and is_scaled in step with its
 * runs, and writes the query audit entry when a run ends. Runs inside the pipeline's transaction, so the
 * conversation never disagrees with its runs.
 */
export const conversationRunListener: RunListener = async (coreDb, run, change) => {
  const db = withTables(coreDb);
  const c = await db.selectFrom('conversations_conversations').selectAll().where('id', '=', run.conversationId).executeTakeFirst();
  if (!c) return; // a run of something else (another plugin's tests, a removed row)
  const now = nowIso();
  const update = (set: Partial<ConversationRow>) => db.updateTable('conversations_conversations')
    .set({ ...set, updated_at: now }).where('id', '=', c.id).execute();
  const collectors = run.collectorUsage.map((u) => u.name);
  const stages = (stage: string) => JSON.stringify((collectors.length ? collectors : [null]).map((datacollector) => ({ datacollector, stage })));

  switch (change) {
    case 'queued': {
      const running = await db.selectFrom('core_pipeline_runs').select('id').where('conversation_id', '=', c.id)
        .where('status', '=', 'RUNNING').executeTakeFirst();
      await update({
        ...(running ? {} : { status: 'PENDING', dag_step: null, enrichment_stages: '[]' }),
        rerun: MANUAL.has(run.runType) ? 1 : 0,
        use_existing_data: run.request.useExistingData ? 1 : 0,
      });
      return;
    }
    case 'requeued':
      await update({ status: 'PENDING' });
      return;
    case 'started':
      await update({ status: 'RUNNING', dag_step: null, enrichment_stages: stages('PENDING') });
      return;
    case 'stage':
      await update({ status: 'RUNNING', dag_step: run.dagStep, enrichment_stages: stages(run.enrichmentStage ?? 'PENDING') });
      return;
    case 'finished': {
      const queued = await db.selectFrom('core_pipeline_runs').select('id').where('conversation_id', '=', c.id)
        .where('status', '=', 'PENDING').where('id', '<>', run.id).executeTakeFirst();
      await update({
        status: queued ? 'PENDING' : run.status,
        last_run: run.finishedAt ?? now,
        topics_status: JSON.stringify(topicsStatusOf(run)),
        ...(makesScaled(run) ? { is_scaled: 1 } : {}),
      });
      await writeAuditEntry(db, c, run, await runFindings(coreDb, run.id));
    }
  }
};

/** The query audit entry of a finished run (spec part 2 section 3). Written once per run. */
async function writeAuditEntry(db: Db, c: ConversationRow, run: Run, findings: Record<string, unknown>): Promise<void> {
  const org = await db.selectFrom('core_organizations').select('name').where('id', '=', c.organization_id).executeTakeFirst();
  const userId = run.requestedBy ?? c.user_id;
  const user = await db.selectFrom('core_users').select('email').where('id', '=', userId).executeTakeFirst();
  const project = await db.selectFrom('conversations_projects').select('name').where('id', '=', c.project_id).executeTakeFirst();
  const duration = run.startedAt && run.finishedAt ? (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000 : null;
  await db.insertInto('conversations_query_audit').values({
    id: crypto.randomUUID(),
    run_id: run.id,
    organization_id: c.organization_id,
    created_at: run.finishedAt ?? nowIso(),
    user_id: userId,
    user: user?.email ?? null,
    organization: org?.name ?? '',
    query_string: run.request.queryString,
    status: run.status,
    // The last stage the run reached ('queued' when it never started).
    state: run.currentStage ?? 'queued',
    threat_feed: c.threat_feed,
    query_duration: duration,
    start_date: run.request.startDate,
    end_date: run.request.endDate,
    last_run: run.finishedAt,
    data_collectors: JSON.stringify(run.collectorUsage.map(({ name, collected_records, record_limit, source }) => ({ name, collected_records, record_limit, source }))),
    conversation_id: c.id,
    conversation_name: c.name,
    project_name: project?.name ?? '',
    // Recorded by the coordination stage when it is installed and ran (core StageContext.recordFinding).
    coordination_detected: findings.coordination_detected === true ? 1 : 0,
    datacollector_failures: JSON.stringify(run.collectorUsage.filter((u) => u.failure).map((u) => ({ name: u.name, message: u.failure }))),
    conversation_run_type: run.runType,
  }).onConflict((oc) => oc.column('run_id').doNothing()).execute();
}

export const SCHEDULER_INTERVAL_MS = 60_000;

/**
 * Continuous conversations run every day over the previous 7 days (spec part 1 section 9); suspended ones do not.
 * Safe with several workers: a conversation is queued only by the process whose conditional update moved its
 * next_run_at, and the job table holds at most one queued run per conversation.
 */
export function continuousScheduler(db: Db, pipeline: Pipeline): PeriodicTask {
  return {
    id: 'conversations.continuous',
    intervalMs: SCHEDULER_INTERVAL_MS,
    async run(now) {
      const due = await db.selectFrom('conversations_conversations').selectAll()
        .where('threat_feed', '=', 1).where('suspended', '=', 0).where('deleted_at', 'is', null)
        .where('next_run_at', '<=', now.toISOString()).execute();
      for (const c of due) {
        await db.transaction().execute(async (trx) => {
          const moved = await trx.updateTable('conversations_conversations')
            .set({ next_run_at: new Date(now.getTime() + DAY_MS).toISOString() })
            .where('id', '=', c.id).where('next_run_at', '=', c.next_run_at).where('suspended', '=', 0).where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== 1) return;
          try {
            await queueRun(pipeline, trx, c, 'SCHEDULED_RUN', { now });
          } catch (error) {
            // Already queued (a manual re-run waiting): that run collects the same days.
            if (!(error instanceof RunConflictError)) throw error;
          }
        });
      }
    },
  };
}
