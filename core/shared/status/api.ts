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

export const systemStatusSchema = z.object({
  version: z.string(),
  started_at: z.string(),
  uptime_seconds: z.number(),
  database: z.enum(['sqlite', 'postgres']),
  /** 'organization' (the caller's or the one asked for) or 'all' (a global admin's default). */
  scope: z.enum(['organization', 'all']),
  organization_id: z.string().nullable(),
  generated_at: z.string(),
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
