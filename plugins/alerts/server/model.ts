import type { AlertConfig, Criterion, FiredAlert } from '../shared/api';
import type { ConfigRow, FiredRow, OutboxRow } from './tables';

export interface StoredRuleConfig { criteria: Criterion[]; webhook_url: string | null }

export const ruleConfigOf = (row: ConfigRow): StoredRuleConfig => JSON.parse(row.config) as StoredRuleConfig;

/** The rule as the API answers it; `showSecret`: the caller may change rules, so may see the webhook's key. */
export function toAlertConfig(row: ConfigRow, showSecret: boolean): AlertConfig {
  return {
    id: row.id, name: row.name, alertable_type: 'conversation', alertable_id: row.alertable_id, config: ruleConfigOf(row),
    enabled: row.enabled === 1, recipients: row.recipients === null ? null : (JSON.parse(row.recipients) as string[]),
    webhook_secret: showSecret ? row.webhook_secret : null, muted_until: row.muted_until, created_by: row.created_by,
    created_at: row.created_at, updated_at: row.updated_at,
  };
}

export function toFiredAlert(row: FiredRow, name: string, outbox: readonly OutboxRow[]): FiredAlert {
  return {
    id: row.id, alert_config_id: row.alert_config_id, alert_name: name, conversation_id: row.conversation_id,
    recipients: JSON.parse(row.recipients) as FiredAlert['recipients'], details: JSON.parse(row.details) as FiredAlert['details'],
    run_at: row.run_at, created_at: row.created_at, updated_at: row.updated_at,
    deliveries: outbox.filter((o) => o.fired_alert_id === row.id)
      .map((o) => ({ channel: o.channel, target: o.target, status: o.status, attempts: Number(o.attempts), sent_at: o.sent_at })),
  };
}
