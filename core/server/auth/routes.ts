import { z } from 'zod';
import { FEATURE_FLAGS } from '@core/shared/access/permissions';
import {
  INVALID_CREDENTIALS, MFA_CODE_INVALID, MFA_CODE_REQUIRED, MFA_MESSAGES, checkSsoRequestSchema, checkSsoResponseSchema,
  currentUserSchema, loginRequestSchema, loginResponseSchema, refreshRequestSchema, refreshResponseSchema, sessionUserSchema,
  type SessionUserDto,
} from '@core/shared/access/session';
import { AUTH_MESSAGES } from '@core/shared/api/cookies';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import type { RouteRateLimit, RouteRegistrar } from '../http/routes';
import { requireUser } from '../http/routes';
import type { ServerContext } from '../plugin/context';
import { toBool } from '../storage/database';
import { accessKey } from './access';
import { writeAudit } from './audit';
import { verifyPassword } from './passwordPolicy';
import { loadSessionUser, type SessionUser } from './sessionUser';

export function toDto(user: SessionUser): SessionUserDto {
  return sessionUserSchema.parse(user);
}

/** Feature flags: the organisation's (settings.features) plus the user's own, by name (spec part 1 section 6). */
async function featuresOf(app: ServerContext, user: SessionUser): Promise<string[]> {
  const org = await app.storage.db.selectFrom('core_organizations').select('settings').where('id', '=', user.organization_id).executeTakeFirst();
  const settings = org ? (JSON.parse(org.settings) as { features?: string[] }) : {};
  const all = new Set([...(settings.features ?? []), ...user.features]);
  return FEATURE_FLAGS.filter((f) => all.has(f));
}

export function signInLimits(config: Config): { signIn: RouteRateLimit; password: RouteRateLimit } {
  return {
    signIn: { max: config.access.signInRateLimitPerMinute, timeWindow: 60_000, groupId: 'sign-in' },
    password: { max: config.access.passwordRateLimitPerMinute, timeWindow: 60_000, groupId: 'password' },
  };
}

