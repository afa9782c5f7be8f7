import { sql } from 'kysely';
import { pipelineRevision, type PostFacetProvider } from '@core/server/facets/contract';
import { scopeRunSql } from '@core/server/postScope';
import type { Storage } from '@core/server/storage/database';

/** Post ids per statement of the row field. */
const CHUNK = 500;

/**
 * `nrms_theme` (shared/dimensions.ts): the theme the radar.themes stage gave each post of the scope's run. Core turns
 * it into the filter, its counts, the explorer's column and the analyses' filters.
 */
export function radarFacets(storage: Storage): PostFacetProvider {
  return {
    owner: 'radar',
    // Only the stage writes themes, and only while a run is in progress: the values change when a run finishes.
    revision: (scope) => pipelineRevision(storage.db as never, scope.organizationId),
    facets: {
      nrms_theme: (scope) => sql<{ post_id: number; value: string }>`select t.post_id as post_id, t.theme as value
        from radar_post_themes t where t.run_id = ${scopeRunSql(scope)} and t.organization_id = ${scope.organizationId}`,
    },
    async fields(postIds, scope) {
      const out = new Map<number, Record<string, unknown>>();
      const ids = [...new Set(postIds)];
      for (const id of ids) out.set(id, { nrms_theme: null });
      for (let k = 0; k < ids.length; k += CHUNK) {
        const rows = (await sql<{ post_id: number; theme: string }>`select t.post_id as post_id, t.theme as theme from radar_post_themes t
          where t.run_id = ${scopeRunSql(scope)} and t.organization_id = ${scope.organizationId}
            and t.post_id in (${sql.join(ids.slice(k, k + CHUNK))})`.execute(storage.db)).rows;
        for (const r of rows) out.set(Number(r.post_id), { nrms_theme: r.theme });
      }
      return out;
    },
  };
}
