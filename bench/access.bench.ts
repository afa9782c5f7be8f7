import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { median, ms, percentile, printTable } from './lib';
import { autocannon, DEMO_EMAIL, login, startServer, type AutocannonResult } from './server';

/**
 * Access targets of issue #3: sign-in latency (p50, p99) with the Argon2id parameters actually stored, and
 * GET /api/v2/user/current throughput with autocannon (target >= 2,000 requests/s), next to GET /api/v2/health
 * (public, no session) in the same run. The server runs in a child process on a temporary data directory.
 */
const EMAIL = DEMO_EMAIL;
const LOGINS = Number(process.env.BENCH_LOGINS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;
// The server limits sign-in per IP (60/min by default) and locks an account after 10 failures: raised for the bench.
const SIGNIN_LIMIT = 100_000;
const startBenchServer = (dataDir: string) => startServer(dataDir, {
  NARRASCOPE_SIGNIN_RATE_LIMIT_PER_MINUTE: String(SIGNIN_LIMIT), NARRASCOPE_LOGIN_MAX_FAILURES: String(SIGNIN_LIMIT),
});

function argon2Parameters(dataDir: string): string {
  const db = new Database(path.join(dataDir, 'narrascope.sqlite'), { readonly: true });
  try {
    const row = db.prepare('select password_hash from core_users where email = ?').get(EMAIL) as { password_hash: string } | undefined;
    const hash = row?.password_hash ?? '';
    // $argon2id$v=19$m=65536,t=3,p=4$salt$hash
    const [, type, version, params] = hash.split('$');
    return `${type} ${version} ${params}`;
  } finally {
    db.close();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-bench-access-'));
const server = await startBenchServer(dataDir);
try {
  const { base } = server;
  await login(base); // warm-up (JIT, the dummy hash, connection pools)
  const times: number[] = [];
  let cookie = '';
  for (let i = 0; i < LOGINS; i++) {
    const r = await login(base);
    times.push(r.elapsed);
    cookie = r.cookie;
  }
  const params = argon2Parameters(dataDir);
  printTable(`Sign-in: POST /api/v2/user/login, ${LOGINS} sequential sign-ins after one warm-up`, [{
    'sign-ins': LOGINS, p50: ms(median(times)), p99: ms(percentile(times, 99)), min: ms(Math.min(...times)), max: ms(Math.max(...times)),
    'stored hash parameters': params,
  }]);
  process.stdout.write(`\nArgon2id: the \`argon2\` package's defaults (core/server/seed.ts and auth/passwordPolicy.ts pass only \`type: argon2id\`): ` +
    `memoryCost 65536 KiB (m), timeCost 3 (t), parallelism 4 (p), as read back from the stored hash. Sign-in rate limit and ` +
    `lockout raised to ${SIGNIN_LIMIT} via NARRASCOPE_SIGNIN_RATE_LIMIT_PER_MINUTE / NARRASCOPE_LOGIN_MAX_FAILURES for the bench.\n`);

  const check = await fetch(`${base}/api/v2/user/current`, { headers: { cookie } });
  await check.arrayBuffer();
  if (check.status !== 200) throw new Error(`/api/v2/user/current answered ${check.status} with the session cookie`);

  const run = (url: string, headers?: Record<string, string>, duration = DURATION) => autocannon({ url, connections: CONNECTIONS, duration, headers });
  await run(`${base}/api/v2/user/current`, { cookie }, 2); // 2 s warm-up, not reported
  const current = await run(`${base}/api/v2/user/current`, { cookie });
  const health = await run(`${base}/api/v2/health`);
  const row = (name: string, r: AutocannonResult) => ({
    route: name, 'req/s mean': Math.round(r.requests.average), 'req/s p50': Math.round(r.requests.p50),
    'latency p50': ms(r.latency.p50), 'latency p99': ms(r.latency.p99), '2xx': r['2xx'], 'non-2xx': r.non2xx, errors: r.errors + r.timeouts,
  });
  printTable(`autocannon, ${CONNECTIONS} connections, ${DURATION} s each (target: /user/current >= 2,000 req/s)`, [
    row('GET /api/v2/user/current (session cookie)', current),
    row('reference: GET /api/v2/health (public)', health),
  ]);
  process.stdout.write(`\n/user/current at ${((current.requests.average / health.requests.average) * 100).toFixed(0)}% of /health's throughput.\n`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
