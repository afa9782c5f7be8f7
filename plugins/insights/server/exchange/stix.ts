import { randomUUID } from 'node:crypto';
import type { Insight } from '../../shared/api';
import { riskCategoryOf, type Confidence } from '../../shared/vocabulary';
import { threatActorTypes } from './stixMapping';
import { uuidV5 } from './uuid5';

/**
 * STIX 2.1 bundle of analyst insights. Per insight:
 * - an `identity` for the account or the outlet (accounts: individual or organization by role, unknown without
 *   one; domains: organization named after the outlet), carrying the analyst's attributes as x_narrascope_*;
 * - when the insight is state associated or has a threat subcategory (stixMapping.ts), a `threat-actor` with the
 *   same attributes and an `attributed-to` relationship from it to the identity;
 * - for a domain, a `domain-name` observable and a `related-to` relationship from the identity to it.
 * Every SDO and SRO is created by the organisation's identity (first in the bundle).
 *
 * Ids: STIX says SDOs and SROs SHOULD use UUIDv4; ours are UUIDv5 of the insight id under our own namespace so that a
 * re-export gives the same ids and consumers update objects instead of duplicating them (`modified` tells versions
 * apart). SCOs use the spec's deterministic ids: UUIDv5 of the canonical JSON of their id contributing properties
 * (`value` for domain-name) under the STIX namespace.
 */

/** Our namespace for SDO and SRO ids. Never change it: every exported id derives from it. */
export const NARRASCOPE_STIX_NAMESPACE = '19c01e2b-7dd6-4906-aeb3-d8080ffc2bb6';
/** STIX 2.1 section 2.9: the namespace of deterministic SCO ids. */
export const STIX_SCO_NAMESPACE = '00abedb4-aa42-466c-9c01-fed23315a9b7';

/** STIX 2.1 appendix A "None / Low / Med / High" scale: the value a producer writes for each level. */
export const STIX_CONFIDENCE: Record<Confidence, number> = { low: 15, medium: 50, high: 85 };

/** Roles whose accounts speak for an organisation rather than a person. */
const ORGANIZATION_ROLES = new Set(['Media Outlet', 'Business']);

export interface StixObject {
  type: string;
  id: string;
  [property: string]: unknown;
}

export interface StixBundle {
  type: 'bundle';
  id: string;
  objects: StixObject[];
}

/** The organisation exporting: the `created_by_ref` identity. `created_at` keeps that identity stable too. */
export interface StixOrganization {
  id: string;
  name: string;
  created_at: string;
}

const sdoId = (type: string, key: string) => `${type}--${uuidV5(key, NARRASCOPE_STIX_NAMESPACE)}`;

/** STIX 2.1 section 2.9: for one string property, JSON.stringify is the JCS canonical form. */
export const domainNameId = (fqdn: string) => `domain-name--${uuidV5(JSON.stringify({ value: fqdn }), STIX_SCO_NAMESPACE)}`;

/** RFC 3339, UTC, milliseconds (STIX: created and modified MUST be precise to the millisecond). */
function stixTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a timestamp: ${value}`);
  return date.toISOString();
}

/** Drops absent values and empty lists: STIX forbids null and requires lists to have at least one item. */
function compact(object: Record<string, unknown>): StixObject {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0))) as StixObject;
}

export function exportInsightsStix(insights: readonly Insight[], organization: StixOrganization, bundleId = `bundle--${randomUUID()}`): StixBundle {
  const orgTime = stixTime(organization.created_at);
  const org = compact({
    type: 'identity', spec_version: '2.1', id: sdoId('identity', `organization/${organization.id}`),
    created: orgTime, modified: orgTime, name: organization.name, identity_class: 'organization',
  });
  const objects = new Map<string, StixObject>([[org.id, org]]);
  for (const insight of insights) {
    for (const object of insightObjects(insight, org.id)) objects.set(object.id, object);
  }
  return { type: 'bundle', id: bundleId, objects: [...objects.values()] };
}

/** The analyst's attributes, as custom properties (names: lower case, `x_` prefixed, 3 to 250 characters). */
function attributes(insight: Insight): Record<string, unknown> {
  const p = insight.additional_properties;
  return {
    x_narrascope_state_association: p.state_association, x_narrascope_country_of_origin: p.country_of_origin,
    x_narrascope_operating_country: p.operating_country, x_narrascope_region: p.region,
    x_narrascope_language: p.language, x_narrascope_subcategory: p.subcategory,
    x_narrascope_risk_category: [...new Set(p.subcategory.map(riskCategoryOf))],
    x_narrascope_confidence: insight.confidence, x_narrascope_permanence: insight.permanence,
  };
}

function insightObjects(insight: Insight, createdByRef: string): StixObject[] {
  const p = insight.additional_properties;
  const created = stixTime(insight.created_at);
  const updated = stixTime(insight.updated_at);
  const common = {
    spec_version: '2.1', created, modified: updated < created ? created : updated, created_by_ref: createdByRef,
    confidence: insight.confidence ? STIX_CONFIDENCE[insight.confidence] : null,
  };
  const key = `insight/${insight.id}`;
  const isDomain = insight.analyzable_type === 'domain';
  const name = p.name ?? (isDomain ? insight.analyzable_id : insight.screen_name ?? insight.user_id ?? insight.analyzable_id ?? insight.link) ?? 'Unnamed account';
  const identity = compact({
    type: 'identity', id: sdoId('identity', `${key}/identity`), ...common, name,
    identity_class: isDomain || (p.role && ORGANIZATION_ROLES.has(p.role)) ? 'organization' : p.role ? 'individual' : 'unknown',
    roles: p.role ? [p.role] : null,
    external_references: insight.link ? [{ source_name: insight.platform ?? 'website', url: insight.link }] : null,
    x_narrascope_insight_id: insight.id, x_narrascope_analyzable_type: insight.analyzable_type,
    x_narrascope_analyzable_id: insight.analyzable_id, x_narrascope_platform: insight.platform,
    x_narrascope_user_id: insight.user_id, x_narrascope_screen_name: insight.screen_name,
    x_narrascope_user_class: insight.user_class, ...attributes(insight),
  });
  const objects = [identity];

  const types = threatActorTypes(p.state_association, p.subcategory);
  if (types.length) {
    const alias = isDomain ? insight.analyzable_id : insight.screen_name;
    const actor = compact({
      type: 'threat-actor', id: sdoId('threat-actor', `${key}/threat-actor`), ...common, name,
      threat_actor_types: types, aliases: alias && alias !== name ? [alias] : null,
      // A state-associated actor acts for the state: STIX's "agent" role.
      roles: types.includes('nation-state') ? ['agent'] : null,
      ...attributes(insight),
    });
    objects.push(actor, relationship(`${key}/attributed-to`, 'attributed-to', actor.id, identity.id, common));
  }
  if (isDomain && insight.analyzable_id) {
    const domain = compact({ type: 'domain-name', spec_version: '2.1', id: domainNameId(insight.analyzable_id), value: insight.analyzable_id });
    objects.push(domain, relationship(`${key}/related-to`, 'related-to', identity.id, domain.id, common));
  }
  return objects;
}

function relationship(key: string, type: string, source: string, target: string, common: Record<string, unknown>): StixObject {
  return compact({ type: 'relationship', id: sdoId('relationship', key), ...common, relationship_type: type, source_ref: source, target_ref: target });
}
