import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineServerPlugin, defineStage } from '@core/server/plugin/contract';
import { pipelineKey } from '@core/server/pipeline/runner';
import type { RunRequest } from '@core/server/pipeline/stages';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { defineManifest } from '@core/shared/plugin/manifest';
import type { SystemStatus } from '@core/shared/status/api';
import { median } from './systemStatus';

/** Two stages: collect always succeeds, analyse fails for the query "fail" (a stand-in for a plugin's analysis). */
const probe = defineServerPlugin({
  manifest: defineManifest({ id: 'probe', title: 'Probe', version: 1 }),
  migrations: [{ id: 'probe/001_marks', async up(db) { await db.schema.createTable('probe_marks').addColumn('run_id', 'text').execute(); } }],
  stages: [
    defineStage({ id: 'probe.collect', title: 'Collect', version: 1, dagStep: 1, dependsOn: [], run: async () => undefined }),
    defineStage({
      id: 'probe.analyse', title: 'Analyse', version: 1, dagStep: 3, dependsOn: ['probe.collect'],
      run: async (ctx) => { if (ctx.run.queryString === 'fail') throw new Error('model exploded'); },
    }),
  ],
});

let t: TestServer;
const ids = { orgA: '', orgB: '', a3: '', a2Conversation: '', b2: '' };
const clients: Record<'viewer' | 'admin' | 'plain' | 'global', ApiClient> = {} as never;

async function signIn(org: string, overrides: Parameters<TestServer['createUser']>[1]) {
  const u = await t.createUser(org, overrides);
  const client = new ApiClient(t.url);
  await client.login(u.email, u.password);
  return { client, organizationId: u.organizationId };
}

const request = (organizationId: string, queryString: string): RunRequest => ({
  conversationId: crypto.randomUUID(), organizationId, queryString, startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2026-01-02T00:00:00.000Z', language: 'en', useExistingData: false, runType: 'STATIC_RUN',
});

beforeAll(async () => {
  t = await startTestServer({ plugins: [probe], pipeline: { worker: false } });
  const tag = crypto.randomBytes(3).toString('hex');
  const viewer = await signIn(`Status A ${tag}`, { permissions: ['VIEW_SYSTEM_STATUS_DATA'] });
  const admin = await signIn(`Status A ${tag}`, { admin: true });
  const plain = await signIn(`Status A ${tag}`, { permissions: ['CREATE_CONVERSATION'] });
  const global = await signIn(`Status G ${tag}`, { roles: ['Global Admin'], permissions: [] });
  ids.orgA = viewer.organizationId;
  ids.orgB = (await t.createUser(`Status B ${tag}`, {})).organizationId;
  Object.assign(clients, { viewer: viewer.client, admin: admin.client, plain: plain.client, global: global.client });

  const pipeline = t.server.ctx.services.get(pipelineKey);
  await pipeline.enqueue(request(ids.orgA, 'ok'));
  const a2 = await pipeline.enqueue(request(ids.orgA, 'fail'));
  ids.a2Conversation = a2.conversationId;
  await pipeline.enqueue(request(ids.orgB, 'fail'));
  await pipeline.drain();
  ids.a3 = (await pipeline.enqueue(request(ids.orgA, 'later'))).id;
  ids.b2 = (await pipeline.enqueue(request(ids.orgB, 'later'))).id;
});
afterAll(async () => t?.close());

