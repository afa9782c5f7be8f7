import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import conversationsServer from '../index';
import { conversationBody, pipelineOf, signedIn, snapshot } from '../testing/helpers';

let t: TestServer;
let auditor: ApiClient;
let analyst: ApiClient;
let global: ApiClient;
let orgA = '';
let orgB = '';
let auditorEmail = '';
let c1: { id: string; query_string: string; start_date: string; end_date: string };
let c2: { id: string };
let cb: { id: string };
let disposeCollector: () => void = () => undefined;

const FORBIDDEN = 'You do not have permission to perform this action.';
const tag = crypto.randomBytes(3).toString('hex');
// Entries are ordered by when their run finished (millisecond timestamps): keep runs from finishing in the same one.
const nextMillisecond = () => new Promise((r) => setTimeout(r, 5));

beforeAll(async () => {
  t = await startTestServer({ plugins: [conversationsServer], pipeline: { worker: false } });
  const pipeline = pipelineOf(t);
  // A collector that answers 42 posts, and an outage for queries that mention it.
  disposeCollector = pipeline.collectors.register({
    id: 'audit-probe', name: 'Probe collector', source: 'vendor-a', platforms: ['reddit'], queryCapability: 'boolean', defaultRecordLimit: 100,
    collect: async (req) => {
      if (req.queryString.includes('outage')) throw new Error('HTTP 503 from vendor-a');
      return { collected: 42 };
    },
  });
  const a = await signedIn(t, `Audit A ${tag}`, { permissions: ['QUERY_AUDIT', 'CREATE_CONVERSATION'] });
  auditor = a.client;
  orgA = a.user.organizationId;
  auditorEmail = a.user.email;
  analyst = (await signedIn(t, `Audit A ${tag}`, { permissions: ['CREATE_CONVERSATION'] })).client;
  global = (await signedIn(t, `Audit G ${tag}`, { roles: ['Global Admin'], permissions: [] })).client;
  const b = await signedIn(t, `Audit B ${tag}`, { permissions: ['QUERY_AUDIT', 'CREATE_CONVERSATION'] });
  orgB = b.user.organizationId;

  const projectA = (await auditor.post('/api/v2/project', { name: 'Elections' })).body.data as { id: string };
  c1 = (await auditor.post('/api/v2/conversations', conversationBody(projectA.id))).body.data;
  await pipeline.drain();
  await nextMillisecond();
  await auditor.put(`/api/v2/conversations/${c1.id}`, { rerun: true });
  await pipeline.drain();
  await nextMillisecond();
  c2 = (await auditor.post('/api/v2/conversations', conversationBody(projectA.id, { name: 'Outage watch', query_string: 'outage' }))).body.data;
  await pipeline.drain();
  const projectB = (await b.client.post('/api/v2/project', { name: 'Theirs' })).body.data as { id: string };
  cb = (await b.client.post('/api/v2/conversations', conversationBody(projectB.id, { name: 'B talk' }))).body.data;
  await pipeline.drain();
});
afterAll(async () => {
  disposeCollector();
  await t?.close();
});