/** Session calls of spec part 1 section 7: login, SSO check, current user, refresh (organisation switch), logout. */
export function registerSessionRoutes(r: RouteRegistrar, config: Config): void {
  const limits = signInLimits(config);

  r.post('/api/v2/user/login', {
    summary: 'Sign in with email and password (and the MFA code when enrolled)',
    description:
      `Answers 401 "${INVALID_CREDENTIALS}" for a wrong e-mail or password, and also, whatever the ` +
      `password, once an account had ${config.access.loginMaxFailures} failures within ${config.access.loginLockoutMinutes} minutes. ` +
      `Users with MFA: without mfa_code the answer is 401 with metadata.errors ["${MFA_CODE_REQUIRED}"]; a wrong code gives ` +
      `["${MFA_CODE_INVALID}"]. E-mails of single-sign-on organisations get \`location\` (the SSO link) and no session.`,
    public: true,
    csrf: false,
    rateLimit: limits.signIn,
    body: loginRequestSchema,
    response: loginResponseSchema,
  }, async ({ body, request, reply, app }) => {
    const access = app.services.get(accessKey);
    const email = body.email.trim().toLowerCase();
    const ssoLink = await access.sso.loginLinkFor(email, body.next);
    if (ssoLink) {
      return { exp: null, organization_id: null, roles: null, user: null, change_password: false, location: ssoLink, require_mfa_enabled: false };
    }
    const row = await app.storage.db.selectFrom('core_users')
      .select(['id', 'email', 'organization_id', 'password_hash', 'is_active', 'mfa_enabled'])
      .where('email', '=', email)
      .executeTakeFirst();
    const fail = async (reason: string, errors: string[] = [INVALID_CREDENTIALS], message = INVALID_CREDENTIALS) => {
      await access.throttle.recordFailure(email);
      await writeAudit(app.storage.db, request, {
        event: 'sign_in_failed', organizationId: row?.organization_id ?? null, userId: row?.id ?? null, email: row?.email ?? null,
        detail: { reason },
      });
      return new HttpError(401, message, errors);
    };
    // A locked account answers like a wrong password, without checking it: the same words for known and
    // unknown e-mails, and no password check whose timing could differ.
    if (await access.throttle.isLocked(email)) throw await fail('locked');
    const valid = await verifyPassword(row?.password_hash, body.password);
    if (!row || !valid || !toBool(row.is_active)) throw await fail(row ? 'wrong_password' : 'unknown_email');
    if (toBool(row.mfa_enabled)) {
      if (!body.mfa_code) throw new HttpError(401, MFA_MESSAGES.codeRequired, [MFA_CODE_REQUIRED]);
      const check = await access.mfa.checkSignInCode(row.id, body.mfa_code);
      if (check === 'invalid') throw await fail('wrong_mfa_code', [MFA_CODE_INVALID], MFA_MESSAGES.codeInvalid);
      if (check === 'recovery') {
        await writeAudit(app.storage.db, request, { event: 'recovery_code_used', organizationId: row.organization_id, userId: row.id, email: row.email });
      }
    }
    const user = await loadSessionUser(app.storage, row.id);
    if (!user) throw await fail('inactive');
    await access.throttle.clear(email);
    const session = await app.sessions.issue(reply, user.id, user.organization_id);
    await writeAudit(app.storage.db, request, {
      event: 'sign_in', organizationId: user.organization_id, userId: user.id, email: user.email, detail: { method: 'password', mfa: user.mfa_enabled },
    });
    return {
      exp: session.exp,
      organization_id: user.organization_id,
      roles: user.roles,
      user: toDto(user),
      change_password: user.change_password,
      location: null,
      require_mfa_enabled: user.require_mfa_enabled,
    };
  });

  r.post('/api/v2/user/check_sso', {
    summary: 'Whether an e-mail signs in through single sign-on; answers the link to go to, or null',
    description: 'Decided by the e-mail domain alone (organisations list their SSO domains), so it reveals no account.',
    public: true,
    csrf: false,
    rateLimit: limits.signIn,
    body: checkSsoRequestSchema,
    response: checkSsoResponseSchema,
  }, async ({ body, app }) => {
    return { sso_login_link: await app.services.get(accessKey).sso.loginLinkFor(body.email.trim().toLowerCase()) };
  });

  r.get('/api/v2/user/current', {
    summary: 'The signed-in user, roles, features and session expiry',
    allowBeforeMfa: true,
    response: currentUserSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const { app, request } = ctx;
    let exp = Math.floor(Date.now() / 1000) + app.config.accessTtlSeconds;
    if (user.auth_method === 'cookie') {
      const token = request.cookies.access_token_cookie ?? '';
      exp = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8') || '{}').exp as number;
    }
    const logoutUrl = user.uses_sso ? await app.services.get(accessKey).sso.logoutUrl(request, user.home_organization_id) : null;
    return {
      exp,
      roles: user.roles,
      features: await featuresOf(app, user),
      logout_url: logoutUrl,
      claims: { organization_id: user.organization_id, roles: user.roles },
      user: toDto(user),
      feedback_url: app.config.access.feedbackUrl,
      remote_media: app.config.media.remote,
      auth_method: user.auth_method,
      analytics: app.config.analytics.enabled,
    };
  });

  r.post('/api/v2/user/refresh', {
    summary: 'Rotate the refresh token; global admins may switch organisation',
    description: 'Authenticated by the refresh-token cookie and the X-CSRF-TOKEN header holding csrf_refresh_token. ' +
      'organization_id switches the organisation a global admin acts in; anyone else asking for another organisation gets 403 and keeps the session.',
    public: true,
    csrf: false,
    body: refreshRequestSchema,
    response: refreshResponseSchema,
  }, async ({ body, request, reply, app }) => {
    const wanted = body?.organization_id;
    const result = await app.sessions.rotate(request, reply, wanted);
    if (!result.ok) {
      if (result.reason === 'forbidden') throw new HttpError(403, AUTH_MESSAGES.forbidden);
      // Without a matching CSRF header the call may be a cross-site forgery: it changes nothing, cookies included.
      if (result.reason === 'csrf_missing') throw new HttpError(401, AUTH_MESSAGES.missingCsrf);
      if (result.reason === 'csrf_bad') throw new HttpError(401, AUTH_MESSAGES.badCsrf);
      // A refresh token that is unknown, revoked or expired is of no use: the browser may forget it.
      if (result.reason === 'invalid') app.sessions.clearCookies(reply);
      throw new HttpError(401, AUTH_MESSAGES.notAuthenticated);
    }
    if (wanted) {
      await writeAudit(app.storage.db, request, {
        event: 'organization_switched', organizationId: wanted, userId: result.user.id, email: result.user.email,
        detail: { from: result.user.home_organization_id },
      });
    }
    return {
      jwt: 'cookie' as const,
      exp: result.session.exp,
      organization_id: result.user.organization_id,
      roles: result.user.roles,
      user: toDto(result.user),
    };
  });

  r.get('/api/v2/user/logout', {
    summary: 'End the session: revokes the refresh token and clears the cookies',
    description: 'A call carrying the session cookies must send X-CSRF-TOKEN, like every call of the app (the value of ' +
      `csrf_access_token, or of csrf_refresh_token once the access token has expired): without it the answer is 401 "${AUTH_MESSAGES.missingCsrf}", ` +
      `with a wrong one 401 "${AUTH_MESSAGES.badCsrf}", and the session is kept, so a cross-site link cannot sign anyone out. ` +
      'The session (every refresh token of the sign-in and the access tokens issued for it) ends at once. ' +
      'refresh_jwt revokes that refresh token\'s session too; knowing it is the credential, so it needs no header when no cookie is sent.',
    public: true,
    query: z.object({ refresh_jwt: z.string().max(200).optional() }),
    response: z.object({ logged_out: z.boolean() }),
  }, async ({ query, request, reply, app, user }) => {
    const csrf = app.sessions.checkLogoutCsrf(request);
    if (csrf === 'missing') throw new HttpError(401, AUTH_MESSAGES.missingCsrf);
    if (csrf === 'bad') throw new HttpError(401, AUTH_MESSAGES.badCsrf);
    if (query.refresh_jwt) await app.sessions.revokeRefreshToken(query.refresh_jwt);
    await app.sessions.revoke(request, reply);
    if (user) await writeAudit(app.storage.db, request, { event: 'sign_out', organizationId: user.organization_id, userId: user.id, email: user.email });
    return { logged_out: true };
  });
}
