import { RdapBootstrap, SHIPPED_BOOTSTRAP_PATH } from './rdap/bootstrap';
import { RdapClient, type RdapClientOptions } from './rdap/client';

/**
 * Operator settings (environment), like enrichment's URL expansion:
 * - `NARRASCOPE_RDAP_LOOKUPS` = `on` | `off` (default `off`): registration lookups reach registries' RDAP servers
 *   over the network. Off by default because most installations (and every test machine) are offline; stored
 *   snapshots (and the demo's) are shown either way.
 * - `NARRASCOPE_RDAP_BOOTSTRAP`: a bootstrap file to use instead of the shipped copy (`npm run cli -- rdap-bootstrap`).
 */
export interface UrlsOptions {
  /** RDAP client settings, or null when lookups are off. */
  rdap: (Omit<RdapClientOptions, 'bootstrap'> & { bootstrapPath?: string; bootstrap?: RdapBootstrap }) | null;
}

export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): UrlsOptions {
  const flag = (env.NARRASCOPE_RDAP_LOOKUPS ?? 'off').trim().toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0', ''].includes(flag)) {
    throw new Error(`NARRASCOPE_RDAP_LOOKUPS must be 'on' or 'off' (got '${env.NARRASCOPE_RDAP_LOOKUPS}')`);
  }
  const bootstrapPath = env.NARRASCOPE_RDAP_BOOTSTRAP?.trim() || undefined;
  return { rdap: ['on', 'true', '1'].includes(flag) ? { bootstrapPath } : null };
}

/** One client per plugin instance, so its cache and rate-limit memory span requests; built on first use. */
export function lazyRdapClient(options: UrlsOptions['rdap']): () => RdapClient | null {
  let client: RdapClient | null = null;
  return () => {
    if (!options) return null;
    client ??= new RdapClient(options.bootstrap ?? RdapBootstrap.load(options.bootstrapPath ?? SHIPPED_BOOTSTRAP_PATH), options);
    return client;
  };
}
