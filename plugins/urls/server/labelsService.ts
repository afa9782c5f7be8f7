import { sql } from 'kysely';
import type { PostScopeService } from '@core/server/postScope';
import type { Storage } from '@core/server/storage/database';
import type { DomainLabels } from '../shared/service';
import { labelsOf } from './domainLabels';
import { dbOf } from './tables';

/** The `urls.domainLabels` service: the admin list, and which labelled domains a conversation shares. */
export function createDomainLabels(storage: Storage, posts: () => PostScopeService): DomainLabels {
  const db = dbOf(storage);
  return {
    labelsOf: (organizationId, domains) => labelsOf(db, organizationId, domains),
    async conversationLabels(organizationId, conversationId) {
      const scope = await posts().resolve(organizationId, conversationId);
      if (scope.runId === null) return [];
      const rows = await db.selectFrom('posts_run_posts as rp')
        .innerJoin('posts_urls as u', 'u.post_id', 'rp.post_id')
        .innerJoin('urls_domain_labels as l', (j) => j.onRef('l.domain', '=', 'u.domain').on('l.organization_id', '=', organizationId))
        .where('rp.run_id', '=', scope.runId)
        .select(['l.domain', 'l.category', sql<number>`count(distinct rp.post_id)`.as('posts')])
        .groupBy(['l.domain', 'l.category']).orderBy(sql`count(distinct rp.post_id)`, 'desc').orderBy('l.domain').execute();
      return rows.map((r) => ({ domain: r.domain, category: r.category, posts: Number(r.posts) }));
    },
  };
}
