import type { Kysely, Selectable } from 'kysely';
import { ADMIN_GROUP } from '@core/shared/access/permissions';
import type { ManagedUser } from '@core/shared/access/api';
import { AUTH_MESSAGES } from '@core/shared/api/cookies';
import type { CoreTables } from '../storage/tables';
import { toBool } from '../storage/database';
import { HttpError } from '../http/errors';
import type { SessionUser } from './sessionUser';
import { mfaRequiredNow } from './sessionUser';

type UserRow = Selectable<CoreTables['core_users']>;

/** Group memberships of some users, restricted to one organisation's groups. */
export async function groupsOf(db: Kysely<CoreTables>, userIds: string[], organizationId: string) {
  if (!userIds.length) return new Map<string, Array<{ id: string; name: string }>>();
  const rows = await db.selectFrom('core_user_groups')
    .innerJoin('core_groups', 'core_groups.id', 'core_user_groups.group_id')
    .select(['core_user_groups.user_id', 'core_groups.id', 'core_groups.name'])
    .where('core_user_groups.user_id', 'in', userIds)
    .where('core_groups.organization_id', '=', organizationId)
    .orderBy('core_groups.name')
    .execute();
  const map = new Map<string, Array<{ id: string; name: string }>>();
  for (const r of rows) map.set(r.user_id, [...(map.get(r.user_id) ?? []), { id: r.id, name: r.name }]);
  return map;
}

export function managedUserDto(row: UserRow, groups: Array<{ id: string; name: string }>): ManagedUser {
  const roles = JSON.parse(row.roles) as string[];
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    organization_id: row.organization_id,
    group_ids: groups.map((g) => g.id),
    roles,
    permissions: JSON.parse(row.permissions) as string[],
    features: JSON.parse(row.features ?? '[]') as string[],
    is_global_admin: roles.includes('Global Admin'),
    is_analyst: roles.includes('Analyst'),
    is_senior_analyst: roles.includes('Senior Analyst'),
    is_org_admin: groups.some((g) => g.name === ADMIN_GROUP),
    require_mfa_enabled: mfaRequiredNow(row),
    mfa_enabled: toBool(row.mfa_enabled),
    mfa_enabled_at: row.mfa_enabled_at,
    change_password: toBool(row.change_password),
    is_active: toBool(row.is_active),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * A user of the organisation the caller acts in, or 404: another organisation's user ids are answered exactly
 * like unknown ones so they cannot be probed.
 */
export async function userInOrganization(db: Kysely<CoreTables>, organizationId: string, userId: string): Promise<UserRow> {
  const row = await db.selectFrom('core_users').selectAll().where('id', '=', userId).where('organization_id', '=', organizationId).executeTakeFirst();
  if (!row) throw new HttpError(404, 'User not found');
  return row;
}

export async function managedUser(db: Kysely<CoreTables>, organizationId: string, userId: string): Promise<ManagedUser> {
  const row = await userInOrganization(db, organizationId, userId);
  return managedUserDto(row, (await groupsOf(db, [row.id], organizationId)).get(row.id) ?? []);
}

/** Calls that manage credentials (API keys, MFA, passwords) need the person, not a key acting for them. */
export function requireBrowserSession(user: SessionUser): void {
  if (user.auth_method !== 'cookie') throw new HttpError(403, 'API keys cannot make this call; sign in to the application.');
}

export function requireGlobalAdmin(user: SessionUser): void {
  if (!user.is_global_admin) throw new HttpError(403, AUTH_MESSAGES.forbidden);
}
