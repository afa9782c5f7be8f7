import type { Migration } from './migrations';
import { accessMigrations } from '../auth/migrations';
import { pipelineMigrations } from '../pipeline/migrations';
import { postStoreMigrations } from '../postStore/migrations';
import { demoSeedMigration } from '../demoSeed';
import { analyticsMigrations } from '../analytics/migrations';

/** Core schema. Timestamps are ISO text, booleans integers 0/1, JSON text (see storage/database.ts). */
const identityAndWorkspace: Migration[] = [
  {
    id: 'core/001_identity',
    async up(db) {
      await db.schema
        .createTable('core_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('core_organizations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('core_users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('organization_id', 'text', (c) => c.notNull().references('core_organizations.id'))
        .addColumn('password_hash', 'text')
        .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('require_mfa_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mfa_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mfa_enabled_at', 'text')
        .addColumn('change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('core_users_org').on('core_users').column('organization_id').execute();
      await db.schema
        .createTable('core_groups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('organization_id', 'text', (c) => c.notNull().references('core_organizations.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('core_groups_org_name', ['organization_id', 'name'])
        .execute();
      await db.schema
        .createTable('core_user_groups')
        .addColumn('user_id', 'text', (c) => c.notNull().references('core_users.id').onDelete('cascade'))
        .addColumn('group_id', 'text', (c) => c.notNull().references('core_groups.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('core_user_groups_pk', ['user_id', 'group_id'])
        .execute();
      await db.schema
        .createTable('core_refresh_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('core_users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .addColumn('replaced_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  {
    id: 'core/002_workspace_and_preferences',
    async up(db) {
      await db.schema
        .createTable('core_workspace_layouts')
        .addColumn('user_id', 'text', (c) => c.notNull().references('core_users.id').onDelete('cascade'))
        .addColumn('layout_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('layout', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('core_workspace_layouts_pk', ['user_id', 'layout_id'])
        .execute();
      await db.schema
        .createTable('core_preferences')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('core_users.id').onDelete('cascade'))
        .addColumn('preferences', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
];

export const coreMigrations: Migration[] = [...identityAndWorkspace, ...accessMigrations, demoSeedMigration, ...pipelineMigrations, ...postStoreMigrations, ...analyticsMigrations];
