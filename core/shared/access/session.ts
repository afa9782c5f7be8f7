import { z } from 'zod';
import { REMOTE_MEDIA_MODES } from '../api/media';

/** The user object of the current-user and login answers (spec part 1 section 3). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  organization_id: z.string(),
  group_ids: z.array(z.string()),
  permissions: z.array(z.string()),
  is_global_admin: z.boolean(),
  is_analyst: z.boolean(),
  is_senior_analyst: z.boolean(),
  is_org_admin: z.boolean(),
  /** True when the user must enrol now: the flag was set or the enrolment date in mfa_enabled_at has passed. */
  require_mfa_enabled: z.boolean(),
  mfa_enabled: z.boolean(),
  /** When MFA was enabled, or, until then, the date by which the user must enrol (null: no date set). */
  mfa_enabled_at: z.string().nullable(),
  /** The password was set by an administrator (or a reset) and must be changed; the login answer repeats it. */
  change_password: z.boolean(),
  /** The user's organisation signs in through single sign-on (its provider handles the second factor). */
  uses_sso: z.boolean(),
});
export type SessionUserDto = z.infer<typeof sessionUserSchema>;

export const currentUserSchema = z.object({
  exp: z.number(),
  roles: z.array(z.string()),
  features: z.array(z.string()),
  /** The single-sign-on provider's end-session URL for users of SSO organisations; opened at sign out. */
  logout_url: z.string().nullable(),
  claims: z.object({ organization_id: z.string(), roles: z.array(z.string()) }),
  user: sessionUserSchema,
  /** The external help desk of the user menu's Submit feedback (NARRASCOPE_FEEDBACK_URL); null hides the entry. */
  feedback_url: z.string().nullable(),
  /** NARRASCOPE_REMOTE_MEDIA: avatars load through the server's image proxy (`proxy`), or not at all (`off`: initials). */
  remote_media: z.enum(REMOTE_MEDIA_MODES),
  /** How this call was authenticated: the browser's cookies or an API key. */
  auth_method: z.enum(['cookie', 'api_key']),
  /** NARRASCOPE_ANALYTICS is on: the browser reports usage events (core/client/analytics). */
  analytics: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
  next: z.string().max(2048).optional(),
  /** The TOTP code (or a recovery code) for users with MFA enabled; see MFA_CODE_REQUIRED. */
  mfa_code: z.string().trim().min(1).max(32).optional(),
});

/**
 * With `location` set (the e-mail belongs to a single-sign-on organisation) no session is started and the other
 * parts are null: the browser goes to the location. Otherwise every part is present.
 */
export const loginResponseSchema = z.object({
  exp: z.number().nullable(),
  organization_id: z.string().nullable(),
  roles: z.array(z.string()).nullable(),
  user: sessionUserSchema.nullable(),
  change_password: z.boolean(),
  location: z.string().nullable(),
  require_mfa_enabled: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({ organization_id: z.string().uuid().optional() }).optional();
export const refreshResponseSchema = z.object({
  jwt: z.literal('cookie'),
  exp: z.number(),
  organization_id: z.string(),
  roles: z.array(z.string()),
  user: sessionUserSchema,
});

export const checkSsoRequestSchema = z.object({ email: z.string().trim().min(1).max(320) });
export const checkSsoResponseSchema = z.object({ sso_login_link: z.string().nullable() });

export const forgotPasswordRequestSchema = z.object({ email: z.string().trim().min(1).max(320) });
export const resetPasswordRequestSchema = z.object({ token: z.string().min(1).max(200), password: z.string().max(1024) });
export const messageResponseSchema = z.object({ message: z.string() });
export const changePasswordRequestSchema = z.object({
  old_password: z.string().max(1024).optional(),
  password: z.string().max(1024),
});
/** The spec's change-password answer carries an error string; it is null when the change succeeded. */
export const changePasswordResponseSchema = z.object({ error: z.string().nullable() });

export const INVALID_CREDENTIALS = 'Invalid login credentials. Please try again.';
/** The answer (429) once a client address made too many sign-in or password calls. */
export const RATE_LIMITED = 'Too many attempts. Please wait a minute and try again.';
/** Sign-in messages of spec part 1 section 8. */
export const SIGN_IN_MESSAGES = {
  invalidCredentials: INVALID_CREDENTIALS,
  errorLoggingIn: (status: number) => `Error logging in: ${status}`,
  mfaStatus: 'An issue occurred on our end. Please retry later.',
  ssoCheckFailed: 'Something went wrong. Please try again.',
  forgotReceived: 'Your request has been received.',
  forgotFailed: 'Something went wrong. Please verify your email address and try again.',
} as const;

/**
 * The extra sign-in step for users with MFA: a correct password without `mfa_code` answers 401 whose
 * metadata.errors is [MFA_CODE_REQUIRED]; a wrong code answers 401 with [MFA_CODE_INVALID]. The browser then
 * asks for the code and sends email, password and mfa_code again (nothing half-signed-in is kept on the server).
 */
export const MFA_CODE_REQUIRED = 'MFA_CODE_REQUIRED';
export const MFA_CODE_INVALID = 'MFA_CODE_INVALID';
export const MFA_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeInvalid: 'That code is not valid. Please try again.',
  enrolmentRequired: 'Please enable multi-factor authentication before continuing.',
} as const;

/** The `status` query parameter of /login (mfa_0 is the spec's; the others are this product's). */
export const LOGIN_STATUS_MESSAGES: Record<string, string> = {
  mfa_0: SIGN_IN_MESSAGES.mfaStatus,
  sso_unknown_user: 'We could not find an account for you. Please contact your organization\'s administrator.',
  timeout: 'Your session has expired. Please sign in again.',
};
