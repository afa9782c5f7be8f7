import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS_COOKIE, CSRF_ACCESS_COOKIE, CSRF_HEADER, CSRF_REFRESH_COOKIE, REFRESH_COOKIE,
} from '@core/shared/api/cookies';
import type { Storage } from '../storage/database';
import { nowIso } from '../storage/database';
import { hmac, randomToken, safeEqual, sha256, signAccessToken, verifyAccessToken } from './tokens';
import { loadSessionUser, type SessionUser } from './sessionUser';
import { findActiveApiKey, presentedApiKey } from './apiKeys';

export interface SessionOptions {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  secureCookies: boolean;
}

export interface IssuedSession {
  exp: number;
  organization_id: string;
}

/** Where the refresh cookie is sent: only the calls that use it (refresh and logout). */
const REFRESH_COOKIE_PATH = '/api/v2/user';

/** Whether a call that ends the cookie session (logout) proved it came from the app: see `checkLogoutCsrf`. */
export type LogoutCsrf = 'ok' | 'no_session' | 'missing' | 'bad';

/**
 * Sessions: a short-lived signed access token and a rotating refresh token, both in httpOnly cookies, each
 * with a readable CSRF twin. Refresh tokens are stored hashed; using one rotates it, and presenting one that was
 * already rotated revokes every session of that user (a stolen token was replayed).
 */
export class SessionService {
  constructor(private readonly storage: Storage, private readonly opts: SessionOptions) {}

  async issue(reply: FastifyReply, userId: string, organizationId: string): Promise<IssuedSession> {
    const refresh = await this.createRefreshToken(userId, organizationId);
    return this.setCookies(reply, userId, organizationId, refresh);
  }

  /**
   * Authenticates a request: by API key when it presents one (`Authorization: Bearer` or `X-API-KEY`; cookies
   * are then ignored, and CSRF does not apply because browsers never attach such headers on their own), else
   * from its access cookie. Null when absent, forged, expired, revoked or the owner is deactivated.
   */
  async authenticate(request: FastifyRequest): Promise<{ user: SessionUser; csrf: string | null } | null> {
    const apiKey = presentedApiKey(request);
    if (apiKey !== undefined) {
      const key = await findActiveApiKey(this.storage, apiKey);
      if (!key) return null;
      const user = await loadSessionUser(this.storage, key.user_id, key.organization_id);
      // A key acts only in the organisation it was made for (a moved user's old keys stop working).
      if (!user || user.organization_id !== key.organization_id) return null;
      return { user: { ...user, auth_method: 'api_key' }, csrf: null };
    }
    const token = request.cookies[ACCESS_COOKIE];
    if (!token) return null;
    const claims = verifyAccessToken(this.opts.secret, token);
    if (!claims) return null;
    // Stateless signature, stateful session: the token dies with its session (logout, revocation), not when it
    // expires. The session check is part of the user's read (loadSessionUser), so it costs no extra query.
    const user = await loadSessionUser(this.storage, claims.sub, claims.org, claims.sid);
    if (!user || (claims.iat_ms ?? claims.iat * 1000) < user.sessions_valid_from) return null;
    return { user, csrf: claims.csrf };
  }

  /** The CSRF value a refresh-token cookie pairs with, derived so nothing extra is stored. */
  refreshCsrfFor(refreshCookie: string): string {
    return hmac(this.opts.secret, `refresh-csrf:${refreshCookie}`);
  }

  /**
   * Logout is a GET (the spec's `GET /api/v2/user/logout`), so a cross-site link or image would reach it with the
   * cookies attached. Ending a cookie session therefore needs the CSRF header every call of the app sends: the
   * access token's value (csrf_access_token) or, once that has expired, the refresh token's (csrf_refresh_token).
   * 'no_session' when the call carries neither session cookie (nothing ambient to protect).
   */
  checkLogoutCsrf(request: FastifyRequest): LogoutCsrf {
    const accessCookie = request.cookies[ACCESS_COOKIE];
    const refreshCookie = request.cookies[REFRESH_COOKIE];
    if (!accessCookie && !refreshCookie) return 'no_session';
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    if (typeof header !== 'string' || header === '') return 'missing';
    const claims = accessCookie ? verifyAccessToken(this.opts.secret, accessCookie) : null;
    if (claims && safeEqual(header, claims.csrf)) return 'ok';
    if (refreshCookie && safeEqual(header, this.refreshCsrfFor(refreshCookie))) return 'ok';
    return 'bad';
  }

