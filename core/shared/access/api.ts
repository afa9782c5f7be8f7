import { z } from 'zod';
import { FEATURE_FLAGS, PERMISSIONS, ROLES } from './permissions';
import { sessionUserSchema } from './session';

/**
 * Request and response schemas of the management calls (users, groups, roles, organisations, preferences,
 * API keys, MFA, feedback, event audit). The spec names the entities' fields but not these paths; docs/api
 * lists them.
 */
const id = z.string().uuid();
const email = z.string().trim().toLowerCase().pipe(z.email().max(320));
const name = z.string().trim().min(1).max(100);

export const TOPIC_RADAR_THEMES = [
  'BOYCOTT', 'DEI', 'ELECTION_DENIAL', 'FINANCE', 'QANON', 'SHORTSELLING', 'UNION', 'MAHA_AND_VACCINE', 'TARIFF',
] as const;

export const idParamsSchema = z.object({ id });

// ---- users ---------------------------------------------------------------------------------------------------

/** A user as administrators see it: the session fields (less `uses_sso`) plus roles, features and account state. */
export const managedUserSchema = sessionUserSchema.omit({ uses_sso: true }).extend({
  roles: z.array(z.string()),
  features: z.array(z.string()),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const strippedUserSchema = z.object({ id: z.string(), first_name: z.string(), last_name: z.string() });

export const createUserBodySchema = z.object({
  email,
  first_name: z.string().trim().max(100).default(''),
  last_name: z.string().trim().max(100).default(''),
  /** The initial password; the user must change it at first sign-in. Rules of spec part 1 section 5. */
  password: z.string().max(1024),
  roles: z.array(z.enum(ROLES)).max(3).default(['Analyst']),
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).default([]),
  group_ids: z.array(id).max(100).default([]),
  features: z.array(z.enum(FEATURE_FLAGS)).max(FEATURE_FLAGS.length).default([]),
  require_mfa_enabled: z.boolean().default(false),
  /** Global admins only; everyone else creates users in the organisation they act in. */
  organization_id: id.optional(),
}).strict();

export const updateUserBodySchema = z.object({
  email: email.optional(),
  first_name: z.string().trim().max(100).optional(),
  last_name: z.string().trim().max(100).optional(),
  roles: z.array(z.enum(ROLES)).max(3).optional(),
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length).optional(),
  group_ids: z.array(id).max(100).optional(),
  features: z.array(z.enum(FEATURE_FLAGS)).max(FEATURE_FLAGS.length).optional(),
  require_mfa_enabled: z.boolean().optional(),
  is_active: z.boolean().optional(),
  /** Sets a new initial password (the user must change it at next sign-in) and ends the user's sessions. */
  password: z.string().max(1024).optional(),
  /** Removes the user's authenticator so they enrol again. */
  reset_mfa: z.literal(true).optional(),
}).strict();

// ---- groups and roles -----------------------------------------------------------------------------------------

export const groupSchema = z.object({ id: z.string(), name: z.string(), organization_id: z.string(), user_ids: z.array(z.string()) });
export const groupBodySchema = z.object({ name }).strict();
export const groupMemberBodySchema = z.object({ user_id: id }).strict();
export const groupMemberParamsSchema = z.object({ id, userId: id });
export const roleSchema = z.object({ id: z.string(), name: z.string(), organization_id: z.string().nullable() });

// ---- organisations ---------------------------------------------------------------------------------------------

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  group_ids: z.array(z.string()),
  data_source_ids: z.array(z.string()),
  enable_sso: z.boolean(),
  cognito_idp_name: z.string().nullable(),
  themes: z.array(z.string()),
  features: z.array(z.string()),
  created_at: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

const organizationFields = {
  name: z.string().trim().min(1).max(200),
  enable_sso: z.boolean(),
  cognito_idp_name: z.string().trim().max(200).nullable(),
  themes: z.array(z.enum(TOPIC_RADAR_THEMES)).max(TOPIC_RADAR_THEMES.length),
  features: z.array(z.enum(FEATURE_FLAGS)).max(FEATURE_FLAGS.length),
};
export const createOrganizationBodySchema = z.object({
  name: organizationFields.name,
  enable_sso: organizationFields.enable_sso.default(false),
  cognito_idp_name: organizationFields.cognito_idp_name.default(null),
  themes: organizationFields.themes.default([]),
  features: organizationFields.features.default([]),
}).strict();
export const updateOrganizationBodySchema = z.object({
  name: organizationFields.name.optional(),
  enable_sso: organizationFields.enable_sso.optional(),
  cognito_idp_name: organizationFields.cognito_idp_name.optional(),
  themes: organizationFields.themes.optional(),
  features: organizationFields.features.optional(),
}).strict();

