import type { FiltersService } from '@core/client/services/keys';

/** Narrows the workspace to the posts linking one domain (core's `domains` filter dimension), keeping the other filters. */
export function filterToDomain(filters: FiltersService, domain: string): void {
  filters.set({ ...filters.get(), domains: { [domain]: true } });
}
