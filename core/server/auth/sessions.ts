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
    const user = await loadSessionUser(this.storage, claims.sub, claims.org);
    if (!user || (claims.iat_ms ?? claims.iat * 1000) < user.sessions_valid_from) return null;
    return { user, csrf: claims.csrf };
  }

  /** The CSRF value a refresh-token cookie pairs with, derived so nothing extra is stored. */
  refreshCsrfFor(refreshCookie: string): string {
    return hmac(this.opts.secret, `refresh-csrf:${refreshCookie}`);
  }

  /** Checks the refresh cookie and its CSRF header; answers the token row or a reason. */
  async rotate(
    request: FastifyRequest,
    reply: FastifyReply,
    switchToOrganizationId?: string,
  ): Promise<{ ok: true; session: IssuedSession; user: SessionUser } | { ok: false; reason: 'missing' | 'csrf' | 'invalid' | 'forbidden' }> {
    const cookie = request.cookies[REFRESH_COOKIE];
    if (!cookie) return { ok: false, reason: 'missing' };
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    if (typeof header !== 'string' || !safeEqual(header, this.refreshCsrfFor(cookie))) return { ok: false, reason: 'csrf' };
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
      const created = await this.createRefreshToken(user.id, organizationId, trx);
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

  async revoke(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const cookie = request.cookies[REFRESH_COOKIE];
    if (cookie) {
      await this.storage.db
        .updateTable('core_refresh_tokens')
        .set({ revoked_at: nowIso() })
        .where('token_hash', '=', sha256(cookie))
        .where('revoked_at', 'is', null)
        .execute();
    }
    this.clearCookies(reply);
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

  private async createRefreshToken(userId: string, organizationId: string, db = this.storage.db) {
    const value = randomToken(32);
    const id = crypto.randomUUID();
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
      })
      .execute();
    return { id, value };
  }

  private setCookies(reply: FastifyReply, userId: string, organizationId: string, refresh: { value: string }): IssuedSession {
    const nowMs = Date.now();
    const iat = Math.floor(nowMs / 1000);
    const exp = iat + this.opts.accessTtlSeconds;
    const csrf = randomToken(16);
    const access = signAccessToken(this.opts.secret, { sub: userId, org: organizationId, csrf, iat, iat_ms: nowMs, exp });
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
