import { sql } from 'kysely';
import type { Migration } from '../storage/migrations';

/** The durable job table of conversation runs. Ids `core/2xx_*`. See pipeline/README.md for the design. */
export const pipelineMigrations: Migration[] = [
  {
    id: 'core/201_pipeline_runs',
    async up(db) {
      await db.schema
        .createTable('core_pipeline_runs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('run_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        // The RunRequest the stages receive (JSON): fixed when the run is queued, so a resumed run sees the same.
        .addColumn('request', 'text', (c) => c.notNull())
        .addColumn('dag_step', 'integer')
        .addColumn('current_stage', 'text')
        .addColumn('enrichment_stage', 'text')
        .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('message', 'text')
        .addColumn('error', 'text')
        .addColumn('collector_usage', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('requested_by', 'text')
        .addColumn('worker_id', 'text')
        .addColumn('heartbeat_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('core_pipeline_runs_status').on('core_pipeline_runs').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('core_pipeline_runs_conversation').on('core_pipeline_runs').columns(['conversation_id', 'created_at']).execute();
      await db.schema.createIndex('core_pipeline_runs_org').on('core_pipeline_runs').columns(['organization_id', 'created_at']).execute();
      // At most one queued and one running run per conversation, enforced by the database itself so that
      // concurrent API processes and workers cannot double-queue or double-run a conversation.
      await sql`create unique index core_pipeline_runs_one_pending on core_pipeline_runs (conversation_id) where status = 'PENDING'`.execute(db);
      await sql`create unique index core_pipeline_runs_one_running on core_pipeline_runs (conversation_id) where status = 'RUNNING'`.execute(db);

      await db.schema
        .createTable('core_pipeline_stage_runs')
        .addColumn('run_id', 'text', (c) => c.notNull().references('core_pipeline_runs.id').onDelete('cascade'))
        .addColumn('stage_id', 'text', (c) => c.notNull())
        .addColumn('stage_version', 'integer', (c) => c.notNull())
        .addColumn('dag_step', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('progress', 'real', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('started_at', 'text')
        .addColumn('finished_at', 'text')
        .addPrimaryKeyConstraint('core_pipeline_stage_runs_pk', ['run_id', 'stage_id'])
        .execute();
    },
  },
  {
    // What a run's stages found that outlives the stage (e.g. coordination_detected for the query audit): one JSON
    // value per (run, name), written by StageContext.recordFinding and read by run listeners.
    id: 'core/202_run_findings',
    async up(db) {
      await db.schema
        .createTable('core_pipeline_run_findings')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('core_pipeline_run_findings_pk', ['run_id', 'name'])
        .execute();
    },
  },
];
