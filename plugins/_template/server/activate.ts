import type { ServerContext } from '@core/server/plugin/context';
import { storedPostsKey } from '@core/server/pipeline/collectors';
import { pipelineKey } from '@core/server/pipeline/runner';
import { postFacetsKey } from '@core/server/facets/contract';
import { templateFacets } from './facets';

/**
 * Start-up code. It may reach only the services index.ts declares in `services` (and core's own): the host
 * activates their providers first and refuses to start when a required one is missing. Answers disposers, run at
 * shutdown in reverse activation order.
 */
export async function activateTemplate(ctx: ServerContext) {
  const pipeline = ctx.services.get(pipelineKey);
  // An optional service may be absent (core.storedPosts comes with the posts plugin): ask `has` before `get`.
  const archive = ctx.services.has(storedPostsKey) ? 'with' : 'without';
  return [
    // The facet answering this plugin's filter dimension (shared/dimensions.ts).
    ctx.services.get(postFacetsKey).register(templateFacets(ctx.storage)),
    pipeline.onRunChange(async (_db, run, change) => {
      if (change === 'finished') ctx.logger.debug({ runId: run.id }, `template: run finished (${archive} the local archive)`);
    }),
  ];
}
