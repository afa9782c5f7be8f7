import type { Migration } from '@core/server/storage/migrations';

/**
 * The insight entity and what is derived from it on every write (tables.ts explains each table). Every row carries
 * its organisation; every read is scoped by it.
 */
export const migrations: Migration[] = [
  {
    id: 'insights/001_insights',
    async up(db) {
      await db.schema.createTable('insights_insights')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('analyzable_type', 'text', (c) => c.notNull())
        .addColumn('analyzable_id', 'text')
        .addColumn('platform', 'text')
        .addColumn('user_id', 'text')
        .addColumn('screen_name', 'text')
        .addColumn('link', 'text')
        .addColumn('user_class', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('confidence', 'text')
        .addColumn('permanence', 'text')
        .addColumn('additional_properties', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('edited_at', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      // Lists: the organisation's insights by status, newest edit first; the account and domain look-ups.
      await db.schema.createIndex('insights_insights_org_status').on('insights_insights')
        .columns(['organization_id', 'status', 'edited_at']).execute();
      await db.schema.createIndex('insights_insights_org_analyzable').on('insights_insights')
        .columns(['organization_id', 'analyzable_type', 'analyzable_id']).execute();

      await db.schema.createTable('insights_match_keys')
        .addColumn('insight_id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('fqdn', 'text')
        .execute();
      // Joins from posts: organisation and key are equalities (the key is selective; kind and platform follow).
      await db.schema.createIndex('insights_match_keys_lookup').on('insights_match_keys')
        .columns(['organization_id', 'key', 'kind', 'platform']).execute();
      await db.schema.createIndex('insights_match_keys_insight').on('insights_match_keys').column('insight_id').execute();

      await db.schema.createTable('insights_values')
        .addColumn('insight_id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('property', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('insights_values_lookup').on('insights_values')
        .columns(['organization_id', 'property', 'value']).execute();
      await db.schema.createIndex('insights_values_insight').on('insights_values').column('insight_id').execute();
    },
  },
];
