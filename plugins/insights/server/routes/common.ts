import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { writeAudit, type AuditEvent } from '@core/server/auth/audit';
import type { SessionUser } from '@core/server/auth/sessionUser';
import type { CoreTables } from '@core/server/storage/tables';
import type { InsightRow } from '../tables';

/**
 * Audits an insight change in the transaction that made it (writeAudit takes core's tables; a transaction over
 * core's and ours is one at run time).
 */
export async function auditInsight(trx: unknown, request: FastifyRequest, user: SessionUser, event: AuditEvent['event'],
  detail: Record<string, unknown>): Promise<void> {
  await writeAudit(trx as Kysely<CoreTables>, request, { event, organizationId: user.organization_id, userId: user.id, email: user.email, detail });
}

/** What an audit entry says about an insight: never its properties' values, only which ones changed. */
export const insightDetail = (row: InsightRow) => ({ insight_id: row.id, analyzable_type: row.analyzable_type, analyzable_id: row.analyzable_id });

/** Lists: newest edit first, the id breaking ties so the order is stable. */
export const newestEditFirst = (a: Pick<InsightRow, 'edited_at' | 'id'>, b: Pick<InsightRow, 'edited_at' | 'id'>) =>
  (a.edited_at < b.edited_at ? 1 : a.edited_at > b.edited_at ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
