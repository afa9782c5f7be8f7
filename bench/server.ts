import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

/** What the HTTP benches share: the server in a child process as `npm start` runs it, sign-in, autocannon. */
export const root = path.resolve(import.meta.dirname, '..');
export const BENCH_PASSWORD = 'bench-password-123';
export const DEMO_EMAIL = 'admin@demo.narrascope.local';

export interface AutocannonHistogram { average: number; mean: number; p50: number; p99: number; max: number }
export interface AutocannonResult {
  requests: AutocannonHistogram; latency: AutocannonHistogram; non2xx: number; errors: number; timeouts: number; '2xx': number;
}
export type Autocannon = (opts: {
  url: string; connections: number; duration: number; method?: string; headers?: Record<string, string>; body?: string;
}) => Promise<AutocannonResult>;
// autocannon ships no type declarations; its programmatic API returns a promise when no callback is given.
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** `src/cli/main.ts serve` on a data directory; answers once /api/v2/health does. */
export async function startServer(dataDir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve'], {
    cwd: root, stdio: 'ignore', detached: true,
    env: { ...process.env, PORT: String(port), NARRASCOPE_DATA_DIR: dataDir, NARRASCOPE_DEMO_PASSWORD: BENCH_PASSWORD, LOG_LEVEL: 'warn', ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/v2/health`)).status === 200) break;
    } catch { /* not listening yet */ }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (performance.now() - started > 600_000) throw new Error('the server did not answer within 600 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  const stop = () => new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
  return { base, stop };
}

/** Signs in the demo administrator: the time taken, the session cookie header and the CSRF token for mutations. */
export async function login(base: string): Promise<{ elapsed: number; cookie: string; csrf: string }> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v2/user/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_EMAIL, password: BENCH_PASSWORD }),
  });
  await res.arrayBuffer();
  const elapsed = performance.now() - t0;
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
  const pairs = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const access = pairs.find((c) => c.startsWith('access_token_cookie='));
  const csrf = pairs.find((c) => c.startsWith('csrf_access_token='));
  if (!access || !csrf) throw new Error('login set no access_token_cookie / csrf_access_token');
  return { elapsed, cookie: pairs.join('; '), csrf: csrf.slice(csrf.indexOf('=') + 1) };
}
