import { defineServerPlugin } from '@core/server/plugin/contract';
import { postFacetsKey } from '@core/server/facets/contract';
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
  migrations,
  stages: [detectStage],
  routes: (r) => {
    registerCoordinationRoutes(r);
    registerGraphRoutes(r);
    registerAccountRoutes(r);
    registerSharingRoutes(r);
  },
  async activate(ctx) {
    return [ctx.services.get(postFacetsKey).register(coordinationFacets(ctx.storage))];
  },
});
