import { badRequest } from '@core/server/http/errors';
import { decodeFiltersStrict, type Filters, type QueryInput } from '@core/shared/filters';

/** Decodes the filter parameters of a request; a malformed one is a 400 naming the parameter and the reason. */
export function filtersOfRequest(query: QueryInput): Filters {
  const { filters, problems } = decodeFiltersStrict(query);
  if (problems.length) throw badRequest(problems[0]!, problems);
  return filters;
}
