import { z } from 'zod';
import { ALERTABLE_TYPES, CRITERION_KINDS, DIRECTIONS, METRICS, SENSITIVITIES, UNITS } from './vocabulary';

/** Paths of the alerts plugin's calls (the spec leaves their methods and paths unshown). */
export const ALERT_CONFIGS_PATH = '/api/v2/alerts/configs';
export const ALERT_CONFIG_PATH = '/api/v2/alerts/configs/:configId';
export const ALERT_PREVIEW_PATH = '/api/v2/alerts/preview';
export const ALERT_AUDIT_PATH = '/api/v2/alerts/audit';
export const NOTIFICATIONS_PATH = '/api/v2/alerts/notifications';
export const NOTIFICATION_READ_PATH = '/api/v2/alerts/notifications/:notificationId/read';
export const RECIPIENT_SETTINGS_PATH = '/api/v2/alerts/recipients/me';
export const CONVERSATION_METRICS_PATH = '/api/v2/conversations/:id/metrics';
export const CONVERSATION_FIRED_PATH = '/api/v2/conversations/:id/alerts';

/** One criterion of a rule (spec: metric, unit, direction, threshold, actual, platform, risk_categories; plus ours). */
export const criterionSchema = z.object({
  metric: z.enum(METRICS),
  unit: z.enum(UNITS),
  direction: z.enum(DIRECTIONS),
  threshold: z.number(),
  /** The value the run measured; filled in a fired alert's details. */
  actual: z.number().nullable().optional(),
  platform: z.array(z.string()).nullable().optional(),
  risk_categories: z.array(z.string()).nullable().optional(),
  kind: z.enum(CRITERION_KINDS).optional(),
  sensitivity: z.enum(SENSITIVITIES).optional(),
});
export type Criterion = z.infer<typeof criterionSchema>;

export const alertConfigBodySchema = z.object({
  criteria: z.array(criterionSchema),
  /** Optional: fired alerts are also POSTed here as JSON signed with the rule's webhook secret. */
  webhook_url: z.string().nullable().optional(),
});

export const alertConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  alertable_type: z.enum(ALERTABLE_TYPES),
  alertable_id: z.string(),
  config: alertConfigBodySchema,
  enabled: z.boolean(),
  recipients: z.array(z.string()).nullable(),
  /**
   * The HMAC-SHA256 key of the webhook's X-Narrascope-Signature: shown only to whoever may change rules
   * (CREATE_CONVERSATION), null to other readers (with it they could forge signed alerts to the receiver).
   */
  webhook_secret: z.string().nullable(),
  muted_until: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlertConfig = z.infer<typeof alertConfigSchema>;
export const alertConfigListSchema = z.array(alertConfigSchema);

/**
 * Create/update body: checked by shared/validation.ts so every problem has its own message (a 400 carries the first
 * as its message and all in metadata.errors). Declared loosely here for the OpenAPI document.
 */
export const alertConfigInputSchema = z.unknown();

export const alertConfigsQuerySchema = z.object({ conversation_id: z.string().optional() });
export const muteBodySchema = z.object({ muted_until: z.string().datetime().nullable() });

/** Why an unusual change fired: the model, what it expected from the history and how unlikely the value was. */
export const unusualExplanationSchema = z.object({
  /**
   * previous_run: expected = the previous run's value + the usual change between runs (server/firing/unusualChange.ts);
   * change_point: a continuous conversation's new posts against Bayesian change points (server/firing/changePoints.ts).
   */
  model: z.enum(['poisson', 'negative_binomial', 'previous_run', 'change_point']),
  history_points: z.number(),
  expected: z.number(),
  /** The negative binomial's size (null for the other models). */
  dispersion: z.number().nullable(),
  /** previous_run: the standard deviation of the change between runs (absent for the other models). */
  change_sd: z.number().nullable().optional(),
  observed: z.number(),
  tail_probability: z.number(),
  cutoff: z.number(),
  /**
   * What was judged: `value` = the metric's value at each run (the criterion's `actual`); `new_posts` = a continuous
   * conversation's posts new since the previous run (its runs' 7-day windows overlap, so `actual`, the window's
   * total, moves little when a day surges): `observed`, `expected` and `history_points` are then of new posts.
   * Absent on firings stored before it existed (= value).
   */
  basis: z.enum(['value', 'new_posts']).optional(),
  /**
   * basis new_posts: the days since the previous run (capped at the 7-day window); `expected` is the history's
   * posts per day times these days. Absent on firings stored before it existed.
   */
  period_days: z.number().optional(),
  /** change_point: the most probable length, in runs, of the current level (0: a new level starting at this run). */
  segment_runs: z.number().optional(),
  /** change_point: that level's posts per day. */
  segment_rate: z.number().optional(),
  /** change_point: the history's median posts per day, where a new level starts. */
  median_rate: z.number().optional(),
});
export type UnusualExplanation = z.infer<typeof unusualExplanationSchema>;

