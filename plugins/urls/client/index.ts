import { z } from 'zod';
import { defineClientPlugin, definePanel } from '@core/client/plugin/contract';
import { filtersKey } from '@core/client/services/keys';
import { manifest } from '../manifest';

const noConfig = { schema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>, defaults: {}, version: 1 };

export const sharedDomainsPanel = definePanel({
  type: 'urls.sharedDomains',
  title: 'Shared domains',
  description: "The conversation's domains: posts, accounts, first share, registration; click one to filter to it",
  needsConversation: true,
  config: noConfig,
  load: () => import('./SharedDomainsPanel'),
});

/** URLs and domains in the browser: the shared domains table (see README.md). */
export default defineClientPlugin({
  manifest,
  panels: [sharedDomainsPanel],
  services: { requires: [filtersKey] },
});
