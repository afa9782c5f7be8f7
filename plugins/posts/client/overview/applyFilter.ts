import type { ServiceRegistry } from '@core/shared/services/registry';
import { filtersKey } from '@core/client/services/keys';
import { flagOf, selectionOf, setListValue, type BooleanDimension, type Filters, type ListDimension } from '@core/shared/filters';

/**
 * What clicking a chart mark does: select only that value of the dimension (clicking the selected value again
 * clears the dimension), or narrow the date range. Goes through the core filters service, so the URL and every
 * panel follow.
 */
export function pickValue(services: ServiceRegistry, filters: Filters, dimension: ListDimension, value: string): void {
  const selection = selectionOf(filters, dimension);
  const only = Object.keys(selection).length === 1 && selection[value] === true;
  const cleared: Filters = { ...filters, [dimension]: {} };
  services.get(filtersKey).set(only ? cleared : setListValue(cleared, dimension, value, true));
}

export function pickBoolean(services: ServiceRegistry, filters: Filters, dimension: BooleanDimension, value: boolean): void {
  services.get(filtersKey).set({ ...filters, [dimension]: flagOf(filters, dimension) === value ? null : value });
}

export function pickRange(services: ServiceRegistry, filters: Filters, start: string, end: string): void {
  services.get(filtersKey).set({ ...filters, start_range: start, end_range: end });
}