/**
 * change_point: the level the new posts were expected from, as the message and the audit page word it
 * ('level over the last 9 runs: 101.2/day; history median: 98/day').
 */
export function levelText(e: Pick<UnusualExplanation, 'segment_runs' | 'segment_rate' | 'median_rate'>): string {
  if (e.segment_runs === undefined || e.segment_rate === undefined || e.median_rate === undefined) return '';
  const level = e.segment_runs === 0 ? 'a new level' : `level over the last ${e.segment_runs} run${e.segment_runs === 1 ? '' : 's'}: ${e.segment_rate.toFixed(1)}/day`;
  return `${level}; history median: ${e.median_rate.toFixed(1)}/day`;
}

/** The period new posts were judged over, as the fired message and the audit page word it (' in 0.96 days'). */
export const periodText = (days: number | undefined) => (days === undefined ? '' : ` in ${days} day${days === 1 ? '' : 's'}`);

/** One criterion's judgement at one run. */
export const criterionOutcomeSchema = criterionSchema.extend({
  previous: z.number().nullable(),
  change: z.number().nullable(),
  fired: z.boolean(),
  /** Flagged at this run as at the previous one: the same episode, already told (not fired again). */
  continuing: z.boolean().optional(),
  explanation: unusualExplanationSchema.nullable(),
});
export type CriterionOutcome = z.infer<typeof criterionOutcomeSchema>;

export const firedAlertSchema = z.object({
  id: z.string(),
  alert_config_id: z.string(),
  alert_name: z.string(),
  conversation_id: z.string(),
  recipients: z.array(z.object({ email: z.string() })),
  details: z.object({ criteria: z.array(criterionOutcomeSchema), message: z.string(), dag_run_id: z.string() }),
  run_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  deliveries: z.array(z.object({ channel: z.string(), target: z.string(), status: z.string(), attempts: z.number(), sent_at: z.string().nullable() })),
});
export type FiredAlert = z.infer<typeof firedAlertSchema>;
export const firedAlertListSchema = z.array(firedAlertSchema);

export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  /** Filters: one rule, one conversation, fired at or after `since` and before `until` (ISO date-times). */
  alert_config_id: z.string().max(100).optional(),
  conversation_id: z.string().max(100).optional(),
  since: z.string().datetime({ offset: true }).optional(),
  until: z.string().datetime({ offset: true }).optional(),
});
/** What the audit page sends (z.coerce's input type is unknown, so spelled out). */
export type AuditQuery = { limit: number; offset: number } & Partial<Record<'alert_config_id' | 'conversation_id' | 'since' | 'until', string>>;

/** An alert audit row: the fired alert plus its conversation's name (null when deleted or unknown). */
export const auditEntrySchema = firedAlertSchema.extend({ conversation_name: z.string().nullable() });
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.array(auditEntrySchema);

/** Metrics call: the same filters a criterion has, plus narratives. Lists are comma-separated. */
export const metricsQuerySchema = z.object({
  metric: z.enum(METRICS).default('post_count'),
  platform: z.string().optional(),
  risk_categories: z.string().optional(),
  narrative: z.string().optional(),
  group_by: z.enum(['none', 'platform', 'risk_category', 'narrative']).default('none'),
});
export const metricSeriesSchema = z.object({
  metric: z.enum(METRICS),
  series: z.array(z.object({
    key: z.string(),
    points: z.array(z.object({ timestamp: z.string(), dag_run_id: z.string(), value: z.number() })),
  })),
  narratives: z.array(z.string()),
  platforms: z.array(z.string()),
  risk_categories: z.array(z.string()),
});
export type MetricSeries = z.infer<typeof metricSeriesSchema>;

export const previewBodySchema = z.object({ alertable_id: z.string(), config: z.unknown() });
export const previewSchema = z.object({
  points: z.number(),
  /** Each criterion's series (same order as the criteria): what the preview chart draws under the firings. */
  series: z.array(z.object({ points: z.array(z.object({ timestamp: z.string(), dag_run_id: z.string(), value: z.number() })) })),
  firings: z.array(z.object({ timestamp: z.string(), dag_run_id: z.string(), criteria: z.array(criterionOutcomeSchema), message: z.string() })),
});

export const notificationSchema = z.object({
  id: z.string(),
  fired_alert_id: z.string(),
  conversation_id: z.string(),
  title: z.string(),
  message: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({ unread: z.number(), items: z.array(notificationSchema) });
export const recipientSettingsSchema = z.object({ receive_alerts: z.boolean() });
export type Preview = z.infer<typeof previewSchema>;
