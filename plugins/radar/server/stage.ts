import { defineStage } from '@core/server/plugin/contract';
import { postScopeKey } from '@core/server/postScope';
import { emptyFilters } from '@core/shared/filters';
import { nowIso } from '@core/server/storage/database';
import { COLLECT_STAGE_ID } from '@plugins/posts/shared/public';
import { RADAR_STAGE_ID } from '../shared/api';
import { RunAggregator } from './aggregates';
import { classify, CLASSIFIER_VERSION } from './classifier/classify';
import { dbOf, type Db, type RadarTables } from './tables';
import { sameOrganization } from '@core/server/storage/byIds';
import { withPageCache } from '@core/server/storage/pageCache';

/** Posts read and written per statement group. */
const BATCH = 2_000;
/** Rows per INSERT (SQLite caps a statement's parameters; 7 columns each). */
const INSERT_ROWS = 120;

/** A post's text as classified: its title (or subject) and body, the title only when the body does not repeat it. */
export function postText(p: { title: string | null; subject: string | null; body: string }): string {
  const head = p.title ?? p.subject ?? '';
  if (!p.body) return head;
  return head && !p.body.includes(head) ? `${head}\n${p.body}` : p.body;
}

const hourOf = (iso: string) => iso.slice(0, 13);

/**
 * Pipeline step 3 (core NLP): classifies every post of the run into one of the nine Topic Radar themes (or none)
 * and counts the run's posts per hour, overall and per theme (with the cues found), and keeps each theme's strongest
 * posts per day (aggregates.ts), for the narrative risk assessment. The run's posts are
 * read through core's post scope. Idempotent: a re-run replaces the run's rows in one transaction. A continuous
 * conversation's daily run is a new run, so its assessment is current as soon as the run succeeds.
 */
export const themesStage = defineStage({
  id: RADAR_STAGE_ID,
  title: 'Topic Radar themes',
  version: CLASSIFIER_VERSION,
  dagStep: 3,
  dependsOn: [COLLECT_STAGE_ID],
  async run(ctx) {
    const db = dbOf(ctx.storage);
    const scope = { organizationId: ctx.organizationId, conversationId: ctx.conversationId, runId: ctx.runId };
    const selection = ctx.services.get(postScopeKey).select(scope, emptyFilters());
    const hours = new Map<string, number>();
    let posts = 0;
    let themed = 0;
    let last: string | null = null;
    // The run's post ids first, through the post scope: on SQLite the transaction below holds the one connection.
    const runPostIds: number[] = [];
    const aggregator = new RunAggregator();
    for await (const ids of selection.batches(BATCH * 5)) runPostIds.push(...ids);
    // One transaction over the whole run (the run's rows replaced at once), with the larger page cache of big writes.
    await db.transaction().execute((trx) => withPageCache(trx, ctx.storage.dialect, async () => {
      await clearRun(trx, ctx.runId);
      for (let k = 0; k < runPostIds.length; k += BATCH) {
        const ids = runPostIds.slice(k, k + BATCH);
        if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error('aborted');
        const rows = await trx.selectFrom('posts_posts').select(['id', 'title', 'subject', 'body', 'published_at'])
          .where(sameOrganization(ctx.organizationId)).where('id', 'in', ids).execute();
        const out: RadarTables['radar_post_themes'][] = [];
        for (const row of rows) {
          posts += 1;
          if (last === null || row.published_at > last) last = row.published_at;
          const hour = hourOf(row.published_at);
          hours.set(`\u0000${hour}`, (hours.get(`\u0000${hour}`) ?? 0) + 1);
          const match = classify(postText(row));
          if (!match) continue;
          themed += 1;
          hours.set(`${match.theme}\u0000${hour}`, (hours.get(`${match.theme}\u0000${hour}`) ?? 0) + 1);
          aggregator.add(match.theme, Number(row.id), match.score, row.published_at, match.cues);
          out.push({ run_id: ctx.runId, post_id: row.id, organization_id: ctx.organizationId, theme: match.theme, score: match.score,
            published_at: row.published_at, cues: JSON.stringify(match.cues) });
        }
        for (let k = 0; k < out.length; k += INSERT_ROWS) await trx.insertInto('radar_post_themes').values(out.slice(k, k + INSERT_ROWS)).execute();
        ctx.progress(0.9 * (posts / Math.max(1, runPostIds.length)), `${posts} posts classified`);
      }
      const hourRows = [...hours].map(([key, n]) => {
        const [theme, hour] = key.split('\u0000') as [string, string];
        return { run_id: ctx.runId, theme, hour, posts: n, cues: theme === '' ? null : aggregator.hourCues(theme, hour) };
      });
      for (let k = 0; k < hourRows.length; k += 200) await trx.insertInto('radar_run_hours').values(hourRows.slice(k, k + 200)).execute();
      const dayRows = aggregator.dayRows(ctx.runId);
      for (let k = 0; k < dayRows.length; k += 200) await trx.insertInto('radar_run_days').values(dayRows.slice(k, k + 200)).execute();
      await trx.insertInto('radar_runs').values({
        run_id: ctx.runId, organization_id: ctx.organizationId, conversation_id: ctx.conversationId, classifier_version: CLASSIFIER_VERSION,
        posts, themed_posts: themed, last_post_at: last, computed_at: nowIso(),
      }).execute();
    }));
    ctx.progress(1, `${themed} of ${posts} posts on a Topic Radar theme`);
  },
});

async function clearRun(trx: Db, runId: string): Promise<void> {
  await trx.deleteFrom('radar_post_themes').where('run_id', '=', runId).execute();
  await trx.deleteFrom('radar_run_hours').where('run_id', '=', runId).execute();
  await trx.deleteFrom('radar_run_days').where('run_id', '=', runId).execute();
  await trx.deleteFrom('radar_runs').where('run_id', '=', runId).execute();
}
