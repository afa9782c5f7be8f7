import { CORE_DIMENSIONS } from './coreDimensions';
import { DimensionRegistry, type FilterDimension } from './dimensions';

/**
 * Contract checks of the plugins' filter dimensions (server and browser hosts run them before start-up): each is
 * declared by the plugin that owns it, and none clashes with core's or another plugin's name or count key.
 */
export function dimensionProblems(plugins: ReadonlyArray<{ manifest: { id: string }; dimensions?: readonly FilterDimension[] }>): string[] {
  const problems: string[] = [];
  const registry = new DimensionRegistry();
  registry.register(CORE_DIMENSIONS);
  for (const p of plugins) {
    for (const d of p.dimensions ?? []) {
      if (d.owner !== p.manifest.id) problems.push(`filter dimension '${d.name}' of plugin '${p.manifest.id}' names '${d.owner}' as its owner`);
      const problem = registry.problemOf(d);
      if (problem) problems.push(problem);
      else registry.register([d]);
    }
  }
  return problems;
}
