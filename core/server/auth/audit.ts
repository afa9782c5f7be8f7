import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { EventType } from '@core/shared/access/api';
import type { Kysely } from 'kysely';
import type { CoreTables } from '../storage/tables';
import { nowIso } from '../storage/database';

export interface AuditEvent {
  event: EventType;
  /** The organisation the event belongs to (null only for a failed sign-in with an unknown e-mail). */
  organizationId: string | null;
  /** Who acted (null when nobody could be identified). */
  userId: string | null;
  email?: string | null;
  /** Whom it was done to, when someone else (an admin changing a user). */
  targetUserId?: string | null;
  /** Never secrets: ids, names, lists of roles or permissions. */
  detail?: Record<string, unknown>;
}

/**
 * The event audit of the issue: who, what, when, organisation and source IP for every sign-in, password, MFA,
 * role, membership and API key change. Written in the caller's transaction when one is given, so an audited
 * change and its record are stored together or not at all.
 */
export async function writeAudit(db: Kysely<CoreTables>, request: FastifyRequest | null, e: AuditEvent): Promise<void> {
  await db.insertInto('core_event_audit').values({
    id: crypto.randomUUID(),
    organization_id: e.organizationId,
    user_id: e.userId,
    email: e.email ?? null,
    target_user_id: e.targetUserId ?? null,
    event_type: e.event,
    source_ip: request?.ip ?? null,
    detail: JSON.stringify(e.detail ?? {}),
    created_at: nowIso(),
  }).execute();
}
