import { apiGetWithMetadata } from '@core/client/api/client';
import { QUERY_AUDIT_PATH, queryAuditEntrySchema, type QueryAuditEntry, type QueryAuditQuery } from '../../shared/queryAudit';

export const queryAuditKey = (org: string, query: QueryAuditQuery) => ['conversations', org, 'queryAudit', query] as const;

/** One page of the organisation's query audit and the total across pages. */
export async function fetchQueryAudit(query: QueryAuditQuery): Promise<{ entries: QueryAuditEntry[]; total: number }> {
  const answer = await apiGetWithMetadata(QUERY_AUDIT_PATH, { schema: queryAuditEntrySchema.array(), query: { ...query } });
  const entries = answer?.data ?? [];
  return { entries, total: answer?.metadata.pagination_info?.total ?? entries.length };
}
