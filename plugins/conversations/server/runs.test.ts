import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defineServerPlugin, defineStage } from '@core/server/plugin/contract';
import { storedPostsKey, type StoredPosts } from '@core/server/pipeline/collectors';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { defineManifest } from '@core/shared/plugin/manifest';
import { compileMatcher } from '@core/shared/query';
import conversationsServer from './index';
import { SCHEDULER_INTERVAL_MS } from './runs';
import { conversationBody, pipelineOf, signedIn } from './testing/helpers';

/** A later plugin's analysis stage (DAG step 3), held at a gate so the test can look at a RUNNING conversation. */
let release: () => void = () => undefined;
let gate: Promise<void> = Promise.resolve();
const holdNextRun = () => { gate = new Promise((r) => { release = r; }); };
const gatePlugin = defineServerPlugin({
  manifest: defineManifest({ id: 'gate', title: 'Gate', version: 1 }),
  migrations: [{ id: 'gate/001_marks', async up(db) { await db.schema.createTable('gate_marks').addColumn('run_id', 'text').execute(); } }],
  stages: [defineStage({ id: 'gate.wait', title: 'Wait at the gate', version: 1, dagStep: 3, dependsOn: ['conversations.collect'], run: () => gate })],
});

let t: TestServer;
beforeAll(async () => { t = await startTestServer({ plugins: [conversationsServer, gatePlugin], pipeline: { worker: false } }); });
afterAll(async () => t?.close());
afterEach(() => release());

const org = () => `Org ${crypto.randomBytes(3).toString('hex')}`;
const ALL = ['CREATE_CONVERSATION', 'DELETE_CONVERSATION', 'RERUN_SCHEDULED_QUERY'];

async function setup() {
  const name = org();
  const s = await signedIn(t, name, { permissions: ALL });
  const project = (await s.client.post('/api/v2/project', { name: 'Project' })).body.data as { id: string };
  return { ...s, project, orgName: name };
}

describe('a conversation follows its runs', () => {
  it('goes PENDING -> RUNNING (with its DAG step and enrichment stage) -> SUCCESS with last_run and topics_status', async () => {
    const { client, project } = await setup();
    holdNextRun();
    const c = (await client.post('/api/v2/conversations', conversationBody(project.id))).body.data;
    expect(c.status).toBe('PENDING');
    const finished = pipelineOf(t).runNext();
    await expect.poll(async () => (await client.get(`/api/v2/conversations/${c.id}`)).body.data.DAG_step).toBe(3);
    const running = (await client.get(`/api/v2/conversations/${c.id}`)).body.data;
    expect(running).toMatchObject({ status: 'RUNNING', DAG_step: 3, enrichment_stages: [{ datacollector: null, stage: 'Core NLP' }], last_run: null });
    const runs = (await client.get(`/api/v2/conversations/${c.id}/runs`)).body.data;
    expect(runs[0]).toMatchObject({ status: 'RUNNING', DAG_step: 3, current_stage: 'gate.wait', enrichment_stage: 'Core NLP', run_type: 'STATIC_RUN' });
    release();
    await finished;
    const done = (await client.get(`/api/v2/conversations/${c.id}`)).body.data;
    expect(done).toMatchObject({ status: 'SUCCESS', topics_status: { status_code: 200, message: 'Conversation refreshed' } });
    expect(Date.parse(done.last_run)).toBeGreaterThan(Date.parse(c.created_at) - 1);
  });

  it('shows the re-run as PENDING again with rerun=true until it runs', async () => {
    const { client, project } = await setup();
    const c = (await client.post('/api/v2/conversations', conversationBody(project.id))).body.data;
    await pipelineOf(t).drain();
    const queued = await client.put(`/api/v2/conversations/${c.id}`, { rerun: true });
    expect(queued.body.data).toMatchObject({ status: 'PENDING', rerun: true });
    await pipelineOf(t).drain();
    expect((await client.get(`/api/v2/conversations/${c.id}`)).body.data.status).toBe('SUCCESS');
  });

  it('goes back to PENDING when a crashed worker\'s run is put back in the queue', async () => {
    const { client, project } = await setup();
    holdNextRun();
    const c = (await client.post('/api/v2/conversations', conversationBody(project.id))).body.data;
    const pipeline = pipelineOf(t);
    const run = await pipeline.claim();
    expect((await client.get(`/api/v2/conversations/${c.id}`)).body.data.status).toBe('RUNNING');
    // The claiming worker "dies": its heartbeat is old and it never comes back.
    await t.storage.db.updateTable('core_pipeline_runs').set({ heartbeat_at: '2020-01-01T00:00:00.000Z', worker_id: 'dead:1:x' })
      .where('id', '=', run!.id).execute();
    expect((await pipeline.recoverInterrupted({ all: false })).resumed).toEqual([run!.id]);
    expect((await client.get(`/api/v2/conversations/${c.id}`)).body.data.status).toBe('PENDING');
    release();
    await pipeline.drain();
    expect((await client.get(`/api/v2/conversations/${c.id}`)).body.data.status).toBe('SUCCESS');
  });
});

