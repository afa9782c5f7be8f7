import { z } from 'zod';
import { notFound } from '@core/server/http/errors';
import { Answer, requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { conversationDirectoryKey } from '@core/server/postScope';
import type { ServiceRegistry } from '@core/shared/services/registry';
import { nowIso } from '@core/server/storage/database';
import {
  ALERT_AUDIT_PATH, auditListSchema, auditQuerySchema, NOTIFICATION_READ_PATH, notificationListSchema, notificationSchema,
  NOTIFICATIONS_PATH, RECIPIENT_SETTINGS_PATH, recipientSettingsSchema,
} from '../../shared/api';
import { ALERT_MESSAGES as M } from '../../shared/messages';
import { dbOf } from '../tables';
import { firedAlerts } from './conversation';

export function registerOrganizationRoutes(r: RouteRegistrar): void {
  r.get(ALERT_AUDIT_PATH, {
    summary: "The alert audit: the organisation's fired alerts with recipients and delivery states, newest first",
    description: 'Filters: alert_config_id, conversation_id, since (inclusive) and until (exclusive), ISO date-times.',
    permission: 'ALERT_AUDIT', query: auditQuerySchema, response: auditListSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const { alert_config_id: rule, conversation_id: conversation, since, until } = ctx.query;
    let base = db.selectFrom('alerts_fired').where('organization_id', '=', user.organization_id);
    if (rule) base = base.where('alert_config_id', '=', rule.toLowerCase());
    if (conversation) base = base.where('conversation_id', '=', conversation.toLowerCase());
    // Stored times are ISO text in UTC: compare with the bounds in the same form.
    if (since) base = base.where('created_at', '>=', new Date(since).toISOString());
    if (until) base = base.where('created_at', '<', new Date(until).toISOString());
    const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(ctx.query.limit).offset(ctx.query.offset).execute();
    const names = await conversationNames(ctx.app.services, user.organization_id, [...new Set(rows.map((r) => r.conversation_id))]);
    const entries = (await firedAlerts(db, rows)).map((f) => ({ ...f, conversation_name: names.get(f.conversation_id) ?? null }));
    return new Answer(entries, { pagination_info: { limit: ctx.query.limit, offset: ctx.query.offset, total, order_by: [{ column: 'created_at', direction: 'desc' }] } });
  });

  r.get(NOTIFICATIONS_PATH, {
    summary: "The signed-in user's alert notifications (newest 50) and how many are unread", response: notificationListSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const mine = db.selectFrom('alerts_notifications as n').where('n.user_id', '=', user.id).where('n.organization_id', '=', user.organization_id);
    const unread = Number((await mine.where('n.read_at', 'is', null).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await mine.innerJoin('alerts_fired as f', 'f.id', 'n.fired_alert_id').innerJoin('alerts_configs as c', 'c.id', 'f.alert_config_id')
      .select(['n.id', 'n.fired_alert_id', 'n.read_at', 'n.created_at', 'f.conversation_id', 'f.details', 'c.name'])
      .orderBy('n.created_at', 'desc').orderBy('n.id').limit(50).execute();
    return {
      unread,
      items: rows.map((n) => ({
        id: n.id, fired_alert_id: n.fired_alert_id, conversation_id: n.conversation_id, title: n.name,
        message: (JSON.parse(n.details) as { message: string }).message, read_at: n.read_at, created_at: n.created_at,
      })),
    };
  });

  r.post(NOTIFICATION_READ_PATH, {
    summary: 'Mark one of my notifications read', params: z.object({ notificationId: z.string() }), response: notificationSchema.pick({ id: true, read_at: true }),
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const row = await db.selectFrom('alerts_notifications').select(['id', 'read_at']).where('id', '=', ctx.params.notificationId)
      .where('user_id', '=', user.id).where('organization_id', '=', user.organization_id).executeTakeFirst();
    if (!row) throw notFound(M.notificationNotFound);
    const readAt = row.read_at ?? nowIso();
    await db.updateTable('alerts_notifications').set({ read_at: readAt }).where('id', '=', row.id).execute();
    return { id: row.id, read_at: readAt };
  });

  r.get(RECIPIENT_SETTINGS_PATH, { summary: 'Whether I receive alert e-mails (receive_alerts)', response: recipientSettingsSchema }, async (ctx) => {
    const user = requireUser(ctx);
    const row = await dbOf(ctx.app.storage).selectFrom('alerts_recipient_settings').select('receive_alerts').where('user_id', '=', user.id).executeTakeFirst();
    return { receive_alerts: row ? Number(row.receive_alerts) === 1 : true };
  });

  r.put(RECIPIENT_SETTINGS_PATH, {
    summary: 'Switch my alert e-mails on or off (receive_alerts)', body: recipientSettingsSchema, response: recipientSettingsSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const value = ctx.body.receive_alerts ? 1 : 0;
    const now = nowIso();
    await dbOf(ctx.app.storage).insertInto('alerts_recipient_settings').values({ user_id: user.id, receive_alerts: value, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ receive_alerts: value, updated_at: now })).execute();
    return { receive_alerts: ctx.body.receive_alerts };
  });
}

/** Conversation names from the conversations plugin's directory when installed (deleted ones are left out). */
async function conversationNames(services: ServiceRegistry, organizationId: string, ids: string[]): Promise<Map<string, string>> {
  const directory = services.has(conversationDirectoryKey) ? services.get(conversationDirectoryKey) : null;
  if (!directory?.describe || ids.length === 0) return new Map();
  return new Map((await directory.describe(organizationId, ids)).map((c) => [c.id, c.name]));
}
