import crypto from 'node:crypto';
import type { Registration } from '../shared/api';
import type { RdapFacts } from './rdap/parse';
import type { RegistrationRow, UrlsDb } from './tables';

/** What an RDAP lookup found (or that the registry does not know the domain). */
export interface RegistrationFacts extends RdapFacts {
  status: 'found' | 'not_found';
  source: string;
}

export const toRegistration = (r: RegistrationRow): Registration => ({
  name: r.registrant_name, telephone: r.registrant_phone, registrar: r.registrar, contact_email: r.registrant_email,
  reg_created_at: r.reg_created_at, reg_expires_at: r.reg_expires_at, reg_updated_at: r.reg_updated_at, looked_up_at: r.looked_up_at,
});

/** Stores one dated snapshot (every lookup is kept: history is computed from them). */
export async function storeSnapshot(db: UrlsDb, organizationId: string, domain: string, facts: RegistrationFacts, at = new Date().toISOString()): Promise<RegistrationRow> {
  const row: RegistrationRow = { id: crypto.randomUUID(), organization_id: organizationId, domain, looked_up_at: at, ...facts };
  await db.insertInto('urls_registrations').values(row).execute();
  return row;
}

/** Every found snapshot of the domains, oldest first, per domain. */
export async function snapshotsOf(db: UrlsDb, organizationId: string, domains: readonly string[]): Promise<Map<string, RegistrationRow[]>> {
  const out = new Map<string, RegistrationRow[]>();
  for (let i = 0; i < domains.length; i += 500) {
    const rows = await db.selectFrom('urls_registrations').selectAll()
      .where('organization_id', '=', organizationId).where('domain', 'in', domains.slice(i, i + 500)).where('status', '=', 'found')
      .orderBy('domain').orderBy('looked_up_at').orderBy('id').execute();
    for (const row of rows) {
      const list = out.get(row.domain) ?? [];
      list.push(row);
      out.set(row.domain, list);
    }
  }
  return out;
}

/** The newest found snapshot of each domain. */
export async function currentRegistrations(db: UrlsDb, organizationId: string, domains: readonly string[]): Promise<Map<string, RegistrationRow>> {
  const all = await snapshotsOf(db, organizationId, domains);
  return new Map([...all].map(([domain, rows]) => [domain, rows[rows.length - 1]!]));
}

const WHO_FIELDS = ['registrant_name', 'registrant_phone', 'registrar', 'registrant_email', 'reg_created_at', 'reg_expires_at', 'reg_updated_at'] as const;

/**
 * Past Registration: the snapshots at which the registration changed, newest first. A snapshot equal to the one
 * before it (a routine re-lookup) adds nothing; the oldest snapshot is always there (what it was first seen as).
 */
export function registrationHistory(snapshots: readonly RegistrationRow[]): Registration[] {
  const changes: RegistrationRow[] = [];
  for (const row of snapshots) {
    const previous = changes[changes.length - 1];
    if (!previous || WHO_FIELDS.some((f) => previous[f] !== row[f])) changes.push(row);
  }
  return changes.reverse().map(toRegistration);
}
