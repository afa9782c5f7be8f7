import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local RDAP registry for tests and benchmarks (no network): answers `GET /domain/<name>` as a registry would,
 * per domain: found (an RFC 9083 domain object built from the facts), not found (404), rate limited (429 with
 * Retry-After, a number of times), malformed, a redirect to another registry, or too slow.
 */
export type RegistryEntry =
  | { kind: 'found'; facts: DomainFacts }
  | { kind: 'rateLimited'; retryAfter: string; times: number; then: RegistryEntry }
  | { kind: 'malformed'; body: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'slow'; ms: number };

export interface DomainFacts {
  registrar?: string;
  registrant?: { name?: string; phone?: string; email?: string };
  created?: string;
  expires?: string;
  updated?: string;
}

export interface LocalRdapServer {
  url: string;
  entries: Map<string, RegistryEntry>;
  /** Requests received, in order (paths). */
  requests: string[];
  close(): Promise<void>;
}

/** An RDAP domain object as registries publish it (jCard contacts, events). */
export function rdapDocument(domain: string, facts: DomainFacts): unknown {
  const card = (props: Array<[string, string, string]>) => ['vcard', [['version', {}, 'text', '4.0'], ...props.map(([name, type, value]) => [name, {}, type, value])]];
  const entities: unknown[] = [];
  if (facts.registrar) entities.push({ objectClassName: 'entity', roles: ['registrar'], vcardArray: card([['fn', 'text', facts.registrar]]) });
  if (facts.registrant) {
    const r = facts.registrant;
    const props: Array<[string, string, string]> = [];
    if (r.name) props.push(['fn', 'text', r.name]);
    if (r.phone) props.push(['tel', 'uri', `tel:${r.phone}`]);
    if (r.email) props.push(['email', 'text', r.email]);
    entities.push({ objectClassName: 'entity', roles: ['registrant'], vcardArray: card(props) });
  }
  const events = [['registration', facts.created], ['expiration', facts.expires], ['last changed', facts.updated]]
    .filter(([, date]) => date).map(([eventAction, eventDate]) => ({ eventAction, eventDate }));
  return { objectClassName: 'domain', ldhName: domain.toUpperCase(), rdapConformance: ['rdap_level_0'], status: ['active'], events, entities };
}

export async function startLocalRdapServer(entries: Map<string, RegistryEntry> = new Map()): Promise<LocalRdapServer> {
  const requests: string[] = [];
  const served = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const match = /^\/domain\/([^/?]+)$/.exec(path);
    const domain = match ? decodeURIComponent(match[1]!).toLowerCase() : null;
    let entry = domain ? entries.get(domain) : undefined;
    const count = (served.get(domain ?? '') ?? 0) + 1;
    served.set(domain ?? '', count);
    while (entry?.kind === 'rateLimited' && count > entry.times) entry = entry.then;
    if (!domain || !entry) {
      res.writeHead(404, { 'content-type': 'application/rdap+json' }).end(JSON.stringify({ errorCode: 404, title: 'Not Found' }));
      return;
    }
    switch (entry.kind) {
      case 'found':
        res.writeHead(200, { 'content-type': 'application/rdap+json' }).end(JSON.stringify(rdapDocument(domain, entry.facts)));
        return;
      case 'rateLimited':
        res.writeHead(429, { 'retry-after': entry.retryAfter, 'content-type': 'application/rdap+json' }).end('{"errorCode":429}');
        return;
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/rdap+json' }).end(entry.body);
        return;
      case 'redirect':
        res.writeHead(301, { location: `${entry.to.replace(/\/$/, '')}/domain/${domain}` }).end();
        return;
      case 'slow':
        setTimeout(() => res.writeHead(200).end('{}'), entry.ms).unref();
    }
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`, entries, requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
