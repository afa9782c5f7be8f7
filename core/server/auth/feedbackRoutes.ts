import crypto from 'node:crypto';
import { Answer, requireUser, type RouteRegistrar } from '../http/routes';
import { eventAuditEntrySchema, eventAuditQuerySchema, feedbackBodySchema, feedbackSchema } from '@core/shared/access/api';
import { z } from 'zod';
import { nowIso } from '../storage/database';

/** Feedback (spec part 1 section 3) and the event audit of the current organisation. */
export function registerFeedbackAndAuditRoutes(r: RouteRegistrar): void {
  r.post('/api/v2/feedback', {
    summary: 'Store feedback from the signed-in user',
    body: feedbackBodySchema,
    response: feedbackSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const row = {
      id: crypto.randomUUID(), user_id: user.id, organization_id: user.organization_id, group_ids: JSON.stringify(user.group_ids),
      feedback_type: ctx.body.feedbackType, feedback_text: ctx.body.feedbackText, created_at: nowIso(),
    };
    await ctx.app.storage.db.insertInto('core_feedback').values(row).execute();
    return {
      id: row.id, feedbackType: row.feedback_type, feedbackText: row.feedback_text, user_id: row.user_id,
      group_ids: user.group_ids, organization_id: row.organization_id, created_at: row.created_at,
    };
  });

  r.get('/api/v2/event_audit', {
    summary: 'Sign-in, password, MFA, role, membership and API key events of the current organisation, newest first',
    permission: 'EVENT_AUDIT',
    query: eventAuditQuerySchema,
    response: z.array(eventAuditEntrySchema),
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = ctx.app.storage.db;
    let q = db.selectFrom('core_event_audit').where('organization_id', '=', user.organization_id);
    if (ctx.query.event_type) q = q.where('event_type', '=', ctx.query.event_type);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    // limit -1 means no limit (spec part 1 section 3); SQLite needs a LIMIT before an OFFSET, and -1 is its "none".
    let rows = q.selectAll().orderBy('created_at', 'desc').orderBy('id');
    if (ctx.query.limit !== -1 || ctx.app.storage.dialect === 'sqlite') rows = rows.limit(ctx.query.limit);
    rows = rows.offset(ctx.query.offset);
    const entries = (await rows.execute()).map((e) => ({
      id: e.id, created_at: e.created_at, event_type: e.event_type, organization_id: e.organization_id, user_id: e.user_id,
      email: e.email, target_user_id: e.target_user_id, source_ip: e.source_ip, detail: JSON.parse(e.detail) as Record<string, unknown>,
    }));
    return new Answer(entries, {
      pagination_info: { offset: ctx.query.offset, limit: ctx.query.limit, total: Number(total.n), order_by: [{ column: 'created_at', direction: 'desc' }] },
    });
  });
}
