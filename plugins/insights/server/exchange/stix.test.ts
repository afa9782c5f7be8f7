import { describe, expect, it } from 'vitest';
import { domainNameId, exportInsightsStix, type StixBundle, type StixObject } from './stix';
import { threatActorTypes } from './stixMapping';
import { sampleInsights, storedInsight } from './testing/insights';

/**
 * The rules of the STIX 2.1 JSON schemas (oasis-open/cti-stix2-json-schemas: common/core, cyber-observable-core,
 * identifier, timestamp, properties; sdos/identity, sdos/threat-actor; sros/relationship; observables/domain-name),
 * restated for the objects we write, plus the spec's rule that references resolve within the bundle we ship.
 */
const ID = /^([a-z][a-z0-9-]+[a-z0-9])--[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TIMESTAMP_MS = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)\.\d{3,}Z$/;
const PROPERTY_NAME = /^[a-z][a-z0-9_]{2,249}$|^id$/;
const REQUIRED: Record<string, string[]> = {
  identity: ['type', 'spec_version', 'id', 'created', 'modified', 'name'],
  'threat-actor': ['type', 'spec_version', 'id', 'created', 'modified', 'name'],
  relationship: ['type', 'spec_version', 'id', 'created', 'modified', 'relationship_type', 'source_ref', 'target_ref'],
  'domain-name': ['type', 'id', 'value'],
};
const IDENTITY_CLASS = ['individual', 'group', 'system', 'organization', 'class', 'unknown'];
const THREAT_ACTOR_TYPE = ['activist', 'competitor', 'crime-syndicate', 'criminal', 'hacker', 'insider-accidental', 'insider-disgruntled', 'nation-state', 'sensationalist', 'spy', 'terrorist', 'unknown'];
const THREAT_ACTOR_ROLE = ['agent', 'director', 'independent', 'sponsor', 'infrastructure-operator', 'infrastructure-architect', 'malware-author'];

function problems(bundle: StixBundle): string[] {
  const out: string[] = [];
  const check = (ok: boolean, what: string) => ok || out.push(what);
  check(bundle.type === 'bundle' && ID.test(bundle.id) && bundle.id.startsWith('bundle--'), `bundle id ${bundle.id}`);
  check(!('spec_version' in bundle), 'a 2.1 bundle has no spec_version');
  check(bundle.objects.length > 0, 'a bundle holds at least one object');
  const ids = new Set(bundle.objects.map((o) => o.id));
  check(ids.size === bundle.objects.length, 'ids are unique');
  for (const o of bundle.objects) {
    const at = `${o.id}`;
    check(ID.exec(o.id)?.[1] === o.type, `${at}: id is <type>--<uuid>`);
    for (const p of REQUIRED[o.type] ?? ['(unknown type)']) check(p in o, `${at}: requires ${p}`);
    for (const [k, v] of Object.entries(o)) {
      check(PROPERTY_NAME.test(k), `${at}: property name ${k}`);
      check(v !== null && !(Array.isArray(v) && v.length === 0), `${at}: ${k} is null or an empty list`);
      if (k.endsWith('_ref')) check(typeof v === 'string' && ids.has(v), `${at}: ${k} points into the bundle`);
      if (k.startsWith('x_')) check(k.startsWith('x_narrascope_'), `${at}: custom property ${k}`);
    }
    if (o.type !== 'domain-name') {
      check(o.spec_version === '2.1', `${at}: spec_version`);
      check(TIMESTAMP_MS.test(String(o.created)) && TIMESTAMP_MS.test(String(o.modified)), `${at}: millisecond timestamps`);
      check(String(o.modified) >= String(o.created), `${at}: modified is not before created`);
      if ('confidence' in o) check(Number.isInteger(o.confidence) && Number(o.confidence) >= 0 && Number(o.confidence) <= 100, `${at}: confidence`);
    }
    if (o.type === 'identity' && 'identity_class' in o) check(IDENTITY_CLASS.includes(String(o.identity_class)), `${at}: identity_class`);
    if (o.type === 'threat-actor') {
      check((o.threat_actor_types as string[]).every((t) => THREAT_ACTOR_TYPE.includes(t)), `${at}: threat_actor_types`);
      check(!('roles' in o) || (o.roles as string[]).every((r) => THREAT_ACTOR_ROLE.includes(r)), `${at}: roles`);
      check(!('sophistication' in o), `${at}: sophistication is not claimed`);
    }
    if (o.type === 'relationship') check(/^[a-z0-9-]+$/.test(String(o.relationship_type)), `${at}: relationship_type`);
    if (o.type === 'domain-name') check(o.id === domainNameId(String(o.value)), `${at}: deterministic SCO id`);
  }
  return out;
}

