import { sql } from 'kysely';
import type { Migration } from '@core/server/storage/migrations';

/** Timestamps ISO text, booleans 0/1, JSON text (core/server/storage/database.ts). Deletions are soft so that the
 * query audit and runs still finishing keep the names they refer to. */
export const migrations: Migration[] = [
  {
    id: 'conversations/001_projects_conversations',
    async up(db) {
      await db.schema
        .createTable('conversations_projects')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        // Trimmed, NFC, lower-case: names are unique per organisation whatever their case.
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      await sql`create unique index conversations_projects_name on conversations_projects (organization_id, name_key) where deleted_at is null`.execute(db);
      await db.schema.createIndex('conversations_projects_org').on('conversations_projects').columns(['organization_id', 'created_at']).execute();

      await db.schema
        .createTable('conversations_conversations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('project_id', 'text', (c) => c.notNull().references('conversations_projects.id'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('query_string', 'text', (c) => c.notNull())
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('threat_feed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('last_run', 'text')
        .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_scaled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_org_nrms', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('use_existing_data', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rerun', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enrichment_stages', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('topics_status', 'text')
        .addColumn('dag_step', 'integer')
        .addColumn('image_url', 'text')
        .addColumn('description', 'text')
        // Continuous conversations: when the daily scheduler queues the next SCHEDULED_RUN.
        .addColumn('next_run_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      await db.schema.createIndex('conversations_conversations_org_project').on('conversations_conversations')
        .columns(['organization_id', 'project_id', 'created_at']).execute();
      await db.schema.createIndex('conversations_conversations_schedule').on('conversations_conversations')
        .columns(['threat_feed', 'suspended', 'next_run_at']).execute();

      // One entry per finished run (spec part 2 section 3 "Query audit entry"), for the query audit page.
      await db.schema
        .createTable('conversations_query_audit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('run_id', 'text', (c) => c.notNull().unique())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('user', 'text')
        .addColumn('organization', 'text', (c) => c.notNull())
        .addColumn('query_string', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('threat_feed', 'integer', (c) => c.notNull())
        .addColumn('query_duration', 'real')
        .addColumn('start_date', 'text')
        .addColumn('end_date', 'text')
        .addColumn('last_run', 'text')
        .addColumn('data_collectors', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('conversation_name', 'text', (c) => c.notNull())
        .addColumn('project_name', 'text', (c) => c.notNull())
        .addColumn('coordination_detected', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('datacollector_failures', 'text', (c) => c.notNull())
        .addColumn('conversation_run_type', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('conversations_query_audit_org').on('conversations_query_audit').columns(['organization_id', 'created_at']).execute();
    },
  },
];
