/**
 * What Narrascope reads of an RDAP domain answer (RFC 9083): the registration, expiration and last-changed events,
 * the registrar's name, and the registrant's name, phone and e-mail from their jCard (RFC 7095) where the registry
 * publishes them (most redact them since GDPR: then they are null, which the popups show as N/A).
 */
export interface RdapFacts {
  registrant_name: string | null;
  registrant_phone: string | null;
  registrant_email: string | null;
  registrar: string | null;
  reg_created_at: string | null;
  reg_expires_at: string | null;
  reg_updated_at: string | null;
}

export class MalformedRdapAnswer extends Error {}

interface Entity { roles?: unknown; vcardArray?: unknown; entities?: unknown }

/** Throws MalformedRdapAnswer when the document is not an RDAP domain object. */
export function parseRdapDomain(document: unknown): RdapFacts {
  if (!document || typeof document !== 'object' || Array.isArray(document)) throw new MalformedRdapAnswer('not a JSON object');
  const d = document as { objectClassName?: unknown; events?: unknown; entities?: unknown };
  if (d.objectClassName !== 'domain') throw new MalformedRdapAnswer('objectClassName is not "domain"');
  if (d.events !== undefined && !Array.isArray(d.events)) throw new MalformedRdapAnswer('events is not a list');
  const events = (d.events as unknown[] | undefined) ?? [];
  const when = (action: string) => {
    const event = events.find((e) => (e as { eventAction?: unknown })?.eventAction === action) as { eventDate?: unknown } | undefined;
    return typeof event?.eventDate === 'string' && Number.isFinite(Date.parse(event.eventDate)) ? new Date(event.eventDate).toISOString() : null;
  };
  const entities = flatten(d.entities);
  const registrar = entities.find((e) => hasRole(e, 'registrar'));
  const registrant = entities.find((e) => hasRole(e, 'registrant'));
  return {
    registrar: registrar ? vcardValue(registrar, 'fn') : null,
    registrant_name: registrant ? vcardValue(registrant, 'fn') : null,
    registrant_phone: registrant ? vcardValue(registrant, 'tel') : null,
    registrant_email: registrant ? vcardValue(registrant, 'email') : null,
    reg_created_at: when('registration'),
    reg_expires_at: when('expiration'),
    reg_updated_at: when('last changed'),
  };
}

/** Entities and their nested entities (a registrar's abuse contact sits inside the registrar). */
function flatten(value: unknown, depth = 0): Entity[] {
  if (!Array.isArray(value) || depth > 4) return [];
  return value.flatMap((e) => (e && typeof e === 'object' ? [e as Entity, ...flatten((e as Entity).entities, depth + 1)] : []));
}

const hasRole = (e: Entity, role: string) => Array.isArray(e.roles) && e.roles.includes(role);

/** A jCard property's text: ["vcard", [["fn", {}, "text", "Name"], ["tel", {}, "uri", "tel:+1..."]]]. */
function vcardValue(e: Entity, property: string): string | null {
  const card = e.vcardArray;
  if (!Array.isArray(card) || card[0] !== 'vcard' || !Array.isArray(card[1])) return null;
  for (const item of card[1] as unknown[]) {
    if (!Array.isArray(item) || item[0] !== property) continue;
    const raw = item[3];
    const text = Array.isArray(raw) ? raw.filter((x) => typeof x === 'string' && x).join(' ') : typeof raw === 'string' ? raw : '';
    const clean = text.replace(/^tel:|^mailto:/i, '').trim();
    if (clean && !/^redacted|redacted for privacy$/i.test(clean)) return clean;
  }
  return null;
}
