import { filtersKey } from '@core/client/services/keys';
import type { ServiceRegistry } from '@core/shared/services/registry';

/** Filters the workspace to one narrative (`narratives=<id>:true`), keeping every other filter. */
export function filterToNarrative(services: ServiceRegistry, id: string): void {
  const filters = services.get(filtersKey);
  filters.set({ ...filters.get(), narratives: { [id]: true } });
}
