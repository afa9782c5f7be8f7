import type { Migration } from '@core/server/storage/migrations';

export const migrations: Migration[] = [
  {
    id: 'template/001_notes',
    async up(db) {
      await db.schema
        .createTable('template_notes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('template_notes_org_conv').on('template_notes').columns(['organization_id', 'conversation_id']).execute();
      await db.schema
        .createTable('template_stage_runs')
        .addColumn('run_id', 'text', (c) => c.primaryKey())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('ran_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
];
