import { ADMIN_GROUP } from '@core/shared/access/permissions';
import type { Storage } from '../storage/database';
import { nowIso, toBool } from '../storage/database';

/** The signed-in user as every route sees it; `organization_id` is the organisation the session acts in. */
export interface SessionUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  organization_id: string;
  home_organization_id: string;
  roles: string[];
  permissions: string[];
  /** Feature flags granted to the user on top of the organisation's. */
  features: string[];
  group_ids: string[];
  group_names: string[];
  is_global_admin: boolean;
  is_senior_analyst: boolean;
  is_analyst: boolean;
  is_org_admin: boolean;
  /** Effective: the stored flag, or the enrolment date in mfa_enabled_at has passed without enrolment. */
  require_mfa_enabled: boolean;
  mfa_enabled: boolean;
  mfa_enabled_at: string | null;
  change_password: boolean;
  /** How the current call was authenticated. */
  auth_method: 'cookie' | 'api_key';
  /** The user's organisation signs in through single sign-on: the provider handles the second factor. */
  uses_sso: boolean;
  /** Unix milliseconds: access tokens issued before this were revoked. */
  sessions_valid_from: number;
}

/** MFA is required once the user was told to enrol, or once the enrolment date has passed (spec part 1 §1). */
export function mfaRequiredNow(row: { require_mfa_enabled: number; mfa_enabled: number; mfa_enabled_at: string | null }, now = new Date()): boolean {
  if (toBool(row.mfa_enabled)) return false;
  if (toBool(row.require_mfa_enabled)) return true;
  return row.mfa_enabled_at !== null && Date.parse(row.mfa_enabled_at) <= now.getTime();
}

/**
 * The active user `userId` as a route sees it, or null. With `sessionId` (an access token's `sid`) also null unless
 * that session still has an active refresh token: the check rides in the same statement (an indexed EXISTS), so
 * revoking a session ends its access tokens at once, on every process, at no extra round trip.
 */
export async function loadSessionUser(storage: Storage, userId: string, activeOrgId?: string, sessionId?: string): Promise<SessionUser | null> {
  const row = await storage.db
    .selectFrom('core_users')
    .innerJoin('core_organizations', 'core_organizations.id', 'core_users.organization_id')
    .selectAll('core_users')
    .select('core_organizations.enable_sso')
    .where('core_users.id', '=', userId)
    .where('core_users.is_active', '=', 1)
    .$if(sessionId !== undefined, (qb) => qb.where((eb) => eb.exists(
      eb.selectFrom('core_refresh_tokens')
        .select('core_refresh_tokens.id')
        .where('core_refresh_tokens.session_id', '=', sessionId!)
        .where('core_refresh_tokens.revoked_at', 'is', null)
        .where('core_refresh_tokens.expires_at', '>', nowIso()),
    )))
    .executeTakeFirst();
  if (!row) return null;
  const groups = await storage.db
    .selectFrom('core_user_groups')
    .innerJoin('core_groups', 'core_groups.id', 'core_user_groups.group_id')
    .select(['core_groups.id', 'core_groups.name', 'core_groups.organization_id'])
    .where('core_user_groups.user_id', '=', userId)
    .execute();
  const roles = JSON.parse(row.roles) as string[];
  const isGlobalAdmin = roles.includes('Global Admin');
  // Only global admins may act in an organisation other than their own, and only in one that exists.
  let organizationId = row.organization_id;
  if (isGlobalAdmin && activeOrgId && activeOrgId !== row.organization_id) {
    const exists = await storage.db.selectFrom('core_organizations').select('id').where('id', '=', activeOrgId).executeTakeFirst();
    if (exists) organizationId = activeOrgId;
  }
  // Group membership is per organisation: a user is an organisation admin of their own organisation only.
  const homeGroups = groups.filter((g) => g.organization_id === row.organization_id);
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    organization_id: organizationId,
    home_organization_id: row.organization_id,
    roles,
    permissions: JSON.parse(row.permissions) as string[],
    features: JSON.parse(row.features ?? '[]') as string[],
    group_ids: homeGroups.map((g) => g.id),
    group_names: homeGroups.map((g) => g.name),
    is_global_admin: isGlobalAdmin,
    is_senior_analyst: roles.includes('Senior Analyst'),
    is_analyst: roles.includes('Analyst'),
    is_org_admin: homeGroups.some((g) => g.name === ADMIN_GROUP),
    // TOTP is never asked of single-sign-on users, so it is never required of them either.
    require_mfa_enabled: !toBool(row.enable_sso) && mfaRequiredNow(row),
    mfa_enabled: toBool(row.mfa_enabled),
    mfa_enabled_at: row.mfa_enabled_at,
    change_password: toBool(row.change_password),
    auth_method: 'cookie',
    uses_sso: toBool(row.enable_sso),
    sessions_valid_from: Number(row.sessions_valid_from ?? 0),
  };
}
