import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { apiGet } from '@core/client/api/client';
import type { PanelProps } from '@core/client/plugin/contract';
import NotificationsSection from './NotificationsSection';
import { usePanelCommand } from '@core/client/commands/usePanelCommand';
import RuleDialog from './RuleDialog';
import { newAlertRuleCommand } from './commands';
import { describeCriterion } from './describeCriterion';
import { muteRuleCommand } from './muteCommands';
import { useWorkbench } from '@core/client/app/hostContext';
import { ALERT_CONFIGS_PATH, alertConfigListSchema, firedAlertListSchema, type AlertConfig } from '../shared/api';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalM, overflow: 'auto' },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'baseline', flexWrap: 'wrap' },
});

export const rulesQueryKey = (conversationId: string) => ['alerts', 'configs', conversationId] as const;
export const firedQueryKey = (conversationId: string) => ['alerts', 'fired', conversationId] as const;

const isMuted = (rule: AlertConfig) => !!rule.muted_until && rule.muted_until > new Date().toISOString();

function ruleState(rule: AlertConfig): string {
  if (!rule.enabled) return 'Disabled';
  if (isMuted(rule)) return `Muted until ${new Date(rule.muted_until!).toLocaleString()}`;
  return 'Active';
}

/** The conversation's alert rules and fired alerts (newest first), read-only; text is rendered as text. */
export default function ConversationAlertsPanel({ conversationId, paneId }: PanelProps<Record<string, never>>) {
  const styles = useStyles();
  // null: closed; 'new': a new rule; otherwise the rule being edited.
  const [editing, setEditing] = useState<AlertConfig | 'new' | null>(null);
  const { commands } = useWorkbench();
  usePanelCommand(newAlertRuleCommand, paneId, () => setEditing('new'));
  const rules = useQuery({
    queryKey: rulesQueryKey(conversationId ?? ''), enabled: !!conversationId,
    queryFn: () => apiGet(ALERT_CONFIGS_PATH, { query: { conversation_id: conversationId }, schema: alertConfigListSchema }),
  });
  const fired = useQuery({
    queryKey: firedQueryKey(conversationId ?? ''), enabled: !!conversationId,
    queryFn: () => apiGet(`/api/v2/conversations/${encodeURIComponent(conversationId ?? '')}/alerts`, { schema: firedAlertListSchema }),
  });
  if (!conversationId) return <Text>Open a conversation to see its alerts.</Text>;
  return (
    <div className={styles.root}>
      <NotificationsSection />
      <section aria-label="Alert rules">
        <div className={styles.row}>
          <Text weight="semibold">Alert rules</Text>
          <Button size="small" onClick={() => setEditing('new')}>New alert rule</Button>
        </div>
        {editing && (
          <RuleDialog key={editing === 'new' ? 'new' : editing.id} open conversationId={conversationId}
            rule={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
        )}
        {rules.isLoading && <Text>Loading alert rules…</Text>}
        {rules.isError && <Text role="alert">{(rules.error as Error).message}</Text>}
        {rules.data && rules.data.length === 0 && <Text>No alert rules on this conversation yet.</Text>}
        <ul className={styles.list}>
          {rules.data?.map((rule) => (
            <li key={rule.id}>
              <div className={styles.row}><Text weight="semibold">{rule.name}</Text><Badge appearance="outline">{ruleState(rule)}</Badge>
                <Button size="small" aria-label={`Edit ${rule.name}`} onClick={() => setEditing(rule)}>Edit</Button>
                {rule.enabled && !isMuted(rule) && (
                  <Button size="small" aria-label={`Mute ${rule.name} for 24 hours`}
                    onClick={() => void commands.execute(muteRuleCommand, { configId: rule.id, hours: 24 })}>Mute 24 h</Button>
                )}</div>
              <Text size={200}>{rule.config.criteria.map(describeCriterion).join('; or ')}</Text>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Fired alerts">
        <Text weight="semibold">Fired alerts</Text>
        {fired.isLoading && <Text>Loading fired alerts…</Text>}
        {fired.isError && <Text role="alert">{(fired.error as Error).message}</Text>}
        {fired.data && fired.data.length === 0 && <Text>No alert has fired on this conversation.</Text>}
        <ul className={styles.list}>
          {fired.data?.map((alert) => (
            <li key={alert.id}>
              <div className={styles.row}>
                <Text weight="semibold">{alert.alert_name}</Text>
                <Text size={200}>{new Date(alert.run_at).toLocaleString()}</Text>
              </div>
              <Text size={200}>{alert.details.message}</Text>
              <Text size={200}>
                {alert.deliveries.length === 0 ? 'No e-mail or webhook' : alert.deliveries.map((d) => `${d.channel} ${d.target}: ${d.status}`).join(' · ')}
              </Text>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
