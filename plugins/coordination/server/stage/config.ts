import { resolveConfig } from '../engine/config';
import type { CoordinationConfig, DeepPartial } from '../engine/types';

/** Environment variable holding a JSON `DeepPartial<CoordinationConfig>` laid over the engine's defaults. */
export const CONFIG_ENV = 'NARRASCOPE_COORDINATION_CONFIG';

/**
 * The stage's configuration: the engine defaults (README "Parameters and defaults"), overlaid with the JSON of
 * NARRASCOPE_COORDINATION_CONFIG, e.g. `{"types":{"SYNCHRONOUS_REPOST":{"windowMs":600000}}}`. A bad value fails
 * the stage with the engine's message rather than silently running with defaults.
 */
export function stageConfig(env: Record<string, string | undefined> = process.env): CoordinationConfig {
  const raw = env[CONFIG_ENV];
  if (!raw) return resolveConfig();
  let parsed: unknown;
  try { parsed = JSON.parse(raw); } catch { throw new Error(`${CONFIG_ENV} is not valid JSON`); }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${CONFIG_ENV} must be a JSON object`);
  return resolveConfig(parsed as DeepPartial<CoordinationConfig>);
}
