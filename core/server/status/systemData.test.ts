import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApiKey } from '@core/server/auth/apiKeys';
import { defineServerPlugin, defineStage } from '@core/server/plugin/contract';
import { pipelineKey } from '@core/server/pipeline/runner';
import type { RunRequest } from '@core/server/pipeline/stages';
import { normalizePost } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { defineManifest } from '@core/shared/plugin/manifest';
import type { SystemStatus } from '@core/shared/status/api';
import { METRICS_NEED_API_KEY } from './routes';
import { collectorUtilisations } from './systemData';
import { formatFamilies } from './prometheus';

/** One collect stage that reports two collectors' usage, as the posts plugin's collect stage does. */
const probe = defineServerPlugin({
  manifest: defineManifest({ id: 'probe', title: 'Probe', version: 1 }),
  migrations: [{ id: 'probe/001_marks', async up(db) { await db.schema.createTable('probe_marks').addColumn('run_id', 'text').execute(); } }],
  stages: [defineStage({
    id: 'probe.collect', title: 'Collect', version: 3, dagStep: 1, dependsOn: [],
    run: async (ctx) => {
      const n = Number(ctx.run.queryString);
      await ctx.recordUsage!({ name: 'Bluesky', collected_records: n, record_limit: 100, source: 'bluesky', duration_ms: 5, failure: null });
      if (n > 10) await ctx.recordUsage!({ name: 'Reddit "r/all"', collected_records: 7, record_limit: null, source: 'reddit', duration_ms: 5, failure: null });
    },
  })],
});

let t: TestServer;
const keys = { viewer: '', plain: '', global: '', otherViewer: '' };
const ids = { orgA: '', orgB: '' };
let viewerCookie: ApiClient;

const request = (organizationId: string, queryString: string): RunRequest => ({
  conversationId: crypto.randomUUID(), organizationId, queryString, startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2026-01-02T00:00:00.000Z', language: 'en', useExistingData: false, runType: 'STATIC_RUN',
});

async function keyFor(org: string, overrides: Parameters<TestServer['createUser']>[1]) {
  const u = await t.createUser(org, overrides);
  return { user: u, key: (await insertApiKey(t.storage.db, u.id, u.organizationId, 'scraper')).key };
}

const scrape = (key: string | null, query = '') => fetch(`${t.url}/metrics${query}`, { headers: key ? { Authorization: `Bearer ${key}` } : {} });

beforeAll(async () => {
  t = await startTestServer({ plugins: [probe], pipeline: { worker: false } });
  const tag = crypto.randomBytes(3).toString('hex');
  const viewer = await keyFor(`Data A ${tag}`, { permissions: ['VIEW_SYSTEM_STATUS_DATA'] });
  keys.viewer = viewer.key;
  keys.plain = (await keyFor(`Data A ${tag}`, { permissions: ['CREATE_CONVERSATION'] })).key;
  keys.global = (await keyFor(`Data G ${tag}`, { roles: ['Global Admin'], permissions: [] })).key;
  const other = await keyFor(`Data B ${tag}`, { permissions: ['VIEW_SYSTEM_STATUS_DATA'] });
  keys.otherViewer = other.key;
  ids.orgA = viewer.user.organizationId;
  ids.orgB = other.user.organizationId;
  viewerCookie = new ApiClient(t.url);
  await viewerCookie.login(viewer.user.email, viewer.user.password);

  const post = (rid: string) => normalizePost({ platform: 'bluesky', rid, body: `post ${rid}`, published_at: '2026-01-01T10:00:00.000Z', author: { rid: 'a1' } });
  await new PostWriter(t.storage, ids.orgA, 'import').write([post('1'), post('2'), post('3')]);
  await new PostWriter(t.storage, ids.orgB, 'import').write([post('1')]);

  const pipeline = t.server.ctx.services.get(pipelineKey);
  const first = await pipeline.enqueue(request(ids.orgA, '5'));
  await pipeline.enqueue(request(ids.orgA, '2'));
  await pipeline.drain();
  await pipeline.enqueue({ ...request(ids.orgA, '20'), conversationId: first.conversationId }); // the same conversation again
  await pipeline.enqueue(request(ids.orgB, '1000'));
  await pipeline.drain();
});
afterAll(async () => t?.close());

