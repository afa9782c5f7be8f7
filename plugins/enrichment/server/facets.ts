import { sql, type Expression } from 'kysely';
import { pipelineRevision, type FacetScope, type PostFacetProvider } from '@core/server/facets/contract';
import type { Storage } from '@core/server/storage/database';
import { sameOrganization } from '@core/server/storage/byIds';
import type { EntityGroups } from '../shared/tables';
import { dbOf, inGroups } from './stages/runPosts';

/**
 * The enrichment's part of the posts explorer (ADR 0005): filter dimensions `sentiments`, `engagement_score`,
 * `contains_threatening_language`; per-post fields; sort keys. Enrichment is per post, so the run of the scope does
 * not matter, but every source is limited to the scope's organisation.
 */
export function enrichmentFacets(storage: Storage): PostFacetProvider {
  const db = dbOf({ storage });
  return {
    owner: 'enrichment',
    // Only the enrichment stages write these values (per post, shared by every conversation of the organisation).
    revision: (scope) => pipelineRevision(storage.db as never, scope.organizationId),
    facets: {
      sentiments: (scope) => sql<{ post_id: number; value: string }>`select post_id, sentiment as value from enrichment_posts where organization_id = ${scope.organizationId}`,
      engagement_score: (scope) =>
        sql<{ post_id: number; value: string }>`select post_id, engagement_level as value from enrichment_posts where organization_id = ${scope.organizationId} and engagement_level is not null`,
      contains_threatening_language: (scope) =>
        sql<{ post_id: number; value: string }>`select post_id, 'true' as value from enrichment_posts where organization_id = ${scope.organizationId} and threat = 1`,
    },
    async fields(postIds, scope) {
      const out = new Map<number, Record<string, unknown>>();
      for (const ids of inGroups([...new Set(postIds)], 1000)) {
        const rows = await db.selectFrom('enrichment_posts as e')
          .leftJoin('enrichment_urls as u', (j) => j.onRef('u.post_id', '=', 'e.post_id').on('u.organization_id', '=', scope.organizationId))
          .select(['e.post_id', 'e.sentiment', 'e.threat', 'e.threat_score', 'e.engagement_level', 'e.engagement', 'e.language',
            'e.entities', 'e.first_ngram', 'u.expanded_urls'])
          // By primary key, the organisation checked on the rows found (sameOrganization says why).
          .where(sameOrganization(scope.organizationId, 'e.organization_id')).where('e.post_id', 'in', ids)
          .execute();
        for (const r of rows) {
          out.set(Number(r.post_id), {
            sentiment: r.sentiment,
            threats_of_violence: Number(r.threat) === 1,
            threat_score: Number(r.threat_score),
            engagement_score: r.engagement_level,
            language: r.language,
            entities: JSON.parse(r.entities) as EntityGroups,
            first_ngram: r.first_ngram,
            expanded_urls: r.expanded_urls ? (JSON.parse(r.expanded_urls) as string[]) : [],
          });
        }
        // Posts with only a URL row (NLP not run yet) still get their expanded URLs.
        const missing = ids.filter((id) => !out.has(id));
        if (missing.length) {
          const urls = await db.selectFrom('enrichment_urls').select(['post_id', 'expanded_urls'])
            .where('organization_id', '=', scope.organizationId).where('post_id', 'in', missing).execute();
          for (const r of urls) out.set(Number(r.post_id), { expanded_urls: JSON.parse(r.expanded_urls) as string[] });
        }
      }
      return out;
    },
    sortKeys: {
      // The threat score orders threats (>= 0.5) after or before the rest and, within them, by how sure the rule is.
      threats_of_violence: (postId, scope) => scalar('threat_score', postId, scope),
      // By the compound score: the label is its banding (NEGATIVE <= -0.1 < NEUTRAL < 0.3 <= POSITIVE).
      sentiment: (postId, scope) => scalar('sentiment_score', postId, scope),
      engagement_score: (postId, scope) => scalar('engagement', postId, scope),
    },
  };
}

function scalar(column: 'threat_score' | 'sentiment_score' | 'engagement', postId: Expression<number>, scope: FacetScope): Expression<unknown> {
  return sql`(select ${sql.ref(`e.${column}`)} from enrichment_posts e where e.post_id = ${postId} and e.organization_id = ${scope.organizationId})`;
}
