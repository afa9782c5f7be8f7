import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PASSWORD_MESSAGES } from '@core/shared/access/passwords';
import {
  SIGN_IN_MESSAGES, changePasswordRequestSchema, changePasswordResponseSchema, messageResponseSchema, resetPasswordRequestSchema,
} from '@core/shared/access/session';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import { requireUser, type RouteRegistrar } from '../http/routes';
import type { ServerContext } from '../plugin/context';
import { nowIso, toBool } from '../storage/database';
import { hashPassword } from '../seed';
import { accessKey } from './access';
import { writeAudit } from './audit';
import { assertAcceptablePassword, verifyPassword } from './passwordPolicy';
import { signInLimits } from './routes';
import { requireBrowserSession } from './users';
import { randomToken, sha256 } from './tokens';

export const RESET_PATH = '/resetPassword/new';

const hashResetToken = (token: string) => sha256(`password-reset:${token}`);

/**
 * Where links in e-mails point. Only the configured public URL, or the address of a loopback request (a
 * developer's machine, the tests): a Host header from the internet must never choose where a reset token goes.
 */
function linkBase(app: ServerContext, request: FastifyRequest): string | null {
  if (app.config.publicUrl) return app.config.publicUrl;
  const host = request.hostname;
  return ['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host) ? `${request.protocol}://${request.host}` : null;
}

/** Creates a reset token for an account that may use one and mails the link; nothing is said to the caller. */
async function startReset(app: ServerContext, request: FastifyRequest, email: string): Promise<void> {
  const row = await app.storage.db.selectFrom('core_users')
    .innerJoin('core_organizations', 'core_organizations.id', 'core_users.organization_id')
    .select(['core_users.id', 'core_users.email', 'core_users.organization_id', 'core_users.is_active', 'core_organizations.enable_sso'])
    .where('core_users.email', '=', email)
    .executeTakeFirst();
  // Users of single-sign-on organisations have their password at the provider.
  if (!row || !toBool(row.is_active) || toBool(row.enable_sso)) return;
  const base = linkBase(app, request);
  if (!base) {
    request.log.warn('password reset requested but NARRASCOPE_PUBLIC_URL is not set: no link can be mailed');
    return;
  }
  const token = randomToken(32);
  const now = nowIso();
  await app.storage.db.transaction().execute(async (trx) => {
    // One valid link at a time: a new request retires older ones.
    await trx.updateTable('core_password_resets').set({ used_at: now }).where('user_id', '=', row.id).where('used_at', 'is', null).execute();
    await trx.insertInto('core_password_resets').values({
      id: crypto.randomUUID(), user_id: row.id, token_hash: hashResetToken(token), created_at: now, used_at: null,
      expires_at: new Date(Date.now() + app.config.access.resetTokenTtlMinutes * 60_000).toISOString(),
    }).execute();
    await writeAudit(trx, request, { event: 'password_reset_requested', organizationId: row.organization_id, userId: row.id, email: row.email });
  });
  const link = `${base}${RESET_PATH}?token=${encodeURIComponent(token)}`;
  await app.services.get(accessKey).mailer.send({
    to: row.email,
    subject: 'Reset your Narrascope password',
    text: `Someone asked to reset the password of your Narrascope account.\n\nTo choose a new password, open:\n${link}\n\n` +
      `The link works once and expires in ${app.config.access.resetTokenTtlMinutes} minutes. If you did not ask, ignore this e-mail.\n`,
  });
}

/** Password calls of spec part 1 section 7 with the rules of section 5 and the messages of section 8. */
export function registerPasswordRoutes(r: RouteRegistrar, config: Config, background: (task: Promise<unknown>) => void): void {
  const limits = signInLimits(config);

  r.post('/api/v2/user/forgotPassword', {
    summary: 'Request a password reset e-mail',
    description: 'Answers the same message at once for known and unknown e-mails; the e-mail (SMTP) is prepared and sent afterwards.',
    public: true,
    csrf: false,
    rateLimit: limits.password,
    body: z.object({ email: z.string().trim().toLowerCase().pipe(z.email().max(320)) }),
    response: messageResponseSchema,
  }, async ({ body, request, app }) => {
    // The work happens after the answer, so its duration cannot tell whether the e-mail exists.
    background(startReset(app, request, body.email).catch((err: Error) => request.log.error({ error: err.message }, 'password reset failed')));
    return { message: SIGN_IN_MESSAGES.forgotReceived };
  });

  r.post('/api/v2/user/resetPassword', {
    summary: 'Set a new password with the token of a reset e-mail',
    description: `401 "${PASSWORD_MESSAGES.resetExpired}" for an unknown, used or expired token; 400 with the password rule's message (the token stays usable).`,
    public: true,
    csrf: false,
    rateLimit: limits.password,
    body: resetPasswordRequestSchema,
    response: messageResponseSchema,
  }, async ({ body, request, app }) => {
    const tokenHash = hashResetToken(body.token);
    const reset = await app.storage.db.selectFrom('core_password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    if (!reset || reset.used_at || reset.expires_at <= nowIso()) throw new HttpError(401, PASSWORD_MESSAGES.resetExpired);
    assertAcceptablePassword(body.password);
    const hash = await hashPassword(body.password);
    const user = await app.storage.db.transaction().execute(async (trx) => {
      // Conditional: of two simultaneous uses of one token, only one changes the password.
      const used = await trx.updateTable('core_password_resets').set({ used_at: nowIso() })
        .where('id', '=', reset.id).where('used_at', 'is', null).executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw new HttpError(401, PASSWORD_MESSAGES.resetExpired);
      const row = await trx.selectFrom('core_users').select(['id', 'email', 'organization_id', 'is_active']).where('id', '=', reset.user_id).executeTakeFirstOrThrow();
      if (!toBool(row.is_active)) throw new HttpError(401, PASSWORD_MESSAGES.resetExpired);
      await trx.updateTable('core_users').set({ password_hash: hash, change_password: 0, updated_at: nowIso() }).where('id', '=', row.id).execute();
      await app.sessions.revokeAllForUser(row.id, trx);
      await writeAudit(trx, request, { event: 'password_reset', organizationId: row.organization_id, userId: row.id, email: row.email });
      return row;
    });
    await app.services.get(accessKey).throttle.clear(user.email);
    return { message: PASSWORD_MESSAGES.resetDone };
  });

  r.put('/api/v2/user/changePassword', {
    summary: 'Set or change the signed-in user\'s password',
    description: 'old_password is required unless the password was set by an administrator (change_password). ' +
      `Wrong or missing: 401 "${PASSWORD_MESSAGES.wrongCurrent}". Other sessions of the user end; this one continues with new cookies.`,
    allowBeforeMfa: true,
    rateLimit: limits.password,
    body: changePasswordRequestSchema,
    response: changePasswordResponseSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    requireBrowserSession(user);
    const { body, app, request, reply } = ctx;
    const access = app.services.get(accessKey);
    const row = await app.storage.db.selectFrom('core_users').select(['password_hash', 'change_password']).where('id', '=', user.id).executeTakeFirstOrThrow();
    if (!toBool(row.change_password)) {
      // Counted like sign-in failures: a stolen session must not become a way to guess the password.
      if (await access.throttle.isLocked(user.email)) throw new HttpError(401, PASSWORD_MESSAGES.wrongCurrent);
      if (!body.old_password || !(await verifyPassword(row.password_hash, body.old_password))) {
        await access.throttle.recordFailure(user.email);
        throw new HttpError(401, PASSWORD_MESSAGES.wrongCurrent);
      }
    }
    assertAcceptablePassword(body.password);
    const hash = await hashPassword(body.password);
    await app.storage.db.transaction().execute(async (trx) => {
      await trx.updateTable('core_users').set({ password_hash: hash, change_password: 0, updated_at: nowIso() }).where('id', '=', user.id).execute();
      await app.sessions.revokeAllForUser(user.id, trx);
      await writeAudit(trx, request, { event: 'password_changed', organizationId: user.home_organization_id, userId: user.id, email: user.email });
    });
    await app.sessions.issue(reply, user.id, user.organization_id);
    return { error: null };
  });
}
