/**
 * Test-only: a local HTTP server that replays recorded-shape platform answers, in order, and records what it was
 * asked. A route answers `times` requests (default: every matching one) before the next matching route takes over.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReplayRoute {
  path: string;
  /** Query parameters the request must carry (subset match). */
  query?: Record<string, string>;
  status?: number;
  headers?: Record<string, string>;
  body: string | object;
  times?: number;
}

export interface Replay {
  url: string;
  requests: { path: string; query: Record<string, string> }[];
  close(): Promise<void>;
}

export async function startReplay(routes: ReplayRoute[]): Promise<Replay> {
  const remaining = routes.map((r) => r.times ?? Number.POSITIVE_INFINITY);
  const requests: Replay['requests'] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    const i = routes.findIndex((r, k) => remaining[k]! > 0 && r.path === url.pathname && Object.entries(r.query ?? {}).every(([key, v]) => query[key] === v));
    if (i === -1) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`no replay for ${url.pathname}${url.search}`);
      return;
    }
    remaining[i]! -= 1;
    const route = routes[i]!;
    const body = typeof route.body === 'string' ? route.body : JSON.stringify(route.body);
    res.writeHead(route.status ?? 200, { 'Content-Type': typeof route.body === 'string' ? 'text/plain; charset=utf-8' : 'application/json', ...route.headers }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
