import { z } from 'zod';
import type { RouteRegistrar } from '../http/routes';
import { toBool } from '../storage/database';
import { accessKey } from './access';
import { writeAudit } from './audit';
import { SSO_CALLBACK_PATH, SSO_LOGIN_PATH, SsoError } from './sso';
import { sameSitePath } from '@core/shared/access/sameSitePath';

/**
 * The browser side of single sign-on: check_sso's link leads here, we send the browser to the provider, and the
 * provider sends it back to the callback, which starts the session and lands on `next` (or /). Failures land
 * on /login with a status whose message the login page shows (mfa_0: 'An issue occurred on our end...').
 */
export function registerSsoRoutes(r: RouteRegistrar): void {
  r.get(SSO_LOGIN_PATH, {
    summary: 'Start single sign-on: redirects to the organisation\'s OpenID Connect provider',
    public: true,
    raw: true,
    query: z.object({
      organization_id: z.string().uuid(),
      login_hint: z.string().max(320).optional(),
      next: z.string().max(2048).optional(),
    }),
    response: z.unknown(),
  }, async ({ query, request, reply, app }) => {
    try {
      const url = await app.services.get(accessKey).sso.authorizationUrl(request, query.organization_id, query.login_hint, sameSitePath(query.next));
      return reply.redirect(url, 302);
    } catch (err) {
      request.log.warn({ organization_id: query.organization_id, error: (err as Error).message }, 'single sign-on could not start');
      return reply.redirect('/login?status=mfa_0', 302);
    }
  });

  r.get(SSO_CALLBACK_PATH, {
    summary: 'Single sign-on callback: exchanges the code (PKCE), starts the session, redirects to next or /',
    public: true,
    raw: true,
    query: z.object({ state: z.string().max(500).optional(), code: z.string().max(4000).optional(), error: z.string().max(500).optional() }).passthrough(),
    response: z.unknown(),
  }, async ({ request, reply, app }) => {
    const access = app.services.get(accessKey);
    try {
      const { organizationId, email, next } = await access.sso.finish(request);
      const row = await app.storage.db.selectFrom('core_users').select(['id', 'is_active', 'organization_id'])
        .where('email', '=', email).where('organization_id', '=', organizationId).executeTakeFirst();
      if (!row || !toBool(row.is_active)) throw new SsoError('sso_unknown_user', 'no active user with this e-mail in the organisation');
      await app.sessions.issue(reply, row.id, organizationId);
      await writeAudit(app.storage.db, request, { event: 'sso_sign_in', organizationId, userId: row.id, email, detail: { method: 'oidc' } });
      return reply.redirect(sameSitePath(next), 302);
    } catch (err) {
      const status = err instanceof SsoError ? err.status : 'mfa_0';
      // The reason is logged without the query (it holds the code and state).
      request.log.warn({ status, error: (err as Error).message }, 'single sign-on callback refused');
      await writeAudit(app.storage.db, request, { event: 'sign_in_failed', organizationId: null, userId: null, detail: { reason: `sso:${status}` } });
      return reply.redirect(`/login?status=${status}`, 302);
    }
  });
}
