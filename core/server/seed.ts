import crypto from 'node:crypto';
import argon2 from 'argon2';
import { PERMISSIONS } from '@core/shared/access/permissions';
import type { Storage } from './storage/database';
import { nowIso } from './storage/database';
import { randomToken } from './auth/tokens';

export const DEMO_ORG = 'Demo Org';
export const DEMO_ADMIN_EMAIL = 'admin@demo.narrascope.local';

export interface NewUser {
  email: string;
  password: string;
  organizationId: string;
  firstName?: string;
  lastName?: string;
  roles?: string[];
  permissions?: string[];
  groups?: string[];
}

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function ensureOrganization(storage: Storage, name: string): Promise<string> {
  const existing = await storage.db.selectFrom('core_organizations').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return existing.id;
  const id = crypto.randomUUID();
  await storage.db.transaction().execute(async (trx) => {
    await trx.insertInto('core_organizations').values({ id, name, settings: '{}', created_at: nowIso() }).execute();
    await trx.insertInto('core_groups').values({ id: crypto.randomUUID(), name: 'Admin', organization_id: id, created_at: nowIso() }).execute();
  });
  return id;
}

export async function addUser(storage: Storage, u: NewUser): Promise<string> {
  const id = crypto.randomUUID();
  const hash = await hashPassword(u.password);
  await storage.db.transaction().execute(async (trx) => {
    await trx.insertInto('core_users').values({
      id,
      email: u.email.toLowerCase(),
      first_name: u.firstName ?? '',
      last_name: u.lastName ?? '',
      organization_id: u.organizationId,
      password_hash: hash,
      roles: JSON.stringify(u.roles ?? ['Analyst']),
      permissions: JSON.stringify(u.permissions ?? []),
      require_mfa_enabled: 0,
      mfa_enabled: 0,
      mfa_enabled_at: null,
      change_password: 0,
      is_active: 1,
      created_at: nowIso(),
      updated_at: nowIso(),
    }).execute();
    for (const name of u.groups ?? []) {
      const group = await trx.selectFrom('core_groups').select('id')
        .where('organization_id', '=', u.organizationId).where('name', '=', name).executeTakeFirst();
      const groupId = group?.id ?? crypto.randomUUID();
      if (!group) await trx.insertInto('core_groups').values({ id: groupId, name, organization_id: u.organizationId, created_at: nowIso() }).execute();
      await trx.insertInto('core_user_groups').values({ user_id: id, group_id: groupId }).execute();
    }
  });
  return id;
}

export async function isEmpty(storage: Storage): Promise<boolean> {
  const row = await storage.db.selectFrom('core_users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/**
 * Seeds "Demo Org" and its administrator. Returns the password when it was generated, so the caller can print
 * it once (it is never logged).
 */
export async function seedDemoIdentity(storage: Storage, demoPassword: string | null) {
  const organizationId = await ensureOrganization(storage, DEMO_ORG);
  const existing = await storage.db.selectFrom('core_users').select('id').where('email', '=', DEMO_ADMIN_EMAIL).executeTakeFirst();
  if (existing) return { organizationId, userId: existing.id, generatedPassword: null };
  const password = demoPassword ?? randomToken(12);
  const userId = await addUser(storage, {
    email: DEMO_ADMIN_EMAIL,
    password,
    organizationId,
    firstName: 'Demo',
    lastName: 'Admin',
    roles: ['Global Admin', 'Senior Analyst'],
    permissions: [...PERMISSIONS],
    groups: ['Admin'],
  });
  return { organizationId, userId, generatedPassword: demoPassword ? null : password };
}
