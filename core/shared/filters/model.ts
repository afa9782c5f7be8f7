import { z } from 'zod';
import { CORE_DIMENSIONS } from './coreDimensions';
import { filterDimensions } from './dimensions';

/**
 * The filter model shared by server and browser (spec part 2 section 3 "Filter dimensions" and section 9).
 * Parameter names in the URL and in API query strings are exactly the dimension names below.
 */

/**
 * Dimensions are registered (dimensions.ts): core's post store dimensions always, each plugin's when its host starts.
 * A list dimension's selection is a set of values, each included (`:true`) or excluded (`:false`); a boolean one is
 * true, false or unset.
 */
filterDimensions.register(CORE_DIMENSIONS);

/** Names of the registered list dimensions, in panel order. */
export const listDimensions = (): string[] => filterDimensions.names('list');
/** Names of the registered boolean dimensions, in panel order. */
export const booleanDimensions = (): string[] => filterDimensions.names('boolean');

/** The publication-date range; both ends are ISO 8601 date-times with `Z` or an offset, both inclusive. */
export const RANGE_PARAMS = ['start_range', 'end_range'] as const;

/** Insight risk entries, each the `key:value` of one of the spec's insight risk `filters (key, value)`. */
export const INSIGHT_RISK_PARAM = 'insight_risk';

/** A registered dimension's name (list or boolean); the vocabulary is open, so any string. */
export type ListDimension = string;
export type BooleanDimension = string;
export type RangeParam = (typeof RANGE_PARAMS)[number];

/** Every query parameter the filter model owns now (sorted); clear-all removes exactly these. */
export function filterParams(): string[] {
  return [...filterDimensions.names(), ...RANGE_PARAMS, INSIGHT_RISK_PARAM].sort();
}

/** Key of a dimension in the spec's "Filter count row" (the filter_counts answer, which also has `total`). */
export function countKeyOf(dimension: string): string {
  return filterDimensions.get(dimension)?.countKey ?? dimension;
}

/**
 * A list selection: value -> true (included) or false (excluded); values not present are not selected.
 * Empty means all; only excluded values means all but those; any included value means the included ones only
 * (excluded values are then ignored).
 */
export type Selection = Record<string, boolean>;

export type Filters = {
  start_range: string | null;
  end_range: string | null;
  /** `key:value` strings, sorted and unique in normalised filters. */
  insight_risk: string[];
} & {
  /** A list dimension's Selection or a boolean dimension's value; absent means unset. */
  [dimension: string]: Selection | boolean | null | string | string[] | undefined;
};

/** A list dimension's selection (empty when unset). */
export function selectionOf(filters: Filters, dimension: string): Selection {
  const value = Object.hasOwn(filters, dimension) ? filters[dimension] : undefined;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** A boolean dimension's value (null when unset). */
export function flagOf(filters: Filters, dimension: string): boolean | null {
  const value = Object.hasOwn(filters, dimension) ? filters[dimension] : undefined;
  return typeof value === 'boolean' ? value : null;
}

/** Longest value accepted for one list entry or insight risk entry (URLs can be long; kilobytes are not). */
export const MAX_VALUE_LENGTH = 2048;

const LONE_SURROGATE = /\p{Cs}/u;

/** Why `value` cannot be a value of `dimension`, or null when it can. */
export function listValueProblem(dimension: string, value: string): string | null {
  if (value.length === 0) return 'empty value';
  if (value.length > MAX_VALUE_LENGTH) return `value longer than ${MAX_VALUE_LENGTH} characters`;
  // Selections are plain objects; this one key would become the prototype instead of an entry.
  if (value === '__proto__') return 'reserved value';
  if (LONE_SURROGATE.test(value)) return 'not well-formed Unicode';
  const closed = filterDimensions.get(dimension)?.closedValues;
  if (closed && !closed.includes(value)) return `${dimension} is one of ${closed.join(', ')}`;
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

const rangeSchema = z
  .string()
  .refine((v) => rangeProblem(v) === null, { error: 'expected an ISO 8601 date-time with Z or an offset' })
  .nullable();

const selectionSchema = z.record(z.string(), z.boolean());

/** Filters as data (saved views, tests): every key a registered dimension of the right kind, values valid. */
export const filtersSchema = z.object({
  start_range: rangeSchema,
  end_range: rangeSchema,
  insight_risk: z.array(z.string().refine((v) => insightRiskProblem(v) === null, { error: 'expected key:value' })),
}).catchall(z.union([selectionSchema, z.boolean(), z.null()])).superRefine((filters, ctx) => {
  for (const [name, value] of Object.entries(filters)) {
    if (name === 'start_range' || name === 'end_range' || name === INSIGHT_RISK_PARAM) continue;
    const dimension = filterDimensions.get(name);
    if (!dimension) {
      ctx.addIssue({ code: 'custom', path: [name], message: `unknown filter dimension ${name}` });
    } else if (dimension.kind === 'boolean' ? typeof value === 'object' && value !== null : typeof value !== 'object' || value === null) {
      ctx.addIssue({ code: 'custom', path: [name], message: `expected ${dimension.kind === 'boolean' ? 'true, false or null' : 'a selection'}` });
    } else if (dimension.kind === 'list') {
      for (const v of Object.keys(value as Selection)) {
        if (listValueProblem(name, v) !== null) ctx.addIssue({ code: 'custom', path: [name, v], message: `invalid ${name} value` });
      }
    }
  }
}) as unknown as z.ZodType<Filters>;

/** No filter at all: every post. A new object each call. */
export function emptyFilters(): Filters {
  const filters: Filters = { start_range: null, end_range: null, insight_risk: [] };
  for (const d of filterDimensions.all()) filters[d.name] = d.kind === 'list' ? {} : null;
  return filters;
}

export function isListDimension(name: string): name is ListDimension {
  return filterDimensions.get(name)?.kind === 'list';
}

export function isBooleanDimension(name: string): name is BooleanDimension {
  return filterDimensions.get(name)?.kind === 'boolean';
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
  const result: Filters = { ...filters, insight_risk: [...new Set(filters.insight_risk)].sort(compareStrings) };
  for (const dimension of listDimensions()) {
    const entries = Object.entries(selectionOf(filters, dimension)).sort(([a], [b]) => compareStrings(a, b));
    result[dimension] = Object.fromEntries(entries);
  }
  return result;
}

/** True when the filters select every post. */
export function isEmptyFilters(filters: Filters): boolean {
  return (
    listDimensions().every((d) => Object.keys(selectionOf(filters, d)).length === 0) &&
    booleanDimensions().every((d) => flagOf(filters, d) === null) &&
    filters.start_range === null &&
    filters.end_range === null &&
    filters.insight_risk.length === 0
  );
}

/** A copy with `value` of `dimension` included (true), excluded (false) or unselected (null). */
export function setListValue(filters: Filters, dimension: ListDimension, value: string, state: boolean | null): Filters {
  const entries = Object.entries(selectionOf(filters, dimension)).filter(([v]) => v !== value);
  if (state !== null) entries.push([value, state]);
  entries.sort(([a], [b]) => compareStrings(a, b));
  return { ...filters, [dimension]: Object.fromEntries(entries) };
}
