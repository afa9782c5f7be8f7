import { filterDimensions } from '@core/shared/filters/dimensions';
import type { FacetValues, PostFacetProvider, PostFacetRegistry } from './contract';

export function createPostFacetRegistry(): PostFacetRegistry {
  const providers: PostFacetProvider[] = [];
  const ownerOf = (test: (p: PostFacetProvider) => boolean) => providers.find(test)?.owner;
  return {
    register(provider) {
      for (const dimension of Object.keys(provider.facets)) {
        // A facet answers a dimension its plugin declared (ServerPlugin.dimensions), so codec and panels know it.
        if (!filterDimensions.get(dimension)) {
          throw new Error(`Facet '${dimension}' of '${provider.owner}' answers no declared filter dimension: add it to the plugin's dimensions`);
        }
      }
      for (const dimension of Object.keys(provider.facets)) {
        const owner = ownerOf((p) => dimension in p.facets);
        if (owner) throw new Error(`Facet '${dimension}' is already provided by '${owner}' (refused for '${provider.owner}')`);
      }
      for (const key of Object.keys(provider.sortKeys ?? {})) {
        const owner = ownerOf((p) => key in (p.sortKeys ?? {}));
        if (owner) throw new Error(`Sort key '${key}' is already provided by '${owner}' (refused for '${provider.owner}')`);
      }
      providers.push(provider);
      return () => {
        const at = providers.indexOf(provider);
        if (at >= 0) providers.splice(at, 1);
      };
    },
    facet(dimension: string): FacetValues | undefined {
      return providers.find((p) => p.facets[dimension])?.facets[dimension];
    },
    sortKey(name) {
      return providers.find((p) => p.sortKeys?.[name])?.sortKeys?.[name];
    },
    providers: () => providers,
  };
}