describe('collectors, the query audit entry and stored posts', () => {
  it('records each collector\'s usage and writes one query audit entry per run with the spec\'s fields', async () => {
    const { client, user, project, orgName } = await setup();
    const calls: string[] = [];
    const pipeline = pipelineOf(t);
    const disposers = [
      pipeline.collectors.register({
        id: 'good', name: 'Good collector', source: 'vendor-a', platforms: ['reddit'], queryCapability: 'boolean', defaultRecordLimit: 100,
        collect: async (req) => { calls.push(`good ${req.queryString} ${req.startDate}`); return { collected: 42 }; },
      }),
      pipeline.collectors.register({
        id: 'bad', name: 'Bad collector', source: 'vendor-b', platforms: ['gab'], queryCapability: 'terms', defaultRecordLimit: null,
        collect: async () => { throw new Error('HTTP 429 from vendor-b'); },
      }),
    ];
    try {
      const c = (await client.post('/api/v2/conversations', conversationBody(project.id))).body.data;
      await pipeline.drain();
      expect(calls).toEqual([`good ${c.query_string} ${c.start_date}`]);
      const conversation = (await client.get(`/api/v2/conversations/${c.id}`)).body.data;
      expect(conversation.status).toBe('SUCCESS');
      expect(conversation.enrichment_stages).toEqual([
        { datacollector: 'Good collector', stage: 'Core NLP' }, { datacollector: 'Bad collector', stage: 'Core NLP' },
      ]);
      const audit = await t.storage.db.selectFrom('conversations_query_audit' as never).selectAll().where('conversation_id' as never, '=', c.id as never).execute() as Array<Record<string, unknown>>;
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        user: user.email, organization: orgName, query_string: c.query_string, status: 'SUCCESS', state: 'gate.wait',
        threat_feed: 0, start_date: c.start_date, end_date: c.end_date, conversation_id: c.id, conversation_name: 'Election talk',
        project_name: 'Project', coordination_detected: 0, conversation_run_type: 'STATIC_RUN', organization_id: user.organizationId,
      });
      expect(JSON.parse(audit[0]!.data_collectors as string)).toEqual([
        { name: 'Good collector', collected_records: 42, record_limit: 100, source: 'vendor-a' },
        { name: 'Bad collector', collected_records: 0, record_limit: null, source: 'vendor-b' },
      ]);
      expect(JSON.parse(audit[0]!.datacollector_failures as string)).toEqual([{ name: 'Bad collector', message: 'HTTP 429 from vendor-b' }]);
      expect(Number(audit[0]!.query_duration)).toBeGreaterThanOrEqual(0);
      expect(audit[0]!.last_run).toBe(conversation.last_run);

      // A re-run with use_existing_data asks no collector.
      await client.put(`/api/v2/conversations/${c.id}`, { rerun: true, use_existing_data: true });
      await pipeline.drain();
      expect(calls).toHaveLength(1);
      const audits = await t.storage.db.selectFrom('conversations_query_audit' as never).select(['conversation_run_type' as never]).where('conversation_id' as never, '=', c.id as never).execute();
      expect(audits).toHaveLength(2);
    } finally {
      disposers.forEach((d) => d());
    }
  });

  it('fails the run when every collector fails, and records that in the audit entry', async () => {
    const { client, project } = await setup();
    const dispose = pipelineOf(t).collectors.register({
      id: 'down', name: 'Down', source: 'vendor-c', platforms: [], queryCapability: 'boolean', defaultRecordLimit: 100,
      collect: async () => { throw new Error('connection refused'); },
    });
    try {
      const c = (await client.post('/api/v2/conversations', conversationBody(project.id))).body.data;
      await pipelineOf(t).drain();
      expect((await client.get(`/api/v2/conversations/${c.id}`)).body.data.status).toBe('FAILED');
      const [entry] = await t.storage.db.selectFrom('conversations_query_audit' as never).selectAll().where('conversation_id' as never, '=', c.id as never).execute() as Array<Record<string, unknown>>;
      expect(entry).toMatchObject({ status: 'FAILED', state: 'conversations.collect' });
    } finally {
      dispose();
    }
  });

  it('previews and links stored posts through the post store interface once one is installed', async () => {
    const { client, user, project } = await setup();
    const posts = [
      { org: user.organizationId, platform: 'reddit', at: '2026-01-02T00:00:00.000Z', body: 'Mail-in ballots and fraud claims' },
      { org: user.organizationId, platform: 'reddit', at: '2026-01-02T00:00:00.000Z', body: 'nothing to see' },
      { org: user.organizationId, platform: 'gab', at: '2026-01-03T00:00:00.000Z', body: 'RIGGED mail-in ballots!' },
      { org: user.organizationId, platform: 'gab', at: '2025-06-01T00:00:00.000Z', body: 'mail-in ballots fraud, too early' },
      { org: crypto.randomUUID(), platform: 'x', at: '2026-01-02T00:00:00.000Z', body: 'mail-in ballots fraud elsewhere' },
    ];
    const linked: string[] = [];
    // A reference implementation of the interface the posts plugin will provide.
    const select = (q: Parameters<StoredPosts['countMatching']>[0]) => {
      const match = compileMatcher(q.query);
      return posts.filter((p) => p.org === q.organizationId && match(p.body)
        && (!q.startDate || p.at >= q.startDate) && (!q.endDate || p.at < q.endDate));
    };
    const byPlatform = (list: typeof posts) => [...new Set(list.map((p) => p.platform))].map((platform) => ({ platform, count: list.filter((p) => p.platform === platform).length }));
    const store: StoredPosts = {
      countMatching: async (q) => byPlatform(select(q)),
      linkMatching: async (q) => { linked.push(q.runId); const hit = select(q); return { linked: hit.length, byPlatform: byPlatform(hit) }; },
    };
    const dispose = t.server.ctx.services.provide(storedPostsKey, store);
    try {
      const body = conversationBody(project.id);
      const preview = await client.post('/api/v2/conversations/preview', body);
      expect(preview.body.data).toEqual({
        available: true, total: 2, platforms: [{ platform: 'gab', count: 1 }, { platform: 'reddit', count: 1 }],
        start_date: '2026-01-01T00:00:00.000Z', end_date: '2026-01-04T12:30:00.000Z',
      });
      const c = (await client.post('/api/v2/conversations', body)).body.data;
      await pipelineOf(t).drain();
      expect(linked).toEqual([(await pipelineOf(t).runsOf(c.id))[0]!.id]);
    } finally {
      dispose();
    }
  });
});

