import { z } from 'zod';
import { defineClientPlugin, definePanel } from '@core/client/plugin/contract';
import { apiKey } from '@core/client/services/keys';
import { manifest } from '../manifest';

export const conversationAlertsPanel = definePanel({
  type: 'alerts.conversation',
  title: 'Alerts',
  description: "The conversation's alert rules and fired alerts",
  needsConversation: true,
  config: { schema: z.object({}), defaults: {}, version: 1 },
  load: () => import('./ConversationAlertsPanel'),
});

export default defineClientPlugin({
  manifest,
  panels: [conversationAlertsPanel],
  services: { requires: [apiKey] },
  commands: [{
    id: 'alerts.refresh',
    title: 'Refresh alerts',
    category: 'Alerts',
    keywords: ['reload', 'fired alerts', 'alert rules'],
    when: (ctx) => ctx.conversationId !== null,
    run: (ctx) => ctx.services.get(apiKey).queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  }],
});
