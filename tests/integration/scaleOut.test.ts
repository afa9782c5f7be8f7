import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import { testPostgresUrl } from '@core/server/testing/testServer';
import { CSRF_ACCESS_COOKIE, CSRF_HEADER } from '@core/shared/api/cookies';
import { corpusJsonl, plantedCorpus } from '@plugins/coordination/server/testing/fixture';
import { processRunner } from './serveProcess';

/**
 * Issue 19: several processes on one PostgreSQL. Two API processes (`serve --no-worker`) and two pipeline workers
 * (`npm run cli -- worker`) run three conversations; one worker is killed with SIGKILL in the middle of a stage. Every
 * run ends SUCCESS once its lease expires and the other worker resumes it, nothing is written twice, and the
 * results equal those of one `serve` process doing everything on another database.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-scale-'));
const runner = processRunner(dataDir);
const databases: string[] = [];
const ADMIN = { email: 'admin@scale.test', password: 'a-long-scale-password' };
const CONVERSATIONS = [
  { name: 'Whole window', start_date: '2025-01-05T00:00', end_date: '2025-01-20T00:00' },
  { name: 'First week', start_date: '2025-01-05T00:00', end_date: '2025-01-12T00:00' },
  { name: 'Second week', start_date: '2025-01-10T00:00', end_date: '2025-01-20T00:00' },
];

async function admin(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl() });
  await client.connect();
  try { await client.query(sqlText); } finally { await client.end(); }
}

async function scratchDatabase(): Promise<string> {
  const name = `narrascope_scale_${crypto.randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  databases.push(name);
  const url = new URL(testPostgresUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function query<T>(databaseUrl: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try { return (await client.query(text)).rows as T[]; } finally { await client.end(); }
}

afterAll(async () => {
  runner.killAll();
  for (const name of databases) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The process settings of a deployment: its database, short leases so a dead worker's run is taken over quickly. */
const deployment = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl, NARRASCOPE_PIPELINE_POLL_MS: '200', NARRASCOPE_PIPELINE_STALE_AFTER_MS: '8000',
});

async function addAdmin(env: Record<string, string>): Promise<void> {
  const added = runner.spawnCli(['user', 'add', '--email', ADMIN.email, '--password', ADMIN.password, '--org', 'Scale Org', '--admin'], env);
  expect(await added.exited, added.output()).toBe(0);
}

