import { defineStage } from '@core/server/plugin/contract';
import { NARRATIVES_STAGE_ID, narrativesServiceKey } from '@plugins/topics/shared/public';
import { NARRATIVE_VOLUMES_STAGE_ID, RADAR_STAGE_ID } from '../shared/api';
import { dbOf, type Db } from './tables';
import { sameOrganization } from '@core/server/storage/byIds';
import { postScopeKey } from '@core/server/postScope';
import { emptyFilters } from '@core/shared/filters';

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
    const topics = ctx.services.has(narrativesServiceKey) ? ctx.services.get(narrativesServiceKey) : null;
    const hours: NarrativeHours = new Map();
    const narratives = new Set<string>();
    if (topics) {
      // The run's posts in ascending id batches, each with its id range's narratives: nothing held per post of the run.
      const selection = ctx.services.get(postScopeKey).select({ organizationId: ctx.organizationId, conversationId: ctx.conversationId, runId: ctx.runId }, emptyFilters());
      const total = await selection.count();
      let done = 0;
      for await (const batch of selection.batches(BATCH)) {
        if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
        const topicOf = await topics.topicOfPostsBetween(ctx.organizationId, ctx.runId, batch[0]!, batch[batch.length - 1]!);
        const ids = batch.filter((id) => topicOf.has(id));
        const rows = ids.length === 0 ? [] : await db.selectFrom('posts_posts').select(['id', 'published_at'])
          .where(sameOrganization(ctx.organizationId)).where('id', 'in', ids).execute();
        for (const row of rows) {
          const topic = topicOf.get(Number(row.id))!;
          narratives.add(topic);
          countPost(hours, topic, row.published_at, Number(row.id));
        }
        done += batch.length;
        ctx.progress(0.9 * Math.min(1, done / Math.max(1, total)), `${done} posts read for narratives`);
      }
    }
    const out = [...hours].map(([key, h]) => {
      const [topic, hour] = key.split('\u0000') as [string, string];
      return { run_id: ctx.runId, topic, hour, posts: h.posts, first_post_ids: JSON.stringify(earliest(h.first).map(([, id]) => id)) };
    });
    await db.transaction().execute(async (trx) => {
      await clearRun(trx, ctx.runId);
      for (let k = 0; k < out.length; k += 200) await trx.insertInto('radar_run_topic_hours').values(out.slice(k, k + 200)).execute();
    });
    ctx.progress(1, `${narratives.size} narratives counted`);
  },
});

type NarrativeHours = Map<string, { posts: number; first: Array<[string, number]> }>;

/** Counts a post in its narrative's hour, keeping the hour's earliest posts (a bounded list). */
function countPost(hours: NarrativeHours, topic: string, publishedAt: string, id: number): void {
  const key = `${topic}\u0000${publishedAt.slice(0, 13)}`;
  let h = hours.get(key);
  if (!h) hours.set(key, (h = { posts: 0, first: [] }));
  h.posts += 1;
  h.first.push([publishedAt, id]);
  if (h.first.length > 4 * FIRST_PER_HOUR) h.first = earliest(h.first);
}

const earliest = (list: Array<[string, number]>) => list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])).slice(0, FIRST_PER_HOUR);

async function clearRun(trx: Db, runId: string): Promise<void> {
  await trx.deleteFrom('radar_run_topic_hours').where('run_id', '=', runId).execute();
}
