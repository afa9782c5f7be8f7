import { defineServerPlugin } from '@core/server/plugin/contract';
import { pipelineKey } from '@core/server/pipeline/runner';
import { postScopeKey } from '@core/server/postScope';
import { insightLookupKey } from '@plugins/insights/shared/public';
import { manifest } from '../manifest';
import { domainLabelsKey } from '../shared/service';
import { rdapBootstrapCommand } from './cli';
import { lazyRdapClient, optionsFromEnv, type UrlsOptions } from './config';
import { seedDemoRegistrations } from './demo';
import { createDomainLabels } from './labelsService';
import { migrations } from './migrations';
import { registerSharedRoutes } from './routes/analysis';
import { registerCoUrlsRoute } from './routes/coUrls';
import { registerDomainDetailsRoute } from './routes/domainDetails';
import { registerDomainLabelRoutes } from './routes/domainLabels';
import { registerRegistrationRoutes } from './routes/registrations';
import { countLinksOnFinish } from './runLinks';
import { dbOf } from './tables';

/**
 * The URLs and domains plugin: the spec's four /api/v2/analysis calls over core's post store links (posts_urls)
 * through the post scope, co-shared links, RDAP registration snapshots and their history, the admin domain list
 * (`urls.domainLabels` for other plugins) and risk from approved insights (`insights.lookup`, optional).
 * Tests build their own instance with `createUrlsPlugin(options)` (an RDAP client allowed to reach a loopback server).
 */
export function createUrlsPlugin(options: UrlsOptions = optionsFromEnv()) {
  const rdap = lazyRdapClient(options.rdap);
  return defineServerPlugin({
    manifest,
    migrations,
    routes: (r) => {
      registerSharedRoutes(r);
      registerDomainDetailsRoute(r);
      registerCoUrlsRoute(r);
      registerDomainLabelRoutes(r);
      registerRegistrationRoutes(r, rdap);
    },
    services: { provides: [domainLabelsKey], requires: [postScopeKey, pipelineKey], optional: [insightLookupKey] },
    async activate(ctx) {
      return [
        ctx.services.provide(domainLabelsKey, createDomainLabels(ctx.storage, () => ctx.services.get(postScopeKey))),
        // A conversation's first view of its links (no filters) reads what was counted when its run finished.
        ctx.services.get(pipelineKey).onRunChange(countLinksOnFinish({ db: dbOf(ctx.storage), postScope: () => ctx.services.get(postScopeKey), logger: ctx.logger })),
      ];
    },
    cliCommands: [rdapBootstrapCommand],
    seedDemo: seedDemoRegistrations,
  });
}

export default createUrlsPlugin();

export { RdapClient, type RdapOutcome } from './rdap/client';
export { RdapBootstrap } from './rdap/bootstrap';
