import { z } from 'zod';
import { defineClientPlugin, defineCommand, definePanel } from '@core/client/plugin/contract';
import { apiKey } from '@core/client/services/keys';
import { manifest } from '../manifest';
import { METRICS } from '../shared/vocabulary';
import { newAlertRuleCommand } from './commands';
import { muteConversationAlertsCommand, muteRuleCommand, openFiredAlertsCommand, unmuteConversationAlertsCommand } from './muteCommands';

export const conversationAlertsPanel = definePanel({
  type: 'alerts.conversation',
  title: 'Alerts',
  description: "The conversation's alert rules and fired alerts",
  needsConversation: true,
  config: { schema: z.object({}), defaults: {}, version: 1 },
  load: () => import('./ConversationAlertsPanel'),
});

export const metricsPanel = definePanel({
  type: 'alerts.metrics',
  title: 'Conversation metrics',
  description: 'post_count and risk_score at each run, by platform, risk category or narrative',
  needsConversation: true,
  config: {
    schema: z.object({ metric: z.enum(METRICS), groupBy: z.enum(['none', 'platform', 'risk_category', 'narrative']) }),
    defaults: { metric: 'post_count', groupBy: 'none' }, version: 1,
  },
  load: () => import('./MetricsPanel'),
});

export default defineClientPlugin({
  manifest,
  panels: [conversationAlertsPanel, metricsPanel],
  organizationPages: { alertAudit: () => import('./audit/AlertAuditPage') },
  slots: { headerActions: () => import('./NotificationBell') },
  services: { requires: [apiKey] },
  commands: [newAlertRuleCommand, muteConversationAlertsCommand, unmuteConversationAlertsCommand, muteRuleCommand, openFiredAlertsCommand, defineCommand({
    id: 'alerts.refresh',
    title: 'Refresh alerts',
    category: 'Alerts',
    keywords: ['reload', 'fired alerts', 'alert rules'],
    when: (ctx) => ctx.conversationId !== null,
    run: (ctx) => ctx.services.get(apiKey).queryClient.invalidateQueries({ queryKey: ['alerts'] }),
  })],
});