describe('system data on GET /api/v2/system/status', () => {
  it("answers the organisation's system metrics, collector utilisation and the versions object", async () => {
    const res = await viewerCookie.get('/api/v2/system/status');
    expect(res.status).toBe(200);
    const status = res.body.data as SystemStatus;
    // Users: the viewer, the plain user of A (the other organisations' users are not counted).
    expect(status.system_metrics).toEqual({
      record_count: 3, total_conversations: 2, users: 2, dag_runs: 3,
      collector_utilisations: [
        { datacollector: 'Bluesky', total_entities: 27, total_queries: 3 },
        { datacollector: 'Reddit "r/all"', total_entities: 7, total_queries: 1 },
      ],
    });
    expect(status.versions).toMatchObject({ backend: status.version, language_runtime: `Node.js ${process.version}`, analysis_services: { 'probe.collect': 3 } });
    expect(status.versions.commit === null || /^[0-9a-f]{7,40}$/.test(status.versions.commit)).toBe(true);
  });
});

describe('GET /metrics (Prometheus)', () => {
  it("answers the key's organisation's figures in the text exposition format", async () => {
    const res = await scrape(keys.viewer);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('# TYPE narrascope_records gauge\nnarrascope_records 3\n');
    expect(text).toContain('narrascope_conversations 2\n');
    expect(text).toContain('narrascope_users 2\n');
    expect(text).toContain('narrascope_dag_runs 3\n');
    expect(text).toContain('narrascope_dag_runs_by_status{status="SUCCESS"} 3\n');
    expect(text).toContain('narrascope_dag_runs_by_status{status="FAILED"} 0\n');
    expect(text).toContain('narrascope_collector_entities{datacollector="Bluesky"} 27\n');
    // Label values are escaped.
    expect(text).toContain('narrascope_collector_queries{datacollector="Reddit \\"r/all\\""} 1\n');
    expect(text).toMatch(/narrascope_build_info\{version="[^"]+",commit="[0-9a-f]*",runtime="Node\.js v[^"]+"\} 1\n/);
    expect(text).toMatch(/narrascope_stage_duration_median_seconds\{stage="probe.collect"\} [0-9.e-]+\n/);
    expect(text).not.toContain('1000');
  });

  it('refuses a call without a key (401), a wrong key (401) and a signed-in browser session (401)', async () => {
    const none = await scrape(null);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { metadata: { errors: string[] } }).metadata.errors).toEqual(['not logged in']);
    const wrong = await scrape('nsk_not-a-key');
    expect(wrong.status).toBe(401);
    const cookie = await viewerCookie.get('/metrics');
    expect(cookie.status).toBe(401);
    expect(cookie.body.metadata.errors).toEqual([METRICS_NEED_API_KEY]);
  });

  it('refuses a key whose owner lacks VIEW_SYSTEM_STATUS_DATA, and another organisation to anyone but a global admin', async () => {
    const plain = await scrape(keys.plain);
    expect(plain.status).toBe(403);
    expect(((await plain.json()) as { metadata: { errors: string[] } }).metadata.errors).toEqual(['You do not have permission to perform this action.']);
    expect((await scrape(keys.viewer, `?organization_id=${ids.orgB}`)).status).toBe(403);
    const b = await (await scrape(keys.otherViewer)).text();
    expect(b).toContain('narrascope_records 1\n');
    expect(b).toContain('narrascope_collector_entities{datacollector="Bluesky"} 1000\n');
  });

  it("gives a global admin's key every organisation, or the one named", async () => {
    const all = await (await scrape(keys.global)).text();
    expect(all).toContain('narrascope_records 4\n');
    expect(all).toContain('narrascope_dag_runs 4\n');
    expect(all).toContain('narrascope_collector_entities{datacollector="Bluesky"} 1027\n');
    const a = await (await scrape(keys.global, `?organization_id=${ids.orgA}`)).text();
    expect(a).toContain('narrascope_records 3\n');
  });
});

describe('collectorUtilisations and formatFamilies', () => {
  it('skips unreadable usage lists and sums per collector name', () => {
    expect(collectorUtilisations(['not json', '{}', '[{"name":"X","collected_records":2}]', '[{"name":"X","collected_records":3},{"collected_records":9}]']))
      .toEqual([{ datacollector: 'X', total_entities: 5, total_queries: 2 }]);
  });

  it('escapes label values and help text, and writes special values', () => {
    expect(formatFamilies([{ name: 'm', help: 'a\\b\nc', type: 'gauge', samples: [{ labels: { l: 'x\ny"\\' }, value: Infinity }, { value: Number.NaN }] }]))
      .toBe('# HELP m a\\\\b\\nc\n# TYPE m gauge\nm{l="x\\ny\\"\\\\"} +Inf\nm NaN\n');
  });
});
