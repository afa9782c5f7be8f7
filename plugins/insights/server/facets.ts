import { sql } from 'kysely';
import { pipelineRevision, type FacetValues, type PostFacetProvider } from '@core/server/facets/contract';
import { scopeRunSql } from '@core/server/postScope';
import type { Storage } from '@core/server/storage/database';
import { DIMENSION_PROPERTY } from '../shared/dimensions';
import { matchedPairs } from './matching';

/** Post ids per statement of the row field: twice that many parameters (accounts and domains). */
const CHUNK = 500;

/**
 * The insight_* filter dimensions (shared/dimensions.ts): a post carries the values of the APPROVED insights on its
 * author and on the domains it links (matching.ts). Pending, rejected and deleted insights never reach a filter.
 */
export function insightFacets(storage: Storage): PostFacetProvider {
  const valuesOf = (property: string): FacetValues => (scope) => sql<{ post_id: number; value: string }>`select distinct mp.post_id as post_id, v.value as value
    from (${matchedPairs(storage.dialect, scope.organizationId, { runId: scopeRunSql(scope) }, 'approved')}) mp
    join insights_values v on v.insight_id = mp.insight_id and v.property = ${property} and v.organization_id = ${scope.organizationId}`;
  return {
    owner: 'insights',
    // Values change when a run finishes (new posts and accounts) and whenever an insight of the organisation is
    // written (every write bumps its version, so the sum moves even within one millisecond).
    revision: async (scope) => {
      const row = (await sql<{ n: number; v: number | null; last: string | null }>`select count(*) as n, sum(version) as v, max(updated_at) as last
        from insights_insights where organization_id = ${scope.organizationId}`.execute(storage.db)).rows[0];
      return `${await pipelineRevision(storage.db as never, scope.organizationId)}/${Number(row?.n ?? 0)}:${Number(row?.v ?? 0)}:${row?.last ?? ''}`;
    },
    facets: Object.fromEntries(Object.entries(DIMENSION_PROPERTY).map(([dimension, property]) => [dimension, valuesOf(property)])),
    // Spec Post field `insights_count`: the approved insights on the post's author and its domains.
    async fields(postIds, scope) {
      const out = new Map<number, Record<string, unknown>>();
      const ids = [...new Set(postIds)];
      for (const id of ids) out.set(id, { insights_count: 0 });
      for (let k = 0; k < ids.length; k += CHUNK) {
        const rows = (await sql<{ post_id: number; n: number }>`select mp.post_id as post_id, count(distinct mp.insight_id) as n
          from (${matchedPairs(storage.dialect, scope.organizationId, { postIds: ids.slice(k, k + CHUNK) }, 'approved')}) mp group by mp.post_id`.execute(storage.db)).rows;
        for (const r of rows) out.set(Number(r.post_id), { insights_count: Number(r.n) });
      }
      return out;
    },
  };
}
