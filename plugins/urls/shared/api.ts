import { z } from 'zod';
import { SHARED_MESSAGES } from '@core/shared/messages';

/**
 * The URLs plugin's calls (spec part 2 section 7) and their answers (section 3, "Shared URLs and domains"). Field names
 * are the spec's; fields the spec does not name (accounts, signals, categories) are additions analysts asked for.
 */
export const URLS_SHARED_PATH = '/api/v2/analysis/urls-shared';
export const DOMAINS_SHARED_PATH = '/api/v2/analysis/domains-shared';
export const URL_USERS_PATH = '/api/v2/analysis/url-node-users-info';
export const DOMAIN_DETAILS_PATH = '/api/v2/analysis/domain-details/:domain';
export const CO_URLS_PATH = '/api/v2/analysis/co-urls';
export const DOMAIN_LABELS_PATH = '/api/v2/urls/domain-labels';
export const REGISTRATION_LOOKUP_PATH = '/api/v2/urls/registrations/:domain/lookup';

/** Spec section 9: domain-details maxResults default 10. */
export const DOMAIN_DETAILS_DEFAULT_MAX_RESULTS = 10;
/** Rows of the shared URL and domain tables at most (the most shared first). */
export const SHARED_DEFAULT_LIMIT = 1000;
/** A domain created at most this many days before its first share in the conversation is "new". */
export const NEW_DOMAIN_DAYS = 90;

const booleanParam = z.enum(['true', 'false']).optional().transform((v) => v === 'true');

export const urlsSharedQuerySchema = z.object({
  conversation_id: z.string().uuid(),
  url: z.string().min(1).max(4000).optional(),
  exclude_twitter: booleanParam,
  limit: z.coerce.number().int().min(1).max(100_000).default(SHARED_DEFAULT_LIMIT),
}).passthrough();

export const domainsSharedQuerySchema = z.object({
  conversation_id: z.string().uuid(),
  exclude_twitter: booleanParam,
  limit: z.coerce.number().int().min(1).max(100_000).default(SHARED_DEFAULT_LIMIT),
}).passthrough();

export const urlUsersQuerySchema = z.object({
  conversation_id: z.string().uuid(),
  url: z.string().min(1, 'url is required').max(4000),
}).passthrough();

export const coUrlsQuerySchema = z.object({
  conversation_id: z.string().uuid(),
  exclude_twitter: booleanParam,
  limit: z.coerce.number().int().min(1).max(1000).default(100),
}).passthrough();

export const domainDetailsQuerySchema = z.object({
  conversation_id: z.string().uuid(),
  history: booleanParam,
  maxResults: z.coerce.number().int().min(1).max(1000).default(DOMAIN_DETAILS_DEFAULT_MAX_RESULTS),
}).passthrough();

/** Shared URL: url, value (share count), plus who and when. */
export const sharedUrlSchema = z.object({
  url: z.string(),
  value: z.number().int(),
  domain: z.string().nullable(),
  unique_users: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
});
export type SharedUrl = z.infer<typeof sharedUrlSchema>;

/** What the registration data says about a domain's first share (section 3 signals). */
export const domainSignalsSchema = z.object({
  /** Days from the domain's registration to its first share in the conversation; null without registration data. */
  days_registered_before_first_share: z.number().nullable(),
  /** Registered at most NEW_DOMAIN_DAYS days before its first share. */
  new_domain: z.boolean(),
  /** Shares per day between first and last share (at least one day). */
  share_velocity: z.number(),
  /** Distinct accounts that shared the domain. */
  accounts_per_domain: z.number().int(),
});
export type DomainSignals = z.infer<typeof domainSignalsSchema>;

/** Domain shared: domain, value (posts linking it), plus accounts, links, dates, its admin label and signals. */
export const sharedDomainSchema = z.object({
  domain: z.string(),
  value: z.number().int(),
  unique_users: z.number().int(),
  unique_urls: z.number().int(),
  first_seen: z.string(),
  last_seen: z.string(),
  /** The admin domain list's category (e.g. state_media, government) or null. */
  category: z.string().nullable(),
  reg_created_at: z.string().nullable(),
  signals: domainSignalsSchema,
});
export type SharedDomain = z.infer<typeof sharedDomainSchema>;

