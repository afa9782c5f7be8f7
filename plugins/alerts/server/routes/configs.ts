import crypto from 'node:crypto';
import { z } from 'zod';
import { badRequest, notFound } from '@core/server/http/errors';
import { requireUser, type RouteContext, type RouteRegistrar } from '@core/server/http/routes';
import { postScopeKey } from '@core/server/postScope';
import { nowIso } from '@core/server/storage/database';
import { can, type PermissionSubject } from '@core/shared/access/permissions';
import {
  ALERT_CONFIG_PATH, ALERT_CONFIGS_PATH, alertConfigInputSchema, alertConfigListSchema, alertConfigSchema, alertConfigsQuerySchema,
  muteBodySchema,
} from '../../shared/api';
import { ALERT_MESSAGES as M } from '../../shared/messages';
import { checkAlertConfig, type AlertConfigInput } from '../../shared/validation';
import { toAlertConfig } from '../model';
import { dbOf, type ConfigRow, type Db } from '../tables';

const configParams = z.object({ configId: z.string() });
type Ctx = RouteContext<unknown, unknown, unknown>;

/** The caller's live rule, or the same 404 for unknown, deleted and other organisations' rules. */
export async function findRule(db: Db, organizationId: string, id: string): Promise<ConfigRow> {
  const row = await db.selectFrom('alerts_configs').selectAll()
    .where('id', '=', id).where('organization_id', '=', organizationId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound(M.configNotFound);
  return row;
}

/** Checks the body, then what only the database knows: the conversation and the recipients are the caller's organisation's. */
async function checkedInput(ctx: Ctx, organizationId: string): Promise<AlertConfigInput> {
  const checked = checkAlertConfig(ctx.body);
  if (!checked.ok) throw badRequest(checked.errors[0]!, checked.errors);
  await ctx.app.services.get(postScopeKey).resolve(organizationId, checked.value.alertable_id, M.conversationNotFound);
  const recipients = checked.value.recipients ?? [];
  if (recipients.length > 0) {
    const known = new Set((await dbOf(ctx.app.storage).selectFrom('core_users').select('id')
      .where('organization_id', '=', organizationId).where('id', 'in', recipients).execute()).map((u) => u.id));
    const unknown = recipients.filter((r) => !known.has(r)).map(M.recipientUnknown);
    if (unknown.length > 0) throw badRequest(unknown[0]!, unknown);
  }
  return checked.value;
}

/** Changing rules needs CREATE_CONVERSATION (every mutation below declares it); so does seeing a rule's webhook key. */
const mayManageRules = (user: PermissionSubject) => can(user, 'CREATE_CONVERSATION');

export function registerConfigRoutes(r: RouteRegistrar): void {
  r.get(ALERT_CONFIGS_PATH, {
    summary: "The organisation's alert configurations, oldest first; or those of one conversation (conversation_id)",
    query: alertConfigsQuerySchema, response: alertConfigListSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    let q = dbOf(ctx.app.storage).selectFrom('alerts_configs').selectAll()
      .where('organization_id', '=', user.organization_id).where('deleted_at', 'is', null);
    if (ctx.query.conversation_id !== undefined) q = q.where('alertable_id', '=', ctx.query.conversation_id.toLowerCase());
    return (await q.orderBy('created_at').orderBy('id').execute()).map((row) => toAlertConfig(row, mayManageRules(user)));
  });

  r.get(ALERT_CONFIG_PATH, { summary: 'One alert configuration', params: configParams, response: alertConfigSchema }, async (ctx) => {
    const user = requireUser(ctx);
    return toAlertConfig(await findRule(dbOf(ctx.app.storage), user.organization_id, ctx.params.configId), mayManageRules(user));
  });

  r.post(ALERT_CONFIGS_PATH, {
    summary: 'Create an alert configuration on a conversation',
    description: 'Required: name, alertable_type (conversation), alertable_id, config (criteria), enabled. A 400 carries the first problem as its message and all in metadata.errors. Recipients null: the creator.',
    permission: 'CREATE_CONVERSATION', body: alertConfigInputSchema, response: alertConfigSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const input = await checkedInput(ctx as Ctx, user.organization_id);
    const now = nowIso();
    const row: ConfigRow = {
      id: crypto.randomUUID(), organization_id: user.organization_id, name: input.name, alertable_type: input.alertable_type,
      alertable_id: input.alertable_id, config: JSON.stringify(input.config), enabled: input.enabled ? 1 : 0,
      recipients: input.recipients === null ? null : JSON.stringify(input.recipients), webhook_secret: crypto.randomBytes(24).toString('hex'),
      muted_until: null, created_by: user.id, deleted_at: null, created_at: now, updated_at: now,
    };
    await dbOf(ctx.app.storage).insertInto('alerts_configs').values(row).execute();
    return toAlertConfig(row, true);
  });

  r.put(ALERT_CONFIG_PATH, {
    summary: 'Replace an alert configuration (the same fields as creating it)',
    permission: 'CREATE_CONVERSATION', params: configParams, body: alertConfigInputSchema, response: alertConfigSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const existing = await findRule(db, user.organization_id, ctx.params.configId);
    const input = await checkedInput(ctx as Ctx, user.organization_id);
    const changes = {
      name: input.name, alertable_id: input.alertable_id, config: JSON.stringify(input.config), enabled: input.enabled ? 1 : 0,
      recipients: input.recipients === null ? null : JSON.stringify(input.recipients), updated_at: nowIso(),
    };
    await db.updateTable('alerts_configs').set(changes).where('id', '=', existing.id).where('organization_id', '=', user.organization_id).execute();
    return toAlertConfig({ ...existing, ...changes }, true);
  });

  r.put(`${ALERT_CONFIG_PATH}/mute`, {
    summary: 'Mute an alert configuration until a time (null unmutes): it is not evaluated meanwhile',
    permission: 'CREATE_CONVERSATION', params: configParams, body: muteBodySchema, response: alertConfigSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const existing = await findRule(db, user.organization_id, ctx.params.configId);
    const changes = { muted_until: ctx.body.muted_until === null ? null : new Date(ctx.body.muted_until).toISOString(), updated_at: nowIso() };
    await db.updateTable('alerts_configs').set(changes).where('id', '=', existing.id).where('organization_id', '=', user.organization_id).execute();
    return toAlertConfig({ ...existing, ...changes }, true);
  });

  r.delete(ALERT_CONFIG_PATH, {
    summary: 'Delete an alert configuration (its fired alerts stay in the alert audit)',
    permission: 'CREATE_CONVERSATION', params: configParams, response: z.object({ id: z.string() }),
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const existing = await findRule(db, user.organization_id, ctx.params.configId);
    await db.updateTable('alerts_configs').set({ deleted_at: nowIso(), enabled: 0 }).where('id', '=', existing.id)
      .where('organization_id', '=', user.organization_id).execute();
    return { id: existing.id };
  });
}
