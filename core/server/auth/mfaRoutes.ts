import { z } from 'zod';
import { MFA_MESSAGES } from '@core/shared/access/session';
import { mfaEnabledSchema, mfaSetupSchema, mfaStatusSchema, mfaVerifyBodySchema } from '@core/shared/access/api';
import { HttpError } from '../http/errors';
import { requireUser, type RouteRegistrar } from '../http/routes';
import { nowIso } from '../storage/database';
import { accessKey } from './access';
import { writeAudit } from './audit';
import { requireBrowserSession } from './users';

/**
 * TOTP enrolment of the signed-in user: setup answers a new secret (text, otpauth URI and QR code), verify
 * confirms it with a code and answers recovery codes once. Running setup again while enrolled replaces the
 * authenticator when the new one is verified (a new phone); until then the old one keeps working.
 */
export function registerMfaRoutes(r: RouteRegistrar): void {
  r.get('/api/v2/user/mfa', {
    summary: 'MFA status of the signed-in user',
    allowBeforeMfa: true,
    response: mfaStatusSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    return {
      mfa_enabled: user.mfa_enabled,
      mfa_enabled_at: user.mfa_enabled_at,
      recovery_codes_remaining: await ctx.app.services.get(accessKey).mfa.remainingRecoveryCodes(user.id),
    };
  });

  r.post('/api/v2/user/mfa/setup', {
    summary: 'Start TOTP enrolment: a new secret, its otpauth URI and a QR code',
    allowBeforeMfa: true,
    body: z.object({}).strict().optional(),
    response: mfaSetupSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    requireBrowserSession(user);
    return ctx.app.services.get(accessKey).mfa.beginEnrolment(user.id, user.email);
  });

  r.post('/api/v2/user/mfa/verify', {
    summary: 'Confirm enrolment with a code from the authenticator; answers recovery codes once',
    description: `400 "${MFA_MESSAGES.codeInvalid}" when the code does not match the secret of the last setup (or there is none).`,
    allowBeforeMfa: true,
    body: mfaVerifyBodySchema,
    response: mfaEnabledSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    requireBrowserSession(user);
    const { app, request, body } = ctx;
    const mfa = app.services.get(accessKey).mfa;
    const enabledAt = nowIso();
    const codes = await app.storage.db.transaction().execute(async (trx) => {
      const recovery = await mfa.confirmEnrolment(trx, user.id, body.code);
      if (!recovery) return null;
      await trx.updateTable('core_users').set({ mfa_enabled: 1, mfa_enabled_at: enabledAt, updated_at: enabledAt }).where('id', '=', user.id).execute();
      await writeAudit(trx, request, {
        event: 'mfa_enabled', organizationId: user.home_organization_id, userId: user.id, email: user.email, detail: { replaced: user.mfa_enabled },
      });
      return recovery;
    });
    if (!codes) throw new HttpError(400, MFA_MESSAGES.codeInvalid);
    return { mfa_enabled: true as const, mfa_enabled_at: enabledAt, recovery_codes: codes };
  });
}
