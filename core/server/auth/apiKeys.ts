import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../storage/tables';
import type { Storage } from '../storage/database';
import { nowIso, toBool } from '../storage/database';
import { randomToken, sha256 } from './tokens';

const KEY_PREFIX = 'nsk_';
/** last_used_at is a hint for users, not an audit trail: write it at most this often per key. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * API keys authenticate programmatic calls as their owner, in the organisation the key was created in. A key
 * is 256 random bits, so a SHA-256 hash is enough to store it (no slow hash needed to resist guessing) and lets
 * a call find its key with one indexed lookup. The whole key is shown once, at creation.
 */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${KEY_PREFIX}${randomToken(32)}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, KEY_PREFIX.length + 6) };
}

export function hashApiKey(key: string): string {
  return sha256(`api-key:${key}`);
}

/** The key a request presents: `Authorization: Bearer <key>` or `X-API-KEY: <key>`; undefined when none. */
export function presentedApiKey(request: FastifyRequest): string | undefined {
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && /^Bearer\s+/i.test(auth)) return auth.replace(/^Bearer\s+/i, '').trim();
  const header = request.headers['x-api-key'];
  return typeof header === 'string' && header.trim() ? header.trim() : undefined;
}

export async function findActiveApiKey(storage: Storage, key: string) {
  if (!key.startsWith(KEY_PREFIX) || key.length > 200) return null;
  const row = await storage.db.selectFrom('core_api_keys').selectAll().where('key_hash', '=', hashApiKey(key)).executeTakeFirst();
  if (!row || !toBool(row.is_active)) return null;
  if (!row.last_used_at || Date.parse(row.last_used_at) + LAST_USED_RESOLUTION_MS < Date.now()) {
    await storage.db.updateTable('core_api_keys').set({ last_used_at: nowIso() }).where('id', '=', row.id).execute();
  }
  return row;
}

export async function insertApiKey(db: Kysely<CoreTables>, userId: string, organizationId: string, label: string) {
  const { key, hash, prefix } = newApiKey();
  const now = nowIso();
  const row = {
    id: crypto.randomUUID(), user_id: userId, organization_id: organizationId, label, key_hash: hash, key_prefix: prefix,
    is_active: 1, created_at: now, updated_at: now, last_used_at: null,
  };
  await db.insertInto('core_api_keys').values(row).execute();
  return { row, key };
}

/**
 * Revokes every active key of a user (deactivation). Keys are never revived: a reactivated user makes new ones,
 * since whoever held a key while its owner was deactivated (a departed employee's scripts) must not regain access.
 * Answers the revoked keys for the audit; the rows stay, with is_active false.
 */
export async function revokeApiKeysOfUser(db: Kysely<CoreTables>, userId: string): Promise<Array<{ id: string; label: string; organization_id: string }>> {
  const active = await db.selectFrom('core_api_keys').select(['id', 'label', 'organization_id'])
    .where('user_id', '=', userId).where('is_active', '=', 1).orderBy('created_at').execute();
  if (active.length) {
    await db.updateTable('core_api_keys').set({ is_active: 0, updated_at: nowIso() })
      .where('user_id', '=', userId).where('is_active', '=', 1).execute();
  }
  return active;
}

/** The spec's `api_key` field of a listed key: its prefix and a mask (the whole key is shown once, at creation). */
export const maskedApiKey = (prefix: string): string => `${prefix}${'•'.repeat(8)}`;

export function apiKeyDto(row: CoreTables['core_api_keys']) {
  return {
    id: row.id, organization_id: row.organization_id, api_key: maskedApiKey(row.key_prefix), label: row.label, key_prefix: row.key_prefix,
    is_active: toBool(row.is_active),
    created_at: row.created_at, updated_at: row.updated_at, last_used_at: row.last_used_at,
  };
}
