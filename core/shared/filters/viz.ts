import { compareStrings } from './model';
import { toSearchParams } from './codec';
import type { QueryInput } from './codec';

/**
 * Explorer state lives in query parameters prefixed `viz:` (spec part 1 section 2, part 2 section 2),
 * e.g. `viz:preset=narrative&viz:node=posts`. These functions never touch any other parameter.
 */
export const VIZ_PREFIX = 'viz:';

/** What opening the explorer without a preset sets. */
export const VIZ_DEFAULTS = {
  preset: 'narrative',
  colorGroupBy: 'threatLevel',
  cluster: 'topicId',
  node: 'posts',
} as const;

/** Explorer state by key without the prefix; keys other than the four known ones belong to explorer panels. */
export interface VizState {
  preset?: string;
  colorGroupBy?: string;
  cluster?: string;
  node?: string;
  [key: string]: string | undefined;
}

/** The `viz:` parameters of `params`, prefix removed; when a key repeats, the last value wins. */
export function decodeViz(params: QueryInput): VizState {
  const state: [string, string][] = [];
  for (const [name, value] of toSearchParams(params)) {
    if (name.startsWith(VIZ_PREFIX) && name.length > VIZ_PREFIX.length) state.push([name.slice(VIZ_PREFIX.length), value]);
  }
  return Object.fromEntries(state);
}

/**
 * `base` (default: no parameters) with its `viz:` parameters replaced by `viz`, appended sorted by key after
 * the other parameters, which keep their order. Undefined entries are left out.
 */
export function encodeViz(viz: VizState, base: QueryInput = ''): URLSearchParams {
  const params = new URLSearchParams([...toSearchParams(base)].filter(([name]) => !name.startsWith(VIZ_PREFIX)));
  const keys = Object.keys(viz).filter((key) => key.length > 0).sort(compareStrings);
  for (const key of keys) {
    const value = viz[key];
    if (value !== undefined) params.append(VIZ_PREFIX + key, value);
  }
  return params;
}

/**
 * `params` ready for the explorer: when there is no non-empty `viz:preset`, the defaults are set
 * (preset=narrative, colorGroupBy=threatLevel, cluster=topicId, node=posts); a `viz:` value already present
 * for one of those keys is kept. With a preset, an unchanged copy. Never changes `params`.
 */
export function withVizDefaults(params: QueryInput): URLSearchParams {
  const result = toSearchParams(params);
  if (result.get(VIZ_PREFIX + 'preset')) return result;
  for (const [key, value] of Object.entries(VIZ_DEFAULTS)) {
    const name = VIZ_PREFIX + key;
    if (!result.get(name)) result.set(name, value);
  }
  return result;
}
