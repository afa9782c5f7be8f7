import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * IANA's RDAP bootstrap data for domains (RFC 9224, https://data.iana.org/rdap/dns.json): which RDAP servers answer
 * for which top-level domains. A copy ships with the plugin (`dns.json`, written in IANA's format; refresh it with
 * `npm run cli -- rdap-bootstrap`), so lookups work offline up to the registry's own server.
 */
export const bootstrapFileSchema = z.object({
  version: z.string(),
  publication: z.string(),
  description: z.string().optional(),
  services: z.array(z.tuple([z.array(z.string().min(1)), z.array(z.string().url()).min(1)])),
});
export type BootstrapFile = z.infer<typeof bootstrapFileSchema>;

export const SHIPPED_BOOTSTRAP_PATH = fileURLToPath(new URL('./dns.json', import.meta.url));

export class RdapBootstrap {
  private readonly servers = new Map<string, string[]>();

  constructor(readonly file: BootstrapFile) {
    for (const [labels, urls] of file.services) {
      // RFC 9224: an entry may name a multi-label suffix (e.g. "co.uk"); base URLs end with "/".
      for (const label of labels) this.servers.set(label.toLowerCase(), urls.map((u) => (u.endsWith('/') ? u : `${u}/`)));
    }
  }

  /** Reads and checks a bootstrap file (the shipped one by default). */
  static load(path = SHIPPED_BOOTSTRAP_PATH): RdapBootstrap {
    return new RdapBootstrap(bootstrapFileSchema.parse(JSON.parse(fs.readFileSync(path, 'utf8'))));
  }

  /**
   * The base URL of the RDAP server for a domain: the longest matching suffix wins (RFC 9224 section 4); https
   * first when a service lists several. Null when no registry of the file covers it.
   */
  serverFor(domain: string): string | null {
    const labels = domain.toLowerCase().replace(/\.$/, '').split('.');
    for (let i = 1; i < labels.length; i++) {
      const urls = this.servers.get(labels.slice(i).join('.'));
      if (urls) return urls.find((u) => u.startsWith('https:')) ?? urls[0]!;
    }
    return null;
  }

  get tlds(): number {
    return this.servers.size;
  }
}
