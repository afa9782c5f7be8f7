import { z } from 'zod';
import { decodeFiltersStrict, type Filters, type QueryInput } from '@core/shared/filters';
import { badRequest, HttpError } from './errors';

/**
 * Query strings parsed by the schema a route declares, with the route's own words. Parameters that may repeat
 * (`platforms=a:true&platforms=b:false`) arrive as arrays; `read` sees them as the browser's URLSearchParams and
 * answers the parsed value or throws `badRequest(message)`. Each message becomes an *exact* issue: the error handler
 * answers it as it is (`limit must be an integer from 1 to 300`), not prefixed with where it was, so the spec's and
 * our documented messages reach the client unchanged while OpenAPI still documents every parameter.
 */

/** Issue params of a message answered word for word (app.ts error handler). */
export const EXACT_ISSUE = { exact: true } as const;

export function isExactIssue(params: unknown): boolean {
  return (params as { params?: { exact?: unknown } } | undefined)?.params?.exact === true;
}

type QueryValue = string | string[] | undefined;

/** The parsed query object back as URLSearchParams (repeats kept in their order). */
export function searchParamsFrom(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string') params.append(name, v);
  }
  return params;
}

/** A repeatable parameter as OpenAPI documents it. */
export const repeatableParam = z.union([z.string(), z.array(z.string())]).optional();

/**
 * A query schema: the documented parameters (`documented`, each repeatable; others pass through, as filter dimensions
 * do) and the route's parse of them. A 400 thrown by `read` becomes exact issues (every message of the HttpError).
 */
export function parsedQuery<T>(documented: readonly string[], read: (params: URLSearchParams) => T) {
  const shape = Object.fromEntries(documented.map((name) => [name, repeatableParam])) as Record<string, z.ZodType<QueryValue>>;
  return z.looseObject(shape).transform((query, ctx) => {
    try {
      return read(searchParamsFrom(query));
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 400) throw error;
      for (const message of error.errors) ctx.addIssue({ code: 'custom', message, params: EXACT_ISSUE });
      return z.NEVER;
    }
  });
}

/**
 * The filters of a query (URLSearchParams or a parsed query object): the one strict decode every analysis route uses.
 * A malformed entry is a 400 naming its parameter; every problem is listed in metadata.errors.
 */
export function filtersOfQuery(query: QueryInput): Filters {
  const { filters, problems } = decodeFiltersStrict(query);
  if (problems.length > 0) throw badRequest(problems[0]!, problems);
  return filters;
}

/**
 * A query schema for analysis routes: `shape`'s parameters (zod, as usual) plus the filter dimensions, decoded
 * strictly into `filters` with the filter model's exact messages.
 */
export function filteredQuery<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject(shape).transform((query, ctx) => {
    // The shape may have coerced its own parameters (a number, a default): the filter decoder reads the raw strings.
    const { filters, problems } = decodeFiltersStrict(searchParamsFrom(query));
    for (const message of problems) ctx.addIssue({ code: 'custom', message, params: EXACT_ISSUE });
    return problems.length > 0 ? z.NEVER : { ...query, filters };
  });
}