/** An organisation's OpenID Connect settings. The client secret is write-only. */
export const ssoConfigSchema = z.object({
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  has_client_secret: z.boolean(),
  client_secret_env: z.string().nullable(),
  email_domains: z.array(z.string()),
  /** What to register at the provider as the redirect URI. */
  redirect_uri: z.string(),
});
/** The only environment variables an organisation's SSO configuration may read its client secret from. */
export const SSO_SECRET_ENV_PREFIX = 'NARRASCOPE_SSO_SECRET_';
export const SSO_SECRET_ENV_NAME = new RegExp(`^${SSO_SECRET_ENV_PREFIX}[A-Z0-9_]{1,80}$`);
export const ssoConfigBodySchema = z.object({
  issuer: z.string().trim().url().max(500),
  client_id: z.string().trim().min(1).max(500),
  /** Stored encrypted; omit to keep the stored one, null to remove it. */
  client_secret: z.string().min(1).max(1000).nullable().optional(),
  /**
   * Name of an environment variable holding the secret instead (kept out of the database). Only names the operator
   * set aside for it: an organisation admin naming `DATABASE_URL` would have the server send that value to a provider
   * the admin chose.
   */
  client_secret_env: z.string().regex(SSO_SECRET_ENV_NAME, `must name an environment variable starting with ${SSO_SECRET_ENV_PREFIX}`).nullable().optional(),
  email_domains: z.array(z.string().trim().toLowerCase().regex(/^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/, 'is not a domain name')).min(1).max(50),
}).strict();

// ---- preferences -----------------------------------------------------------------------------------------------

export const COLUMN_FIELDS = [
  'type', 'publishedAt', 'creator', 'engagementScore', 'firstNgram', 'threatsOfViolence', 'sourceUrl', 'entities',
] as const;
export const POST_CONTENT_FIELDS = ['body', 'additionalProperties', 'images', 'urls'] as const;
export const CONVERSATION_LANGUAGES = ['en', 'es', 'zh'] as const;

const columnField = z.object({ is_shown: z.boolean(), order: z.number().int().min(0).max(100) }).strict();

/**
 * Besides the spec's fixed columns, the table offers one column per filter dimension that declares a row field
 * (`dimension:<name>`, e.g. `dimension:sentiment`): analysis plugins add columns without editing this list (ADR 0007).
 * Their keys are checked by form here; a dimension no installed plugin declares is simply not shown.
 */
export const DIMENSION_COLUMN_PREFIX = 'dimension:';
const DIMENSION_COLUMN_KEY = /^dimension:[a-z][a-z0-9_]{0,62}$/;
const MAX_DIMENSION_COLUMNS = 64;

function columnFieldsSchema<F extends z.ZodType>(field: F, known: z.ZodObject) {
  return known.catchall(field).superRefine((fields, ctx) => {
    const extra = Object.keys(fields).filter((key) => !(COLUMN_FIELDS as readonly string[]).includes(key));
    for (const key of extra) {
      if (!DIMENSION_COLUMN_KEY.test(key)) ctx.addIssue({ code: 'custom', path: [key], message: `unknown column '${key}'` });
    }
    if (extra.length > MAX_DIMENSION_COLUMNS) ctx.addIssue({ code: 'custom', message: `at most ${MAX_DIMENSION_COLUMNS} dimension columns` });
  });
}

export const rawDataTableOrderingSchema = z.object({
  column_fields: columnFieldsSchema(columnField, z.object(Object.fromEntries(COLUMN_FIELDS.map((f) => [f, columnField])))) as unknown as z.ZodType<
    Record<(typeof COLUMN_FIELDS)[number], z.infer<typeof columnField>> & Partial<Record<`dimension:${string}`, z.infer<typeof columnField>>>
  >,
  post_content_fields: z.object(Object.fromEntries(POST_CONTENT_FIELDS.map((f) => [f, z.boolean()])) as Record<(typeof POST_CONTENT_FIELDS)[number], z.ZodBoolean>),
  results_per_page: z.number().int().min(1).max(300),
});
export type RawDataTableOrdering = z.infer<typeof rawDataTableOrderingSchema>;

export const preferenceSchema = z.object({
  user_id: z.string(),
  alerts_enabled: z.boolean(),
  theme: z.enum(['light', 'dark']),
  conversation_language: z.enum(CONVERSATION_LANGUAGES),
  raw_data_table_ordering: rawDataTableOrderingSchema,
});
export type Preference = z.infer<typeof preferenceSchema>;

/** Any subset of the preferences; raw_data_table_ordering may be partial too and is merged into the stored one. */
export const preferenceBodySchema = z.object({
  alerts_enabled: z.boolean().optional(),
  theme: z.enum(['light', 'dark']).optional(),
  conversation_language: z.enum(CONVERSATION_LANGUAGES).optional(),
  raw_data_table_ordering: z.object({
    column_fields: columnFieldsSchema(columnField.optional(), z.object(Object.fromEntries(COLUMN_FIELDS.map((f) => [f, columnField.optional()])))).optional(),
    post_content_fields: z.object(Object.fromEntries(POST_CONTENT_FIELDS.map((f) => [f, z.boolean().optional()]))).strict().optional(),
    results_per_page: z.number().int().min(1).max(300).optional(),
  }).strict().optional(),
}).strict();
export type PreferenceBody = z.infer<typeof preferenceBodySchema>;
export const preferenceUserQuerySchema = z.object({ user_id: id });

