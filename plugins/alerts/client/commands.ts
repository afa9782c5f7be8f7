import { z } from 'zod';
import { defineCommand } from '@core/client/plugin/contract';
import { handOver } from '@core/client/commands/panelHandlers';

/** Opens the rule dialog for the focused conversation: the Alerts panel (opened if needed) carries it out. */
export const newAlertRuleCommand = defineCommand({
  id: 'alerts.newRule',
  title: 'New alert rule',
  category: 'Alerts',
  keywords: ['create alert', 'alert config', 'notify'],
  when: 'conversationId',
  args: z.object({}).default({}),
  run: (ctx, args) => handOver(ctx, 'alerts.newRule', args, { openPanel: 'alerts.conversation' }),
});
