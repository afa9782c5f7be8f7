import type { Migration } from '../storage/migrations';

/**
 * Access tables beyond the core identity ones. Ids `core/1xx_*`. Conventions of storage/database.ts: ISO text
 * timestamps, 0/1 integer booleans, JSON as text. Secrets are stored hashed (reset tokens, API keys, recovery
 * codes) or encrypted (TOTP secrets, SSO client secrets).
 */
export const accessMigrations: Migration[] = [
  {
    id: 'core/101_access',
    async up(db) {
      await db.schema.alterTable('core_organizations').addColumn('enable_sso', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('core_organizations').addColumn('cognito_idp_name', 'text').execute();
      await db.schema.alterTable('core_users').addColumn('features', 'text', (c) => c.notNull().defaultTo('[]')).execute();
      // Access tokens issued (unix milliseconds) before this are refused: password changes and deactivation end
      // sessions at once rather than when the short-lived token expires.
      await db.schema.alterTable('core_users').addColumn('sessions_valid_from', 'bigint', (c) => c.notNull().defaultTo(0)).execute();

      await db.schema
        .createTable('core_password_resets')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('core_users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('core_mfa')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('core_users.id').onDelete('cascade'))
        .addColumn('secret', 'text')
        .addColumn('pending_secret', 'text')
        .addColumn('pending_created_at', 'text')
        .addColumn('last_time_step', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('core_mfa_recovery_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('core_users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('core_mfa_recovery_codes_user').on('core_mfa_recovery_codes').column('user_id').execute();

      await db.schema
        .createTable('core_api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('core_users.id').onDelete('cascade'))
        .addColumn('organization_id', 'text', (c) => c.notNull().references('core_organizations.id'))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('key_prefix', 'text', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('core_api_keys_user').on('core_api_keys').column('user_id').execute();

      await db.schema
        .createTable('core_feedback')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('core_users.id').onDelete('cascade'))
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('group_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('feedback_type', 'text', (c) => c.notNull())
        .addColumn('feedback_text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('core_event_audit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text')
        .addColumn('user_id', 'text')
        .addColumn('email', 'text')
        .addColumn('target_user_id', 'text')
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('source_ip', 'text')
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('core_event_audit_org_time').on('core_event_audit').columns(['organization_id', 'created_at']).execute();

      await db.schema
        .createTable('core_login_failures')
        .addColumn('key_hash', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('core_sso_configs')
        .addColumn('organization_id', 'text', (c) => c.primaryKey().references('core_organizations.id').onDelete('cascade'))
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('client_secret', 'text')
        .addColumn('client_secret_env', 'text')
        .addColumn('email_domains', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('core_sso_states')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('organization_id', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('next', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  {
    id: 'core/102_session_binding',
    async up(db) {
      // Every refresh token of one sign-in shares a session id (rotation keeps it); access tokens carry it and stop
      // working as soon as the session has no active refresh token (logout, revocation), not when they expire.
      await db.schema.alterTable('core_refresh_tokens').addColumn('session_id', 'text').execute();
      // Tokens issued before: each is its own session until it rotates (its successors inherit the id).
      await db.updateTable('core_refresh_tokens').set((eb) => ({ session_id: eb.ref('id') })).execute();
      await db.schema.createIndex('core_refresh_tokens_session').on('core_refresh_tokens').column('session_id').execute();
    },
  },
];
