import { sql } from 'kysely';
import { createLogger } from '../core/server/logger';
import { normalizePost, type NormalizedPost } from '../core/server/postStore/normalize';
import { PostWriter } from '../core/server/postStore/writer';
import { ApiClient } from '../core/server/testing/httpClient';
import { startTestServer } from '../core/server/testing/testServer';
import { serverPlugins } from '../plugins/index.server';
import { CorpusGenerator } from '../plugins/posts/server/demo/generator';
import { themesStage } from '../plugins/radar/server/stage';
import { median, ms, printTable } from './lib';

/**
 * Topic Radar benchmark (issue 15): the home view's data (nine themes, the organisation's assessments) over a
 * conversation of 1,000,000 demo posts, cold and warm, per range; and the radar.themes stage on those posts.
 * SQLite in a temporary directory, in process (the HTTP call included).
 *
 *   node --import tsx bench/radar.bench.ts [--posts N] [--runs N]
 */
const argv = process.argv.slice(2);
const POSTS = Number(argv[argv.indexOf('--posts') + 1] ?? 0) || 1_000_000;
const RUNS = Number(argv[argv.indexOf('--runs') + 1] ?? 0) || 5;
const log = (m: string) => process.stderr.write(`${m}\n`);

const t = await startTestServer({ plugins: serverPlugins, pipeline: { worker: false } });
try {
  const user = await t.createUser('Radar Bench', { roles: ['Analyst'] });
  const orgId = user.organizationId;
  let t0 = performance.now();
  const writer = new PostWriter(t.storage, orgId, 'import');
  let batch: NormalizedPost[] = [];
  let written = 0;
  for (const { post } of new CorpusGenerator({ seed: 'radar-bench', posts: POSTS, now: Date.UTC(2026, 10, 1) }).posts()) {
    batch.push(normalizePost(post));
    if (batch.length === 10_000) {
      await writer.write(batch);
      written += batch.length;
      batch = [];
      if (written % 100_000 === 0) log(`${written} posts written`);
    }
  }
  if (batch.length) await writer.write(batch);
  const writeSeconds = (performance.now() - t0) / 1000;

  const client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  const project = (await client.post('/api/v2/project', { name: 'Bench' })).body.data;
  const conversationId = (await client.post('/api/v2/conversations', {
    project_id: project.id, name: 'Everything', query_string: 'tariff', threat_feed: false, start_date: '2026-10-01T00:00', end_date: '2026-11-01T00:00', language: 'en',
  })).body.data.id as string;
  const runId = crypto.randomUUID();
  const now = new Date().toISOString();
  await t.storage.db.insertInto('core_pipeline_runs').values({
    id: runId, organization_id: orgId, conversation_id: conversationId, run_type: 'STATIC_RUN', status: 'SUCCESS', request: '{}', dag_step: null,
    current_stage: null, enrichment_stage: null, progress: 1, message: null, error: null, collector_usage: '[]', attempts: 1, cancel_requested: 0,
    requested_by: null, worker_id: null, heartbeat_at: null, created_at: now, started_at: now, finished_at: now, updated_at: now,
  }).execute();
  await sql`insert into posts_run_posts (run_id, post_id) select ${runId}, id from posts_posts where organization_id = ${orgId}`.execute(t.storage.db);

  t0 = performance.now();
  await themesStage.run({
    run: { conversationId, organizationId: orgId, queryString: 'x', startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-11-01T00:00:00.000Z',
      language: null, useExistingData: false, runType: 'STATIC_RUN' },
    storage: t.storage, logger: createLogger('silent'), services: t.server.ctx.services, organizationId: orgId, conversationId, runId,
    progress: () => {}, signal: new AbortController().signal,
  });
  const stageSeconds = (performance.now() - t0) / 1000;
  await t.storage.db.updateTable('core_organizations').set({ settings: JSON.stringify({ themes: ['DEI', 'BOYCOTT', 'UNION', 'ELECTION_DENIAL', 'FINANCE', 'SHORTSELLING', 'QANON', 'MAHA_AND_VACCINE', 'TARIFF'] }) })
    .where('id', '=', orgId).execute();

  // The stage kept the event loop busy past the server's keep-alive timeout: the pooled connection is gone, and the
  // first request on it fails (ECONNRESET). Ping until one answers, then sign in again.
  if (process.env.BENCH_IDLE_MS) await new Promise((r) => setTimeout(r, Number(process.env.BENCH_IDLE_MS)));
  for (let i = 0; i < 5; i += 1) {
    try {
      await (await fetch(`${t.url}/api/v2/health`)).arrayBuffer();
      break;
    } catch { /* a stale pooled connection; the next attempt opens a new one */ }
  }
  const reader = new ApiClient(t.url);
  await reader.login(user.email, user.password);
  const rows: Array<Record<string, string | number>> = [];
  for (const range of ['LAST_DAY', 'LAST_WEEK', 'LAST_MONTH']) {
    for (const [what, query] of [['home (organisation)', ''], ['Risk Radar tab', `&conversation_id=${conversationId}`]] as const) {
      const times: number[] = [];
      let themes = 0;
      for (let i = 0; i <= RUNS; i += 1) {
        const s = performance.now();
        const res = await reader.get(`/api/v2/radar/assessments?date_range=${range}${query}`);
        times.push(performance.now() - s);
        if (res.status !== 200) throw new Error(`assessments answered ${res.status}: ${res.text}`);
        themes = res.body.data.themes.length;
      }
      const [cold, ...warm] = times;
      rows.push({ view: what, range, themes, cold: ms(cold!), 'warm median': ms(median(warm)), 'warm max': ms(Math.max(...warm)) });
    }
  }
  printTable(`Topic Radar over ${POSTS.toLocaleString('en')} posts (SQLite; writing them ${writeSeconds.toFixed(0)} s, stage radar.themes ${stageSeconds.toFixed(1)} s)`, rows);
} finally {
  await t.close();
}
