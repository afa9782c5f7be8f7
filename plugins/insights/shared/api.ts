import { z } from 'zod';
import { SHARED_MESSAGES } from '@core/shared/messages';
import { ANALYZABLE_TYPES, CONFIDENCE_LEVELS, INSIGHT_SOURCES, INSIGHT_STATUSES, PERMANENCE_LEVELS } from './vocabulary';
import { REVIEW_ACTIONS } from './review';

/**
 * The insight entity and the calls of spec part 2 section 7, one schema for both halves. Paths are the spec's;
 * import, export and key accounts are ours (the spec does not show them).
 */
export const INSIGHTS_PATH = '/api/v2/insights';
export const INSIGHT_OPTIONS_PATH = '/api/v2/insights/options';
export const INSIGHT_CONVERSATIONS_PATH = '/api/v2/insights/conversations';
export const RISK_CATEGORIES_MAP_PATH = '/api/v2/insights/risk_categories_map';
export const INSIGHT_REPAIR_PATH = '/api/v2/insights/repair';
export const INSIGHT_IMPORT_PATH = '/api/v2/insights/import';
export const INSIGHT_EXPORT_PATH = '/api/v2/insights/export';
export const KEY_ACCOUNTS_PATH = '/api/v2/insights/key_accounts';
export const conversationInsightsPath = (conversationId: string) => `/api/v2/conversations/${conversationId}/insights`;

/** Spec "Stripped user: id, first_name, last_name". */
export const strippedUserSchema = z.object({ id: z.string(), first_name: z.string(), last_name: z.string() });
export type StrippedUser = z.infer<typeof strippedUserSchema>;

const text = z.string().nullable();

/** The analyst's attributes (spec "additional_properties") plus who edited and reviewed it, when. */
export const insightPropertiesSchema = z.object({
  /** The outlet's name (domains) or the account's name (accounts). */
  name: text,
  country_of_origin: text,
  operating_country: text,
  state_association: text,
  region: text,
  language: z.array(z.string()),
  subcategory: z.array(z.string()),
  status: z.enum(INSIGHT_STATUSES),
  role: text,
  edited_at: z.string(),
  edited_by: strippedUserSchema.nullable(),
  reviewed_at: z.string().nullable(),
  reviewed_by: strippedUserSchema.nullable(),
});
export type InsightProperties = z.infer<typeof insightPropertiesSchema>;

/** The fields an analyst edits in the form (all optional on the wire; empty strings are trimmed to null). */
export const EDITABLE_PROPERTIES = [
  'name', 'country_of_origin', 'operating_country', 'state_association', 'region', 'language', 'subcategory', 'role',
] as const;
export type EditableProperty = (typeof EDITABLE_PROPERTIES)[number];

