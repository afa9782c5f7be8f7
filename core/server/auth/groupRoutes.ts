import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ADMIN_GROUP, ROLES, ROLE_IDS } from '@core/shared/access/permissions';
import { groupBodySchema, groupMemberBodySchema, groupMemberParamsSchema, groupSchema, idParamsSchema, roleSchema } from '@core/shared/access/api';
import { AUTH_MESSAGES } from '@core/shared/api/cookies';
import type { CoreTables } from '../storage/tables';
import { HttpError, badRequest } from '../http/errors';
import { requireUser, type RouteRegistrar } from '../http/routes';
import { nowIso } from '../storage/database';
import { writeAudit } from './audit';
import { userInOrganization } from './users';
import { assertMayChangeAdmins } from './adminGroup';

async function groupInOrganization(db: Kysely<CoreTables>, organizationId: string, groupId: string) {
  const row = await db.selectFrom('core_groups').selectAll().where('id', '=', groupId).where('organization_id', '=', organizationId).executeTakeFirst();
  if (!row) throw new HttpError(404, 'Group not found');
  return row;
}

async function groupDto(db: Kysely<CoreTables>, group: CoreTables['core_groups']) {
  const members = await db.selectFrom('core_user_groups').select('user_id').where('group_id', '=', group.id).execute();
  return { id: group.id, name: group.name, organization_id: group.organization_id, user_ids: members.map((m) => m.user_id) };
}

const duplicateGroup = () => new HttpError(409, 'A group with that name already exists');

/** Groups of the current organisation and their members; the fixed roles. */
export function registerGroupRoutes(r: RouteRegistrar): void {
  r.get('/api/v2/role', {
    summary: 'The roles (fixed by the specification; organization_id is null)',
    response: z.array(roleSchema),
  }, async () => ROLES.map((name) => ({ id: ROLE_IDS[name], name, organization_id: null })));

  r.get('/api/v2/group', {
    summary: 'Groups of the current organisation with their members',
    permission: 'READ_GROUP',
    response: z.array(groupSchema),
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = ctx.app.storage.db;
    const groups = await db.selectFrom('core_groups').selectAll().where('organization_id', '=', user.organization_id).orderBy('name').execute();
    return Promise.all(groups.map((g) => groupDto(db, g)));
  });

  r.post('/api/v2/group', {
    summary: 'Create a group in the current organisation',
    permission: 'CREATE_GROUP',
    body: groupBodySchema,
    response: groupSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = ctx.app.storage.db;
    if (await db.selectFrom('core_groups').select('id').where('organization_id', '=', user.organization_id).where('name', '=', ctx.body.name).executeTakeFirst()) {
      throw duplicateGroup();
    }
    const group = { id: crypto.randomUUID(), name: ctx.body.name, organization_id: user.organization_id, created_at: nowIso() };
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('core_groups').values(group).execute();
      await writeAudit(trx, ctx.request, { event: 'group_created', organizationId: user.organization_id, userId: user.id, email: user.email, detail: { group_id: group.id, name: group.name } });
    });
    return { ...group, user_ids: [] };
  });

  r.put('/api/v2/group/:id', {
    summary: 'Rename a group',
    permission: 'UPDATE_GROUP',
    params: idParamsSchema,
    body: groupBodySchema,
    response: groupSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = ctx.app.storage.db;
    const group = await groupInOrganization(db, user.organization_id, ctx.params.id);
    if (group.name === ADMIN_GROUP && ctx.body.name !== ADMIN_GROUP) throw badRequest('The Admin group cannot be renamed');
    const clash = await db.selectFrom('core_groups').select('id').where('organization_id', '=', user.organization_id)
      .where('name', '=', ctx.body.name).where('id', '!=', group.id).executeTakeFirst();
    if (clash) throw duplicateGroup();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('core_groups').set({ name: ctx.body.name }).where('id', '=', group.id).execute();
      await writeAudit(trx, ctx.request, {
        event: 'group_updated', organizationId: user.organization_id, userId: user.id, email: user.email, detail: { group_id: group.id, name: [group.name, ctx.body.name] },
      });
    });
    return groupDto(db, { ...group, name: ctx.body.name });
  });

  r.delete('/api/v2/group/:id', {
    summary: 'Delete a group (its members stay, without it)',
    permission: 'DELETE_GROUP',
    params: idParamsSchema,
    response: z.object({ id: z.string(), deleted: z.literal(true) }),
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = ctx.app.storage.db;
    const group = await groupInOrganization(db, user.organization_id, ctx.params.id);
    // Organisation admins are the Admin group's members: deleting it would leave the organisation unmanaged.
    if (group.name === ADMIN_GROUP) throw badRequest('The Admin group cannot be deleted');
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('core_user_groups').where('group_id', '=', group.id).execute();
      await trx.deleteFrom('core_groups').where('id', '=', group.id).execute();
      await writeAudit(trx, ctx.request, { event: 'group_deleted', organizationId: user.organization_id, userId: user.id, email: user.email, detail: { group_id: group.id, name: group.name } });
    });
    return { id: group.id, deleted: true as const };
  });

  r.post('/api/v2/group/:id/users', {
    summary: 'Add a user of the organisation to a group',
    permission: 'ADD_USER_TO_GROUP',
    params: idParamsSchema,
    body: groupMemberBodySchema,
    response: groupSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = ctx.app.storage.db;
    const group = await groupInOrganization(db, user.organization_id, ctx.params.id);
    const member = await userInOrganization(db, user.organization_id, ctx.body.user_id);
    if (JSON.parse(member.roles).includes('Global Admin') && !user.is_global_admin) throw new HttpError(403, AUTH_MESSAGES.forbidden);
    await assertMayChangeAdmins(db, user, user.organization_id, [group.id]);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('core_user_groups').values({ user_id: member.id, group_id: group.id })
        .onConflict((oc) => oc.columns(['user_id', 'group_id']).doNothing()).execute();
      await writeAudit(trx, ctx.request, {
        event: 'membership_changed', organizationId: user.organization_id, userId: user.id, email: user.email, targetUserId: member.id,
        detail: { added_to: group.id },
      });
    });
    return groupDto(db, group);
  });

  r.delete('/api/v2/group/:id/users/:userId', {
    summary: 'Remove a user from a group',
    permission: 'REMOVE_USER_FROM_GROUP',
    params: groupMemberParamsSchema,
    response: groupSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = ctx.app.storage.db;
    const group = await groupInOrganization(db, user.organization_id, ctx.params.id);
    const member = await userInOrganization(db, user.organization_id, ctx.params.userId);
    if (JSON.parse(member.roles).includes('Global Admin') && !user.is_global_admin) throw new HttpError(403, AUTH_MESSAGES.forbidden);
    await assertMayChangeAdmins(db, user, user.organization_id, [group.id]);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('core_user_groups').where('user_id', '=', member.id).where('group_id', '=', group.id).execute();
      await writeAudit(trx, ctx.request, {
        event: 'membership_changed', organizationId: user.organization_id, userId: user.id, email: user.email, targetUserId: member.id,
        detail: { removed_from: group.id },
      });
    });
    return groupDto(db, group);
  });
}
