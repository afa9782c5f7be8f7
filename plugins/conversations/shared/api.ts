import { z } from 'zod';

/** One schema for both sides (spec part 1 sections 3 and 7): the server validates and answers with these, the
 * client parses with them. Routes are listed in README.md. */

export const LANGUAGES = ['en', 'es', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', es: 'Spanish', zh: 'Chinese' };

export const CONVERSATION_STATUSES = ['SUCCESS', 'RUNNING', 'FAILED', 'PENDING', 'CANCELLED'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** The spec's enrichment stages (part 1 section 4); core/server/pipeline/stages.ts holds the same list. */
export const ENRICHMENT_STAGES = ['PENDING', 'PARSE_URLS', 'DOMAIN', 'EXPAND_URLS', 'Core NLP', 'NARRATIVE'] as const;
export type EnrichmentStage = (typeof ENRICHMENT_STAGES)[number];

export const RUN_TYPES = ['STATIC_RUN', 'STATIC_MANUAL_RERUN', 'SCHEDULED_INITIAL_RUN', 'SCHEDULED_RUN', 'SCHEDULED_MANUAL_RERUN'] as const;
export type RunType = (typeof RUN_TYPES)[number];

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  organization_id: z.string(),
  created_at: z.string(),
  conversation_count: z.number().int().min(0),
});
export type Project = z.infer<typeof projectSchema>;
export const projectListSchema = z.array(projectSchema);

export const newProjectSchema = z.object({
  name: z.string().max(10_000).nullable().optional(),
  organization_id: z.string().max(100).nullable().optional(),
});
/** PUT takes the project's fields; only the name can change. */
export const editProjectSchema = newProjectSchema.extend({
  id: z.string().max(100).optional(),
  created_at: z.string().max(100).optional(),
  conversation_count: z.number().optional(),
});

export const idParamsSchema = z.object({ id: z.string().max(200) });

export const enrichmentStageEntrySchema = z.object({
  datacollector: z.string().nullable(),
  stage: z.enum(ENRICHMENT_STAGES),
});

export const topicsStatusSchema = z.object({
  status_code: z.number().int(),
  message: z.string(),
  /** Only in answers to admins (spec part 1 section 6). */
  admin_details: z.string().nullable().optional(),
});

export const conversationSchema = z.object({
  id: z.string(),
  name: z.string(),
  project_id: z.string(),
  query_string: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  threat_feed: z.boolean(),
  language: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  last_run: z.string().nullable(),
  created_at: z.string(),
  user_id: z.string(),
  suspended: z.boolean(),
  is_scaled: z.boolean(),
  is_org_nrms: z.boolean(),
  use_existing_data: z.boolean(),
  rerun: z.boolean(),
  enrichment_stages: z.array(enrichmentStageEntrySchema),
  topics_status: topicsStatusSchema.nullable(),
  DAG_step: z.number().int().min(1).max(5).nullable(),
  image_url: z.string().nullable(),
  description: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.array(conversationSchema);

export const conversationListQuerySchema = z.object({ project_id: z.string().max(200).optional() });

// Strings are only length-capped here: the handler checks them so that the answers carry the spec's messages.
const text = (max: number) => z.string().max(max).nullable().optional();

export const createConversationSchema = z.object({
  project_id: text(200),
  query_string: text(100_000),
  name: text(10_000),
  threat_feed: z.boolean().nullable().optional(),
  start_date: text(100),
  end_date: text(100),
  language: text(20),
  /** Organisation-wide NRMS conversation; needs CREATE_NRMS_CONVERSATION. */
  is_org_nrms: z.boolean().optional(),
  description: text(5_000),
});
export type CreateConversation = z.infer<typeof createConversationSchema>;

export const editConversationSchema = createConversationSchema.extend({
  rerun: z.boolean().nullable().optional(),
  use_existing_data: z.boolean().nullable().optional(),
  /** Pause (true) or resume the daily runs of a continuous conversation. Not in the spec's payload: our addition. */
  suspended: z.boolean().nullable().optional(),
});
export type EditConversation = z.infer<typeof editConversationSchema>;

export const nrmsQuerySchema = z.object({
  conversation_id: z.string().max(200).optional(),
  date_range: z.enum(['LAST_DAY', 'LAST_WEEK', 'LAST_MONTH']).optional(),
});
export const nrmsEnabledSchema = z.object({ enabled: z.boolean() });

export const organizationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Whether the organisation's Topic Radar setting is on (the picker then links to it). */
  topic_radar_enabled: z.boolean(),
});

export const previewRequestSchema = z.object({
  query_string: text(100_000),
  threat_feed: z.boolean().nullable().optional(),
  start_date: text(100),
  end_date: text(100),
});
export const previewSchema = z.object({
  /** False until a post store is installed: the counts are then zero, not a measurement. */
  available: z.boolean(),
  total: z.number().int().min(0),
  platforms: z.array(z.object({ platform: z.string(), count: z.number().int().min(0) })),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});
export type Preview = z.infer<typeof previewSchema>;

export const collectorUsageSchema = z.object({
  name: z.string(),
  collected_records: z.number(),
  record_limit: z.number().nullable(),
  source: z.string(),
  duration_ms: z.number(),
  failure: z.string().nullable(),
});

export const runSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  run_type: z.enum(RUN_TYPES),
  status: z.enum(CONVERSATION_STATUSES),
  DAG_step: z.number().int().min(1).max(5).nullable(),
  current_stage: z.string().nullable(),
  enrichment_stage: z.enum(ENRICHMENT_STAGES).nullable(),
  progress: z.number(),
  message: z.string().nullable(),
  /** Only in answers to admins; others see the message. */
  error: z.string().nullable().optional(),
  start_date: z.string(),
  end_date: z.string(),
  use_existing_data: z.boolean(),
  data_collectors: z.array(collectorUsageSchema),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ConversationRun = z.infer<typeof runSchema>;
export const runListSchema = z.array(runSchema);

export const deletedSchema = z.object({ id: z.string() });

export const PROJECTS_PATH = '/api/v2/project';
export const CONVERSATIONS_PATH = '/api/v2/conversations';
