import { z } from 'zod';
import {
  INVALID_CREDENTIALS, MFA_CODE_INVALID, MFA_CODE_REQUIRED, MFA_MESSAGES, SIGN_IN_MESSAGES, checkSsoResponseSchema,
  currentUserSchema, loginResponseSchema, refreshResponseSchema, type LoginResponse,
} from '@core/shared/access/session';
import { passwordErrorMessage } from '@core/shared/access/passwords';
import { AUTH_MESSAGES, CSRF_ACCESS_COOKIE, CSRF_HEADER } from '@core/shared/api/cookies';
import type { Metadata } from '@core/shared/api/envelope';
import { apiGet, apiMutate, ApiError, readCookie } from '../api/client';

/** The session check: 401 is the normal answer for a visitor without a session, so it is not reported as an error. */
export async function fetchCurrentUser() {
  const res = await fetch('/api/v2/user/current', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new ApiError(AUTH_MESSAGES.notAuthenticated, res.status);
  const json = (await res.json()) as { data: unknown };
  const parsed = currentUserSchema.safeParse(json.data);
  if (!parsed.success) throw new ApiError('unexpected current-user answer', res.status);
  return parsed.data;
}

export async function refreshSession(organizationId?: string) {
  return apiMutate('POST', '/api/v2/user/refresh', {
    body: organizationId ? { organization_id: organizationId } : {},
    schema: refreshResponseSchema,
  });
}

export async function logout() {
  await apiGet('/api/v2/user/logout', { schema: z.object({ logged_out: z.boolean() }) }).catch(() => null);
}

export type LoginResult = LoginResponse;

/** Why a sign-in failed: the page shows `message`; `kind` tells the login machine which step comes next. */
export class LoginError extends Error {
  constructor(message: string, readonly kind: 'credentials' | 'mfa_required' | 'mfa_invalid' | 'status', readonly status: number) {
    super(message);
  }
}

async function postJson(path: string, body: unknown, method = 'POST'): Promise<{ status: number; data: unknown; metadata: Metadata | null }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const csrf = readCookie(CSRF_ACCESS_COOKIE);
  if (csrf) headers[CSRF_HEADER] = csrf;
  const res = await fetch(path, { method, headers, credentials: 'same-origin', body: JSON.stringify(body) });
  let json: { data?: unknown; metadata?: Metadata } = {};
  try {
    json = (await res.json()) as typeof json;
  } catch {
    json = {};
  }
  return { status: res.status, data: json.data ?? null, metadata: json.metadata ?? null };
}

/**
 * Sign in (spec part 1 §8): 401 is 'Invalid login credentials. Please try again.', any other failure
 * 'Error logging in: ' + status. With MFA the 401 carries MFA_CODE_REQUIRED or MFA_CODE_INVALID instead.
 */
export async function login(email: string, password: string, next?: string, mfaCode?: string): Promise<LoginResult> {
  let res;
  try {
    res = await postJson('/api/v2/user/login', { email, password, ...(next ? { next } : {}), ...(mfaCode ? { mfa_code: mfaCode } : {}) });
  } catch {
    throw new LoginError(SIGN_IN_MESSAGES.errorLoggingIn(0), 'status', 0);
  }
  if (res.status === 401) {
    const code = res.metadata?.errors?.[0];
    if (code === MFA_CODE_REQUIRED) throw new LoginError(MFA_MESSAGES.codeRequired, 'mfa_required', 401);
    if (code === MFA_CODE_INVALID) throw new LoginError(MFA_MESSAGES.codeInvalid, 'mfa_invalid', 401);
    throw new LoginError(INVALID_CREDENTIALS, 'credentials', 401);
  }
  if (res.status < 200 || res.status > 299) throw new LoginError(SIGN_IN_MESSAGES.errorLoggingIn(res.status), 'status', res.status);
  return loginResponseSchema.parse(res.data);
}

/** The SSO link for an e-mail, or null; any failure is 'Something went wrong. Please try again.' */
export async function checkSso(email: string): Promise<string | null> {
  try {
    const res = await postJson('/api/v2/user/check_sso', { email });
    if (res.status !== 200) throw new Error(String(res.status));
    return checkSsoResponseSchema.parse(res.data).sso_login_link;
  } catch {
    throw new Error(SIGN_IN_MESSAGES.ssoCheckFailed);
  }
}

export async function forgotPassword(email: string): Promise<string> {
  try {
    const res = await postJson('/api/v2/user/forgotPassword', { email });
    if (res.status !== 200) throw new Error(String(res.status));
    return SIGN_IN_MESSAGES.forgotReceived;
  } catch {
    throw new Error(SIGN_IN_MESSAGES.forgotFailed);
  }
}

/** A failed password call, with the spec's message for its status and, for weak passwords, the tips. */
export class PasswordError extends Error {
  constructor(message: string, readonly tips: readonly string[], readonly status: number) {
    super(message);
  }
}

async function passwordCall(path: string, method: 'POST' | 'PUT', body: Record<string, unknown>, password: string, flow: 'reset' | 'change') {
  let res;
  try {
    res = await postJson(path, body, method);
  } catch {
    res = { status: 0, data: null, metadata: null };
  }
  if (res.status >= 200 && res.status < 300) return;
  const { message, tips } = passwordErrorMessage({ status: res.status, password, errors: res.metadata?.errors ?? [], flow });
  throw new PasswordError(message, tips, res.status);
}

export function resetPassword(token: string, password: string) {
  return passwordCall('/api/v2/user/resetPassword', 'POST', { token, password }, password, 'reset');
}

export function changePassword(password: string, oldPassword?: string) {
  return passwordCall('/api/v2/user/changePassword', 'PUT', { password, ...(oldPassword ? { old_password: oldPassword } : {}) }, password, 'change');
}
