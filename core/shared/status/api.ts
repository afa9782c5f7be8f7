import { z } from 'zod';

/** GET /api/v2/system/status (permission VIEW_SYSTEM_STATUS_DATA): one schema for the server and the page. */
export const SYSTEM_STATUS_PATH = '/api/v2/system/status';

export const systemStatusQuerySchema = z.object({
  /** Global admins only: narrow the pipeline figures to one organisation (they see all by default). */
  organization_id: z.string().max(100).optional(),
});

const runSummarySchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  conversation_id: z.string(),
  /** The conversation's name (null once deleted, or without the conversations plugin). */
  conversation_name: z.string().nullable(),
  run_type: z.string(),
  status: z.string(),
  dag_step: z.number().nullable(),
  current_stage: z.string().nullable(),
  progress: z.number(),
  attempts: z.number(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  heartbeat_at: z.string().nullable(),
});

const failureSchema = z.object({
  run_id: z.string(),
  organization_id: z.string(),
  conversation_id: z.string(),
  conversation_name: z.string().nullable(),
  run_type: z.string(),
  /** The stage that failed (its stage row), else the stage the run was in. */
  stage_id: z.string().nullable(),
  /** The run's error text: global and organisation admins only (null for others), like a conversation's admin_details. */
  error: z.string().nullable(),
  finished_at: z.string().nullable(),
});

const stageDurationSchema = z.object({
  stage_id: z.string(),
  /** Successful stage runs finished in the window. */
  runs: z.number().int(),
  median_ms: z.number(),
  max_ms: z.number(),
});

/** The spec's utilisation: one data collector's collected entities (records) and queries (runs it served). */
const collectorUtilisationSchema = z.object({
  datacollector: z.string(),
  total_entities: z.number().int(),
  total_queries: z.number().int(),
});

/** The spec's system metrics (of the status's scope). */
const systemMetricsSchema = z.object({
  /** Stored posts. */
  record_count: z.number().int(),
  /** Conversations with at least one run. */
  total_conversations: z.number().int(),
  /** Active users. */
  users: z.number().int(),
  dag_runs: z.number().int(),
  collector_utilisations: z.array(collectorUtilisationSchema),
});

/** The spec's versions object: backend, commit, language runtime and the analysis services' (pipeline stages') versions. */
const versionsSchema = z.object({
  backend: z.string(),
  /** Null when the server runs outside a git checkout and NARRASCOPE_COMMIT is unset. */
  commit: z.string().nullable(),
  language_runtime: z.string(),
  analysis_services: z.record(z.string(), z.number().int()),
});

export const systemStatusSchema = z.object({
  version: z.string(),
  started_at: z.string(),
  uptime_seconds: z.number(),
  database: z.enum(['sqlite', 'postgres']),
  /** 'organization' (the caller's or the one asked for) or 'all' (a global admin's default). */
  scope: z.enum(['organization', 'all']),
  organization_id: z.string().nullable(),
  generated_at: z.string(),
  versions: versionsSchema,
  system_metrics: systemMetricsSchema,
  pipeline: z.object({
    runs_by_status: z.record(z.string(), z.number().int()),
    queued: z.array(runSummarySchema),
    running: z.array(runSummarySchema),
    recent_failures: z.array(failureSchema),
    /** Over the 24 hours before `generated_at`. */
    stage_durations: z.array(stageDurationSchema),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;
export type RunSummary = z.infer<typeof runSummarySchema>;
export type CollectorUtilisation = z.infer<typeof collectorUtilisationSchema>;
export type SystemMetrics = z.infer<typeof systemMetricsSchema>;
export type Versions = z.infer<typeof versionsSchema>;

/** Prometheus text exposition of the same figures; authenticated by an API key (VIEW_SYSTEM_STATUS_DATA). */
export const PROMETHEUS_METRICS_PATH = '/metrics';