/** Imports the planted corpus through one API process and creates the three conversations (their runs queue). */
async function createConversations(apis: readonly string[]): Promise<ApiClient[]> {
  const clients = await Promise.all(apis.map(async (url) => {
    const client = new ApiClient(url);
    expect((await client.login(ADMIN.email, ADMIN.password)).status).toBe(200);
    return client;
  }));
  const first = clients[0]!;
  const imported = await fetch(`${apis[0]}/api/v2/posts/import?format=jsonl`, {
    method: 'POST', body: corpusJsonl(plantedCorpus(10, 41, 'so-', 'ballots')),
    headers: {
      'Content-Type': 'application/octet-stream', [CSRF_HEADER]: first.cookies.get(CSRF_ACCESS_COOKIE)!,
      Cookie: [...first.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
  });
  expect(imported.status, await imported.clone().text()).toBe(200);
  const project = (await first.post('/api/v2/project', { name: 'Scale' })).body.data as { id: string };
  for (const [k, c] of CONVERSATIONS.entries()) {
    // Spread over the API processes: any of them may take any call.
    const created = await clients[k % clients.length]!.post('/api/v2/conversations', {
      project_id: project.id, query_string: 'ballots', threat_feed: false, language: 'en', ...c,
    });
    expect(created.status, created.text).toBe(200);
  }
  return clients;
}

async function waitForRuns(client: ApiClient, timeoutMs: number): Promise<Array<{ id: string; name: string; status: string }>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = (await client.get('/api/v2/conversations')).body.data as Array<{ id: string; name: string; status: string }>;
    const mine = list.filter((c) => CONVERSATIONS.some((x) => x.name === c.name));
    if (mine.length === CONVERSATIONS.length && mine.every((c) => ['SUCCESS', 'FAILED', 'CANCELLED'].includes(c.status))) return mine;
    if (Date.now() > deadline) throw new Error(`runs not finished: ${JSON.stringify(mine.map((c) => [c.name, c.status]))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** What an analyst sees of each conversation: posts, narratives and coordination clusters. */
async function results(client: ApiClient, conversations: ReadonlyArray<{ id: string; name: string }>) {
  const out: Record<string, unknown> = {};
  for (const c of [...conversations].sort((a, b) => a.name.localeCompare(b.name))) {
    const raw = await client.get(`/api/v2/conversations/${c.id}/raw_data?limit=1`);
    const topics = await client.get(`/api/v2/conversations/${c.id}/topics`);
    const clusters = await client.get(`/api/v2/conversations/${c.id}/coordination_clusters`);
    out[c.name] = {
      posts: raw.body.metadata.pagination_info.total,
      narratives: ((topics.body.data.topics ?? topics.body.data) as Array<{ size?: number; post_count?: number }>).map((t) => Number(t.size ?? t.post_count)).sort((a, b) => a - b),
      clusters: (clusters.body.data.clusters as Array<{ preview: { number_accounts: number; number_posts: number } }>)
        .map((k) => `${k.preview.number_accounts}/${k.preview.number_posts}`).sort(),
    };
  }
  return out;
}

describe('API and worker processes on one PostgreSQL', () => {
  it('finishes every run after a worker is killed mid-stage, once, with the results of a single process', async () => {
    // The reference: one process doing everything.
    const single = deployment(await scratchDatabase());
    await addAdmin(single);
    const alone = await runner.serve({ ...single });
    const [reference] = await createConversations([alone.url]);
    const referenceRuns = await waitForRuns(reference!, 120_000);
    expect(referenceRuns.map((c) => c.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    const expected = await results(reference!, referenceRuns);
    expect(expected['Whole window']).toMatchObject({ posts: expect.any(Number), clusters: [expect.any(String)] });
    expect((expected['Whole window'] as { narratives: number[] }).narratives.length).toBeGreaterThan(0);
    await alone.stop();

    const databaseUrl = await scratchDatabase();
    const env = deployment(databaseUrl);
    await addAdmin(env);
    const apis = [await runner.serve({ ...env }, ['--no-worker']), await runner.serve({ ...env }, ['--no-worker'])];
    const clients = await createConversations(apis.map((a) => a.url));
    const workers = [runner.spawnCli(['worker'], env), runner.spawnCli(['worker'], env)];

    // Kill the first worker seen running a stage.
    let killed: number | null = null;
    for (let i = 0; i < 2000 && killed === null; i++) {
      const running = await query<{ worker_id: string; current_stage: string | null }>(databaseUrl,
        "select worker_id, current_stage from core_pipeline_runs where status = 'RUNNING' and current_stage is not null");
      const victim = workers.find((w) => running.some((r) => r.worker_id?.includes(`:${w.child.pid}:`)));
      if (victim) {
        process.kill(-victim.child.pid!, 'SIGKILL');
        killed = victim.child.pid!;
      } else await new Promise((r) => setTimeout(r, 20));
    }
    expect(killed, 'no worker was seen running a stage').not.toBeNull();

    const runs = await waitForRuns(clients[1]!, 150_000);
    expect(runs.map((c) => c.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    // The killed worker's run was claimed again; nothing was written twice.
    const attempts = await query<{ attempts: number; status: string }>(databaseUrl, 'select attempts, status from core_pipeline_runs');
    expect(attempts.map((a) => a.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(attempts.some((a) => Number(a.attempts) >= 2)).toBe(true);
    const audit = await query<{ n: string }>(databaseUrl, 'select count(*) as n from conversations_query_audit');
    expect(Number(audit[0]!.n)).toBe(3);
    const detections = await query<{ n: string }>(databaseUrl, 'select count(*) as n from coordination_runs');
    expect(Number(detections[0]!.n)).toBe(3);
    expect(await results(clients[0]!, runs)).toEqual(expected);
    for (const api of apis) await api.stop();
  }, 400_000);
});
