import { z } from 'zod';
import { apiKeyBodySchema, apiKeySchema, createdApiKeySchema, idParamsSchema } from '@core/shared/access/api';
import { HttpError } from '../http/errors';
import { requireUser, type RouteRegistrar } from '../http/routes';
import { nowIso } from '../storage/database';
import { apiKeyDto, insertApiKey } from './apiKeys';
import { writeAudit } from './audit';
import { requireBrowserSession } from './users';

/** At most this many active keys per user: enough for scripts, few enough to review. */
const MAX_ACTIVE_KEYS = 20;

/**
 * The signed-in user's API keys. A key acts as its owner in the organisation it was created in, with the
 * owner's current permissions; it is shown once and stored hashed. Keys cannot manage keys, MFA or passwords.
 */
export function registerApiKeyRoutes(r: RouteRegistrar): void {
  r.get('/api/v2/api_key', {
    summary: 'The signed-in user\'s API keys (never the keys themselves)',
    response: z.array(apiKeySchema),
  }, async (ctx) => {
    const user = requireUser(ctx);
    const rows = await ctx.app.storage.db.selectFrom('core_api_keys').selectAll().where('user_id', '=', user.id)
      .orderBy('created_at', 'desc').execute();
    return rows.map(apiKeyDto);
  });

  r.post('/api/v2/api_key', {
    summary: 'Create an API key; the answer\'s api_key is shown this once',
    body: apiKeyBodySchema,
    response: createdApiKeySchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    requireBrowserSession(user);
    const db = ctx.app.storage.db;
    const active = await db.selectFrom('core_api_keys').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id).where('is_active', '=', 1).executeTakeFirstOrThrow();
    if (Number(active.n) >= MAX_ACTIVE_KEYS) throw new HttpError(400, `You already have ${MAX_ACTIVE_KEYS} active API keys; revoke one first`);
    const created = await db.transaction().execute(async (trx) => {
      const result = await insertApiKey(trx, user.id, user.organization_id, ctx.body.label);
      await writeAudit(trx, ctx.request, {
        event: 'api_key_created', organizationId: user.organization_id, userId: user.id, email: user.email,
        detail: { api_key_id: result.row.id, label: result.row.label, key_prefix: result.row.key_prefix },
      });
      return result;
    });
    return { ...apiKeyDto(created.row), api_key: created.key };
  });

  r.delete('/api/v2/api_key/:id', {
    summary: 'Revoke one of the signed-in user\'s API keys (is_active becomes false)',
    params: idParamsSchema,
    response: apiKeySchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    requireBrowserSession(user);
    const db = ctx.app.storage.db;
    const row = await db.selectFrom('core_api_keys').selectAll().where('id', '=', ctx.params.id).where('user_id', '=', user.id).executeTakeFirst();
    if (!row) throw new HttpError(404, 'API key not found');
    const now = nowIso();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('core_api_keys').set({ is_active: 0, updated_at: now }).where('id', '=', row.id).execute();
      await writeAudit(trx, ctx.request, {
        event: 'api_key_revoked', organizationId: row.organization_id, userId: user.id, email: user.email,
        detail: { api_key_id: row.id, label: row.label },
      });
    });
    return apiKeyDto({ ...row, is_active: 0, updated_at: now });
  });
}
