import { defineServerPlugin } from '@core/server/plugin/contract';
import { pipelineKey } from '@core/server/pipeline/runner';
import { manifest } from '../manifest';
import { collectStage } from './collectStage';
import { registerConversationRoutes } from './conversations';
import { migrations } from './migrations';
import { dbOf } from './model';
import { registerProjectRoutes } from './projects';
import { registerQueryAuditRoutes } from './queryAudit/routes';
import { continuousScheduler, conversationRunListener } from './runs';
import { seedDemoConversations } from './demo';

export default defineServerPlugin({
  manifest,
  migrations,
  routes: (r) => {
    registerProjectRoutes(r);
    registerConversationRoutes(r);
    registerQueryAuditRoutes(r);
  },
  stages: [collectStage],
  async activate(ctx) {
    const pipeline = ctx.services.get(pipelineKey);
    return [
      pipeline.onRunChange(conversationRunListener),
      pipeline.addPeriodicTask(continuousScheduler(dbOf(ctx.storage), pipeline)),
    ];
  },
  seedDemo: seedDemoConversations,
});
