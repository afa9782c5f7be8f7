import { defineServerPlugin } from '@core/server/plugin/contract';
import { COORDINATION_DIMENSIONS } from '../shared/dimensions';
import { postFacetsKey } from '@core/server/facets/contract';
import { narrativesServiceKey } from '@plugins/topics/shared/public';
import { insightLookupKey } from '@plugins/insights/shared/public';
import { manifest } from '../manifest';
import { migrations } from './migrations';
import { coordinationFacets } from './facets';
import { registerAccountRoutes } from './routes/accounts';
import { registerCoordinationRoutes } from './routes/coordinations';
import { registerGraphRoutes } from './routes/graph';
import { registerSharingRoutes } from './routes/sharing';
import { detectStage } from './stage/stage';

export { detectStage } from './stage/stage';

export default defineServerPlugin({
  manifest,
  dimensions: COORDINATION_DIMENSIONS,
  migrations,
  stages: [detectStage],
  routes: (r) => {
    registerCoordinationRoutes(r);
    registerGraphRoutes(r);
    registerAccountRoutes(r);
    registerSharingRoutes(r);
  },
  // The stage writes each narrative's coordination_cluster_count through topics.narratives when topics is installed;
  // account details carry the approved insights of insights.lookup when the insights plugin is.
  services: { requires: [postFacetsKey], optional: [narrativesServiceKey, insightLookupKey] },
  async activate(ctx) {
    return [ctx.services.get(postFacetsKey).register(coordinationFacets(ctx.storage))];
  },
});
