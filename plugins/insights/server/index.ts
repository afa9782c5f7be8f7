import { postFacetsKey } from '@core/server/facets/contract';
import { defineServerPlugin } from '@core/server/plugin/contract';
import { conversationDirectoryKey, postScopeKey } from '@core/server/postScope';
import { manifest } from '../manifest';
import { INSIGHT_DIMENSIONS } from '../shared/dimensions';
import { insightLookupKey } from '../shared/service';
import { seedDemoInsights } from './demo';
import { insightFacets } from './facets';
import { createInsightLookup } from './lookup';
import { migrations } from './migrations';
import { registerConversationRoutes } from './routes/conversations';
import { registerExchangeRoutes } from './routes/exchange';
import { registerInsightRoutes } from './routes/insights';
import { registerKeyAccountRoutes } from './routes/keyAccounts';
import { registerReferenceRoutes } from './routes/reference';
import { registerRepairRoutes } from './routes/repair';

export default defineServerPlugin({
  manifest,
  // insight_* filters: values of approved insights on a post's author and domains (facets.ts).
  dimensions: INSIGHT_DIMENSIONS,
  migrations,
  routes: (r) => {
    registerInsightRoutes(r);
    registerReferenceRoutes(r);
    registerConversationRoutes(r);
    registerRepairRoutes(r);
    registerKeyAccountRoutes(r);
    registerExchangeRoutes(r);
  },
  // The lookup serves other plugins' popups (coordination's account details); the conversation directory names the
  // conversations an insight appears in when the conversations plugin is installed.
  services: { provides: [insightLookupKey], requires: [postFacetsKey, postScopeKey], optional: [conversationDirectoryKey] },
  async activate(ctx) {
    return [
      ctx.services.provide(insightLookupKey, createInsightLookup(ctx.storage)),
      ctx.services.get(postFacetsKey).register(insightFacets(ctx.storage)),
    ];
  },
  seedDemo: seedDemoInsights,
});
