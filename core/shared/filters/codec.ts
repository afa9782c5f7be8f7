import {
  INSIGHT_RISK_PARAM,
  RANGE_PARAMS,
  booleanDimensions,
  flagOf,
  listDimensions,
  selectionOf,
  compareStrings,
  emptyFilters,
  insightRiskProblem,
  isBooleanDimension,
  isListDimension,
  isRangeParam,
  listValueProblem,
  rangeProblem,
} from './model';
import type { Filters, ListDimension } from './model';

/**
 * Filters <-> query parameters, the same in the browser URL and in API query strings:
 * `platforms=gab:false&platforms=reddit:true&is_reply=true&start_range=2024-01-01T00:00:00Z`.
 */

/** One entry decode could not use; it was skipped. `param` names the query parameter (for a 400 answer). */
export interface FilterWarning {
  param: string;
  value: string;
  reason: string;
}

export interface DecodeOptions {
  onWarning?: (warning: FilterWarning) => void;
}

/** A query string (leading `?` allowed), URLSearchParams, or a parsed query object such as Fastify's. */
export type QueryInput = URLSearchParams | string | Readonly<Record<string, string | readonly string[] | undefined>>;

/** True for every parameter the filter model owns (registered dimensions, range and insight_risk parameters). */
export function isFilterParam(name: string): boolean {
  return isListDimension(name) || isBooleanDimension(name) || isRangeParam(name) || name === INSIGHT_RISK_PARAM;
}

/** A fresh URLSearchParams holding `input`; never changes `input`. */
export function toSearchParams(input: QueryInput): URLSearchParams {
  if (typeof input === 'string' || input instanceof URLSearchParams) return new URLSearchParams(input);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    for (const v of typeof value === 'string' ? [value] : value) params.append(name, v);
  }
  return params;
}

/** The filter parameters of `filters`, sorted by name and then by value. */
export function encodeFilters(filters: Filters): URLSearchParams {
  const pairs: [string, string][] = [];
  for (const dimension of listDimensions()) {
    for (const [value, included] of Object.entries(selectionOf(filters, dimension))) pairs.push([dimension, `${value}:${included}`]);
  }
  for (const dimension of booleanDimensions()) {
    const value = flagOf(filters, dimension);
    if (value !== null) pairs.push([dimension, String(value)]);
  }
  for (const param of RANGE_PARAMS) {
    const value = filters[param];
    if (value !== null) pairs.push([param, value]);
  }
  for (const entry of new Set(filters.insight_risk)) pairs.push([INSIGHT_RISK_PARAM, entry]);
  pairs.sort(([ka, va], [kb, vb]) => compareStrings(ka, kb) || compareStrings(va, vb));
  return new URLSearchParams(pairs);
}

/**
 * A list entry is `value:true` or `value:false`, split on the LAST colon because values (URLs, domains) may
 * contain colons. The spec says an entry "may" carry the suffix, so an entry without one is included.
 */
export function parseListEntry(entry: string): { value: string; included: boolean } {
  const colon = entry.lastIndexOf(':');
  const suffix = colon < 0 ? '' : entry.slice(colon + 1);
  if (suffix === 'true' || suffix === 'false') return { value: entry.slice(0, colon), included: suffix === 'true' };
  return { value: entry, included: true };
}

/**
 * Filters from query parameters. Parameters that are not filter parameters are ignored; malformed filter
 * entries are skipped and reported to `onWarning`; it never throws. When one value or one boolean/range
 * parameter is given twice with different meanings, the last one wins (and a warning says so).
 */
export function decodeFilters(params: QueryInput, options: DecodeOptions = {}): Filters {
  const warn = (param: string, value: string, reason: string) => options.onWarning?.({ param, value, reason });
  const filters = emptyFilters();
  const selections = new Map<ListDimension, Map<string, boolean>>();
  const risks = new Set<string>();

  for (const [name, raw] of toSearchParams(params)) {
    if (isListDimension(name)) {
      const { value, included } = parseListEntry(raw);
      const problem = listValueProblem(name, value);
      if (problem !== null) {
        warn(name, raw, problem);
        continue;
      }
      const selection = selections.get(name) ?? new Map<string, boolean>();
      selections.set(name, selection);
      if (selection.get(value) === !included) warn(name, raw, 'value both included and excluded; the last entry wins');
      selection.set(value, included);
    } else if (isBooleanDimension(name)) {
      if (raw !== 'true' && raw !== 'false') {
        warn(name, raw, 'expected true or false');
        continue;
      }
      const value = raw === 'true';
      if (flagOf(filters, name) === !value) warn(name, raw, 'given twice with different values; the last one wins');
      filters[name] = value;
    } else if (isRangeParam(name)) {
      const problem = rangeProblem(raw);
      if (problem !== null) {
        warn(name, raw, problem);
        continue;
      }
      const previous = filters[name];
      if (previous !== null && previous !== raw) warn(name, raw, 'given twice with different values; the last one wins');
      filters[name] = raw;
    } else if (name === INSIGHT_RISK_PARAM) {
      const problem = insightRiskProblem(raw);
      if (problem !== null) warn(name, raw, problem);
      else risks.add(raw);
    }
  }

  for (const [dimension, selection] of selections) {
    // fromEntries defines own properties, so no value can reach a prototype.
    filters[dimension] = Object.fromEntries([...selection].sort(([a], [b]) => compareStrings(a, b)));
  }
  filters.insight_risk = [...risks].sort(compareStrings);
  return filters;
}

/** `params` without any filter, range or insight_risk parameter; every other parameter kept in order. */
/** A notice, not bad input: a parameter repeated with a different meaning resolves to its last entry. */
const isLastWinsNotice = (w: FilterWarning) => /the last (one|entry) wins$/.test(w.reason);

/** How a server words a malformed filter entry, the same in every plugin: `is_reply: expected true or false ("maybe")`. */
export function filterProblemMessage(w: FilterWarning): string {
  return `${w.param}: ${w.reason} (${JSON.stringify(w.value)})`;
}

/**
 * Decoding for servers: the filters plus one message per unusable entry (repeats that resolve to the last entry
 * are not problems). A route answers 400 with these messages when there are any.
 */
export function decodeFiltersStrict(params: QueryInput): { filters: Filters; problems: string[] } {
  const problems: string[] = [];
  const filters = decodeFilters(params, { onWarning: (w) => { if (!isLastWinsNotice(w)) problems.push(filterProblemMessage(w)); } });
  return { filters, problems };
}

export function clearAll(params: QueryInput): URLSearchParams {
  return new URLSearchParams([...toSearchParams(params)].filter(([name]) => !isFilterParam(name)));
}

/** `existing` with its filter parameters replaced by `filters`: other parameters first, in their order. */
export function mergeIntoSearch(existing: QueryInput, filters: Filters): URLSearchParams {
  const merged = clearAll(existing);
  for (const [name, value] of encodeFilters(filters)) merged.append(name, value);
  return merged;
}

/**
 * A query string (no leading `?`) that keeps `:` readable (`platforms=reddit:true`, `viz:preset=narrative`)
 * and encodes everything else with encodeURIComponent; URLSearchParams and every server parse it back.
 */
export function toQueryString(params: URLSearchParams): string {
  const encode = (s: string) => encodeURIComponent(s).replace(/%3A/gi, ':');
  return [...params].map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
}