export function defaultPreference(userId: string): Preference {
  return {
    user_id: userId,
    alerts_enabled: true,
    theme: 'light',
    conversation_language: 'en',
    raw_data_table_ordering: {
      column_fields: Object.fromEntries(COLUMN_FIELDS.map((f, order) => [f, { is_shown: true, order }])) as RawDataTableOrdering['column_fields'],
      post_content_fields: { body: true, additionalProperties: true, images: true, urls: true },
      results_per_page: 20,
    },
  };
}

/** Merges a partial update into stored preferences (nested parts field by field). */
export function mergePreference(stored: Preference, body: PreferenceBody): Preference {
  const r = body.raw_data_table_ordering;
  return {
    ...stored,
    ...(body.alerts_enabled !== undefined ? { alerts_enabled: body.alerts_enabled } : {}),
    ...(body.theme !== undefined ? { theme: body.theme } : {}),
    ...(body.conversation_language !== undefined ? { conversation_language: body.conversation_language } : {}),
    raw_data_table_ordering: r ? {
      column_fields: { ...stored.raw_data_table_ordering.column_fields, ...stripUndefined(r.column_fields ?? {}) },
      post_content_fields: { ...stored.raw_data_table_ordering.post_content_fields, ...stripUndefined(r.post_content_fields ?? {}) },
      results_per_page: r.results_per_page ?? stored.raw_data_table_ordering.results_per_page,
    } : stored.raw_data_table_ordering,
  };
}

function stripUndefined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// ---- API keys --------------------------------------------------------------------------------------------------

export const apiKeySchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  /** Masked in lists (`nsk_abcdef••••••••`); the whole key only in the creation answer. */
  api_key: z.string(),
  label: z.string(),
  /** The first characters, so a user can tell keys apart; the whole key is shown once, at creation. */
  key_prefix: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_used_at: z.string().nullable(),
});
export const createdApiKeySchema = apiKeySchema.extend({ api_key: z.string() });
export const apiKeyBodySchema = z.object({ label: z.string().trim().min(1).max(100) }).strict();

// ---- MFA -------------------------------------------------------------------------------------------------------

export const mfaStatusSchema = z.object({
  mfa_enabled: z.boolean(),
  mfa_enabled_at: z.string().nullable(),
  recovery_codes_remaining: z.number().int(),
});
export const mfaSetupSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** A PNG data URL of the otpauth URI, for authenticator apps to scan. */
  qr_code: z.string(),
});
export const mfaVerifyBodySchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'must be 6 digits') }).strict();
export const mfaEnabledSchema = z.object({
  mfa_enabled: z.literal(true),
  mfa_enabled_at: z.string(),
  /** Shown once: each signs in once in place of a code. */
  recovery_codes: z.array(z.string()),
});
export const mfaDisableBodySchema = z.object({ password: z.string().min(1).max(1024) }).strict();

// ---- feedback and audit ----------------------------------------------------------------------------------------

export const feedbackBodySchema = z.object({
  feedbackType: z.string().trim().min(1).max(50),
  feedbackText: z.string().trim().min(1).max(5000),
}).strict();
export const feedbackSchema = z.object({
  id: z.string(),
  feedbackType: z.string(),
  feedbackText: z.string(),
  user_id: z.string(),
  group_ids: z.array(z.string()),
  organization_id: z.string(),
  created_at: z.string(),
});

export const EVENT_TYPES = [
  'sign_in', 'sign_in_failed', 'sign_out', 'sso_sign_in', 'password_changed', 'password_reset_requested', 'password_reset',
  'mfa_enabled', 'mfa_disabled', 'mfa_reset', 'recovery_code_used', 'user_created', 'user_updated', 'user_deactivated',
  'roles_changed', 'membership_changed', 'group_created', 'group_updated', 'group_deleted', 'organization_created',
  'organization_updated', 'organization_switched', 'sso_config_changed', 'api_key_created', 'api_key_revoked',
  'posts_imported', 'data_source_updated',
  'insight_created', 'insight_updated', 'insight_reviewed', 'insight_deleted', 'insights_repaired', 'insights_imported',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const eventAuditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  event_type: z.string(),
  organization_id: z.string().nullable(),
  user_id: z.string().nullable(),
  email: z.string().nullable(),
  target_user_id: z.string().nullable(),
  source_ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export const eventAuditQuerySchema = z.object({
  limit: z.coerce.number().int().min(-1).max(1000).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  event_type: z.enum(EVENT_TYPES).optional(),
});
