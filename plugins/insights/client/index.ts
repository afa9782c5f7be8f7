import { z } from 'zod';
import { defineClientPlugin, definePanel } from '@core/client/plugin/contract';
import { lazyPopup } from '@core/client/selection/lazyPopup';
import { apiKey, selectionKey } from '@core/client/services/keys';
import { manifest } from '../manifest';
import { INSIGHT_DIMENSIONS } from '../shared/dimensions';
import { insightsPopupSectionsKey } from '../shared/ui';
import { insightCommands } from './commands';
import { insightDialogKind } from './kinds';
import { popupSections } from './popups/sections';

const noConfig = { schema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>, defaults: {}, version: 1 };

export const reviewQueuePanel = definePanel({
  type: 'insights.reviewQueue',
  title: 'Insight review queue',
  description: 'Pending and archived insights on accounts and domains; approve or decline with the keyboard',
  config: noConfig,
  load: () => import('./queue/ReviewQueuePanel'),
});

export const conversationInsightsPanel = definePanel({
  type: 'insights.conversation',
  title: 'Insights in this conversation',
  description: "Analyst insights on the accounts and domains of this conversation's posts",
  needsConversation: true,
  config: noConfig,
  load: () => import('./panels/ConversationInsightsPanel'),
});

export const keyAccountsPanel = definePanel({
  type: 'insights.keyAccounts',
  title: 'Notable accounts',
  description: 'Accounts of this conversation with approved insights, most posts first',
  needsConversation: true,
  config: noConfig,
  load: () => import('./panels/KeyAccountsPanel'),
});

/** Analyst insights in the browser: see README.md (panels, dialogs, commands and their keys, popups). */
export default defineClientPlugin({
  manifest,
  // The insight_* filters: the filters panel, the URL codec and the "Filter by ..." commands learn them from here.
  dimensions: INSIGHT_DIMENSIONS,
  panels: [reviewQueuePanel, conversationInsightsPanel, keyAccountsPanel],
  commands: insightCommands,
  organizationPages: { insights: () => import('./queue/ReviewQueuePage') },
  services: { provides: [insightsPopupSectionsKey], requires: [selectionKey, apiKey] },
  activate: (services) => [
    // The user, domain and URL popups (another plugin's) show these sections when this plugin is installed.
    services.provide(insightsPopupSectionsKey, popupSections),
    services.get(selectionKey).registerPopup(insightDialogKind, lazyPopup(() => import('./popups/DialogRenderer').then((m) => m.InsightDialogRenderer))),
  ],
});
