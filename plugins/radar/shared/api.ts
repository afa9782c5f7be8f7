import { z } from 'zod';
import { THEME_ORDER } from './themes';

/** Stage id (permanent): later stages (topics, alerts metrics) may depend on it. */
export const RADAR_STAGE_ID = 'radar.themes';
/** Stage id (permanent): narrative (topic) volumes per hour, after the topics stage. */
export const NARRATIVE_VOLUMES_STAGE_ID = 'radar.narratives';

export const RADAR_PATH = '/api/v2/radar';
export const ASSESSMENTS_PATH = `${RADAR_PATH}/assessments`;
export const SETTINGS_PATH = `${RADAR_PATH}/settings`;
export const NOTICES_PATH = `${RADAR_PATH}/notices`;
export const EMERGING_NARRATIVES_PATH = `${RADAR_PATH}/emerging_narratives`;

/** Topic Radar range (spec part 2 section 4); LAST_WEEK is the default. */
export const DATE_RANGES = ['LAST_DAY', 'LAST_WEEK', 'LAST_MONTH'] as const;
export type DateRange = (typeof DATE_RANGES)[number];
export const DEFAULT_DATE_RANGE: DateRange = 'LAST_WEEK';
export const DATE_RANGE_LABELS: Readonly<Record<DateRange, string>> = { LAST_DAY: 'Past Day', LAST_WEEK: 'Past Week', LAST_MONTH: 'Past Month' };

export const RADAR_MESSAGES = {
  notEnabled: 'Topic Radar is not enabled for this organization',
  dateRange: 'date_range is one of LAST_DAY, LAST_WEEK, LAST_MONTH',
} as const;

export const assessmentsQuerySchema = z.object({
  /** A conversation's Risk Radar tab; without it, the organisation's Topic Radar home (every live conversation). */
  conversation_id: z.string().min(1).max(200).optional(),
  date_range: z.enum(DATE_RANGES, { message: RADAR_MESSAGES.dateRange }).default(DEFAULT_DATE_RANGE),
});

export const volumePointSchema = z.object({ date: z.string(), volume: z.number().int() });

export const representativePostSchema = z.object({
  id: z.number().int(),
  /** A conversation whose latest run holds the post (its statistics are read through it). */
  conversation_id: z.string(),
  platform: z.string(),
  rid: z.string(),
  title: z.string().nullable(),
  body: z.string(),
  published_at: z.string(),
  source_url: z.string().nullable(),
  author: z.string().nullable(),
  score: z.number(),
});
export type RepresentativePost = z.infer<typeof representativePostSchema>;

/** A burst of a theme's volume (emerging narrative): its evidence. */
export const emergingSchema = z.object({
  since: z.string(),
  baseline_per_hour: z.number(),
  current_per_hour: z.number(),
  first_post_ids: z.array(z.number().int()),
});
export type Emerging = z.infer<typeof emergingSchema>;

/** The spec's narrative risk assessment (part 2 section 3) of one theme over a conversation (or the organisation). */
export const assessmentSchema = z.object({
  id: z.string(),
  conversation_id: z.string().nullable(),
  theme_name: z.enum(THEME_ORDER as unknown as [string, ...string[]]),
  label: z.string(),
  /** Daily volumes over the date range (hourly for LAST_DAY), oldest first, zero-filled. */
  volume_history: z.array(volumePointSchema),
  /** Share (0-100) of the posts of the last 24 hours that are about the theme. */
  volume_percentage: z.number(),
  /** The theme's posts of the last 24 hours. */
  volume_raw: z.number().int(),
  volume_raw_date_range: z.number().int(),
  total_posts_date_range: z.number().int(),
  representative_posts: z.array(representativePostSchema),
  theme_summary: z.string().nullable(),
  emerging: emergingSchema.nullable(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const assessmentsSchema = z.object({
  conversation_id: z.string().nullable(),
  date_range: z.enum(DATE_RANGES),
  /** The window, ending at the newest post (a conversation that stopped collecting is shown as of its last post). */
  start: z.string().nullable(),
  end: z.string().nullable(),
  total_posts_date_range: z.number().int(),
  total_posts_last_24h: z.number().int(),
  themes: z.array(assessmentSchema),
});
export type Assessments = z.infer<typeof assessmentsSchema>;

/** The organisation's Topic Radar setting: on when at least one theme is enabled. */
export const radarSettingsSchema = z.object({
  organization_id: z.string(),
  enabled: z.boolean(),
  themes: z.array(z.string()),
  /** Whether the caller may change it (core's organisation call: global admins, organisation admins with UPDATE_ORGANIZATION). */
  can_edit: z.boolean(),
});
export type RadarSettings = z.infer<typeof radarSettingsSchema>;
/** Core's organisation call, which stores the setting (`PUT /api/v2/organization/{id}` with `themes`). */
export const organizationPath = (organizationId: string) => `/api/v2/organization/${encodeURIComponent(organizationId)}`;

export const noticesQuerySchema = z.object({ conversation_id: z.string().min(1).max(200) });
/**
 * Conversation notices for the header: posts with threatening language, and posts linking state media or government
 * domains. The last two need the domain list of the URLs plugin (an optional service): null while none is installed.
 */
export const noticesSchema = z.object({
  threat_count: z.number().int().nullable(),
  state_media_count: z.number().int().nullable(),
  government_count: z.number().int().nullable(),
});
export type Notices = z.infer<typeof noticesSchema>;

export const emergingNarrativesQuerySchema = z.object({ conversation_id: z.string().min(1).max(200) });

/** A narrative (topic) of the conversation's latest run whose volume bursts now, with the evidence. */
export const emergingNarrativeSchema = z.object({
  /** The topic's rid (the topics call's topic rid and narrative id). */
  topic: z.string(),
  /** Its posts over the 30 days the detector reads. */
  posts: z.number().int(),
  emerging: emergingSchema,
});
export type EmergingNarrative = z.infer<typeof emergingNarrativeSchema>;
export const emergingNarrativesSchema = z.object({
  conversation_id: z.string(),
  /** Emerging narratives, the burst's rate over its baseline highest first. */
  narratives: z.array(emergingNarrativeSchema),
});
export type EmergingNarratives = z.infer<typeof emergingNarrativesSchema>;
