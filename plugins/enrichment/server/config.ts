import os from 'node:os';
import { UrlExpander, type UrlExpanderOptions } from './expandUrls';
import type { NlpStageOptions } from './stages/nlpStage';

/**
 * Operator settings (environment):
 * - `NARRASCOPE_EXPAND_URLS` = `on` | `off` (default `off`): EXPAND_URLS follows shortener redirects over the
 *   network. Off by default because most installations (and every test machine) are offline; when on, every
 *   failure still keeps the original URL.
 * - `NARRASCOPE_ENRICHMENT_WORKERS` (default: 2, at most the CPU count): worker threads for Core NLP at once.
 */
export interface EnrichmentOptions {
  /** Expander settings, or null for no expansion. */
  expansion: UrlExpanderOptions | null;
  nlp: Partial<NlpStageOptions>;
}

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): EnrichmentOptions {
  const flag = (env.NARRASCOPE_EXPAND_URLS ?? 'off').trim().toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0', ''].includes(flag)) {
    throw new Error(`NARRASCOPE_EXPAND_URLS must be 'on' or 'off' (got '${env.NARRASCOPE_EXPAND_URLS}')`);
  }
  const rawWorkers = env.NARRASCOPE_ENRICHMENT_WORKERS;
  const workers = rawWorkers ? Number(rawWorkers) : Math.max(1, Math.min(2, os.availableParallelism()));
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
    throw new Error(`NARRASCOPE_ENRICHMENT_WORKERS must be an integer from 1 to 64 (got '${rawWorkers}')`);
  }
  return { expansion: ['on', 'true', '1'].includes(flag) ? {} : null, nlp: { workers } };
}

/** One expander per plugin instance, so its cache and per-host spacing span runs. */
export function lazyExpander(options: UrlExpanderOptions | null): () => UrlExpander | null {
  let expander: UrlExpander | null = null;
  return () => {
    if (!options) return null;
    expander ??= new UrlExpander(options);
    return expander;
  };
}
