import type { Db } from '../tables';

export interface ResolvedRecipient { id: string; email: string; first_name: string; emailed: boolean }

/**
 * Who a rule's firing reaches: its recipients (user ids of the organisation), or its creator when it names none.
 * Inactive users and users of other organisations are dropped. Every one gets the in-app notification; an e-mail
 * goes only to those whose `receive_alerts` (this plugin's recipient setting) and `alerts_enabled` preference (core's
 * preferences) are not switched off; both default to on.
 */
export async function resolveRecipients(db: Db, organizationId: string, ids: readonly string[]): Promise<ResolvedRecipient[]> {
  if (ids.length === 0) return [];
  const users = await db.selectFrom('core_users').select(['id', 'email', 'first_name'])
    .where('organization_id', '=', organizationId).where('is_active', '=', 1).where('id', 'in', [...ids]).orderBy('email').execute();
  if (users.length === 0) return [];
  const userIds = users.map((u) => u.id);
  const settings = await db.selectFrom('alerts_recipient_settings').select(['user_id', 'receive_alerts']).where('user_id', 'in', userIds).execute();
  const preferences = await db.selectFrom('core_preferences').select(['user_id', 'preferences']).where('user_id', 'in', userIds).execute();
  const receives = new Map(settings.map((s) => [s.user_id, Number(s.receive_alerts) === 1]));
  const enabled = new Map(preferences.map((p) => [p.user_id, alertsEnabledIn(p.preferences)]));
  return users.map((u) => ({ ...u, emailed: (receives.get(u.id) ?? true) && (enabled.get(u.id) ?? true) }));
}

function alertsEnabledIn(json: string): boolean {
  try {
    const value = (JSON.parse(json) as { alerts_enabled?: unknown }).alerts_enabled;
    return value !== false;
  } catch {
    return true;
  }
}
