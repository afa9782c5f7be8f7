import { defineStage } from '@core/server/plugin/contract';
import { NARRATIVES_STAGE_ID, narrativesServiceKey } from '@plugins/topics/shared/public';
import { NARRATIVE_VOLUMES_STAGE_ID, RADAR_STAGE_ID } from '../shared/api';
import { dbOf, type Db } from './tables';
import { sameOrganization } from '@core/server/storage/byIds';

const BATCH = 2_000;
/** The first posts kept per narrative and hour: a burst's evidence shows the first three. */
const FIRST_PER_HOUR = 3;

/**
 * Pipeline step 5, after the topics stage: counts each narrative's (topic's) posts per hour, with its first posts of
 * the hour, so that the burst detector reads narrative volumes as it reads theme volumes (emergingNarratives.ts).
 * The run's every-post hour counts are radar.themes' (radar_run_hours, theme ''). Idempotent per run.
 */
export const narrativeVolumesStage = defineStage({
  id: NARRATIVE_VOLUMES_STAGE_ID,
  title: 'Topic Radar narrative volumes',
  version: 1,
  dagStep: 5,
  dependsOn: [RADAR_STAGE_ID, NARRATIVES_STAGE_ID],
  async run(ctx) {
    const db = dbOf(ctx.storage);
    const topicOf = ctx.services.has(narrativesServiceKey) ? await ctx.services.get(narrativesServiceKey).topicOfPosts(ctx.organizationId, ctx.runId) : new Map<number, string>();
    const ids = [...topicOf.keys()];
    const hours = new Map<string, { posts: number; first: Array<[string, number]> }>();
    for (let k = 0; k < ids.length; k += BATCH) {
      if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
      const rows = await db.selectFrom('posts_posts').select(['id', 'published_at'])
        .where(sameOrganization(ctx.organizationId)).where('id', 'in', ids.slice(k, k + BATCH)).execute();
      for (const row of rows) {
        const key = `${topicOf.get(Number(row.id))}\u0000${row.published_at.slice(0, 13)}`;
        let h = hours.get(key);
        if (!h) hours.set(key, (h = { posts: 0, first: [] }));
        h.posts += 1;
        h.first.push([row.published_at, Number(row.id)]);
        if (h.first.length > 4 * FIRST_PER_HOUR) h.first = earliest(h.first);
      }
      ctx.progress(0.9 * Math.min(1, (k + BATCH) / Math.max(1, ids.length)), `${Math.min(ids.length, k + BATCH)} narrative posts counted`);
    }
    const out = [...hours].map(([key, h]) => {
      const [topic, hour] = key.split('\u0000') as [string, string];
      return { run_id: ctx.runId, topic, hour, posts: h.posts, first_post_ids: JSON.stringify(earliest(h.first).map(([, id]) => id)) };
    });
    await db.transaction().execute(async (trx) => {
      await clearRun(trx, ctx.runId);
      for (let k = 0; k < out.length; k += 200) await trx.insertInto('radar_run_topic_hours').values(out.slice(k, k + 200)).execute();
    });
    ctx.progress(1, `${new Set(topicOf.values()).size} narratives counted`);
  },
});

const earliest = (list: Array<[string, number]>) => list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])).slice(0, FIRST_PER_HOUR);

async function clearRun(trx: Db, runId: string): Promise<void> {
  await trx.deleteFrom('radar_run_topic_hours').where('run_id', '=', runId).execute();
}
