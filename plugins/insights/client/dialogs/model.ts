import { INSIGHT_MESSAGES, type Insight, type InsightUpdate, type NewInsight } from '../../shared/api';
import { checkEdit, checkNewInsight, clean, cleanList, cleanProperties } from '../../shared/validation';
import type { AnalyzableType } from '../../shared/vocabulary';

/**
 * The insight form as the dialogs hold it (text as typed, '' for empty) and the two payloads it becomes: a new
 * insight, or an edit. Spec part 2 section 5: empty fields are trimmed and sent as null; user id, handle and link are
 * not sent when editing (they are read-only then).
 */
export interface InsightFormValues {
  /** '' until chosen: the form then says "unknown insight type selected". */
  type: AnalyzableType | '';
  platform: string;
  /** The account's platform id when the form was opened on a known account (not a field). */
  analyzable_id: string;
  user_id: string;
  screen_name: string;
  link: string;
  /** Account name, or the domain's Outlet. */
  name: string;
  fqdn: string;
  country_of_origin: string;
  operating_country: string;
  state_association: string;
  region: string;
  role: string;
  language: string[];
  subcategory: string[];
  confidence: string;
  permanence: string;
}

export function emptyForm(over: Partial<InsightFormValues> = {}): InsightFormValues {
  return {
    type: '', platform: '', analyzable_id: '', user_id: '', screen_name: '', link: '', name: '', fqdn: '', country_of_origin: '',
    operating_country: '', state_association: '', region: '', role: '', language: [], subcategory: [], confidence: '', permanence: '',
    ...over,
  };
}

export function formOf(insight: Insight): InsightFormValues {
  const p = insight.additional_properties;
  const isDomain = insight.analyzable_type === 'domain';
  return emptyForm({
    type: insight.analyzable_type, platform: insight.platform ?? '', analyzable_id: isDomain ? '' : insight.analyzable_id ?? '',
    user_id: insight.user_id ?? '', screen_name: insight.screen_name ?? '', link: insight.link ?? '', name: p.name ?? '',
    fqdn: isDomain ? insight.analyzable_id ?? '' : '', country_of_origin: p.country_of_origin ?? '', operating_country: p.operating_country ?? '',
    state_association: p.state_association ?? '', region: p.region ?? '', role: p.role ?? '', language: [...p.language],
    subcategory: [...p.subcategory], confidence: insight.confidence ?? '', permanence: insight.permanence ?? '',
  });
}

const list = (values: string[]) => {
  const cleaned = cleanList(values);
  return cleaned.length ? cleaned : null;
};

function properties(v: InsightFormValues): NonNullable<NewInsight['additional_properties']> {
  return {
    name: clean(v.name), country_of_origin: clean(v.country_of_origin), operating_country: clean(v.operating_country),
    state_association: clean(v.state_association), region: clean(v.region), language: list(v.language),
    subcategory: list(v.subcategory), role: clean(v.role),
  };
}

const level = <T extends string>(value: string) => (clean(value) as T | null);

export function toNewInsight(v: InsightFormValues): NewInsight {
  const common = {
    confidence: level<NonNullable<NewInsight['confidence']>>(v.confidence),
    permanence: level<NonNullable<NewInsight['permanence']>>(v.permanence),
    additional_properties: properties(v),
  };
  if (v.type === 'domain') return { analyzable_type: 'domain', analyzable_id: clean(v.fqdn), ...common };
  return {
    analyzable_type: v.type, analyzable_id: clean(v.analyzable_id), platform: clean(v.platform), user_id: clean(v.user_id),
    screen_name: clean(v.screen_name), link: clean(v.link), ...common,
  };
}

/** The edit: every editable field, cleared ones as null; never the read-only identification. */
export function toUpdate(v: InsightFormValues): Omit<InsightUpdate, 'id'> {
  return {
    ...(v.type === 'account' ? { platform: clean(v.platform) } : {}),
    confidence: level<NonNullable<InsightUpdate['confidence']>>(v.confidence),
    permanence: level<NonNullable<InsightUpdate['permanence']>>(v.permanence),
    additional_properties: properties(v),
  };
}

/** Where a message of the shared checks is shown: beside its field or group, else at the top of the form. */
export type ErrorPlace = 'type' | 'platform' | 'identification' | 'fqdn' | 'domain' | 'form';
export type FormErrors = Partial<Record<ErrorPlace, string[]>>;

const PLACE: Record<string, ErrorPlace> = {
  [INSIGHT_MESSAGES.unknownType]: 'type',
  [INSIGHT_MESSAGES.platformRequired]: 'platform',
  [INSIGHT_MESSAGES.accountIdentification]: 'identification',
  [INSIGHT_MESSAGES.fqdn]: 'fqdn',
  [INSIGHT_MESSAGES.domainOtherField]: 'domain',
};

function place(messages: readonly string[]): FormErrors | null {
  if (!messages.length) return null;
  const errors: FormErrors = {};
  for (const m of messages) (errors[PLACE[m] ?? 'form'] ??= []).push(m);
  return errors;
}

/** Section 5's create rules (the server's own function), placed for the form; null when the form may be sent. */
export function validateNew(v: InsightFormValues): FormErrors | null {
  const checked = checkNewInsight(toNewInsight(v));
  return checked.ok ? null : place(checked.errors);
}

/** Section 5's edit rules over the insight as it will be; an account keeps its platform. */
export function validateEdit(v: InsightFormValues, insight: Insight): FormErrors | null {
  const update = toUpdate(v);
  const messages = checkEdit(insight.analyzable_type, cleanProperties(update.additional_properties), { ...update, id: insight.id }, insight);
  if (insight.analyzable_type === 'account' && !clean(v.platform)) messages.unshift(INSIGHT_MESSAGES.platformRequired);
  return place(messages);
}
