import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { DUPLICATE_USER, PASSWORD_MESSAGES } from '@core/shared/access/passwords';
import { grantProblems, type Permission } from '@core/shared/access/permissions';
import { can } from '@core/shared/access/permissions';
import {
  createUserBodySchema, idParamsSchema, managedUserSchema, strippedUserSchema, updateUserBodySchema,
} from '@core/shared/access/api';
import { AUTH_MESSAGES } from '@core/shared/api/cookies';
import type { CoreTables } from '../storage/tables';
import { HttpError, badRequest } from '../http/errors';
import { requireUser, type RouteRegistrar } from '../http/routes';
import { nowIso } from '../storage/database';
import { hashPassword } from '../seed';
import { accessKey } from './access';
import { revokeApiKeysOfUser } from './apiKeys';
import { writeAudit } from './audit';
import { assertMayChangeAdmins } from './adminGroup';
import { assertAcceptablePassword } from './passwordPolicy';
import type { SessionUser } from './sessionUser';
import { emailDomain } from './sso';
import { groupsOf, managedUser, managedUserDto, userInOrganization } from './users';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

async function assertGroupsIn(db: Kysely<CoreTables>, organizationId: string, groupIds: readonly string[]): Promise<void> {
  if (!groupIds.length) return;
  const found = await db.selectFrom('core_groups').select('id').where('id', 'in', [...groupIds]).where('organization_id', '=', organizationId).execute();
  const missing = groupIds.filter((g) => !found.some((f) => f.id === g));
  if (missing.length) throw badRequest(`Unknown group: ${missing.join(', ')}`);
}

function assertMayGrant(actor: SessionUser, roles: readonly string[], permissions: readonly string[]): void {
  const problems = grantProblems(actor, roles, permissions);
  if (problems.length) throw new HttpError(403, problems[0]!, problems);
}

function assertMembershipChange(actor: SessionUser, before: readonly string[], after: readonly string[]): void {
  const need: Permission[] = [];
  if (after.some((g) => !before.includes(g))) need.push('ADD_USER_TO_GROUP');
  if (before.some((g) => !after.includes(g))) need.push('REMOVE_USER_FROM_GROUP');
  if (need.some((p) => !can(actor, p))) throw new HttpError(403, AUTH_MESSAGES.forbidden);
}

export const CANNOT_TAKE_OVER = 'You cannot set the password, e-mail or MFA of a user with rights you do not hold';

/** Whether `actor` holds every right of `user` (so signing in as them grants the actor nothing new). */
function mayActAs(actor: SessionUser, user: { roles: readonly string[]; permissions: readonly string[]; is_org_admin: boolean }): boolean {
  if (actor.is_global_admin) return true;
  if (user.is_org_admin && !actor.is_org_admin) return false;
  // Roles carry rights too (a Senior Analyst deletes any insight); organisation admins manage every role but Global Admin.
  if (!actor.is_org_admin && !user.roles.every((r) => actor.roles.includes(r))) return false;
  return grantProblems(actor, user.roles, user.permissions).length === 0;
}

const duplicate = () => new HttpError(409, PASSWORD_MESSAGES.duplicateUser, [DUPLICATE_USER]);

/**
 * Which addresses an organisation may give its users. An e-mail domain listed in another organisation's SSO settings
 * (`email_domains`: a domain belongs to one organisation) is that organisation's: its addresses are refused here,
 * decided by the domain alone and before any account is looked up, so the answer is the same whether or not the
 * address has an account there, and nobody can take (and so block) another organisation's addresses. Global admins
 * too: they move a claim in the SSO settings first.
 *
 * Addresses at unclaimed domains: an e-mail is one sign-in identity across the server (the spec's sign-in asks for
 * the e-mail and password alone), so an address in use anywhere cannot be created again, and the spec's 409
 * DUPLICATE_USER answers it, the same answer as for one of the caller's own users, naming no organisation. It cannot
 * be hidden altogether: the creator chooses the initial password and could try to sign in with it. See
 * docs/operations-access.md "Users across organisations".
 */
