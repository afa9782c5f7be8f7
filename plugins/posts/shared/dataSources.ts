import { z } from 'zod';

/** Spec part 1 section 3 / part 2 section 5: record_limit is an integer 1 to 20000, default 100, or null. */
export const RECORD_LIMIT_MIN = 1;
export const RECORD_LIMIT_MAX = 20000;
export const DEFAULT_RECORD_LIMIT = 100;

export const recordLimitSchema = z.number().int().min(RECORD_LIMIT_MIN).max(RECORD_LIMIT_MAX).nullable();

/** The spec's Data source entity: id, name, record_limit, source, enabled, editable. */
export const dataSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  record_limit: recordLimitSchema,
  source: z.string(),
  enabled: z.boolean(),
  editable: z.boolean(),
});
export type DataSource = z.infer<typeof dataSourceSchema>;

/** The spec's collector usage entry of a run: name, collected_records, record_limit, source (plus our status). */
export const collectorUsageSchema = z.object({
  name: z.string(),
  collected_records: z.number().int().min(0),
  record_limit: z.number().int().nullable(),
  source: z.string(),
  status: z.enum(['SUCCESS', 'FAILED']),
  failure: z.string().nullable(),
});
export type CollectorUsage = z.infer<typeof collectorUsageSchema>;

/** Built-in data sources: fixed ids so every installation answers the same ones. */
export const BUILTIN_DATA_SOURCES = [
  { id: '7f3c2a10-5e1b-4c6d-9a01-000000000001', name: 'Local archive', source: 'local', record_limit: null, enabled: true,
    settings: {} },
  { id: '7f3c2a10-5e1b-4c6d-9a01-000000000002', name: 'Bluesky', source: 'bluesky', record_limit: DEFAULT_RECORD_LIMIT, enabled: false,
    settings: { base_url: 'https://public.api.bsky.app' } },
  { id: '7f3c2a10-5e1b-4c6d-9a01-000000000003', name: 'Telegram public channels', source: 'telegram', record_limit: DEFAULT_RECORD_LIMIT,
    enabled: false, settings: { base_url: 'https://t.me', channels: [] } },
  { id: '7f3c2a10-5e1b-4c6d-9a01-000000000004', name: '4chan', source: 'fourchan', record_limit: DEFAULT_RECORD_LIMIT, enabled: false,
    settings: { base_url: 'https://a.4cdn.org', boards: ['pol'] } },
  { id: '7f3c2a10-5e1b-4c6d-9a01-000000000005', name: 'Reddit', source: 'reddit', record_limit: DEFAULT_RECORD_LIMIT, enabled: false,
    settings: { base_url: 'https://www.reddit.com' } },
  { id: '7f3c2a10-5e1b-4c6d-9a01-000000000006', name: 'Mastodon', source: 'mastodon', record_limit: DEFAULT_RECORD_LIMIT, enabled: false,
    settings: { base_url: 'https://mastodon.social' } },
  { id: '7f3c2a10-5e1b-4c6d-9a01-000000000007', name: 'RSS and Atom feeds', source: 'rss', record_limit: DEFAULT_RECORD_LIMIT, enabled: false,
    settings: { feeds: [] } },
] as const;

export const LOCAL_ARCHIVE_ID = BUILTIN_DATA_SOURCES[0].id;

/**
 * A data source as the caller's organisation sees it: `enabled` and `record_limit` are what its runs use.
 * `available`: switched on for the installation by a global admin (an organisation cannot use it otherwise);
 * `customized`: the organisation made its own choice (otherwise it follows the installation).
 */
export const organizationDataSourceSchema = dataSourceSchema.extend({
  available: z.boolean(),
  customized: z.boolean(),
});
export type OrganizationDataSource = z.infer<typeof organizationDataSourceSchema>;

export const ORGANIZATION_RECORD_LIMIT_MESSAGE = `record_limit must be an integer from ${RECORD_LIMIT_MIN} to ${RECORD_LIMIT_MAX}, or null for no limit`;

/** `PUT /api/v2/posts/data-sources/{id}/organization`: the caller's organisation's choice. */
export const organizationDataSourceUpdateSchema = z.object({
  enabled: z.boolean().optional(),
  record_limit: z.number({ error: ORGANIZATION_RECORD_LIMIT_MESSAGE }).int({ error: ORGANIZATION_RECORD_LIMIT_MESSAGE })
    .min(RECORD_LIMIT_MIN, { error: ORGANIZATION_RECORD_LIMIT_MESSAGE }).max(RECORD_LIMIT_MAX, { error: ORGANIZATION_RECORD_LIMIT_MESSAGE })
    .nullable().optional(),
}).strict().refine((v) => v.enabled !== undefined || v.record_limit !== undefined, { error: 'give enabled or record_limit' });
export type OrganizationDataSourceUpdate = z.infer<typeof organizationDataSourceUpdateSchema>;

export const organizationDataSourcePath = (id: string) => `/api/v2/posts/data-sources/${encodeURIComponent(id)}/organization`;

/**
 * The spec's data vendor toggle (part 2 section 3): `data_vender` (the source key, e.g. `bluesky`; the spec's
 * spelling) and `enable`. `PUT /api/v2/posts/data-vendor` switches that vendor on or off for the caller's
 * organisation and answers the toggle as stored.
 */
export const DATA_VENDOR_PATH = '/api/v2/posts/data-vendor';
export const dataVendorToggleSchema = z.object({
  data_vender: z.string().min(1).max(64),
  enable: z.boolean(),
}).strict();
export type DataVendorToggle = z.infer<typeof dataVendorToggleSchema>;

/** Messages of the data source calls (exact texts; tests and the admin page use them). */
export const DATA_SOURCE_MESSAGES = {
  notFound: 'Data source not found',
  notEditable: 'This data source cannot be edited.',
  notAvailable: 'This data source is switched off for this installation: a global admin must enable it first.',
  vendorNotFound: 'Data vendor not found',
} as const;
