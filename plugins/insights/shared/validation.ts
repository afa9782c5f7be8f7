import { PLATFORM_KEYS } from '@core/shared/platforms/catalogue';
import { INSIGHT_MESSAGES, EDITABLE_PROPERTIES, type EditableProperty, type NewInsight, type InsightUpdate } from './api';
import { ANALYZABLE_TYPES, type AnalyzableType } from './vocabulary';

/**
 * The rules of spec part 2 section 5, in the order the form checks them, shared by the server (which answers the
 * first problem as a 400 with every problem in metadata.errors), the dialogs (which show them before sending) and the
 * import (which refuses a row with its line number and the same words).
 */

/** Empty or blank text is absent (spec: "Empty fields are trimmed and sent as null when cleared"). */
export function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

export function cleanList(values: readonly string[] | null | undefined): string[] {
  return [...new Set((values ?? []).map((v) => v.trim()).filter(Boolean))];
}

/** The form's properties, trimmed: text fields null when empty, lists without blanks or repeats. */
export type CleanProperties = { [K in EditableProperty]: K extends 'language' | 'subcategory' ? string[] : string | null };

export function cleanProperties(p: NewInsight['additional_properties'] | undefined): CleanProperties {
  return {
    name: clean(p?.name), country_of_origin: clean(p?.country_of_origin), operating_country: clean(p?.operating_country),
    state_association: clean(p?.state_association), region: clean(p?.region), role: clean(p?.role),
    language: cleanList(p?.language), subcategory: cleanList(p?.subcategory),
  };
}

const hasValue = (v: string | null | string[]) => (Array.isArray(v) ? v.length > 0 : v !== null);

/** True when a property other than `except` has a value. */
function anyProperty(p: CleanProperties, except: EditableProperty[] = []): boolean {
  return EDITABLE_PROPERTIES.some((k) => !except.includes(k) && hasValue(p[k]));
}

/** A domain name with a dot and a TLD, lower case, no scheme, path or port: `example.co.uk`. */
const FQDN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}[a-z0-9]$/;

/**
 * The FQDN an analyst typed: a bare name, or a URL whose host is taken (`https://www.Example.com/a` ->
 * `www.example.com`), lower case, trailing dot dropped. Null when it is not a fully-qualified name.
 */
export function normaliseFqdn(input: string | null | undefined): string | null {
  let value = clean(input)?.toLowerCase() ?? null;
  if (!value) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value)) {
    try {
      value = new URL(value).hostname;
    } catch {
      return null;
    }
  }
  value = value.replace(/\.$/, '');
  return FQDN.test(value) ? value : null;
}

/** A validated new insight: what the store writes. */
export interface ValidInsight {
  analyzable_type: AnalyzableType;
  analyzable_id: string | null;
  platform: string | null;
  user_id: string | null;
  screen_name: string | null;
  link: string | null;
  user_class: string | null;
  confidence: NewInsight['confidence'] | null;
  permanence: NewInsight['permanence'] | null;
  properties: CleanProperties;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** Section 5's create rules. Account: type, platform, one identification. Domain: FQDN, one field besides Outlet. */
export function checkNewInsight(input: NewInsight): Checked<ValidInsight> {
  if (!(ANALYZABLE_TYPES as readonly string[]).includes(input.analyzable_type)) return { ok: false, errors: [INSIGHT_MESSAGES.unknownType] };
  const type = input.analyzable_type as AnalyzableType;
  const properties = cleanProperties(input.additional_properties);
  const base = {
    analyzable_type: type, user_class: clean(input.user_class), confidence: input.confidence ?? null,
    permanence: input.permanence ?? null, properties,
  };
  if (type === 'account') {
    const errors: string[] = [];
    const platform = clean(input.platform);
    if (!platform || !(PLATFORM_KEYS as readonly string[]).includes(platform)) errors.push(INSIGHT_MESSAGES.platformRequired);
    const identity = { user_id: clean(input.user_id), screen_name: clean(input.screen_name)?.replace(/^@/, '') ?? null, link: clean(input.link) };
    const analyzableId = clean(input.analyzable_id);
    if (!identity.user_id && !identity.screen_name && !identity.link && !analyzableId && !properties.name) {
      errors.push(INSIGHT_MESSAGES.accountIdentification);
    }
    if (errors.length) return { ok: false, errors };
    return { ok: true, value: { ...base, ...identity, platform, analyzable_id: analyzableId } };
  }
  const typed = clean(input.analyzable_id) ?? clean(input.link);
  const fqdn = normaliseFqdn(typed);
  if (!fqdn) return { ok: false, errors: [INSIGHT_MESSAGES.fqdn] };
  if (!anyProperty(properties, ['name']) && !input.confidence && !input.permanence) {
    return { ok: false, errors: [INSIGHT_MESSAGES.domainOtherField] };
  }
  return { ok: true, value: { ...base, analyzable_id: fqdn, platform: null, user_id: null, screen_name: null, link: clean(input.link) } };
}

/**
 * Section 5's edit rules over the insight as it will be after the edit: an account keeps at least one value, a
 * domain at least one besides Outlet. Identification (user id, handle, link) is read-only when editing.
 */
export function checkEdit(
  type: AnalyzableType, after: CleanProperties, update: InsightUpdate,
  before: { user_id: string | null; screen_name: string | null; link: string | null },
): string[] {
  const errors: string[] = [];
  for (const field of ['user_id', 'screen_name', 'link'] as const) {
    if (update[field] !== undefined && clean(update[field]) !== before[field]) {
      errors.push(INSIGHT_MESSAGES.readOnlyIdentity);
      break;
    }
  }
  if (type === 'account' && !anyProperty(after)) errors.push(INSIGHT_MESSAGES.editAnyValue);
  if (type === 'domain' && !anyProperty(after, ['name'])) errors.push(INSIGHT_MESSAGES.editOtherThanOutlet);
  return errors;
}
