import { sql } from 'kysely';
import { scopeRunSql } from '@core/server/postScope';
import { pipelineRevision, type PostFacetProvider } from '@core/server/facets/contract';
import { tablesOf, type Storage } from '@core/server/storage/database';
import type { CoordinationTables } from './tables';

/** The run whose clusters apply: core's rule (cluster ids are per run, so a filter names clusters of one detection). */
export const scopeRun = scopeRunSql;

/**
 * Facet `coordination_cluster` (value = cluster id) and row field `coordination_cluster_ids` (ADR 0005).
 * `coordination_only` is "this facet has any value": the posts plugin tests membership in the source's post ids.
 */
export function coordinationFacets(storage: Storage): PostFacetProvider {
  return {
    owner: 'coordination',
    // Only the coordination stage writes a run's clusters.
    revision: (scope) => pipelineRevision(storage.db as never, scope.organizationId),
    facets: {
      coordination_cluster: (scope) => sql<{ post_id: number; value: string }>`select pc.post_id as post_id, pc.cluster_id as value
        from coordination_post_clusters pc
        where pc.organization_id = ${scope.organizationId} and pc.run_id = ${scopeRun(scope)}`,
    },
    async fields(postIds, scope) {
      const out = new Map<number, Record<string, unknown>>();
      for (const id of postIds) out.set(id, { coordination_cluster_ids: [] });
      if (postIds.length === 0 || (!scope.runId && !scope.conversationId)) return out;
      const rows = await tablesOf<CoordinationTables>(storage).selectFrom('coordination_post_clusters as pc')
        .select(['pc.post_id', 'pc.cluster_id'])
        .where('pc.organization_id', '=', scope.organizationId)
        .where('pc.run_id', '=', scopeRun(scope))
        .where('pc.post_id', 'in', [...postIds])
        .orderBy('pc.post_id').orderBy('pc.cluster_id').execute();
      for (const r of rows) (out.get(r.post_id)!.coordination_cluster_ids as string[]).push(r.cluster_id);
      return out;
    },
  };
}
