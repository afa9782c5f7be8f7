import { z } from 'zod';

/**
 * The filter model shared by server and browser (spec part 2 section 3 "Filter dimensions" and section 9).
 * Parameter names in the URL and in API query strings are exactly the dimension names below.
 */

/** Insight dimensions: the spec lists them as `insight_*` (subcategories, countries_of_origin, ...). */
export const INSIGHT_DIMENSIONS = [
  'insight_subcategories',
  'insight_countries_of_origin',
  'insight_operating_countries',
  'insight_state_associations',
  'insight_roles',
  'insight_languages',
  'insight_regions',
] as const;

/** Dimensions whose selection is a set of values, each included (`:true`) or excluded (`:false`). */
export const LIST_DIMENSIONS = [
  'coordination_cluster',
  'narratives',
  'platforms',
  'domains',
  'sentiments',
  'engagement_score',
  ...INSIGHT_DIMENSIONS,
  'nrms_theme',
] as const;

/** Dimensions that are true, false or unset. */
export const BOOLEAN_DIMENSIONS = ['is_repost', 'is_reply', 'is_quote', 'contains_threatening_language', 'is_niche'] as const;

/** The publication-date range; both ends are ISO 8601 date-times with `Z` or an offset, both inclusive. */
export const RANGE_PARAMS = ['start_range', 'end_range'] as const;

/** Insight risk entries, each the `key:value` of one of the spec's insight risk `filters (key, value)`. */
export const INSIGHT_RISK_PARAM = 'insight_risk';

export type InsightDimension = (typeof INSIGHT_DIMENSIONS)[number];
export type ListDimension = (typeof LIST_DIMENSIONS)[number];
export type BooleanDimension = (typeof BOOLEAN_DIMENSIONS)[number];
export type RangeParam = (typeof RANGE_PARAMS)[number];

/** Every query parameter the filter model owns; clear-all removes exactly these. */
export const FILTER_PARAMS: readonly string[] = [
  ...LIST_DIMENSIONS,
  ...BOOLEAN_DIMENSIONS,
  ...RANGE_PARAMS,
  INSIGHT_RISK_PARAM,
].sort();

export const ENGAGEMENT_LEVELS = ['low', 'medium', 'high'] as const;
export type EngagementLevel = (typeof ENGAGEMENT_LEVELS)[number];
/** Known sentiments; other values are allowed and shown as Unknown. */
export const SENTIMENTS = ['POSITIVE', 'NEGATIVE', 'NEUTRAL'] as const;
export const RISK_LEVELS = ['LOW_RISK', 'MEDIUM_RISK', 'HIGH_RISK'] as const;
export const INSIGHT_RISK_TYPES = [
  'NAIVE_COORDINATION',
  'COORDINATION_WITH_OTHER_FACTORS',
  'NAIVE_INFLUENCER',
  'INFLUENCER_WITH_OTHER_FACTORS',
  'GOVT_OFFICIAL_WITH_OTHER_FACTORS',
  'NAIVE_NICHENESS',
  'NICHENESS_WITH_OTHER_FACTORS',
  'STATE_ACTOR_WITH_OTHER_FACTORS',
  'NAIVE_VIOLENT_RHETORIC',
  'VIOLENT_RHETORIC_WITH_OTHER_FACTORS',
] as const;

/** Key of each dimension in the spec's "Filter count row" (the filter_counts answer; it also has `total`). */
export const FILTER_COUNT_KEYS: Readonly<Record<ListDimension | BooleanDimension, string>> = {
  narratives: 'narrative',
  sentiments: 'sentiment',
  contains_threatening_language: 'contains_threatening_language',
  platforms: 'platform',
  domains: 'domain',
  insight_regions: 'insight_region',
  insight_languages: 'insight_language',
  insight_subcategories: 'insight_subcategory',
  insight_roles: 'insight_role',
  insight_countries_of_origin: 'insight_country_of_origin',
  insight_operating_countries: 'insight_operating_country',
  insight_state_associations: 'insight_state_association',
  coordination_cluster: 'coordination_cluster',
  is_niche: 'is_niche',
  is_repost: 'is_repost',
  is_reply: 'is_reply',
  is_quote: 'is_quote',
  engagement_score: 'engagement_score',
  nrms_theme: 'nrms_theme',
};

/**
 * A list selection: value -> true (included) or false (excluded); values not present are not selected.
 * Empty means all; only excluded values means all but those; any included value means the included ones only
 * (excluded values are then ignored).
 */
export type Selection = Record<string, boolean>;

export type Filters = { [K in ListDimension]: Selection } & { [K in BooleanDimension]: boolean | null } & {
  start_range: string | null;
  end_range: string | null;
  /** `key:value` strings, sorted and unique in normalised filters. */
  insight_risk: string[];
};

/** Longest value accepted for one list entry or insight risk entry (URLs can be long; kilobytes are not). */
export const MAX_VALUE_LENGTH = 2048;

const LONE_SURROGATE = /\p{Cs}/u;

/** Why `value` cannot be a value of `dimension`, or null when it can. */
export function listValueProblem(dimension: ListDimension, value: string): string | null {
  if (value.length === 0) return 'empty value';
  if (value.length > MAX_VALUE_LENGTH) return `value longer than ${MAX_VALUE_LENGTH} characters`;
  // Selections are plain objects; this one key would become the prototype instead of an entry.
  if (value === '__proto__') return 'reserved value';
  if (LONE_SURROGATE.test(value)) return 'not well-formed Unicode';
  if (dimension === 'engagement_score' && !(ENGAGEMENT_LEVELS as readonly string[]).includes(value)) {
    return `engagement_score is one of ${ENGAGEMENT_LEVELS.join(', ')}`;
  }
  return null;
}

