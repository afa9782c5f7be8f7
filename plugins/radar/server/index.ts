import { postFacetsKey } from '@core/server/facets/contract';
import { defineServerPlugin } from '@core/server/plugin/contract';
import { conversationDirectoryKey, postScopeKey } from '@core/server/postScope';
import { domainLabelsKey } from '@plugins/urls/shared/public';
import { manifest } from '../manifest';
import { RADAR_DIMENSIONS } from '../shared/dimensions';
import { themeMetricsKey } from '../shared/service';
import { radarFacets } from './facets';
import { createThemeMetrics } from './metrics';
import { migrations } from './migrations';
import { registerRoutes } from './routes';
import { narrativeVolumesStage } from './narrativesStage';
import { themesStage } from './stage';

export default defineServerPlugin({
  manifest,
  // nrms_theme: the theme the radar.themes stage gave each post (facets.ts).
  dimensions: RADAR_DIMENSIONS,
  migrations,
  routes: registerRoutes,
  stages: [themesStage, narrativeVolumesStage],
  // The URLs plugin's domain list gives the state media and government notices when it is installed; the
  // conversation directory keeps deleted conversations out of the organisation's Topic Radar home.
  services: { provides: [themeMetricsKey], requires: [postFacetsKey, postScopeKey], optional: [domainLabelsKey, conversationDirectoryKey] },
  async activate(ctx) {
    return [
      ctx.services.provide(themeMetricsKey, createThemeMetrics(ctx.storage, ctx.services)),
      ctx.services.get(postFacetsKey).register(radarFacets(ctx.storage)),
    ];
  },
});
