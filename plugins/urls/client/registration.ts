import type { Registration } from '../shared/api';
import { SHARED_MESSAGES } from '@core/shared/messages';

/** Missing registration values (spec part 2 section 2: "Missing values show N/A or Unavailable"). */
export const UNAVAILABLE = SHARED_MESSAGES.unavailable;

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : UNAVAILABLE);

/** Current Registration's rows, in the spec's order: Creation, Expiration, Last Updated, Registrar, Registrar Email. */
export function currentRegistrationRows(r: Registration | null): Array<[string, string]> {
  return [
    ['Creation', day(r?.reg_created_at ?? null)],
    ['Expiration', day(r?.reg_expires_at ?? null)],
    ['Last Updated', day(r?.reg_updated_at ?? null)],
    ['Registrar', r?.registrar ?? UNAVAILABLE],
    ['Registrar Email', r?.contact_email ?? UNAVAILABLE],
  ];
}

export interface PastRegistrationRow {
  /** When the snapshot was taken (UTC day). */
  date: string;
  names: string;
  phones: string;
  registrars: string;
  emails: string;
  /** The columns that differ from the snapshot before it (none for the oldest). */
  changed: ReadonlyArray<'names' | 'phones' | 'registrars' | 'emails'>;
}

/**
 * Past Registration (Names, Phones, Registrars, Emails): the snapshots at which the registration changed, newest
 * first as the server gives them, each marked with what changed against the one before it.
 */
export function pastRegistrationRows(history: readonly Registration[]): PastRegistrationRow[] {
  const cells = (r: Registration) => ({
    names: r.name ?? UNAVAILABLE, phones: r.telephone ?? UNAVAILABLE, registrars: r.registrar ?? UNAVAILABLE, emails: r.contact_email ?? UNAVAILABLE,
  });
  return history.map((r, i) => {
    const now = cells(r);
    const before = history[i + 1] ? cells(history[i + 1]!) : null;
    const changed = before ? (['names', 'phones', 'registrars', 'emails'] as const).filter((k) => now[k] !== before[k]) : [];
    return { date: day(r.looked_up_at), ...now, changed };
  });
}

/** The domain timeline's sentence: registration against the first share in the conversation. */
export function registrationLead(days: number | null): string {
  if (days === null) return 'No registration date known';
  if (days < 0) return `Registered ${Math.abs(days)} days after its first share`;
  return `Registered ${days} days before its first share`;
}
