import { z } from 'zod';
import { ApiError, apiGet, apiMutate } from '@core/client/api/client';
import { defineCommand, type CommandContext } from '@core/client/plugin/contract';
import { apiKey, navigationKey, notificationsKey } from '@core/client/services/keys';
import { ALERT_CONFIGS_PATH, alertConfigListSchema, alertConfigSchema } from '../shared/api';

/** A mute lasts a day unless a caller says otherwise (at most 30 days: a longer silence is a disabled rule). */
export const DEFAULT_MUTE_HOURS = 24;
const hoursSchema = z.number().int().min(1).max(24 * 30).default(DEFAULT_MUTE_HOURS);

const untilText = (iso: string) => `${new Date(iso).toLocaleString('en-GB', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;

function tell(ctx: CommandContext, message: string, intent: 'success' | 'error' | 'info') {
  if (ctx.services.has(notificationsKey)) ctx.services.get(notificationsKey).notify(message, intent);
}

/** Sets muted_until on each rule (null unmutes); the server's refusal (e.g. no CREATE_CONVERSATION) is told as is. */
async function setMute(ctx: CommandContext, ids: readonly string[], mutedUntil: string | null): Promise<boolean> {
  try {
    for (const id of ids) {
      await apiMutate('PUT', `${ALERT_CONFIGS_PATH}/${encodeURIComponent(id)}/mute`, { body: { muted_until: mutedUntil }, schema: alertConfigSchema });
    }
  } catch (error) {
    // apiMutate's message is generic ('error completing action'); the server's own reason is in the metadata.
    const reason = error instanceof ApiError ? error.metadata?.errors[0] : undefined;
    tell(ctx, reason ?? (error as Error).message, 'error');
    return false;
  } finally {
    await ctx.services.get(apiKey).queryClient.invalidateQueries({ queryKey: ['alerts'] });
  }
  return true;
}

const rulesOf = async (conversationId: string) =>
  (await apiGet(ALERT_CONFIGS_PATH, { query: { conversation_id: conversationId }, schema: alertConfigListSchema })) ?? [];

const plural = (n: number) => (n === 1 ? '1 alert rule' : `${n} alert rules`);

/** Silences every rule of the focused conversation for a while (they still evaluate; nothing fires until then). */
export const muteConversationAlertsCommand = defineCommand({
  id: 'alerts.muteConversation',
  title: 'Mute alerts of this conversation for 24 hours',
  category: 'Alerts',
  keywords: ['silence', 'snooze', 'alert rules', 'quiet'],
  when: 'conversationId',
  args: z.object({ hours: hoursSchema }).default({ hours: DEFAULT_MUTE_HOURS }),
  run: async (ctx, { hours }) => {
    const rules = await rulesOf(ctx.conversationId!);
    if (rules.length === 0) return tell(ctx, 'This conversation has no alert rules to mute', 'info');
    const until = new Date(Date.now() + hours * 3_600_000).toISOString();
    if (await setMute(ctx, rules.map((r) => r.id), until)) tell(ctx, `Muted ${plural(rules.length)} of this conversation until ${untilText(until)}`, 'success');
  },
});

export const unmuteConversationAlertsCommand = defineCommand({
  id: 'alerts.unmuteConversation',
  title: 'Unmute alerts of this conversation',
  category: 'Alerts',
  keywords: ['resume', 'alert rules'],
  when: 'conversationId',
  run: async (ctx) => {
    const muted = (await rulesOf(ctx.conversationId!)).filter((r) => r.muted_until && r.muted_until > new Date().toISOString());
    if (muted.length === 0) return tell(ctx, 'No alert rule of this conversation is muted', 'info');
    if (await setMute(ctx, muted.map((r) => r.id), null)) tell(ctx, `Unmuted ${plural(muted.length)} of this conversation`, 'success');
  },
});

/** One rule, by id (the Alerts panel's Mute button; keybindings cannot carry the id, so it is not in the palette). */
export const muteRuleCommand = defineCommand({
  id: 'alerts.muteRule',
  title: 'Mute alert rule',
  category: 'Alerts',
  args: z.object({ configId: z.string().min(1), hours: hoursSchema }),
  run: async (ctx, { configId, hours }) => {
    const until = new Date(Date.now() + hours * 3_600_000).toISOString();
    if (await setMute(ctx, [configId], until)) tell(ctx, `Alert rule muted until ${untilText(until)}`, 'success');
  },
});

/** The fired alerts: the conversation's Alerts tab in a conversation, else the organisation's alert audit. */
export const openFiredAlertsCommand = defineCommand({
  id: 'alerts.openFired',
  title: 'Open fired alerts',
  category: 'Alerts',
  keywords: ['alert audit', 'alerts tab', 'notifications', 'history'],
  run: (ctx) => ctx.services.get(navigationKey).navigate(ctx.conversationId
    ? `/conversations/${encodeURIComponent(ctx.conversationId)}/alerts` : '/myOrganization/alertAudit'),
});
