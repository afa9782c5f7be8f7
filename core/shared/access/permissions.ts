/** The fixed permission list of spec part 1 section 6. */
export const PERMISSIONS = [
  'CREATE_ORGANIZATION', 'READ_ORGANIZATION', 'UPDATE_ORGANIZATION', 'DELETE_ORGANIZATION',
  'CREATE_GROUP', 'READ_GROUP', 'UPDATE_GROUP', 'DELETE_GROUP',
  'CREATE_USER', 'READ_USER', 'UPDATE_USER', 'DELETE_USER',
  'READ_DATA_SOURCE', 'ADD_USER_TO_GROUP', 'REMOVE_USER_FROM_GROUP',
  'ADD_DATA_SOURCE_TO_ORGANIZATION', 'REMOVE_DATA_SOURCE_FROM_ORGANIZATION',
  'VIEW_SYSTEM_STATUS_DATA', 'CREATE_CONVERSATION', 'DELETE_CONVERSATION',
  'QUERY_AUDIT', 'EVENT_AUDIT', 'ALERT_AUDIT', 'CONVERSATION_CACHE_CLEAR', 'RERUN_SCHEDULED_QUERY',
  'CREATE_NRMS_CONVERSATION', 'VIEW_NRMS_CONVERSATION',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['Global Admin', 'Senior Analyst', 'Analyst'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Roles are fixed by the specification, so their ids are fixed too (the Role entity has id, name and a null
 * organization_id): clients may store them and every installation answers the same ids.
 */
export const ROLE_IDS: Record<Role, string> = {
  'Global Admin': '00000000-0000-4000-8000-000000000001',
  'Senior Analyst': '00000000-0000-4000-8000-000000000002',
  Analyst: '00000000-0000-4000-8000-000000000003',
};

export const FEATURE_FLAGS = ['SHOW_NOTABLE_ACCOUNTS', 'SHOW_SCALED_CONVERSATIONS', 'VIEW_NRMS_CONVERSATION'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/** The group whose members are organisation admins. */
export const ADMIN_GROUP = 'Admin';

export interface PermissionSubject {
  roles: readonly string[];
  permissions: readonly string[];
}

/** One rule for every route: global admins hold every permission, others what was granted to them. */
export function can(user: PermissionSubject, permission: Permission): boolean {
  return user.roles.includes('Global Admin') || user.permissions.includes(permission);
}

export function isGlobalAdmin(user: PermissionSubject): boolean {
  return user.roles.includes('Global Admin');
}

/**
 * Insight rules of spec part 2 section 6: analysts, senior analysts and global admins create and edit;
 * everyone else reads.
 */
export function canEditInsights(user: PermissionSubject): boolean {
  return user.roles.some((r) => r === 'Analyst' || r === 'Senior Analyst' || r === 'Global Admin');
}

/** Global admins and senior analysts delete any insight; other editors only pending ones (part 2 section 6). */
export function canDeleteInsight(user: PermissionSubject, insightStatus: string): boolean {
  if (user.roles.includes('Global Admin') || user.roles.includes('Senior Analyst')) return true;
  return canEditInsights(user) && insightStatus === 'pending';
}

/**
 * What a user may hand to someone else: only global admins grant Global Admin, and nobody grants a permission
 * they do not hold themselves (so an organisation admin cannot mint a more powerful account).
 */
export function grantProblems(granter: PermissionSubject, roles: readonly string[], permissions: readonly string[]): string[] {
  const problems: string[] = [];
  if (roles.includes('Global Admin') && !isGlobalAdmin(granter)) problems.push('Only global admins may grant the Global Admin role');
  const missing = permissions.filter((p) => !can(granter, p as Permission));
  if (missing.length) problems.push(`You cannot grant permissions you do not hold: ${missing.join(', ')}`);
  return problems;
}