/** URL user-info row: one share of the URL. */
export const urlUserSchema = z.object({
  post_date: z.string(),
  rid: z.string(),
  screen_name: z.string().nullable(),
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  profile_url: z.string().nullable(),
  platform: z.string(),
});
export type UrlUser = z.infer<typeof urlUserSchema>;

/** Co-url data: a URL shared by several accounts (the accounts that share the same links). */
export const coUrlSchema = z.object({
  url: z.string(),
  /** Its registrable domain (null for a link without a public suffix). */
  domain: z.string().nullable(),
  creator_ids: z.array(z.string()),
  names: z.array(z.string().nullable()),
  platforms: z.array(z.string()),
  share_count: z.number().int(),
  /** Per creator (same order): the other URLs of this list it shared, and when it shared this one. */
  extra: z.array(z.object({ urls: z.array(z.string()), post_dates: z.array(z.string()) })),
});
export type CoUrl = z.infer<typeof coUrlSchema>;

/** Domain registration (section 3): one RDAP snapshot. */
export const registrationSchema = z.object({
  name: z.string().nullable(),
  telephone: z.string().nullable(),
  registrar: z.string().nullable(),
  contact_email: z.string().nullable(),
  reg_created_at: z.string().nullable(),
  reg_expires_at: z.string().nullable(),
  reg_updated_at: z.string().nullable(),
  looked_up_at: z.string(),
});
export type Registration = z.infer<typeof registrationSchema>;

export const detectedRiskSchema = z.object({ risk_category: z.string(), number_accounts: z.number().int(), number_domains: z.number().int() });
export type DetectedRisk = z.infer<typeof detectedRiskSchema>;

export const domainUrlSchema = z.object({ url: z.string(), value: z.number().int(), posts_with_insights: z.number().int() });

export const domainDetailsSchema = z.object({
  source: z.string(),
  total_count: z.number().int(),
  unique_users: z.number().int(),
  first_seen: z.string().nullable(),
  last_seen: z.string().nullable(),
  category: z.string().nullable(),
  /** The domain's most shared URLs (maxResults), with the posts by accounts that have approved insights. */
  urls: z.array(domainUrlSchema),
  /** Shares per day (UTC), oldest first: the domain timeline. */
  timeline: z.array(z.object({ date: z.string(), value: z.number().int() })),
  registration: registrationSchema.nullable(),
  /** Registration changes, newest first (only with history=true): each snapshot that differs from the one before. */
  history: z.array(registrationSchema).optional(),
  detected_risk: z.array(detectedRiskSchema),
  signals: domainSignalsSchema,
});
export type DomainDetails = z.infer<typeof domainDetailsSchema>;

/** The admin domain list: categories the list may give (free text is refused so notices stay comparable). */
export const DOMAIN_CATEGORIES = ['state_media', 'government', 'news', 'satire', 'fact_checker', 'other'] as const;
export type DomainCategory = (typeof DOMAIN_CATEGORIES)[number];

export const domainLabelSchema = z.object({ domain: z.string(), category: z.string(), uploaded_at: z.string() });
export type DomainLabel = z.infer<typeof domainLabelSchema>;
export const domainLabelsSchema = z.array(domainLabelSchema);
/** Upload: CSV text with a header row `domain,category`; replaces the organisation's list. */
export const domainLabelsUploadSchema = z.object({ csv: z.string().max(2_000_000) });
export const domainLabelsAnswerSchema = z.object({ stored: z.number().int() });

export const registrationLookupAnswerSchema = z.object({ status: z.enum(['found', 'not_found']), registration: registrationSchema.nullable() });

export const URLS_MESSAGES = {
  lookupsOff: 'Registration lookups are off for this organization',
  lookupNotAllowed: 'You do not have permission to look up registrations.',
  badDomain: SHARED_MESSAGES.fqdnRequired,
  csvHeader: "the first row must be the header 'domain,category'",
  csvRow: (line: number, message: string) => `line ${line}: ${message}`,
  unknownCategory: (category: string) => `unknown category '${category}' (use one of ${DOMAIN_CATEGORIES.join(', ')})`,
  emptyList: 'the file has no domains',
} as const;
