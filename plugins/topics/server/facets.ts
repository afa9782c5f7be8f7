import { sql, type Expression } from 'kysely';
import { pipelineRevision, type FacetScope, type PostFacetProvider } from '@core/server/facets/contract';
import type { Storage } from '@core/server/storage/database';
import { topicsDb } from './store';

/**
 * The posts explorer's `narratives` dimension (ADR 0005): value = narrative id (= topic rid) of the post in the
 * explored run. Outliers have no value. Without a run in scope there is nothing to filter by: no rows.
 */
export function narrativeFacetValues(scope: FacetScope) {
  if (!scope.runId) return sql<{ post_id: number; value: string }>`select post_id, topic_rid as value from topics_post_topics where 1 = 0`;
  return sql<{ post_id: number; value: string }>`
    select pt.post_id as post_id, pt.topic_rid as value from topics_post_topics pt
     where pt.run_id = ${scope.runId} and pt.organization_id = ${scope.organizationId} and pt.topic_rid is not null`;
}

/** Row fields of a page of posts: the spec's topic_rid, confidence_score, is_exemplar, narrative, plus narratives. */
export async function narrativeFields(storage: Storage, postIds: readonly number[], scope: FacetScope) {
  const out = new Map<number, Record<string, unknown>>();
  if (!scope.runId || postIds.length === 0) return out;
  const rows = await topicsDb(storage).selectFrom('topics_post_topics as pt')
    .leftJoin('topics_narratives as n', (j) => j.onRef('n.run_id', '=', 'pt.run_id').onRef('n.id', '=', 'pt.topic_rid'))
    .select(['pt.post_id', 'pt.topic_rid', 'pt.confidence_score', 'pt.is_exemplar', 'n.title'])
    .where('pt.run_id', '=', scope.runId).where('pt.organization_id', '=', scope.organizationId)
    .where('pt.post_id', 'in', [...postIds])
    .execute();
  for (const r of rows) {
    const narrative = r.topic_rid ? { id: r.topic_rid, title: r.title ?? '' } : null;
    out.set(Number(r.post_id), {
      topic_rid: r.topic_rid, confidence_score: Number(r.confidence_score), is_exemplar: r.is_exemplar === 1,
      narrative: narrative?.title ?? null, narratives: narrative ? [narrative] : [],
    });
  }
  return out;
}

export function narrativesFacetProvider(storage: Storage): PostFacetProvider {
  return {
    owner: 'topics',
    // Only the topics stage writes a run's narratives.
    revision: (scope) => pipelineRevision(storage.db as never, scope.organizationId),
    facets: { narratives: narrativeFacetValues },
    fields: (postIds, scope) => narrativeFields(storage, postIds, scope),
    sortKeys: {
      // How typical a post is of its narrative (cosine to the centroid).
      confidence_score: (postId: Expression<number>, scope: FacetScope) =>
        sql`(select pt.confidence_score from topics_post_topics pt where pt.run_id = ${scope.runId} and pt.organization_id = ${scope.organizationId} and pt.post_id = ${postId})`,
    },
  };
}