async function assertDomainAvailable(db: Kysely<CoreTables>, organizationId: string, email: string): Promise<void> {
  const domain = emailDomain(email);
  if (!domain) return;
  const claims = await db.selectFrom('core_sso_configs').select('email_domains').where('organization_id', '!=', organizationId).execute();
  if (claims.some((c) => (JSON.parse(c.email_domains) as string[]).includes(domain))) {
    throw new HttpError(409, `The e-mail domain ${domain} belongs to another organization. Use an address of a domain your organization uses.`);
  }
}

/**
 * A deactivation ends what acts for the user: sessions (the caller's `revokeAllForUser`) and API keys, revoked for
 * good and audited one by one. Also run on reactivation, for keys left active by deactivations made before keys were
 * revoked with them: a reactivated user starts without keys.
 */
async function revokeKeysOnDeactivation(trx: Kysely<CoreTables>, request: Parameters<typeof writeAudit>[1],
  actor: SessionUser, targetUserId: string): Promise<void> {
  for (const key of await revokeApiKeysOfUser(trx, targetUserId)) {
    await writeAudit(trx, request, {
      event: 'api_key_revoked', organizationId: key.organization_id, userId: actor.id, email: actor.email, targetUserId,
      detail: { api_key_id: key.id, label: key.label, reason: 'user_deactivated' },
    });
  }
}

/**
 * Users of the organisation the caller acts in (spec part 1 sections 3 and 7). Every query is scoped to that
 * organisation; ids of other organisations' users answer 404 like unknown ones. Global admins manage another
 * organisation by switching to it.
 */
