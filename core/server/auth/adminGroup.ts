import type { Kysely } from 'kysely';
import { ADMIN_GROUP } from '@core/shared/access/permissions';
import { HttpError } from '../http/errors';
import type { CoreTables } from '../storage/tables';
import type { SessionUser } from './sessionUser';

export const ONLY_ADMINS_CHANGE_ADMINS = 'Only organization admins may add or remove members of the Admin group';

/**
 * Organisation admins are the Admin group's members, so joining it grants everything an admin may do: only an admin
 * (of the organisation, or global) adds anyone to it or removes anyone from it. ADD_USER_TO_GROUP alone would let its
 * holder make themselves an admin. `changedGroupIds`: the groups a call adds the user to or removes them from.
 */
export async function assertMayChangeAdmins(
  db: Kysely<CoreTables>, actor: SessionUser, organizationId: string, changedGroupIds: readonly string[],
): Promise<void> {
  if (actor.is_org_admin || actor.is_global_admin || changedGroupIds.length === 0) return;
  const admins = await db.selectFrom('core_groups').select('id')
    .where('organization_id', '=', organizationId).where('name', '=', ADMIN_GROUP).executeTakeFirst();
  if (admins && changedGroupIds.includes(admins.id)) throw new HttpError(403, ONLY_ADMINS_CHANGE_ADMINS);
}
