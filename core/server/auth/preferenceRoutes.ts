import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  defaultPreference, mergePreference, preferenceBodySchema, preferenceSchema, type Preference, type PreferenceBody,
} from '@core/shared/access/api';
import { can } from '@core/shared/access/permissions';
import { AUTH_MESSAGES } from '@core/shared/api/cookies';
import type { CoreTables } from '../storage/tables';
import { HttpError } from '../http/errors';
import { requireUser, type RouteRegistrar } from '../http/routes';
import { nowIso } from '../storage/database';
import type { SessionUser } from './sessionUser';
import { userInOrganization } from './users';

/** Stored preferences over the defaults; a stored document that no longer parses falls back field by field. */
export async function loadPreference(db: Kysely<CoreTables>, userId: string): Promise<Preference> {
  const row = await db.selectFrom('core_preferences').select('preferences').where('user_id', '=', userId).executeTakeFirst();
  const base = defaultPreference(userId);
  if (!row) return base;
  const stored = preferenceBodySchema.safeParse(stripUnknown(JSON.parse(row.preferences)));
  return stored.success ? mergePreference(base, stored.data) : base;
}

function stripUnknown(value: unknown): unknown {
  if (!value || typeof value !== 'object') return {};
  const { user_id: _ignored, ...rest } = value as Record<string, unknown>;
  return rest;
}

async function savePreference(db: Kysely<CoreTables>, userId: string, body: PreferenceBody): Promise<Preference> {
  return db.transaction().execute(async (trx) => {
    const merged = mergePreference(await loadPreference(trx, userId), body);
    const { user_id: _u, ...doc } = merged;
    const now = nowIso();
    await trx.insertInto('core_preferences').values({ user_id: userId, preferences: JSON.stringify(doc), updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ preferences: JSON.stringify(doc), updated_at: now }))
      .execute();
    return merged;
  });
}

/** Whose preferences a call may read or change: one's own, or a user of the same organisation with READ/UPDATE_USER. */
async function targetUserId(db: Kysely<CoreTables>, actor: SessionUser, userId: string | undefined, write: boolean): Promise<string> {
  if (!userId || userId === actor.id) return actor.id;
  if (!can(actor, write ? 'UPDATE_USER' : 'READ_USER')) throw new HttpError(403, AUTH_MESSAGES.forbidden);
  return (await userInOrganization(db, actor.organization_id, userId)).id;
}

/** Preferences of spec part 1 sections 3 and 7: GET/PUT /preference/my, GET/PUT /preference?user_id=. */
export function registerPreferenceRoutes(r: RouteRegistrar): void {
  r.get('/api/v2/preference/my', {
    summary: 'The signed-in user\'s preferences (defaults until changed)',
    response: preferenceSchema,
  }, async (ctx) => loadPreference(ctx.app.storage.db, requireUser(ctx).id));

  r.put('/api/v2/preference/my', {
    summary: 'Change some of the signed-in user\'s preferences; the rest are kept',
    body: preferenceBodySchema,
    response: preferenceSchema,
  }, async (ctx) => savePreference(ctx.app.storage.db, requireUser(ctx).id, ctx.body));

  const query = z.object({ user_id: z.string().uuid().optional() });

  r.get('/api/v2/preference', {
    summary: 'Preferences of a user of the current organisation (user_id; the caller\'s own without it)',
    query,
    response: preferenceSchema,
  }, async (ctx) => {
    const actor = requireUser(ctx);
    return loadPreference(ctx.app.storage.db, await targetUserId(ctx.app.storage.db, actor, ctx.query.user_id, false));
  });

  r.put('/api/v2/preference', {
    summary: 'Change preferences of a user of the current organisation (user_id)',
    query,
    body: preferenceBodySchema,
    response: preferenceSchema,
  }, async (ctx) => {
    const actor = requireUser(ctx);
    return savePreference(ctx.app.storage.db, await targetUserId(ctx.app.storage.db, actor, ctx.query.user_id, true), ctx.body);
  });
}
