import type { Migration } from '@core/server/storage/migrations';

/** Registration snapshots (newest per domain is the current registration) and the admin domain list. */
export const migrations: Migration[] = [
  {
    id: 'urls/001_registrations_and_labels',
    async up(db) {
      await db.schema.createTable('urls_registrations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('looked_up_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('registrant_name', 'text')
        .addColumn('registrant_phone', 'text')
        .addColumn('registrant_email', 'text')
        .addColumn('registrar', 'text')
        .addColumn('reg_created_at', 'text')
        .addColumn('reg_expires_at', 'text')
        .addColumn('reg_updated_at', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('urls_registrations_org_domain').on('urls_registrations')
        .columns(['organization_id', 'domain', 'looked_up_at']).execute();

      await db.schema.createTable('urls_domain_labels')
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('domain', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('uploaded_at', 'text', (c) => c.notNull())
        .addColumn('uploaded_by', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('urls_domain_labels_pk', ['organization_id', 'domain'])
        .execute();
    },
  },
  {
    // The unfiltered shared URLs and domains of each finished run (runLinks.ts): a 1M-post conversation's first view.
    id: 'urls/002_run_links',
    async up(db) {
      await db.schema.createTable('urls_run_links')
        .addColumn('run_id', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('without_x', 'integer', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('domain', 'text')
        .addColumn('value', 'integer', (c) => c.notNull())
        .addColumn('unique_users', 'integer', (c) => c.notNull())
        .addColumn('unique_urls', 'integer', (c) => c.notNull())
        .addColumn('first_seen', 'text', (c) => c.notNull())
        .addColumn('last_seen', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('urls_run_links_top').on('urls_run_links').columns(['run_id', 'kind', 'without_x', 'value desc', 'key']).execute();
    },
  },
];
