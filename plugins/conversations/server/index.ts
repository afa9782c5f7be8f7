import { defineServerPlugin } from '@core/server/plugin/contract';
import { pipelineKey } from '@core/server/pipeline/runner';
import { storedPostsKey } from '@core/server/pipeline/collectors';
import { conversationDirectoryKey } from '@core/server/postScope';
import { describeConversations, isDeletedConversation } from './deletion';
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
  // core.storedPosts (the posts plugin's local archive) serves run previews and the collect stage when installed.
  services: { provides: [conversationDirectoryKey], requires: [pipelineKey], optional: [storedPostsKey] },
  async activate(ctx) {
    const pipeline = ctx.services.get(pipelineKey);
    return [
      // Core's post scope refuses deleted conversations (soft delete: their runs remain) through this directory.
      ctx.services.provide(conversationDirectoryKey, {
        isDeleted: (organizationId, conversationId) => isDeletedConversation(ctx.storage.db, organizationId, conversationId),
        describe: (organizationId, conversationIds) => describeConversations(ctx.storage.db, organizationId, conversationIds),
      }),
      pipeline.onRunChange(conversationRunListener),
      pipeline.addPeriodicTask(continuousScheduler(dbOf(ctx.storage), pipeline)),
    ];
  },
  seedDemo: seedDemoConversations,
});
