import crypto from 'node:crypto';
import { defineServerPlugin } from '@core/server/plugin/contract';
import { pipelineKey } from '@core/server/pipeline/runner';
import { nowIso } from '@core/server/storage/database';
import { manifest } from '../manifest';
import { defaultRange } from '../shared/dates';
import { projectNameKey } from '../shared/rules';
import { collectStage } from './collectStage';
import { registerConversationRoutes } from './conversations';
import { migrations } from './migrations';
import { dbOf } from './model';
import { registerProjectRoutes } from './projects';
import { continuousScheduler, conversationRunListener, queueRun } from './runs';
import type { ConversationRow } from './tables';

export default defineServerPlugin({
  manifest,
  migrations,
  routes: (r) => {
    registerProjectRoutes(r);
    registerConversationRoutes(r);
  },
  stages: [collectStage],
  async activate(ctx) {
    const pipeline = ctx.services.get(pipelineKey);
    return [
      pipeline.onRunChange(conversationRunListener),
      pipeline.addPeriodicTask(continuousScheduler(dbOf(ctx.storage), pipeline)),
    ];
  },
  async seedDemo(ctx, organizationId) {
    const db = dbOf(ctx.storage);
    const owner = await db.selectFrom('core_users').select('id').where('organization_id', '=', organizationId).orderBy('created_at').executeTakeFirst();
    if (!owner) return;
    const now = nowIso();
    const projectId = crypto.randomUUID();
    const range = defaultRange();
    const conversation: ConversationRow = {
      id: crypto.randomUUID(), organization_id: organizationId, project_id: projectId, user_id: owner.id,
      name: 'Climate policy', query_string: '"climate policy" OR #climate OR (carbon AND tax)', start_date: range.start,
      end_date: range.end, threat_feed: 0, language: 'en', status: 'PENDING', last_run: null, suspended: 0, is_scaled: 0,
      is_org_nrms: 0, use_existing_data: 0, rerun: 0, enrichment_stages: '[]', topics_status: null, dag_step: null,
      image_url: null, description: 'Demo conversation: how climate policy is discussed across platforms.',
      next_run_at: null, created_at: now, updated_at: now, deleted_at: null,
    };
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('conversations_projects').values({
        id: projectId, organization_id: organizationId, name: 'Demo Project', name_key: projectNameKey('Demo Project'),
        created_by: owner.id, created_at: now, updated_at: now, deleted_at: null,
      }).execute();
      await trx.insertInto('conversations_conversations').values(conversation).execute();
      await queueRun(ctx.services.get(pipelineKey), trx, conversation, 'STATIC_RUN', { requestedBy: owner.id });
    });
  },
});
