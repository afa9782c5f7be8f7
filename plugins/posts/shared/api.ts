import { z } from 'zod';
import { dataSourceSchema, RECORD_LIMIT_MAX, RECORD_LIMIT_MIN } from './dataSources';

export const STATS_PATH = '/api/v2/posts/stats';
export const DATA_SOURCES_PATH = '/api/v2/posts/data-sources';

/** What the organisation's post store holds. */
export const corpusStatsSchema = z.object({
  total_posts: z.number().int().min(0),
  total_actors: z.number().int().min(0),
  first_published_at: z.string().nullable(),
  last_published_at: z.string().nullable(),
  platforms: z.array(z.object({ platform: z.string(), label: z.string(), group: z.string().nullable(), count: z.number().int() })),
  languages: z.array(z.object({ language: z.string().nullable(), count: z.number().int() })),
  sources: z.array(z.object({ source: z.string(), count: z.number().int() })),
});
export type CorpusStats = z.infer<typeof corpusStatsSchema>;

export const dataSourceListSchema = z.array(dataSourceSchema);

export const RECORD_LIMIT_MESSAGE = `record_limit must be an integer from ${RECORD_LIMIT_MIN} to ${RECORD_LIMIT_MAX}, or null for no limit`;

export const dataSourceParamsSchema = z.object({ id: z.string().uuid() });
export const dataSourceUpdateSchema = z.object({
  record_limit: z.number({ error: RECORD_LIMIT_MESSAGE }).int({ error: RECORD_LIMIT_MESSAGE })
    .min(RECORD_LIMIT_MIN, { error: RECORD_LIMIT_MESSAGE }).max(RECORD_LIMIT_MAX, { error: RECORD_LIMIT_MESSAGE }).nullable().optional(),
  enabled: z.boolean().optional(),
  /** Collector settings (base_url, channels, boards, feeds ...), replacing the stored ones. */
  settings: z.record(z.string(), z.unknown()).optional(),
}).strict().refine((v) => v.record_limit !== undefined || v.enabled !== undefined || v.settings !== undefined, { error: 'give record_limit, enabled or settings' });
