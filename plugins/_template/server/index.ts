import { defineServerPlugin } from '@core/server/plugin/contract';
import { storedPostsKey } from '@core/server/pipeline/collectors';
import { pipelineKey } from '@core/server/pipeline/runner';
import { activateTemplate } from './activate';
import { manifest } from '../manifest';
import { TEMPLATE_DIMENSIONS } from '../shared/dimensions';
import { postFacetsKey } from '@core/server/facets/contract';
import { migrations } from './migrations';
import { registerRoutes } from './routes';
import { recordRunStage } from './stage';

export default defineServerPlugin({
  manifest,
  // Filter dimensions this plugin contributes (shared/dimensions.ts); their values come from its facet (facets.ts).
  dimensions: TEMPLATE_DIMENSIONS,
  migrations,
  routes: registerRoutes,
  stages: [recordRunStage],
  // What activate reaches (docs/plugins/authoring.md, "Services"): a required core service and an optional one
  // another plugin provides. A service of another plugin is imported from its shared/public.ts.
  services: { requires: [pipelineKey, postFacetsKey], optional: [storedPostsKey] },
  activate: activateTemplate,
});
