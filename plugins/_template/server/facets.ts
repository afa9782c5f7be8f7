import { sql } from 'kysely';
import { pipelineRevision, type PostFacetProvider } from '@core/server/facets/contract';
import { scopeRunSql } from '@core/server/postScope';
import type { Storage } from '@core/server/storage/database';
import { sameOrganization } from '@core/server/storage/byIds';

/**
 * The values of `template_post_length` (shared/dimensions.ts): one `(post_id, value)` row per post of the scope's
 * run. Computed from the post store here; an analysis that computes its values in a stage reads its own table
 * instead. Core turns the source into the filter, the counts and the row field of every analysis call.
 */
const BUCKET = sql<string>`case when length(p.body) < 60 then 'short' when length(p.body) < 140 then 'medium' else 'long' end`;

export function templateFacets(storage: Storage): PostFacetProvider {
  return {
    owner: 'template',
    // The values change only when a run finishes (new posts): let the explorer cache them per run.
    revision: (scope) => pipelineRevision(storage.db as never, scope.organizationId),
    facets: {
      template_post_length: (scope) => sql<{ post_id: number; value: string }>`select p.id as post_id, ${BUCKET} as value
        from posts_run_posts rp join posts_posts p on p.id = rp.post_id
        where rp.run_id = ${scopeRunSql(scope)} and p.organization_id = ${scope.organizationId}`,
    },
    // The row field the dimension declares (`rowField`): raw data rows, exports and post details carry it.
    async fields(postIds, scope) {
      const out = new Map<number, Record<string, unknown>>();
      if (postIds.length === 0) return out;
      // By primary key, the organisation checked on the rows found (sameOrganization says why).
      const rows = (await sql<{ id: number; bucket: string }>`select p.id, ${BUCKET} as bucket from posts_posts p
        where p.id in (${sql.join([...postIds])}) and ${sameOrganization(scope.organizationId, 'p.organization_id')}`.execute(storage.db)).rows;
      for (const r of rows) out.set(Number(r.id), { template_post_length: r.bucket });
      return out;
    },
  };
}
