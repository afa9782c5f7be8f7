import type { Kysely } from 'kysely';
import type { PostStoreTables } from '@core/server/postStore/tables';
import { tablesOf, type Storage } from '@core/server/storage/database';
import type { CoreTables } from '@core/server/storage/tables';

/**
 * The alerts plugin's tables (migrations.ts). Timestamps are ISO text, JSON documents text, booleans 0/1.
 */

/**
 * The spec's conversation metric (id, conversation_id, narrative, platform, risk_category, timestamp, metric, value)
 * at the finest grain: one row per run, narrative, platform and risk category. `narrative` is the topic's rid, ''
 * for posts outside every narrative; `weight` is the bucket's post count, so risk_score aggregates as a weighted mean.
 */
export interface MetricRow {
  id: string;
  organization_id: string;
  conversation_id: string;
  run_id: string;
  narrative: string;
  platform: string;
  risk_category: string;
  /** The run's time: when it was queued (ISO). */
  timestamp: string;
  metric: string;
  value: number;
  weight: number;
  /**
   * post_count rows of a continuous conversation's run: the bucket's posts that were not in the conversation's
   * previous run (its 7-day window overlaps the previous one by 6 days; these are the posts new since). Null for
   * risk_score, one-off conversations and a continuous conversation's first run. Internal: the spec's conversation
   * metric has no such field, so the metrics call does not answer it; the unusual-change criterion judges it.
   */
  new_posts: number | null;
}

export interface ConfigRow {
  id: string;
  organization_id: string;
  name: string;
  alertable_type: string;
  alertable_id: string;
  /** JSON { criteria, webhook_url }. */
  config: string;
  enabled: number;
  /** JSON list of user ids, or null: the rule's creator. */
  recipients: string | null;
  webhook_secret: string;
  muted_until: string | null;
  created_by: string | null;
  /** Deleted rules stay for the audit and their fired alerts. */
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface FiredRow {
  id: string;
  organization_id: string;
  alert_config_id: string;
  conversation_id: string;
  run_id: string;
  /** JSON [{ email }]. */
  recipients: string;
  /** JSON { criteria, message, dag_run_id }. */
  details: string;
  run_at: string;
  created_at: string;
  updated_at: string;
}

/** One message to send: written with its fired alert, sent by the deliverer (server/delivery). */
export interface OutboxRow {
  id: string;
  organization_id: string;
  fired_alert_id: string;
  /** `<config>:<run>:<channel>:<target>`: unique, so a re-evaluated run cannot queue a message twice. */
  idempotency_key: string;
  channel: 'email' | 'webhook';
  target: string;
  payload: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_at: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
}

export interface NotificationRow {
  id: string;
  organization_id: string;
  user_id: string;
  fired_alert_id: string;
  read_at: string | null;
  created_at: string;
}

export interface RecipientSettingsRow { user_id: string; receive_alerts: number; updated_at: string }

export interface AlertsTables {
  alerts_metrics: MetricRow;
  alerts_configs: ConfigRow;
  alerts_fired: FiredRow;
  alerts_outbox: OutboxRow;
  alerts_notifications: NotificationRow;
  alerts_recipient_settings: RecipientSettingsRow;
}

export type Db = Kysely<CoreTables & PostStoreTables & AlertsTables>;
export const dbOf = (storage: Storage): Db => tablesOf<PostStoreTables & AlertsTables>(storage);