/** Why `entry` cannot be an insight risk entry, or null when it can: `key:value`, key before the first colon. */
export function insightRiskProblem(entry: string): string | null {
  const colon = entry.indexOf(':');
  if (colon <= 0 || colon === entry.length - 1) return 'expected key:value';
  if (entry.length > MAX_VALUE_LENGTH) return `entry longer than ${MAX_VALUE_LENGTH} characters`;
  if (LONE_SURROGATE.test(entry)) return 'not well-formed Unicode';
  return null;
}

const ISO_DATE_TIME = z.iso.datetime({ offset: true });

/** Why `value` cannot be a range end, or null when it can. */
export function rangeProblem(value: string): string | null {
  if (!ISO_DATE_TIME.safeParse(value).success) return 'expected an ISO 8601 date-time with Z or an offset';
  // Years before 0001 or past 9999 do not survive `toISOString`, the form dates are compared in.
  const time = Date.parse(value);
  if (!Number.isFinite(time) || new Date(time).getUTCFullYear() < 1 || new Date(time).getUTCFullYear() > 9999) {
    return 'date out of range';
  }
  return null;
}

function selectionSchema(dimension: ListDimension) {
  const key = z.string().refine((v) => listValueProblem(dimension, v) === null, { error: `invalid ${dimension} value` });
  return z.record(key, z.boolean());
}

const rangeSchema = z
  .string()
  .refine((v) => rangeProblem(v) === null, { error: 'expected an ISO 8601 date-time with Z or an offset' })
  .nullable();

export const filtersSchema = z.object({
  coordination_cluster: selectionSchema('coordination_cluster'),
  narratives: selectionSchema('narratives'),
  platforms: selectionSchema('platforms'),
  domains: selectionSchema('domains'),
  sentiments: selectionSchema('sentiments'),
  engagement_score: selectionSchema('engagement_score'),
  insight_subcategories: selectionSchema('insight_subcategories'),
  insight_countries_of_origin: selectionSchema('insight_countries_of_origin'),
  insight_operating_countries: selectionSchema('insight_operating_countries'),
  insight_state_associations: selectionSchema('insight_state_associations'),
  insight_roles: selectionSchema('insight_roles'),
  insight_languages: selectionSchema('insight_languages'),
  insight_regions: selectionSchema('insight_regions'),
  nrms_theme: selectionSchema('nrms_theme'),
  is_repost: z.boolean().nullable(),
  is_reply: z.boolean().nullable(),
  is_quote: z.boolean().nullable(),
  contains_threatening_language: z.boolean().nullable(),
  is_niche: z.boolean().nullable(),
  start_range: rangeSchema,
  end_range: rangeSchema,
  insight_risk: z.array(z.string().refine((v) => insightRiskProblem(v) === null, { error: 'expected key:value' })),
}) satisfies z.ZodType<Filters>;

/** No filter at all: every post. A new object each call. */
export function emptyFilters(): Filters {
  const lists = Object.fromEntries(LIST_DIMENSIONS.map((d) => [d, {}])) as { [K in ListDimension]: Selection };
  const booleans = Object.fromEntries(BOOLEAN_DIMENSIONS.map((d) => [d, null])) as {
    [K in BooleanDimension]: boolean | null;
  };
  return { ...lists, ...booleans, start_range: null, end_range: null, insight_risk: [] };
}

export function isListDimension(name: string): name is ListDimension {
  return (LIST_DIMENSIONS as readonly string[]).includes(name);
}

export function isBooleanDimension(name: string): name is BooleanDimension {
  return (BOOLEAN_DIMENSIONS as readonly string[]).includes(name);
}

export function isRangeParam(name: string): name is RangeParam {
  return (RANGE_PARAMS as readonly string[]).includes(name);
}

/** Code-unit order, the same in every runtime and locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Included and excluded values of a selection, each sorted. */
export function splitSelection(selection: Selection): { included: string[]; excluded: string[] } {
  const included: string[] = [];
  const excluded: string[] = [];
  for (const [value, isIncluded] of Object.entries(selection)) (isIncluded ? included : excluded).push(value);
  return { included: included.sort(compareStrings), excluded: excluded.sort(compareStrings) };
}

/** The same filters with selection keys in sorted order and insight_risk sorted and unique (stable JSON). */
export function normalizeFilters(filters: Filters): Filters {
  const result = { ...filters, insight_risk: [...new Set(filters.insight_risk)].sort(compareStrings) };
  for (const dimension of LIST_DIMENSIONS) {
    const entries = Object.entries(filters[dimension]).sort(([a], [b]) => compareStrings(a, b));
    result[dimension] = Object.fromEntries(entries);
  }
  return result;
}

/** True when the filters select every post. */
export function isEmptyFilters(filters: Filters): boolean {
  return (
    LIST_DIMENSIONS.every((d) => Object.keys(filters[d]).length === 0) &&
    BOOLEAN_DIMENSIONS.every((d) => filters[d] === null) &&
    filters.start_range === null &&
    filters.end_range === null &&
    filters.insight_risk.length === 0
  );
}

/** A copy with `value` of `dimension` included (true), excluded (false) or unselected (null). */
export function setListValue(filters: Filters, dimension: ListDimension, value: string, state: boolean | null): Filters {
  const entries = Object.entries(filters[dimension]).filter(([v]) => v !== value);
  if (state !== null) entries.push([value, state]);
  entries.sort(([a], [b]) => compareStrings(a, b));
  return { ...filters, [dimension]: Object.fromEntries(entries) };
}
