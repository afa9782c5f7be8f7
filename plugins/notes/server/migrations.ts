import type { Migration } from '@core/server/storage/migrations';

export const migrations: Migration[] = [
  {
    id: 'notes/001_notes',
    async up(db) {
      await db.schema
        .createTable('notes_notes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notes_notes_org_conv').on('notes_notes').columns(['organization_id', 'conversation_id']).execute();
    },
  },
];