const ORG = { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Example Research Org', created_at: '2025-01-01T00:00:00Z' };
const byType = (bundle: StixBundle, type: string) => bundle.objects.filter((o) => o.type === type);
const find = (bundle: StixBundle, id: unknown) => bundle.objects.find((o) => o.id === id) as StixObject;

describe('STIX 2.1 export', () => {
  const bundle = exportInsightsStix(sampleInsights(), ORG);

  it('writes objects that follow the STIX 2.1 rules', () => {
    expect(problems(bundle)).toEqual([]);
    expect(problems(exportInsightsStix([], ORG))).toEqual([]);
  });

  it('is checked by a validator that does catch broken objects', () => {
    const broken = structuredClone(bundle);
    const [org, identity] = broken.objects;
    delete identity!.name;
    identity!.created_by_ref = 'identity--00000000-0000-4000-8000-000000000000';
    identity!.roles = [];
    org!.modified = '2025-01-01T00:00:00Z';
    expect(problems(broken)).toEqual([
      `${org!.id}: millisecond timestamps`,
      `${identity!.id}: requires name`, `${identity!.id}: created_by_ref points into the bundle`, `${identity!.id}: roles is null or an empty list`,
    ]);
  });

  it('gives the same ids on every export, and a new bundle id', () => {
    const again = exportInsightsStix(sampleInsights(), ORG);
    expect(again.objects).toEqual(bundle.objects);
    expect(again.id).not.toBe(bundle.id);
    expect(exportInsightsStix([], ORG, 'bundle--00000000-0000-4000-8000-000000000000').id).toBe('bundle--00000000-0000-4000-8000-000000000000');
  });

  it('starts with the organisation, which created everything else', () => {
    const [org, ...rest] = bundle.objects;
    expect(org).toMatchObject({ type: 'identity', name: ORG.name, identity_class: 'organization', created: '2025-01-01T00:00:00.000Z' });
    for (const o of rest.filter((x) => x.type !== 'domain-name')) expect(o.created_by_ref).toBe(org!.id);
  });

  it('maps a state media account to an organisation identity and a nation-state threat actor attributed to it', () => {
    const identity = byType(bundle, 'identity').find((o) => o.x_narrascope_insight_id === sampleInsights()[0]!.id)!;
    expect(identity).toMatchObject({
      name: 'RT', identity_class: 'organization', roles: ['Media Outlet'], confidence: 85,
      created: '2026-03-01T10:00:00.000Z', modified: '2026-03-02T11:30:15.250Z',
      external_references: [{ source_name: 'twitter', url: 'https://x.com/rt_com' }],
      x_narrascope_platform: 'twitter', x_narrascope_screen_name: 'rt_com', x_narrascope_language: ['en', 'ru'],
    });
    const link = byType(bundle, 'relationship').find((r) => r.relationship_type === 'attributed-to' && r.target_ref === identity.id)!;
    expect(find(bundle, link.source_ref)).toMatchObject({
      type: 'threat-actor', name: 'RT', threat_actor_types: ['nation-state'], aliases: ['rt_com'], roles: ['agent'],
      x_narrascope_state_association: 'Russia', x_narrascope_country_of_origin: 'Russia', x_narrascope_operating_country: 'Russia',
      x_narrascope_region: 'Europe', x_narrascope_language: ['en', 'ru'], x_narrascope_subcategory: ['Russian State Media'],
      x_narrascope_risk_category: ['State Associated - Russia'], x_narrascope_confidence: 'high', x_narrascope_permanence: 'permanent',
    });
  });

  it('gives a domain an outlet identity related to its domain-name observable', () => {
    const identity = byType(bundle, 'identity').find((o) => o.x_narrascope_analyzable_type === 'domain')!;
    expect(identity).toMatchObject({ name: 'Example "News", Ltd.', identity_class: 'organization', confidence: 50 });
    const related = byType(bundle, 'relationship').find((r) => r.relationship_type === 'related-to')!;
    expect(related.source_ref).toBe(identity.id);
    expect(find(bundle, related.target_ref)).toEqual({
      type: 'domain-name', spec_version: '2.1', id: domainNameId('example-news.co.uk'), value: 'example-news.co.uk',
    });
    const actor = byType(bundle, 'threat-actor').find((o) => o.name === identity.name)!;
    expect(actor).toMatchObject({ threat_actor_types: ['sensationalist', 'activist'], aliases: ['example-news.co.uk'] });
    expect(actor).not.toHaveProperty('roles');
  });

  it('leaves out the threat actor when nothing says threat, and nulls everywhere', () => {
    const plain = exportInsightsStix([storedInsight({
      confidence: null, additional_properties: { state_association: null, subcategory: ['Mainstream News'], role: null, name: null },
    })], ORG);
    expect(problems(plain)).toEqual([]);
    expect(byType(plain, 'threat-actor')).toEqual([]);
    expect(byType(plain, 'relationship')).toEqual([]);
    expect(byType(plain, 'identity')[1]).toMatchObject({ name: 'rt_com', identity_class: 'unknown' });
    expect(byType(plain, 'identity')[1]).not.toHaveProperty('confidence');
  });

  it('keeps one domain-name object when two insights name the same domain', () => {
    const domain = (id: string) => storedInsight({ id, analyzable_type: 'domain', analyzable_id: 'example.com', platform: null });
    const twice = exportInsightsStix([domain('11111111-1111-4111-8111-111111111111'), domain('22222222-2222-4222-8222-222222222222')], ORG);
    expect(problems(twice)).toEqual([]);
    expect(byType(twice, 'domain-name')).toHaveLength(1);
    expect(byType(twice, 'identity')).toHaveLength(3);
  });
});

describe('threatActorTypes', () => {
  it('maps state association and risky subcategories, and nothing else', () => {
    expect(threatActorTypes('China', [])).toEqual(['nation-state']);
    expect(threatActorTypes(null, ['Chinese State-Affiliated Influencer'])).toEqual(['nation-state']);
    expect(threatActorTypes(null, ['Coordinated Inauthentic Network'])).toEqual(['unknown']);
    expect(threatActorTypes('Iran', ['Persistent Threat Actor'])).toEqual(['nation-state']);
    expect(threatActorTypes(null, ['Extremist Group', 'Conspiracy Outlet'])).toEqual(['activist', 'sensationalist']);
    expect(threatActorTypes(null, ['Mainstream News', 'Pink Slime Local News', 'Short Seller', 'U.S. Elected Official', 'Other', 'Not in the map'])).toEqual([]);
  });
});