/** One entry of `changes`, oldest to newest: who did what when, and what each changed field was before and after. */
export const insightChangeSchema = z.object({
  at: z.string(),
  by: strippedUserSchema.nullable(),
  action: z.enum([...REVIEW_ACTIONS, 'import', 'repair'] as const),
  from_status: z.enum(INSIGHT_STATUSES).nullable(),
  to_status: z.enum(INSIGHT_STATUSES),
  fields: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type InsightChange = z.infer<typeof insightChangeSchema>;

export const insightSchema = z.object({
  id: z.string().uuid(),
  /** Accounts: the platform's id of the account (actor rid) when known; domains: the FQDN, lower case. */
  analyzable_id: z.string().nullable(),
  analyzable_type: z.enum(ANALYZABLE_TYPES),
  additional_properties: insightPropertiesSchema,
  changes: z.array(insightChangeSchema),
  source: z.enum(INSIGHT_SOURCES),
  status: z.enum(INSIGHT_STATUSES),
  confidence: z.enum(CONFIDENCE_LEVELS).nullable(),
  permanence: z.enum(PERMANENCE_LEVELS).nullable(),
  link: z.string().nullable(),
  /** Accounts: the platform key (core/shared/platforms); domains: null. */
  platform: z.string().nullable(),
  user_id: z.string().nullable(),
  screen_name: z.string().nullable(),
  user_class: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Insight = z.infer<typeof insightSchema>;
export const insightListSchema = z.array(insightSchema);

/** GET /api/v2/insights: every insight of the organisation but deleted ones, or those of one account or domain. */
export const insightsQuerySchema = z.object({
  account_id: z.string().min(1).max(500).optional(),
  domain_url: z.string().min(1).max(2000).optional(),
});

/**
 * POST /api/v2/insights. Loose on purpose: the route checks the rules of spec section 5 in order and answers the
 * spec's exact message (a zod message would not be it), e.g. "unknown insight type selected".
 */
export const newInsightSchema = z.object({
  // A missing type is an unknown one: the route answers the spec's "unknown insight type selected".
  analyzable_type: z.string().default(''),
  analyzable_id: z.string().nullish(),
  link: z.string().nullish(),
  platform: z.string().nullish(),
  screen_name: z.string().nullish(),
  user_id: z.string().nullish(),
  user_class: z.string().nullish(),
  confidence: z.enum(CONFIDENCE_LEVELS).nullish(),
  permanence: z.enum(PERMANENCE_LEVELS).nullish(),
  additional_properties: z.object({
    name: z.string().nullish(),
    country_of_origin: z.string().nullish(),
    operating_country: z.string().nullish(),
    state_association: z.string().nullish(),
    region: z.string().nullish(),
    language: z.array(z.string()).nullish(),
    subcategory: z.array(z.string()).nullish(),
    role: z.string().nullish(),
  }).partial().default({}),
});
export type NewInsight = z.infer<typeof newInsightSchema>;

/**
 * PATCH /api/v2/insights: `id` plus either form edits (the insight becomes pending again) or a status change
 * (`approved`, `rejected`, `deleted`; spec "status deleted removes"). User id, handle and link cannot change.
 */
export const insightUpdateSchema = newInsightSchema.omit({ analyzable_type: true }).partial().extend({
  id: z.string().uuid(),
  status: z.enum(INSIGHT_STATUSES).optional(),
});
export type InsightUpdate = z.infer<typeof insightUpdateSchema>;

/** GET /api/v2/insights/conversations?id=: the insight whose conversations to list. */
export const insightConversationsQuerySchema = z.object({ id: z.string().uuid() });

/** GET /api/v2/insights/options: the form's choice lists. */
export const insightOptionsSchema = z.object({
  country: z.array(z.string()),
  region: z.array(z.string()),
  role: z.array(z.string()),
  language: z.array(z.string()),
  subcategory: z.array(z.string()),
});
export type InsightOptions = z.infer<typeof insightOptionsSchema>;

/** GET /api/v2/insights/conversations?id=: the conversations whose latest run holds the insight's account or domain. */
export const insightConversationSchema = z.object({
  organization_id: z.string(), organization_name: z.string(),
  project_id: z.string(), project_name: z.string(),
  conversation_id: z.string(), conversation_name: z.string(),
});
export const insightConversationsSchema = z.array(insightConversationSchema);

export const riskCategoriesMapSchema = z.record(z.string(), z.array(z.string()));

/** PATCH /api/v2/insights/repair: rename (or, without newValue, remove) one value of one property everywhere. */
export const REPAIRABLE = ['country_of_origin', 'operating_country', 'state_association', 'region', 'language', 'subcategory', 'role'] as const;
export const repairSchema = z.object({ type: z.enum(REPAIRABLE), oldValue: z.string().min(1), newValue: z.string().min(1).optional() });
export const repairAnswerSchema = z.object({ repaired: z.number().int().min(0) });

/** Spec "Key insights": accounts of the conversation with approved insights, most posts first. */
export const keyAccountSchema = z.object({
  rid: z.string(), screen_name: z.string().nullable(), display_name: z.string().nullable(), url: z.string().nullable(),
  user_id: z.string().nullable(), post_class: z.string(), actor_class: z.string().nullable(), value: z.number(),
  platform: z.string(), insights_count: z.number().int(),
});
export const keyAccountsSchema = z.array(keyAccountSchema);
/** GET /api/v2/insights/key_accounts: conversation_id, top_n (default 10) and the workspace filters. */
export const KEY_ACCOUNTS_DEFAULT_TOP_N = 10;
export const keyAccountsQuerySchema = z.object({
  conversation_id: z.string().uuid(),
  top_n: z.coerce.number().int().min(1).max(1000).default(KEY_ACCOUNTS_DEFAULT_TOP_N),
}).passthrough();

/** Exact messages of spec part 2 sections 5 and 7; the server answers them, the dialogs show them. */
export const INSIGHT_MESSAGES = {
  unknownType: 'unknown insight type selected',
  platformRequired: 'Platform is required.',
  accountIdentification: 'At least one Account Identification field is required.',
  fqdn: SHARED_MESSAGES.fqdnRequired,
  domainOtherField: 'FQDN, and at least one other field besides Outlet, are required.',
  editAnyValue: 'At least one value must be provided.',
  editOtherThanOutlet: 'At least one value other than Outlet must be provided.',
  readOnlyIdentity: 'User id, handle and link cannot be changed.',
  notFound: 'Insight not found',
  createFailed: 'An error occurred while creating this insight.  Please try again later.',
  updateFailed: 'An error occurred while updating this insights.  Please try again later.',
  deleteConfirm: 'Are you sure you want to delete this insight?',
  alreadyStored: 'An insight on this account or domain already exists.',
  importStream: 'Send the file as the request body with Content-Type: application/octet-stream.',
  accountHint: 'You must fill in at least 1 of these fields',
  domainHint: 'You must fill in FQDN and at least 1 other field besides Outlet',
  // Ours (the spec is silent): the list takes one look-up at a time, a status change carries no edits, repair is
  // a reviewer's tool.
  oneLookup: 'Give account_id or domain_url, not both.',
  editOrStatus: 'Change the status or the fields of an insight, not both at once.',
  repairNotAllowed: 'Only senior analysts and global admins may repair insight values.',
  changedMeanwhile: 'This insight was changed meanwhile: reload it and try again.',
} as const;

/** POST /api/v2/insights/import: the file is the body (application/octet-stream); `format` csv or json (JSON Lines too). */
export const IMPORT_FORMATS = ['csv', 'json'] as const;
export const insightImportQuerySchema = z.object({ format: z.enum(IMPORT_FORMATS), file_name: z.string().max(500).optional() });
/** Rows stored (pending, source import) and rows refused, each with the line of the file it starts on. */
export const insightImportAnswerSchema = z.object({
  imported: z.number().int().min(0),
  ids: z.array(z.string()),
  refused: z.array(z.object({ line: z.number().int().min(1), errors: z.array(z.string()) })),
});
export type InsightImportAnswer = z.infer<typeof insightImportAnswerSchema>;

/** GET /api/v2/insights/export: the organisation's approved insights as CSV, JSON or a STIX 2.1 bundle. */
export const EXPORT_FORMATS = ['csv', 'json', 'stix'] as const;
export const insightExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS) });
