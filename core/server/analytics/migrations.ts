import type { Migration } from '../storage/migrations';

/** One row per usage event (core/server/analytics/README.md); the identity's e-mail stays in core_users. */
export const analyticsMigrations: Migration[] = [
  {
    id: 'core/230_analytics_events',
    async up(db) {
      await db.schema
        .createTable('core_analytics_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('core_analytics_events_org_time').on('core_analytics_events').columns(['organization_id', 'occurred_at']).execute();
    },
  },
];
