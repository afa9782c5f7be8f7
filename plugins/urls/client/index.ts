import { z } from 'zod';
import { defineClientPlugin, definePanel } from '@core/client/plugin/contract';
import { domainKind } from '@core/client/selection/kinds';
import { lazyPopup } from '@core/client/selection/lazyPopup';
import { apiKey, filtersKey, selectionKey } from '@core/client/services/keys';
import { manifest } from '../manifest';
import { urlsPopupSectionsKey } from '../shared/ui';
import { urlsCommands } from './commands';
import { popupSections } from './popups/sections';

const noConfig = { schema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>, defaults: {}, version: 1 };

export const sharedDomainsPanel = definePanel({
  type: 'urls.sharedDomains',
  title: 'Shared domains',
  description: "The conversation's domains: posts, accounts, first share, registration; click one to filter to it",
  needsConversation: true,
  config: noConfig,
  load: () => import('./SharedDomainsPanel'),
});

export const sharedUrlsPanel = definePanel({
  type: 'urls.sharedUrls',
  title: 'Shared URLs',
  description: "The conversation's links: posts, accounts, first and last share; click one to filter to it",
  needsConversation: true,
  config: noConfig,
  load: () => import('./SharedUrlsPanel'),
});

/** URLs and domains in the browser: shared domains and URLs tables, the domain popup, registration sections (README.md). */
export default defineClientPlugin({
  manifest,
  panels: [sharedDomainsPanel, sharedUrlsPanel],
  commands: urlsCommands,
  services: { provides: [urlsPopupSectionsKey], requires: [filtersKey, selectionKey, apiKey] },
  activate: (services) => [
    // The graph's URL and domain popups (coordination) show Current and Past Registration through this service.
    services.provide(urlsPopupSectionsKey, popupSections),
    services.get(selectionKey).registerPopup(domainKind, lazyPopup(() => import('./popups/DomainDetailsPopup').then((m) => m.DomainDetailsPopup))),
  ],
});
