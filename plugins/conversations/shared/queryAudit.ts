import { z } from 'zod';
import { CONVERSATION_STATUSES, RUN_TYPES } from './api';

/** GET /api/v2/query_audit (permission QUERY_AUDIT): one finished run per entry, newest first. */
export const QUERY_AUDIT_PATH = '/api/v2/query_audit';

export const queryAuditQuerySchema = z.object({
  /** -1 means no limit (spec part 1 section 3). */
  limit: z.coerce.number().int().min(-1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  conversation_id: z.string().max(200).optional(),
  status: z.enum(CONVERSATION_STATUSES).optional(),
  /** Global admins only: another organisation's entries. */
  organization_id: z.string().max(100).optional(),
});
/** What a client sends (every parameter optional; the server fills the defaults). */
export type QueryAuditQuery = Partial<z.output<typeof queryAuditQuerySchema>>;

export const dataCollectorUsageSchema = z.object({
  name: z.string(),
  collected_records: z.number(),
  record_limit: z.number().nullable(),
  source: z.string(),
});

export const datacollectorFailureSchema = z.object({ name: z.string(), message: z.string().nullable() });

/** The spec's query audit entry (part 2 "Audit and system data"), plus our id, user_id and organization_id. */
export const queryAuditEntrySchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  created_at: z.string(),
  user_id: z.string().nullable(),
  /** The e-mail of who queued the run (or of the conversation's owner). */
  user: z.string().nullable(),
  organization: z.string(),
  query_string: z.string(),
  /** The run's status: SUCCESS, FAILED or CANCELLED. */
  status: z.string(),
  /** The last pipeline stage the run reached ('queued' when it never started). */
  state: z.string(),
  threat_feed: z.boolean(),
  /** Seconds from start to finish. */
  query_duration: z.number().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  last_run: z.string().nullable(),
  data_collectors: z.array(dataCollectorUsageSchema),
  conversation_id: z.string(),
  conversation_name: z.string(),
  project_name: z.string(),
  coordination_detected: z.boolean(),
  datacollector_failures: z.array(datacollectorFailureSchema),
  conversation_run_type: z.enum(RUN_TYPES).or(z.string()),
});
export type QueryAuditEntry = z.infer<typeof queryAuditEntrySchema>;