describe('GET /api/v2/query_audit', () => {
  it("lists the organisation's entries newest first with the spec's fields", async () => {
    const res = await auditor.get('/api/v2/query_audit');
    expect(res.status).toBe(200);
    const entries = res.body.data as Array<Record<string, unknown>>;
    expect(entries.map((e) => [e.conversation_id, e.status, e.conversation_run_type])).toEqual([
      [c2.id, 'FAILED', 'STATIC_RUN'], [c1.id, 'SUCCESS', 'STATIC_MANUAL_RERUN'], [c1.id, 'SUCCESS', 'STATIC_RUN'],
    ]);
    expect(Object.keys(entries[2]!).sort()).toEqual([
      'conversation_id', 'conversation_name', 'conversation_run_type', 'coordination_detected', 'created_at', 'data_collectors',
      'datacollector_failures', 'end_date', 'id', 'last_run', 'organization', 'organization_id', 'project_name', 'query_duration',
      'query_string', 'start_date', 'state', 'status', 'threat_feed', 'user', 'user_id',
    ]);
    expect(entries[2]).toMatchObject({
      user: auditorEmail, organization: `Audit A ${tag}`, query_string: c1.query_string, state: 'conversations.collect', threat_feed: false,
      start_date: c1.start_date, end_date: c1.end_date, conversation_name: 'Election talk', project_name: 'Elections',
      coordination_detected: false, datacollector_failures: [], organization_id: orgA,
      data_collectors: [{ name: 'Probe collector', collected_records: 42, record_limit: 100, source: 'vendor-a' }],
    });
    expect(entries[2]!.query_duration).toBeGreaterThanOrEqual(0);
    expect(entries[0]!.datacollector_failures).toEqual([{ name: 'Probe collector', message: 'HTTP 503 from vendor-a' }]);
    expect(res.body.metadata.pagination_info).toEqual({ offset: 0, limit: 100, total: 3, order_by: [{ column: 'created_at', direction: 'desc' }] });
  });

  it('pages with limit and offset (limit -1 is all)', async () => {
    const all = (await auditor.get('/api/v2/query_audit?limit=-1')).body;
    expect(all.data).toHaveLength(3);
    expect(all.metadata.pagination_info).toMatchObject({ limit: -1, offset: 0, total: 3 });
    const page = (await auditor.get('/api/v2/query_audit?limit=1&offset=1')).body;
    expect(page.data.map((e: { id: string }) => e.id)).toEqual([all.data[1].id]);
    expect(page.metadata.pagination_info).toMatchObject({ limit: 1, offset: 1, total: 3 });
    const beyond = (await auditor.get('/api/v2/query_audit?offset=10')).body;
    expect(beyond.data).toEqual([]);
    expect(beyond.metadata.pagination_info.total).toBe(3);
  });

  it('filters by conversation and by status', async () => {
    const one = (await auditor.get(`/api/v2/query_audit?conversation_id=${c1.id}`)).body;
    expect(one.data.map((e: { conversation_id: string }) => e.conversation_id)).toEqual([c1.id, c1.id]);
    expect(one.metadata.pagination_info.total).toBe(2);
    const failed = (await auditor.get('/api/v2/query_audit?status=FAILED')).body;
    expect(failed.data.map((e: { conversation_id: string }) => e.conversation_id)).toEqual([c2.id]);
    expect((await auditor.get(`/api/v2/query_audit?conversation_id=${c2.id}&status=SUCCESS`)).body.data).toEqual([]);
  });

  it('refuses a user without QUERY_AUDIT with the permission message', async () => {
    const res = await analyst.get('/api/v2/query_audit');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ data: null, metadata: { errors: [FORBIDDEN] } });
  });

  it("never shows another organisation's entries, even by its conversation or organisation id", async () => {
    const before = await snapshot(t);
    expect((await auditor.get(`/api/v2/query_audit?conversation_id=${cb.id}`)).body.data).toEqual([]);
    const other = await auditor.get(`/api/v2/query_audit?organization_id=${orgB}`);
    expect(other.status).toBe(403);
    expect(other.body.metadata.errors).toEqual([FORBIDDEN]);
    expect((await auditor.get('/api/v2/query_audit?limit=-1')).text).not.toContain(cb.id);
    expect(await snapshot(t)).toEqual(before);
  });

  it("lets a global admin read a named organisation's entries (their own by default)", async () => {
    expect((await global.get('/api/v2/query_audit')).body.data).toEqual([]);
    const b = (await global.get(`/api/v2/query_audit?organization_id=${orgB}`)).body;
    expect(b.data.map((e: { conversation_id: string; organization: string }) => [e.conversation_id, e.organization])).toEqual([[cb.id, `Audit B ${tag}`]]);
  });

  it('answers 400 for bad query parameters', async () => {
    const cases: Array<[string, RegExp]> = [
      ['status=DONE', /^querystring\.status: /],
      ['limit=1001', /^querystring\.limit: /],
      ['limit=-2', /^querystring\.limit: /],
      ['offset=abc', /^querystring\.offset: /],
      [`conversation_id=${'x'.repeat(201)}`, /^querystring\.conversation_id: /],
      [`organization_id=${'x'.repeat(101)}`, /^querystring\.organization_id: /],
    ];
    for (const [query, message] of cases) {
      const res = await auditor.get(`/api/v2/query_audit?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.metadata.errors[0], query).toMatch(message);
    }
  });
});
