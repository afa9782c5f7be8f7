import { sql } from 'kysely';
import { pipelineRevision, type FacetScope, type PostFacetProvider } from '@core/server/facets/contract';
import { tablesOf, type Storage } from '@core/server/storage/database';
import type { CoordinationTables } from './tables';

/**
 * The run whose clusters apply: the scope's run, else the conversation's latest successful run (the routes' and
 * the posts explorer's rule). Cluster ids are per run (`c1` is the largest cluster of that run), so a filter
 * always names clusters of one detection.
 */
export function scopeRun(scope: FacetScope) {
  if (scope.runId) return sql<string>`${scope.runId}`;
  return sql<string>`(select r.id from core_pipeline_runs r where r.organization_id = ${scope.organizationId}
    and r.conversation_id = ${scope.conversationId} and r.status = 'SUCCESS' order by r.created_at desc, r.id desc limit 1)`;
}

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