  /**
   * Checks the refresh cookie and its CSRF header; answers the new session or a reason. Nothing is read, written
   * or cleared before the CSRF header matched: a forged cross-site refresh changes nothing.
   */
  async rotate(
    request: FastifyRequest,
    reply: FastifyReply,
    switchToOrganizationId?: string,
  ): Promise<
    | { ok: true; session: IssuedSession; user: SessionUser }
    | { ok: false; reason: 'missing' | 'csrf_missing' | 'csrf_bad' | 'invalid' | 'forbidden' }
  > {
    const cookie = request.cookies[REFRESH_COOKIE];
    if (!cookie) return { ok: false, reason: 'missing' };
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    if (typeof header !== 'string' || header === '') return { ok: false, reason: 'csrf_missing' };
    if (!safeEqual(header, this.refreshCsrfFor(cookie))) return { ok: false, reason: 'csrf_bad' };
    const row = await this.storage.db
      .selectFrom('core_refresh_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(cookie))
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'invalid' };
    if (row.revoked_at) {
      if (row.replaced_by) await this.revokeAllForUser(row.user_id);
      return { ok: false, reason: 'invalid' };
    }
    if (row.expires_at <= nowIso()) return { ok: false, reason: 'invalid' };
    const user = await loadSessionUser(this.storage, row.user_id, switchToOrganizationId ?? row.organization_id);
    if (!user) return { ok: false, reason: 'invalid' };
    // Switching is for global admins, into an organisation that exists; refused before anything rotates.
    if (switchToOrganizationId && user.organization_id !== switchToOrganizationId) return { ok: false, reason: 'forbidden' };
    const organizationId = user.organization_id;
    const next = await this.storage.db.transaction().execute(async (trx) => {
      // The successor stays in the same session, so access tokens issued before the rotation keep working.
      const created = await this.createRefreshToken(user.id, organizationId, trx, row.session_id);
      await trx
        .updateTable('core_refresh_tokens')
        .set({ revoked_at: nowIso(), replaced_by: created.id })
        .where('id', '=', row.id)
        .execute();
      return created;
    });
    const session = this.setCookies(reply, user.id, organizationId, next);
    return { ok: true, session, user };
  }

  /**
   * Ends the request's cookie session: every active refresh token of its session (found from the refresh cookie,
   * else from the access token's `sid`) is revoked, which also ends the access tokens issued for it, and the
   * cookies are cleared. The caller checked the CSRF header (`checkLogoutCsrf`).
   */
  async revoke(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const cookie = request.cookies[REFRESH_COOKIE];
    const sessionIds = new Set<string>();
    if (cookie) {
      const row = await this.storage.db.selectFrom('core_refresh_tokens').select('session_id')
        .where('token_hash', '=', sha256(cookie)).executeTakeFirst();
      if (row) sessionIds.add(row.session_id);
    }
    const accessCookie = request.cookies[ACCESS_COOKIE];
    const claims = accessCookie ? verifyAccessToken(this.opts.secret, accessCookie) : null;
    if (claims) sessionIds.add(claims.sid);
    for (const id of sessionIds) await this.revokeSession(id);
    this.clearCookies(reply);
  }

  /** Revokes the refresh token `value` (logout's `refresh_jwt`) and with it its whole session. */
  async revokeRefreshToken(value: string): Promise<void> {
    const row = await this.storage.db.selectFrom('core_refresh_tokens').select('session_id')
      .where('token_hash', '=', sha256(value)).executeTakeFirst();
    if (row) await this.revokeSession(row.session_id);
  }

  private async revokeSession(sessionId: string): Promise<void> {
    await this.storage.db
      .updateTable('core_refresh_tokens')
      .set({ revoked_at: nowIso() })
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of a user: refresh tokens are revoked and access tokens issued until now are refused. */
  async revokeAllForUser(userId: string, db = this.storage.db): Promise<void> {
    await db.updateTable('core_users').set({ sessions_valid_from: Date.now() }).where('id', '=', userId).execute();
    await db
      .updateTable('core_refresh_tokens')
      .set({ revoked_at: nowIso() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  clearCookies(reply: FastifyReply): void {
    for (const name of [ACCESS_COOKIE, CSRF_ACCESS_COOKIE, CSRF_REFRESH_COOKIE]) reply.clearCookie(name, { path: '/' });
    reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
  }

  private async createRefreshToken(userId: string, organizationId: string, db = this.storage.db, sessionId?: string) {
    const value = randomToken(32);
    const id = crypto.randomUUID();
    const session = sessionId ?? id;
    await db
      .insertInto('core_refresh_tokens')
      .values({
        id,
        user_id: userId,
        token_hash: sha256(value),
        organization_id: organizationId,
        expires_at: new Date(Date.now() + this.opts.refreshTtlSeconds * 1000).toISOString(),
        revoked_at: null,
        replaced_by: null,
        created_at: nowIso(),
        session_id: session,
      })
      .execute();
    return { id, value, sessionId: session };
  }

  private setCookies(reply: FastifyReply, userId: string, organizationId: string, refresh: { value: string; sessionId: string }): IssuedSession {
    const nowMs = Date.now();
    const iat = Math.floor(nowMs / 1000);
    const exp = iat + this.opts.accessTtlSeconds;
    const csrf = randomToken(16);
    const access = signAccessToken(this.opts.secret, { sub: userId, org: organizationId, csrf, sid: refresh.sessionId, iat, iat_ms: nowMs, exp });
    const base = { sameSite: 'lax' as const, secure: this.opts.secureCookies };
    reply.setCookie(ACCESS_COOKIE, access, { ...base, path: '/', httpOnly: true, maxAge: this.opts.accessTtlSeconds });
    reply.setCookie(CSRF_ACCESS_COOKIE, csrf, { ...base, path: '/', httpOnly: false, maxAge: this.opts.accessTtlSeconds });
    reply.setCookie(REFRESH_COOKIE, refresh.value, {
      ...base, path: REFRESH_COOKIE_PATH, httpOnly: true, maxAge: this.opts.refreshTtlSeconds,
    });
    reply.setCookie(CSRF_REFRESH_COOKIE, this.refreshCsrfFor(refresh.value), {
      ...base, path: '/', httpOnly: false, maxAge: this.opts.refreshTtlSeconds,
    });
    return { exp, organization_id: organizationId };
  }
}
