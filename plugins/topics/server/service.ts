import type { Storage } from '@core/server/storage/database';
import type { NarrativesService } from '../shared/service';
import { topicsDb } from './store';

/** The `topics.narratives` service (see shared/service.ts). */
export function createNarrativesService(storage: Storage): NarrativesService {
  const db = topicsDb(storage);
  return {
    async setCoordinationCounts(organizationId, runId, counts) {
      return db.transaction().execute(async (trx) => {
        const narratives = await trx.selectFrom('topics_narratives').select('id')
          .where('run_id', '=', runId).where('organization_id', '=', organizationId).execute();
        for (const n of narratives) {
          const value = Math.max(0, Math.trunc(counts[n.id] ?? 0));
          await trx.updateTable('topics_narratives').set({ coordination_cluster_count: value })
            .where('run_id', '=', runId).where('id', '=', n.id).where('organization_id', '=', organizationId).execute();
        }
        return narratives.length;
      });
    },
    async topicOfPosts(organizationId, runId) {
      const rows = await db.selectFrom('topics_post_topics').select(['post_id', 'topic_rid'])
        .where('run_id', '=', runId).where('organization_id', '=', organizationId).where('topic_rid', 'is not', null).execute();
      return new Map(rows.map((r) => [Number(r.post_id), r.topic_rid!]));
    },

    async topicOfPostsBetween(organizationId, runId, firstId, lastId) {
      const rows = await db.selectFrom('topics_post_topics').select(['post_id', 'topic_rid'])
        .where('run_id', '=', runId).where('post_id', '>=', firstId).where('post_id', '<=', lastId)
        .where('organization_id', '=', organizationId).where('topic_rid', 'is not', null).execute();
      return new Map(rows.map((r) => [Number(r.post_id), r.topic_rid!]));
    },
  };
}
