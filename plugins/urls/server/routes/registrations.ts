import { z } from 'zod';
import { badRequest, forbidden, HttpError } from '@core/server/http/errors';
import { canEditInsights } from '@core/shared/access/permissions';
import { requireUser, type RouteRegistrar } from '@core/server/http/routes';
import { REGISTRATION_LOOKUP_PATH, URLS_MESSAGES, registrationLookupAnswerSchema } from '../../shared/api';
import { canonicalDomain } from '../links';
import type { RdapClient } from '../rdap/client';
import { storeSnapshot, toRegistration } from '../registrations';
import { dbOf } from '../tables';

/**
 * Look up a domain's registration now (RDAP) and keep it as a dated snapshot. Off unless the operator turned lookups
 * on (409 with the reason); a registry failure stores nothing and answers 502 with what went wrong. A lookup writes to
 * the organisation's registration history and sends a request out of the network, so it is for the roles that annotate
 * domains (the insight editors of spec part 2 section 6); readers see the stored registrations.
 */
export function registerRegistrationRoutes(r: RouteRegistrar, rdap: () => RdapClient | null): void {
  r.post(REGISTRATION_LOOKUP_PATH, {
    summary: "Look up a domain's registration in its registry (RDAP) and store it as a dated snapshot",
    description: 'Answers status found (with the registration) or not_found; both are stored, so Past Registration shows what changed '
      + 'between lookups. 403 for a user who may not change insights (readers). 409 when lookups are off (NARRASCOPE_RDAP_LOOKUPS), 429 when the registry asked us to wait, 502 when it failed.',
    params: z.object({ domain: z.string().min(1).max(253) }), body: z.object({}).passthrough().optional(), response: registrationLookupAnswerSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    if (!canEditInsights(user)) throw forbidden(URLS_MESSAGES.lookupNotAllowed);
    const domain = canonicalDomain(ctx.params.domain);
    if (domain === null) throw badRequest(URLS_MESSAGES.badDomain);
    const client = rdap();
    if (!client) throw new HttpError(409, URLS_MESSAGES.lookupsOff);
    const outcome = await client.lookup(domain);
    if (outcome.status === 'failed') throw new HttpError(outcome.reason === 'rate_limited' ? 429 : 502, outcome.message);
    const facts = outcome.status === 'found'
      ? { status: 'found' as const, ...outcome.facts, source: outcome.server }
      : { status: 'not_found' as const, registrant_name: null, registrant_phone: null, registrant_email: null, registrar: null,
        reg_created_at: null, reg_expires_at: null, reg_updated_at: null, source: outcome.server };
    const row = await storeSnapshot(dbOf(ctx.app.storage), user.organization_id, domain, facts);
    return { status: outcome.status, registration: outcome.status === 'found' ? toRegistration(row) : null };
  });
}