describe('GET /api/v2/system/status', () => {
  it("answers the version, dialect and the caller's organisation's pipeline state", async () => {
    const res = await clients.viewer.get('/api/v2/system/status');
    expect(res.status).toBe(200);
    const status = res.body.data as SystemStatus;
    const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(status).toMatchObject({ version: pkg.version, database: t.storage.dialect, scope: 'organization', organization_id: ids.orgA });
    expect(status.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(status.pipeline.runs_by_status).toEqual({ SUCCESS: 1, FAILED: 1, PENDING: 1 });
    expect(status.pipeline.queued.map((r) => r.id)).toEqual([ids.a3]);
    expect(status.pipeline.running).toEqual([]);
    expect(status.pipeline.recent_failures).toHaveLength(1);
    expect(status.pipeline.recent_failures[0]).toMatchObject({ conversation_id: ids.a2Conversation, stage_id: 'probe.analyse', run_type: 'STATIC_RUN' });
    // The error text is an admin detail: this viewer holds the permission but is no admin.
    expect(status.pipeline.recent_failures[0]!.error).toBeNull();
    // Both of A's runs passed collect; only the successful one passed analyse (the failed stage is not a duration).
    expect(status.pipeline.stage_durations.map(({ stage_id, runs }) => ({ stage_id, runs }))).toEqual([
      { stage_id: 'probe.analyse', runs: 1 }, { stage_id: 'probe.collect', runs: 2 },
    ]);
    for (const d of status.pipeline.stage_durations) expect(d.max_ms).toBeGreaterThanOrEqual(d.median_ms);
  });

  it('never shows another organisation\'s runs nor any connection setting', async () => {
    const res = await clients.viewer.get('/api/v2/system/status');
    expect(res.text).not.toContain(ids.orgB);
    expect(res.text).not.toContain(ids.b2);
    const databaseUrl = process.env.NARRASCOPE_TEST_DATABASE_URL;
    if (databaseUrl) expect(res.text).not.toContain(new URL(databaseUrl).host);
    expect(res.text).not.toContain('narrascope-test-');
  });

  it("shows a failure's error text to organisation and global admins only", async () => {
    const asAdmin = (await clients.admin.get('/api/v2/system/status')).body.data as SystemStatus;
    expect(asAdmin.pipeline.recent_failures.map((f) => [f.conversation_id, f.error])).toEqual([[ids.a2Conversation, "Stage 'Analyse' (probe.analyse) failed: model exploded"]]);
    const asGlobal = (await clients.global.get(`/api/v2/system/status?organization_id=${ids.orgA}`)).body.data as SystemStatus;
    expect(asGlobal.pipeline.recent_failures.map((f) => f.error)).toEqual(["Stage 'Analyse' (probe.analyse) failed: model exploded"]);
    const asViewer = (await clients.viewer.get('/api/v2/system/status')).body.data as SystemStatus;
    expect(asViewer.pipeline.recent_failures.map((f) => [f.conversation_id, f.stage_id, f.error])).toEqual([[ids.a2Conversation, 'probe.analyse', null]]);
  });

  it('refuses a user without VIEW_SYSTEM_STATUS_DATA with the permission message', async () => {
    const res = await clients.plain.get('/api/v2/system/status');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ data: null, metadata: { errors: ['You do not have permission to perform this action.'] } });
  });

  it('refuses another organisation\'s id to anyone but a global admin, and an oversized one', async () => {
    const other = await clients.viewer.get(`/api/v2/system/status?organization_id=${ids.orgB}`);
    expect(other.status).toBe(403);
    expect(other.body.metadata.errors).toEqual(['You do not have permission to perform this action.']);
    const own = await clients.viewer.get(`/api/v2/system/status?organization_id=${ids.orgA}`);
    expect(own.body.data.pipeline.runs_by_status).toEqual({ SUCCESS: 1, FAILED: 1, PENDING: 1 });
    const long = await clients.viewer.get(`/api/v2/system/status?organization_id=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.metadata.errors[0]).toMatch(/^querystring\.organization_id: /);
  });

  it('shows a global admin every organisation, or the one asked for', async () => {
    const all = (await clients.global.get('/api/v2/system/status')).body.data as SystemStatus;
    expect(all).toMatchObject({ scope: 'all', organization_id: null });
    expect(all.pipeline.runs_by_status).toEqual({ SUCCESS: 1, FAILED: 2, PENDING: 2 });
    // Oldest first, then by id: the two were queued within the same millisecond or not, so compare as a set.
    expect(all.pipeline.queued.map((r) => r.id).sort()).toEqual([ids.a3, ids.b2].sort());
    const b = (await clients.global.get(`/api/v2/system/status?organization_id=${ids.orgB}`)).body.data as SystemStatus;
    expect(b.pipeline.runs_by_status).toEqual({ FAILED: 1, PENDING: 1 });
    expect(b.pipeline.stage_durations).toEqual([expect.objectContaining({ stage_id: 'probe.collect', runs: 1 })]);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([])).toBe(0);
    expect(median([5])).toBe(5);
    expect(median([1, 2, 10])).toBe(2);
    expect(median([1, 2, 4, 10])).toBe(3);
  });
});
