import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PostInput } from '@core/server/postStore/normalize';
import type { RunType, StageContext } from '@core/server/pipeline/stages';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { serverPlugins } from '@plugins/index.server';
import { evaluateStage } from '@plugins/alerts/server/firing/stage';
import { metricsStage } from '@plugins/alerts/server/metrics/stage';
import { Deliverer } from '@plugins/alerts/server/delivery/deliverer';
import { dbOf } from '@plugins/alerts/server/tables';
import { accessKey } from '@core/server/auth/access';
import { addRun } from '../insights/support';

export { signIn, writePosts, conversationWithRun, errorsOf } from '../insights/support';

/** The real server with every plugin, no pipeline worker (tests run the alert stages by hand), optional SMTP. */
export const startServer = (env: Record<string, string> = {}) => startTestServer({ plugins: serverPlugins, pipeline: { worker: false }, env });

const T0 = Date.UTC(2025, 2, 1);
/** `n` posts on a platform, each its own author, published an hour apart from `hour`. */
export function posts(prefix: string, n: number, platform: 'twitter' | 'telegram' | 'gab' = 'twitter', hour = 0): PostInput[] {
  return Array.from({ length: n }, (_, i) => ({
    platform, rid: `${prefix}-${i}`, body: `Post ${prefix} ${i} about the harbour`, published_at: new Date(T0 + (hour + i) * 3_600_000).toISOString(),
    language: 'en', urls: [], author: { rid: `${prefix}-author-${i % 5}`, screen_name: `${prefix}_author_${i % 5}`, display_name: null, user_id: null, embedded_profile_url: null, url: null },
  }));
}

/** Runs the alerts plugin's two stages on a run, as the pipeline's step 5 does. */
export async function runAlertStages(t: TestServer, organizationId: string, conversationId: string, runId: string, runType: RunType = 'SCHEDULED_RUN') {
  const ctx: StageContext = {
    storage: t.storage, logger: t.server.ctx.logger, services: t.server.ctx.services, organizationId, conversationId, runId,
    run: { conversationId, organizationId, queryString: 'harbour', startDate: '2025-02-01T00:00:00Z', endDate: '2025-04-01T00:00:00Z', language: 'en', useExistingData: true, runType },
    progress: () => {}, signal: new AbortController().signal,
  };
  await metricsStage.run(ctx);
  await evaluateStage.run(ctx);
}

/**
 * A new finished run of the conversation with these posts, and the alert stages run on it. `runType`: SCHEDULED_* is a
 * continuous conversation's run (the metrics stage also counts the posts new since the previous run), STATIC_* a
 * one-off conversation's.
 */
export async function runWith(t: TestServer, organizationId: string, conversationId: string, postIds: readonly number[], runType: RunType = 'SCHEDULED_RUN') {
  const runId = await addRun(t, organizationId, conversationId, postIds);
  await runAlertStages(t, organizationId, conversationId, runId, runType);
  return runId;
}

/**
 * As `runWith`, with the run made at `at` (an ISO time) instead of now: a continuous conversation's schedule with
 * pauses and re-runs. Runs of one conversation must be made in time order, as the scheduler makes them.
 */
export async function runAt(t: TestServer, organizationId: string, conversationId: string, postIds: readonly number[], at: string, runType: RunType = 'SCHEDULED_RUN') {
  const runId = await addRun(t, organizationId, conversationId, postIds);
  await t.storage.db.updateTable('core_pipeline_runs').set({ created_at: at, started_at: at, finished_at: at, updated_at: at }).where('id', '=', runId).execute();
  await runAlertStages(t, organizationId, conversationId, runId, runType);
  return runId;
}

/** The outbox sender with the server's own mailer (core's SMTP settings). */
export const delivererOf = (t: TestServer, baseBackoffMs = 10) =>
  new Deliverer({
    db: dbOf(t.storage), mailer: t.server.ctx.services.get(accessKey).mailer, logger: t.server.ctx.logger, baseBackoffMs,
    // The tests' webhook receivers are on loopback: allowed as an operator allows an internal receiver.
    webhookAllowAddresses: ['127.0.0.1'],
  });

export interface ReceivedCall { headers: http.IncomingHttpHeaders; body: string }

/** A real HTTP server on loopback receiving webhooks; `failFirst` calls answer 503 first. */
export async function startWebhookReceiver(failFirst = 0) {
  const calls: ReceivedCall[] = [];
  let failures = failFirst;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (failures > 0) {
        failures -= 1;
        res.writeHead(503).end('busy');
        return;
      }
      calls.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export const criterion = (over: Record<string, unknown> = {}) => ({ metric: 'post_count', unit: 'count', direction: 'increase', threshold: 5, ...over });
export const ruleBody = (conversationId: string, over: Record<string, unknown> = {}) => ({
  name: 'Harbour surge', alertable_type: 'conversation', alertable_id: conversationId, config: { criteria: [criterion()] }, enabled: true, ...over,
});
