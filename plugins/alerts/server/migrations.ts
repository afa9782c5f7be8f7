import type { Migration } from '@core/server/storage/migrations';

/** The alerts plugin's tables; tables.ts explains each. Every row carries its organisation; every read is scoped by it. */
export const migrations: Migration[] = [
  {
    id: 'alerts/001_alerts',
    async up(db) {
      await db.schema.createTable('alerts_metrics')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('narrative', 'text', (c) => c.notNull())
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('risk_category', 'text', (c) => c.notNull())
        .addColumn('timestamp', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('value', 'double precision', (c) => c.notNull())
        .addColumn('weight', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alerts_metrics_series').on('alerts_metrics')
        .columns(['organization_id', 'conversation_id', 'metric', 'timestamp']).execute();
      await db.schema.createIndex('alerts_metrics_run').on('alerts_metrics').columns(['run_id']).execute();

      await db.schema.createTable('alerts_configs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('alertable_type', 'text', (c) => c.notNull())
        .addColumn('alertable_id', 'text', (c) => c.notNull())
        .addColumn('config', 'text', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('recipients', 'text')
        .addColumn('webhook_secret', 'text', (c) => c.notNull())
        .addColumn('muted_until', 'text')
        .addColumn('created_by', 'text')
        .addColumn('deleted_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alerts_configs_alertable').on('alerts_configs')
        .columns(['organization_id', 'alertable_id']).execute();

      await db.schema.createTable('alerts_fired')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('alert_config_id', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // The idempotency key of a firing: a rule fires at most once per run, however often the stage runs.
      await db.schema.createIndex('alerts_fired_once').on('alerts_fired').columns(['alert_config_id', 'run_id']).unique().execute();
      await db.schema.createIndex('alerts_fired_org').on('alerts_fired').columns(['organization_id', 'created_at']).execute();

      await db.schema.createTable('alerts_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('fired_alert_id', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alerts_outbox_due').on('alerts_outbox').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('alerts_outbox_fired').on('alerts_outbox').columns(['fired_alert_id']).execute();

      await db.schema.createTable('alerts_notifications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('fired_alert_id', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('alerts_notifications_once').on('alerts_notifications').columns(['user_id', 'fired_alert_id']).unique().execute();

      await db.schema.createTable('alerts_recipient_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('receive_alerts', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  {
    // Continuous conversations: the posts new since the previous run, beside the 7-day window's total (tables.ts).
    id: 'alerts/002_metrics_new_posts',
    async up(db) {
      await db.schema.alterTable('alerts_metrics').addColumn('new_posts', 'integer').execute();
    },
  },
];