export function registerUserRoutes(r: RouteRegistrar): void {
  r.get('/api/v2/user', {
    summary: 'Users of the current organisation',
    permission: 'READ_USER',
    response: z.array(managedUserSchema),
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = ctx.app.storage.db;
    const rows = await db.selectFrom('core_users').selectAll().where('organization_id', '=', user.organization_id).orderBy('email').execute();
    const groups = await groupsOf(db, rows.map((r) => r.id), user.organization_id);
    return rows.map((r) => managedUserDto(r, groups.get(r.id) ?? []));
  });

  r.get('/api/v2/user/strippedUsers', {
    summary: 'Id and names of the active users of the current organisation',
    response: z.array(strippedUserSchema),
  }, async (ctx) => {
    const user = requireUser(ctx);
    return ctx.app.storage.db.selectFrom('core_users').select(['id', 'first_name', 'last_name'])
      .where('organization_id', '=', user.organization_id).where('is_active', '=', 1)
      .orderBy('last_name').orderBy('first_name').execute();
  });

  r.get('/api/v2/user/:id', {
    summary: 'One user of the current organisation',
    permission: 'READ_USER',
    params: idParamsSchema,
    response: managedUserSchema,
  }, async (ctx) => managedUser(ctx.app.storage.db, requireUser(ctx).organization_id, ctx.params.id));

  r.post('/api/v2/user', {
    summary: 'Create a user with an initial password (changed at first sign-in)',
    description: `409 with metadata.errors ["${DUPLICATE_USER}"] when the e-mail is taken (in any organisation, naming none); 409 when `
      + 'its domain belongs to another organisation (SSO email_domains), whether or not the address has an account; 400 with the password rule\'s message.',
    permission: 'CREATE_USER',
    body: createUserBodySchema,
    response: managedUserSchema,
  }, async (ctx) => {
    const actor = requireUser(ctx);
    const { body, app, request } = ctx;
    const organizationId = body.organization_id ?? actor.organization_id;
    if (organizationId !== actor.organization_id && !actor.is_global_admin) throw new HttpError(403, AUTH_MESSAGES.forbidden);
    const org = await app.storage.db.selectFrom('core_organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
    if (!org) throw badRequest('Unknown organization');
    assertMayGrant(actor, body.roles, body.permissions);
    if (body.group_ids.length && !can(actor, 'ADD_USER_TO_GROUP')) throw new HttpError(403, AUTH_MESSAGES.forbidden);
    assertAcceptablePassword(body.password);
    await assertGroupsIn(app.storage.db, organizationId, body.group_ids);
    await assertMayChangeAdmins(app.storage.db, actor, organizationId, body.group_ids);
    await assertDomainAvailable(app.storage.db, organizationId, body.email);
    if (await app.storage.db.selectFrom('core_users').select('id').where('email', '=', body.email).executeTakeFirst()) throw duplicate();
    const id = crypto.randomUUID();
    const hash = await hashPassword(body.password);
    const now = nowIso();
    const graceDays = app.config.access.mfaGraceDays;
    try {
      await app.storage.db.transaction().execute(async (trx) => {
        await trx.insertInto('core_users').values({
          id, email: body.email, first_name: body.first_name, last_name: body.last_name, organization_id: organizationId,
          password_hash: hash, roles: JSON.stringify(body.roles), permissions: JSON.stringify(body.permissions),
          features: JSON.stringify(body.features), require_mfa_enabled: body.require_mfa_enabled ? 1 : 0, mfa_enabled: 0,
          // Until the user enrols, mfa_enabled_at holds the date by which they must (spec part 1 section 1).
          mfa_enabled_at: new Date(Date.now() + graceDays * 86_400_000).toISOString(),
          change_password: 1, is_active: 1, created_at: now, updated_at: now,
        }).execute();
        for (const groupId of body.group_ids) await trx.insertInto('core_user_groups').values({ user_id: id, group_id: groupId }).execute();
        await writeAudit(trx, request, {
          event: 'user_created', organizationId, userId: actor.id, email: actor.email, targetUserId: id,
          detail: { roles: body.roles, permissions: body.permissions, group_ids: body.group_ids },
        });
      });
    } catch (err) {
      // Two admins creating one e-mail at once: the unique index decides, the loser gets the same 409.
      if (/unique|duplicate/i.test((err as Error).message)) throw duplicate();
      throw err;
    }
    return managedUser(app.storage.db, organizationId, id);
  });

  r.put('/api/v2/user/:id', {
    summary: 'Edit a user: names, e-mail, roles, permissions, groups, flags, activation, password or MFA reset',
    permission: 'UPDATE_USER',
    params: idParamsSchema,
    body: updateUserBodySchema,
    response: managedUserSchema,
  }, async (ctx) => {
    const actor = requireUser(ctx);
    const { body, app, request, params } = ctx;
    const db = app.storage.db;
    const before = await managedUser(db, actor.organization_id, params.id);
    // Only global admins touch global admins' accounts (else an organisation admin could take one over).
    if (before.is_global_admin && !actor.is_global_admin) throw new HttpError(403, AUTH_MESSAGES.forbidden);
    if (body.is_active === false && before.id === actor.id) throw badRequest('You cannot deactivate your own account');
    // A new password, e-mail (then a reset link) or MFA reset lets the actor sign in as the user: only over an account
    // with no more rights than the actor's own, or UPDATE_USER would reach every permission of the organisation.
    const takesOver = body.password !== undefined || body.reset_mfa === true || (body.email !== undefined && body.email !== before.email);
    if (takesOver && before.id !== actor.id && !mayActAs(actor, before)) throw new HttpError(403, CANNOT_TAKE_OVER);
    const rolesChanged = body.roles !== undefined && !sameSet(body.roles, before.roles);
    const permissionsChanged = body.permissions !== undefined && !sameSet(body.permissions, before.permissions);
    if (rolesChanged || permissionsChanged) {
      // Checked on what is added: an admin may remove rights they do not hold themselves.
      assertMayGrant(actor, (body.roles ?? []).filter((r) => !before.roles.includes(r)), (body.permissions ?? []).filter((p) => !before.permissions.includes(p)));
    }
    const groupsChanged = body.group_ids !== undefined && !sameSet(body.group_ids, before.group_ids);
    if (groupsChanged) {
      assertMembershipChange(actor, before.group_ids, body.group_ids!);
      await assertGroupsIn(db, actor.organization_id, body.group_ids!);
      const changed = [...body.group_ids!.filter((g) => !before.group_ids.includes(g)), ...before.group_ids.filter((g) => !body.group_ids!.includes(g))];
      await assertMayChangeAdmins(db, actor, actor.organization_id, changed);
    }
    if (body.features !== undefined && !sameSet(body.features, before.features) && !actor.is_global_admin) {
      throw new HttpError(403, 'Only global admins may change feature flags');
    }
    if (body.email && body.email !== before.email) {
      await assertDomainAvailable(db, actor.organization_id, body.email);
      if (await db.selectFrom('core_users').select('id').where('email', '=', body.email).executeTakeFirst()) throw duplicate();
    }
    if (body.password !== undefined) assertAcceptablePassword(body.password);
    const hash = body.password !== undefined ? await hashPassword(body.password) : undefined;
    const now = nowIso();
    const mfa = app.services.get(accessKey).mfa;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('core_users').set({
        ...(body.email !== undefined ? { email: body.email } : {}),
        ...(body.first_name !== undefined ? { first_name: body.first_name } : {}),
        ...(body.last_name !== undefined ? { last_name: body.last_name } : {}),
        ...(body.roles !== undefined ? { roles: JSON.stringify(body.roles) } : {}),
        ...(body.permissions !== undefined ? { permissions: JSON.stringify(body.permissions) } : {}),
        ...(body.features !== undefined ? { features: JSON.stringify(body.features) } : {}),
        ...(body.require_mfa_enabled !== undefined ? { require_mfa_enabled: body.require_mfa_enabled ? 1 : 0 } : {}),
        ...(body.is_active !== undefined ? { is_active: body.is_active ? 1 : 0 } : {}),
        ...(hash ? { password_hash: hash, change_password: 1 } : {}),
        ...(body.reset_mfa ? { mfa_enabled: 0, mfa_enabled_at: now } : {}),
        updated_at: now,
      }).where('id', '=', before.id).where('organization_id', '=', actor.organization_id).execute();
      if (groupsChanged) {
        await trx.deleteFrom('core_user_groups').where('user_id', '=', before.id)
          .where('group_id', 'in', trx.selectFrom('core_groups').select('id').where('organization_id', '=', actor.organization_id))
          .execute();
        for (const g of body.group_ids!) await trx.insertInto('core_user_groups').values({ user_id: before.id, group_id: g }).execute();
      }
      if (body.reset_mfa) await mfa.remove(trx, before.id);
      // A new password, a deactivation or an MFA reset ends the user's sessions at once.
      if (hash || body.is_active === false || body.reset_mfa) await app.sessions.revokeAllForUser(before.id, trx);
      if (body.is_active === false || (body.is_active === true && !before.is_active)) await revokeKeysOnDeactivation(trx, request, actor, before.id);
      const audit = (event: Parameters<typeof writeAudit>[2]['event'], detail: Record<string, unknown>) => writeAudit(trx, request, {
        event, organizationId: actor.organization_id, userId: actor.id, email: actor.email, targetUserId: before.id, detail,
      });
      if (rolesChanged || permissionsChanged) {
        await audit('roles_changed', { roles: [before.roles, body.roles ?? before.roles], permissions: [before.permissions, body.permissions ?? before.permissions] });
      }
      if (groupsChanged) await audit('membership_changed', { group_ids: [before.group_ids, body.group_ids] });
      if (body.reset_mfa) await audit('mfa_reset', {});
      if (body.is_active === false && before.is_active) await audit('user_deactivated', {});
      const other = Object.keys(body).filter((k) => !['roles', 'permissions', 'group_ids', 'reset_mfa', 'password'].includes(k));
      if (other.length || hash) await audit('user_updated', { fields: [...other, ...(hash ? ['password'] : [])] });
    });
    return managedUser(db, actor.organization_id, before.id);
  });

  r.delete('/api/v2/user/:id', {
    summary: 'Deactivate a user: sign-in, sessions and API keys stop working; the record and its work stay',
    permission: 'DELETE_USER',
    params: idParamsSchema,
    response: managedUserSchema,
  }, async (ctx) => {
    const actor = requireUser(ctx);
    const { app, request, params } = ctx;
    const target = await userInOrganization(app.storage.db, actor.organization_id, params.id);
    if (JSON.parse(target.roles).includes('Global Admin') && !actor.is_global_admin) throw new HttpError(403, AUTH_MESSAGES.forbidden);
    if (target.id === actor.id) throw badRequest('You cannot deactivate your own account');
    await app.storage.db.transaction().execute(async (trx) => {
      await trx.updateTable('core_users').set({ is_active: 0, updated_at: nowIso() }).where('id', '=', target.id).execute();
      await app.sessions.revokeAllForUser(target.id, trx);
      await revokeKeysOnDeactivation(trx, request, actor, target.id);
      await writeAudit(trx, request, {
        event: 'user_deactivated', organizationId: actor.organization_id, userId: actor.id, email: actor.email, targetUserId: target.id,
      });
    });
    return managedUser(app.storage.db, actor.organization_id, target.id);
  });
}