describe('continuous conversations', () => {
  it('run every day over the previous 7 days; suspended and deleted ones do not', async () => {
    const { client, project } = await setup();
    const pipeline = pipelineOf(t);
    const daily = (await client.post('/api/v2/conversations', conversationBody(project.id, { name: 'Daily', threat_feed: true }))).body.data;
    const paused = (await client.post('/api/v2/conversations', conversationBody(project.id, { name: 'Paused', threat_feed: true }))).body.data;
    const removed = (await client.post('/api/v2/conversations', conversationBody(project.id, { name: 'Removed', threat_feed: true }))).body.data;
    await pipeline.drain();
    expect((await client.put(`/api/v2/conversations/${paused.id}`, { suspended: true })).body.data.suspended).toBe(true);
    expect((await client.delete(`/api/v2/conversations/${removed.id}`)).status).toBe(200);

    // Not yet a day: nothing is queued.
    await pipeline.runPeriodicTasks(new Date(Date.now() + 60_000), true);
    expect((await pipeline.runsOf(daily.id)).length).toBe(1);

    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000 + 60_000);
    await pipeline.runPeriodicTasks(tomorrow, true);
    // A second worker running the same task at the same moment queues nothing more.
    await pipeline.runPeriodicTasks(tomorrow, true);
    const runs = await pipeline.runsOf(daily.id);
    expect(runs.map((r) => [r.runType, r.status])).toEqual([['SCHEDULED_RUN', 'PENDING'], ['SCHEDULED_INITIAL_RUN', 'SUCCESS']]);
    expect([runs[0]!.request.startDate, runs[0]!.request.endDate]).toEqual([
      new Date(tomorrow.getTime() - 7 * 24 * 3600 * 1000).toISOString(), tomorrow.toISOString(),
    ]);
    expect((await pipeline.runsOf(paused.id)).length).toBe(1);
    expect((await pipeline.runsOf(removed.id)).length).toBe(1);
    expect((await client.get(`/api/v2/conversations/${daily.id}`)).body.data.status).toBe('PENDING');
    await pipeline.drain();

    // Resumed: it is due again at the next pass.
    await client.put(`/api/v2/conversations/${paused.id}`, { suspended: false });
    await pipeline.runPeriodicTasks(new Date(tomorrow.getTime() + SCHEDULER_INTERVAL_MS), true);
    expect((await pipeline.runsOf(paused.id)).map((r) => r.runType)).toEqual(['SCHEDULED_RUN', 'SCHEDULED_INITIAL_RUN']);
  });
});
