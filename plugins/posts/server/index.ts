import { defineServerPlugin } from '@core/server/plugin/contract';
import { organizationDataSourcesKey, storedPostsKey } from '@core/server/pipeline/collectors';
import { dataSourceDb, dataSourcesFor } from './dataSources/organization';
import { manifest } from '../manifest';
import { migrations } from './migrations';
import { pipelineKey } from '@core/server/pipeline/runner';
import { createCollectStage, orchestratedElsewhere } from './collect/stage';
import { networkCollectorFactories } from './collectors';
import { liveCollectors } from './dataSources/liveCollectors';
import { DEFAULT_DEMO_POSTS, seedDemoCorpus } from './demo/seed';
import { MAX_POSTS, MIN_POSTS } from './demo/generator';
import { registerRoutes } from './routes';
import { createStoredPosts } from './storedPosts';
import { cliCommands } from './cli';
import { postFacetsKey } from '@core/server/facets/contract';
import { postScopeKey } from '@core/server/postScope';
import { runIndexAccelerator } from './explorer/runIndexAccelerator';
import { warmExplorerOnFinish } from './explorer/warmOnFinish';

export const collectStage = createCollectStage(networkCollectorFactories);

/** `NARRASCOPE_DEMO_POSTS` (set by `npm run cli -- seed-demo --posts N`): size of the demo corpus. */
export function demoCorpusSize(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.NARRASCOPE_DEMO_POSTS;
  if (raw === undefined || raw === '') return DEFAULT_DEMO_POSTS;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < MIN_POSTS || n > MAX_POSTS) {
    throw new Error(`NARRASCOPE_DEMO_POSTS must be an integer from ${MIN_POSTS} to ${MAX_POSTS} (got '${raw}')`);
  }
  return n;
}

export default defineServerPlugin({
  manifest,
  migrations,
  routes: registerRoutes,
  stages: [collectStage],
  services: { provides: [storedPostsKey, organizationDataSourcesKey], requires: [pipelineKey, postScopeKey, postFacetsKey] },
  cliCommands,
  async activate(ctx) {
    const disposers: Array<() => void> = [];
    if (!ctx.services.has(storedPostsKey)) disposers.push(ctx.services.provide(storedPostsKey, createStoredPosts(ctx.storage, { queryTimeBudgetMs: ctx.config.queryTimeBudgetMs })));
    disposers.push(ctx.services.provide(organizationDataSourcesKey, {
      enabledIds: async (organizationId) => (await dataSourcesFor(dataSourceDb(ctx.storage), organizationId))
        .filter((source) => source.effective_enabled).map((source) => source.id),
    }));
    // The explorer's run index answers every analysis's post scope counts and ids while it is in memory.
    disposers.push(ctx.services.get(postScopeKey).accelerate(runIndexAccelerator(ctx.storage, () => ctx.services.get(postFacetsKey))));
    // A finished run's explorer facts and index are prepared at once, not by its first page request.
    disposers.push(ctx.services.get(pipelineKey).onRunChange(warmExplorerOnFinish({
      storage: ctx.storage, postScope: () => ctx.services.get(postScopeKey), facets: () => ctx.services.get(postFacetsKey), logger: ctx.logger,
    })));
    // When the conversations plugin orchestrates the collect step, it runs the pipeline's registered collectors:
    // register every network collector; each run asks it whether its data source is on for the organisation.
    if (orchestratedElsewhere(ctx)) {
      const registry = ctx.services.get(pipelineKey).collectors;
      for (const collector of await liveCollectors(ctx.storage, networkCollectorFactories)) disposers.push(registry.register(collector));
    }
    return disposers;
  },
  async seedDemo(ctx, organizationId) {
    const posts = demoCorpusSize();
    let nextLog = 0;
    const result = await seedDemoCorpus(ctx.storage, organizationId, {
      posts, dataDir: ctx.config.dataDir,
      onProgress: (done, total) => {
        if (done >= nextLog) {
          ctx.logger.info({ done, total }, 'generating the demo corpus');
          nextLog += Math.max(50_000, Math.round(total / 10));
        }
      },
    });
    ctx.logger.info({ posts: result.posts, seconds: Math.round(result.seconds * 10) / 10, groundTruth: result.groundTruthPath, skipped: result.skipped },
      result.skipped ? 'demo corpus already seeded' : 'demo corpus seeded');
  },
});
