import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { pipelineKey } from '@core/server/pipeline/runner';
import { testPostgresUrl } from '@core/server/testing/testServer';
import { verifyWebhook } from '@plugins/alerts/server/delivery/signing';
import { processRunner } from '../serveProcess';
import { conversationWithRun, criterion, posts, ruleBody, runWith, signIn, startServer, writePosts } from './support';

/**
 * Durable delivery across a kill -9: a rule fired (its outbox written), the server that was sending it is killed in
 * the middle of talking to the SMTP server and the webhook (both stall), and the next start delivers exactly one
 * e-mail per recipient and one signed webhook call; a further restart sends nothing. Real processes on one database
 * (the SQLite file, or on the PostgreSQL pass one PostgreSQL database), a real SMTP server and HTTP receiver on loopback.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'narrascope-alerts-restart-'));
const runner = processRunner(dataDir);
/** The test server's PostgreSQL database as a URL (storage.describe is `postgres:host/name`), or null on SQLite. */
function databaseUrlOf(describe: string): string | null {
  if (!describe.startsWith('postgres:')) return null;
  const url = new URL(testPostgresUrl());
  url.pathname = new URL(`postgres://${describe.slice('postgres:'.length)}`).pathname;
  return url.toString();
}
const closers: Array<() => Promise<unknown> | void> = [];

afterAll(async () => {
  runner.killAll();
  for (const close of closers.reverse()) await close();
  if (postgresUrl) {
    const admin = new pg.Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    try { await admin.query(`DROP DATABASE IF EXISTS ${new URL(postgresUrl).pathname.slice(1)} WITH (FORCE)`); } finally { await admin.end(); }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type OutboxState = Array<{ channel: string; status: string; attempts: number }>;
const OUTBOX_SQL = 'select channel, status, attempts from alerts_outbox order by channel, target';
/** The PostgreSQL database the processes share on the PostgreSQL pass (the test server's, kept after it closed). */
let postgresUrl: string | null = null;

/** The outbox as an operator would read it from the database while (or after) a server writes it. */
async function outbox(): Promise<OutboxState> {
  if (postgresUrl) {
    const c = new pg.Client({ connectionString: postgresUrl });
    await c.connect();
    try { return (await c.query(OUTBOX_SQL)).rows as OutboxState; } finally { await c.end(); }
  }
  const db = new Database(path.join(dataDir, 'narrascope.sqlite'), { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 2000');
    return db.prepare(OUTBOX_SQL).all() as OutboxState;
  } finally {
    db.close();
  }
}

/**
 * A real SMTP server and a webhook receiver on loopback that, while `stall` is set, take a message and never answer
 * (the sender hangs mid-conversation, as a process killed there would leave it); afterwards they keep what arrives.
 */
async function sinks() {
  const state = { stall: true };
  const mails: string[][] = [];
  const calls: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      const stalled = state.stall;
      stream.on('data', () => {});
      stream.on('end', () => {
        if (stalled) return;
        mails.push(session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const hook = http.createServer((req, res) => {
    const stalled = state.stall;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (stalled) return;
      calls.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((r) => smtp.close(() => r(undefined))), () => { hook.closeAllConnections(); hook.close(); });
  return {
    state, mails, calls,
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    hookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
  };
}

async function until(check: (rows: OutboxState) => boolean, what: string, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (!check(await outbox())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await outbox())}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('alert delivery survives a kill -9', () => {
  it('delivers exactly once after the restart', async () => {
    const sink = await sinks();

    // The fired alert, written by the real stages into the file the server processes will use.
    const t = await startServer({ NARRASCOPE_DATA_DIR: dataDir });
    const { client, user } = await signIn(t, 'Org A', 'Analyst');
    const ids = await writePosts(t, user.organizationId, posts('tw', 30));
    const { conversationId } = await conversationWithRun(t, client, user.organizationId, 'Harbour', []);
    // Its first run stays out of the way: the servers below run the worker, and only the outbox is under test.
    await t.server.ctx.services.get(pipelineKey).cancelConversation(conversationId);
    const a = await t.createUser('Org A', { email: 'a@orga.test' });
    const b = await t.createUser('Org A', { email: 'b@orga.test' });
    const rule = (await client.post('/api/v2/alerts/configs', ruleBody(conversationId, {
      recipients: [a.id, b.id], config: { criteria: [criterion()], webhook_url: sink.hookUrl },
    }))).body.data;
    await runWith(t, user.organizationId, conversationId, [...ids.values()].slice(0, 5));
    const surge = await runWith(t, user.organizationId, conversationId, [...ids.values()]);
    // The server closes without dropping its database: the processes below share it.
    postgresUrl = databaseUrlOf(t.storage.describe);
    await t.server.close();
    expect((await outbox()).map((o) => o.status)).toEqual(['pending', 'pending', 'pending']);

    // First server: claims the first message and hangs in the SMTP conversation; killed there.
    const env = {
      NARRASCOPE_ALERTS_CLAIM_TIMEOUT_MS: '1500', NARRASCOPE_PIPELINE_POLL_MS: '200', NARRASCOPE_SMTP_URL: sink.smtpUrl,
      NARRASCOPE_WEBHOOK_ALLOWED_ADDRESSES: '127.0.0.1',
      ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
    };
    const first = runner.spawnCli(['serve'], { ...env, PORT: '0' });
    await until((rows) => rows.some((o) => o.status === 'sending'), 'a claimed message');
    await new Promise((r) => setTimeout(r, 300));
    process.kill(-first.child.pid!, 'SIGKILL');
    await first.exited;
    expect(sink.mails).toHaveLength(0);
    sink.state.stall = false;

    const second = await runner.serve(env);
    await until((rows) => rows.every((o) => o.status === 'sent'), 'every message sent');
    await new Promise((r) => setTimeout(r, 3_000));
    expect([...sink.mails].sort()).toEqual([['a@orga.test'], ['b@orga.test']]);
    expect(sink.calls).toHaveLength(1);
    const call = sink.calls[0]!;
    expect(verifyWebhook(rule.webhook_secret, String(call.headers['x-narrascope-timestamp']), call.body, String(call.headers['x-narrascope-signature']))).toBe(true);
    expect(JSON.parse(call.body).details.dag_run_id).toBe(surge);
    await second.stop();

    const third = await runner.serve(env);
    await new Promise((r) => setTimeout(r, 3_000));
    await third.stop();
    expect(sink.mails).toHaveLength(2);
    expect(sink.calls).toHaveLength(1);
  }, 180_000);
});
