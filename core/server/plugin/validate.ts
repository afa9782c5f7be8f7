import { PLUGIN_ID, isOwnedBy } from '@core/shared/plugin/ids';
import { planActivation } from '@core/shared/plugin/activationOrder';
import { dimensionProblems } from '@core/shared/filters/dimensionProblems';
import { orderStages } from '../pipeline/stages';
import { ambiguousClaims, type PrefixClaim } from './prefixes';
import type { ServerPlugin } from './contract';
import { coreServerServices } from './coreServices';
import { cliCommandProblems } from '../cli/command';

/**
 * Contract checks that need no running server: ids, ownership of stages and migrations, the stage DAG, the
 * declared API prefixes and the declared services (a required one nobody provides, two providers, a cycle). Start-up refuses plugins with problems; tests/contracts runs the same checks.
 */
export function serverPluginProblems(plugins: readonly ServerPlugin[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const prefixOwners: PrefixClaim[] = [];
  for (const p of plugins) {
    const id = p.manifest.id;
    if (!PLUGIN_ID.test(id)) problems.push(`plugin id '${id}' is not kebab-case`);
    if (ids.has(id)) problems.push(`plugin id '${id}' is used twice`);
    ids.add(id);
    for (const prefix of p.manifest.apiPrefixes ?? []) {
      if (!prefix.startsWith('/api/v2/')) problems.push(`plugin '${id}' claims prefix '${prefix}' outside /api/v2/`);
      prefixOwners.push({ owner: id, prefix });
    }
    if (p.routes && !(p.manifest.apiPrefixes?.length)) problems.push(`plugin '${id}' has routes but declares no apiPrefixes`);
    for (const s of p.stages ?? []) {
      if (!isOwnedBy(s.id, id)) problems.push(`stage '${s.id}' of plugin '${id}' must be named '${id}.<noun>'`);
      if (!Number.isInteger(s.version) || s.version < 1) problems.push(`stage '${s.id}' needs an integer version >= 1`);
    }
    const migrationIds = new Set<string>();
    for (const m of p.migrations ?? []) {
      if (!m.id.startsWith(`${id}/`)) problems.push(`migration '${m.id}' of plugin '${id}' must be named '${id}/<NNN>_<name>'`);
      if (migrationIds.has(m.id)) problems.push(`migration '${m.id}' is declared twice`);
      migrationIds.add(m.id);
    }
    if ((p.stages?.length ?? 0) > 0 && (p.migrations?.length ?? 0) === 0) {
      problems.push(`plugin '${id}' has pipeline stages but no migrations for the tables they write`);
    }
  }
  problems.push(...ambiguousClaims(prefixOwners));
  problems.push(...dimensionProblems(plugins));
  problems.push(...planActivation(plugins, coreServerServices).problems);
  problems.push(...cliCommandProblems(plugins));
  try {
    orderStages(plugins.flatMap((p) => p.stages ?? []));
  } catch (e) {
    problems.push((e as Error).message);
  }
  return problems;
}
