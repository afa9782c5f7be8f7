import { z } from 'zod';
import { forbidden } from '@core/server/http/errors';
import { Answer, requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { toBool } from '@core/server/storage/database';
import { QUERY_AUDIT_PATH, queryAuditEntrySchema, queryAuditQuerySchema, type QueryAuditEntry } from '../../shared/queryAudit';
import { dbOf } from '../model';
import type { ConversationsTables } from '../tables';

type AuditRow = ConversationsTables['conversations_query_audit'];

function toEntry(row: AuditRow): QueryAuditEntry {
  return {
    id: row.id, organization_id: row.organization_id, created_at: row.created_at, user_id: row.user_id, user: row.user,
    organization: row.organization, query_string: row.query_string, status: row.status, state: row.state,
    threat_feed: toBool(row.threat_feed), query_duration: row.query_duration === null ? null : Number(row.query_duration),
    start_date: row.start_date, end_date: row.end_date, last_run: row.last_run,
    data_collectors: JSON.parse(row.data_collectors) as QueryAuditEntry['data_collectors'],
    conversation_id: row.conversation_id, conversation_name: row.conversation_name, project_name: row.project_name,
    coordination_detected: toBool(row.coordination_detected),
    datacollector_failures: JSON.parse(row.datacollector_failures) as QueryAuditEntry['datacollector_failures'],
    conversation_run_type: row.conversation_run_type,
  };
}

/** The query audit page's call: the entries `server/runs.ts` writes when a run ends. */
export function registerQueryAuditRoutes(r: RouteRegistrar): void {
  r.get(QUERY_AUDIT_PATH, {
    summary: "Query audit entries (one per finished run) of the caller's organisation, newest first",
    permission: 'QUERY_AUDIT',
    query: queryAuditQuerySchema,
    response: z.array(queryAuditEntrySchema),
  }, async (ctx) => {
    const user = requireUser(ctx);
    const { limit, offset, conversation_id, status, organization_id } = ctx.query;
    // Only global admins read another organisation's audit; naming one's own is harmless.
    if (organization_id && organization_id !== user.organization_id && !user.is_global_admin) throw forbidden();
    const db = dbOf(ctx.app.storage);
    let q = db.selectFrom('conversations_query_audit').where('organization_id', '=', organization_id ?? user.organization_id);
    if (conversation_id) q = q.where('conversation_id', '=', conversation_id);
    if (status) q = q.where('status', '=', status);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = q.selectAll().orderBy('created_at', 'desc').orderBy('id');
    // SQLite needs a LIMIT before an OFFSET, and -1 is its "no limit"; PostgreSQL simply gets none.
    if (limit !== -1 || ctx.app.storage.dialect === 'sqlite') rows = rows.limit(limit);
    const entries = (await rows.offset(offset).execute()).map(toEntry);
    return new Answer(entries, {
      pagination_info: { offset, limit, total: Number(total.n), order_by: [{ column: 'created_at', direction: 'desc' }] },
    });
  });
}
