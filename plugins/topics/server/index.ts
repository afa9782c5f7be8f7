import { postFacetsKey } from '@core/server/facets/contract';
import { TOPICS_DIMENSIONS } from '../shared/dimensions';
import { defineServerPlugin } from '@core/server/plugin/contract';
import { manifest } from '../manifest';
import { narrativesServiceKey } from '../shared/service';
import { narrativesFacetProvider } from './facets';
import { migrations } from './migrations';
import { registerRoutes } from './routes';
import { createNarrativesService } from './service';
import { narrativesStage, type NarrativesStageOptions } from './stage';

/** The topics plugin's server half; `createTopicsServer(opts)` lets tests run the stage without enrichment. */
export function createTopicsServer(opts: NarrativesStageOptions = {}) {
  return defineServerPlugin({
    manifest,
    dimensions: TOPICS_DIMENSIONS,
    migrations,
    routes: registerRoutes,
    stages: [narrativesStage(opts)],
    services: { provides: [narrativesServiceKey], requires: [postFacetsKey] },
    async activate(ctx) {
      return [
        ctx.services.provide(narrativesServiceKey, createNarrativesService(ctx.storage)),
        ctx.services.get(postFacetsKey).register(narrativesFacetProvider(ctx.storage)),
      ];
    },
  });
}

export default createTopicsServer();
