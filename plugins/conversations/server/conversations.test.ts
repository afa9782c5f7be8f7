import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { conversationSchema } from '../shared/api';
import conversationsServer from './index';
import { conversationBody, pipelineOf, signedIn, snapshot } from './testing/helpers';

let t: TestServer;
beforeAll(async () => { t = await startTestServer({ plugins: [conversationsServer], pipeline: { worker: false } }); });
afterAll(async () => t?.close());

const org = () => `Org ${crypto.randomBytes(3).toString('hex')}`;
const ALL = ['CREATE_CONVERSATION', 'DELETE_CONVERSATION', 'RERUN_SCHEDULED_QUERY'];
const setFeatures = (orgName: string, features: string[]) => t.storage.db.updateTable('core_organizations')
  .set({ settings: JSON.stringify({ features }) }).where('name', '=', orgName).execute();

async function withProject(permissions = ALL, orgName = org()) {
  const s = await signedIn(t, orgName, { permissions });
  const project = (await s.client.post('/api/v2/project', { name: 'Project' })).body.data as { id: string; name: string };
  return { ...s, project };
}

describe('POST /api/v2/conversations', () => {
  it('creates a PENDING conversation with every field of the spec and queues a STATIC_RUN', async () => {
    const { client, user, project } = await withProject();
    const res = await client.post('/api/v2/conversations', conversationBody(project.id));
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(conversationSchema.strict().parse(c)).toEqual(c);
    expect(c).toMatchObject({
      name: 'Election talk', project_id: project.id, query_string: '"mail-in ballots" AND (fraud OR rigged)',
      start_date: '2026-01-01T00:00:00.000Z', end_date: '2026-01-04T12:30:00.000Z', threat_feed: false, language: 'en',
      status: 'PENDING', last_run: null, user_id: user.id, suspended: false, is_scaled: false, is_org_nrms: false,
      use_existing_data: false, rerun: false, enrichment_stages: [], topics_status: null, DAG_step: null, image_url: null,
      description: null,
    });
    const runs = await pipelineOf(t).runsOf(c.id);
    expect(runs.map((r) => [r.runType, r.status, r.request.startDate, r.request.endDate, r.requestedBy])).toEqual([
      ['STATIC_RUN', 'PENDING', '2026-01-01T00:00:00.000Z', '2026-01-04T12:30:00.000Z', user.id],
    ]);
  });

  it('defaults to the last 3 days and the first language, and gives a date ending in T midnight', async () => {
    const { client, project } = await withProject();
    const before = Date.now();
    const res = await client.post('/api/v2/conversations', { project_id: project.id, name: 'Defaults', query_string: 'vote' });
    const c = res.body.data;
    expect(c.language).toBe('en');
    expect(Date.parse(c.end_date)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(c.end_date) - Date.parse(c.start_date)).toBe(3 * 24 * 3600 * 1000);
    const t2 = await client.post('/api/v2/conversations', conversationBody(project.id, { start_date: '2026-02-01T', end_date: '2026-02-03' }));
    expect([t2.body.data.start_date, t2.body.data.end_date]).toEqual(['2026-02-01T00:00:00.000Z', '2026-02-03T00:00:00.000Z']);
  });

  it('uses the user\'s conversation_language preference when no language is sent', async () => {
    const { client, user, project } = await withProject();
    await t.storage.db.insertInto('core_preferences').values({ user_id: user.id, preferences: JSON.stringify({ conversation_language: 'zh' }), updated_at: new Date().toISOString() }).execute();
    const res = await client.post('/api/v2/conversations', { project_id: project.id, name: '中文', query_string: '中文' });
    expect(res.body.data.language).toBe('zh');
  });

  it('creates a continuous conversation with a SCHEDULED_INITIAL_RUN over the previous 7 days', async () => {
    const { client, project } = await withProject();
    const res = await client.post('/api/v2/conversations', conversationBody(project.id, { threat_feed: true, start_date: null, end_date: null }));
    expect(res.body.data).toMatchObject({ threat_feed: true, start_date: null, end_date: null, status: 'PENDING' });
    const [run] = await pipelineOf(t).runsOf(res.body.data.id);
    expect(run!.runType).toBe('SCHEDULED_INITIAL_RUN');
    expect(Date.parse(run!.request.endDate) - Date.parse(run!.request.startDate)).toBe(7 * 24 * 3600 * 1000);
  });

  it('answers 400 "Your boolean string could not be validated" with every problem, and stores nothing', async () => {
    const { client, project } = await withProject();
    const before = await snapshot(t);
    const cases: Array<[unknown, string]> = [
      ['', 'no query string provided'],
      [null, 'no query string provided'],
      ['climate and "net zero', 'non-uppercase keyword found at position 8: "climate and "net zero"'],
      ['(a OR b', 'unbalanced parentheses starting at position 0: "(a OR b"'],
      ['a AND', 'keyword at position 2 is missing its right-hand side: "a AND"'],
      ['a AND OR b', 'multiple keywords found starting at position 2: "a AND OR b"'],
      ['a ()', 'empty parentheses found at position 2'],
      ['\u201cnet zero\u201d', 'smart-quote found at position 0'],
    ];
    for (const [query, first] of cases) {
      const res = await client.post('/api/v2/conversations', conversationBody(project.id, { query_string: query }));
      expect(res.status, String(query)).toBe(400);
      expect(res.body.metadata.msg).toBe(`Your boolean string could not be validated: ${first}`);
      expect(res.body.metadata.errors[0]).toBe(res.body.metadata.msg);
    }
    const several = await client.post('/api/v2/conversations', conversationBody(project.id, { query_string: 'a and (b' }));
    expect(several.body.metadata.errors).toHaveLength(2);
    const long = await client.post('/api/v2/conversations', conversationBody(project.id, { query_string: 'a '.repeat(6000) }));
    expect([long.status, long.body.metadata.msg]).toEqual([400, 'Your boolean string could not be validated: query string longer than 10000 characters at position 10000: "…a a a a a a a a a a a a a a a …"']);
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 400 "Your start date or end date is invalid" for bad dates and ranges, and stores nothing', async () => {
    const { client, project } = await withProject();
    const before = await snapshot(t);
    for (const [start, end] of [
      ['2026-13-01', '2026-12-01'], ['2026-02-30T00:00', '2026-03-02T00:00'], ['01/02/2026', '2026-03-02'],
      ['2026-01-01T24:00', '2026-01-02T00:00'], ['2026-01-05', '2026-01-01'], ['2026-01-01T10:00', '2026-01-01T10:00'],
      ['2026-01-01T10:00+02:00', '2026-01-03'], ['tomorrow', null],
    ]) {
      const res = await client.post('/api/v2/conversations', conversationBody(project.id, { start_date: start, end_date: end }));
      expect([res.status, res.body.metadata.errors], `${start} ${end}`).toEqual([400, ['Your start date or end date is invalid']]);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a missing name, an unknown language, a missing or foreign project, each with its message', async () => {
    const { client, project } = await withProject();
    const other = await withProject();
    const before = await snapshot(t);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ name: '  ' }, 400, 'Conversation name is required'],
      [{ name: 'x'.repeat(201) }, 400, 'Conversation name must be at most 200 characters'],
      [{ language: 'fr' }, 400, 'Language must be one of en, es, zh'],
      [{ project_id: null }, 400, 'Project is required'],
      [{ project_id: other.project.id }, 404, 'Project not found'],
      [{ project_id: crypto.randomUUID() }, 404, 'Project not found'],
    ];
    for (const [over, status, message] of cases) {
      const res = await client.post('/api/v2/conversations', conversationBody(project.id, over));
      expect([res.status, res.body.metadata.errors], JSON.stringify(over)).toEqual([status, [message]]);
    }
    const wrongType = await client.post('/api/v2/conversations', conversationBody(project.id, { threat_feed: 'yes' }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.metadata.errors[0]).toMatch(/^body\.threat_feed: /);
    expect(await snapshot(t)).toEqual(before);
  });

  it('needs CREATE_CONVERSATION, and CREATE_NRMS_CONVERSATION for an organisation-wide NRMS one', async () => {
    const { client, project } = await withProject([]);
    const before = await snapshot(t);
    expect((await client.post('/api/v2/conversations', conversationBody(project.id))).status).toBe(403);
    const creator = await withProject(['CREATE_CONVERSATION']);
    expect((await creator.client.post('/api/v2/conversations', conversationBody(creator.project.id, { is_org_nrms: true }))).status).toBe(403);
    expect((await snapshot(t)).conversations).toEqual(before.conversations);
  });

  it('answers the spec\'s 422 when a data source quota is reached', async () => {
    const { client, user, project } = await withProject();
    const dispose = pipelineOf(t).collectors.register({
      id: 'quota-test', name: 'Quota test', source: 'test', platforms: ['reddit'], queryCapability: 'boolean', defaultRecordLimit: 100,
      quotaRemaining: async (orgId) => (orgId === user.organizationId ? 0 : 1000), collect: async () => ({ collected: 0 }),
    });
    try {
      const before = await snapshot(t);
      const res = await client.post('/api/v2/conversations', conversationBody(project.id));
      expect([res.status, res.body.metadata.errors]).toEqual([422, ["The third-party data source query quota has been reached. Please contact your organization's administrator."]]);
      expect(await snapshot(t)).toEqual(before);
    } finally {
      dispose();
    }
  });
});

describe('GET /api/v2/conversations and /api/v2/conversations/{id}', () => {
  it('lists a project\'s conversations by created_at ascending, or the whole organisation\'s', async () => {
    const { client, project } = await withProject();
    const second = (await client.post('/api/v2/project', { name: 'Second' })).body.data;
    for (const name of ['first', 'second', 'third']) await client.post('/api/v2/conversations', conversationBody(project.id, { name }));
    await client.post('/api/v2/conversations', conversationBody(second.id, { name: 'elsewhere' }));
    const list = await client.get(`/api/v2/conversations?project_id=${project.id}`);
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['first', 'second', 'third']);
    expect(list.body.metadata.pagination_info).toMatchObject({ total: 3, limit: -1 });
    const all = await client.get('/api/v2/conversations');
    expect(all.body.data.map((c: { name: string }) => c.name)).toEqual(['first', 'second', 'third', 'elsewhere']);
  });

  it('answers 404 "Conversation not found" for unknown, malformed and foreign ids', async () => {
    const a = await withProject();
    const b = await withProject();
    const theirs = (await a.client.post('/api/v2/conversations', conversationBody(a.project.id))).body.data;
    for (const id of [theirs.id, crypto.randomUUID(), 'nope']) {
      const res = await b.client.get(`/api/v2/conversations/${id}`);
      expect([res.status, res.body.metadata.errors]).toEqual([404, ['Conversation not found']]);
    }
    expect((await b.client.get(`/api/v2/conversations?project_id=${a.project.id}`)).status).toBe(404);
  });

  it('shows topics_status.admin_details to admins only', async () => {
    const orgName = org();
    const analyst = await withProject(ALL, orgName);
    const admin = await signedIn(t, orgName, { admin: true });
    const c = (await analyst.client.post('/api/v2/conversations', conversationBody(analyst.project.id))).body.data;
    // Fail the run through the real pipeline: a collector that always fails.
    const dispose = pipelineOf(t).collectors.register({
      id: 'failing', name: 'Failing', source: 'test', platforms: [], queryCapability: 'boolean', defaultRecordLimit: 100,
      collect: async () => { throw new Error('upstream said 503'); },
    });
    try {
      await pipelineOf(t).drain();
    } finally {
      dispose();
    }
    const seenByAnalyst = (await analyst.client.get(`/api/v2/conversations/${c.id}`)).body.data;
    const seenByAdmin = (await admin.client.get(`/api/v2/conversations/${c.id}`)).body.data;
    expect(seenByAnalyst.status).toBe('FAILED');
    expect(seenByAnalyst.topics_status).toEqual({ status_code: 500, message: 'Conversation refresh failed' });
    expect(seenByAdmin.topics_status).toEqual({
      status_code: 500, message: 'Conversation refresh failed',
      admin_details: "Stage 'Collect posts' (conversations.collect) failed: Every data collector failed (Failing: upstream said 503)",
    });
    const runsForAnalyst = (await analyst.client.get(`/api/v2/conversations/${c.id}/runs`)).body.data;
    expect(runsForAnalyst[0]).toMatchObject({ status: 'FAILED', message: 'The run failed' });
    expect(runsForAnalyst[0].error).toBeUndefined();
    expect((await admin.client.get(`/api/v2/conversations/${c.id}/runs`)).body.data[0].error).toContain('upstream said 503');
  });
});

describe('PUT /api/v2/conversations/{id}', () => {
  it('edits fields and keeps the others; a bad query or date is refused with its message and nothing changes', async () => {
    const { client, project } = await withProject();
    const c = (await client.post('/api/v2/conversations', conversationBody(project.id))).body.data;
    const edited = await client.put(`/api/v2/conversations/${c.id}`, { name: 'Renamed', query_string: 'ballots OR voting', language: 'es' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Renamed', query_string: 'ballots OR voting', language: 'es', start_date: c.start_date, end_date: c.end_date });
    const before = await snapshot(t);
    const badQuery = await client.put(`/api/v2/conversations/${c.id}`, { name: 'Again', query_string: 'a OR' });
    expect([badQuery.status, badQuery.body.metadata.msg]).toEqual([400, 'Your boolean string could not be validated: keyword at position 2 is missing its right-hand side: "a OR"']);
    const badDate = await client.put(`/api/v2/conversations/${c.id}`, { start_date: '2027-01-01' });
    expect([badDate.status, badDate.body.metadata.errors]).toEqual([400, ['Your start date or end date is invalid']]);
    const mode = await client.put(`/api/v2/conversations/${c.id}`, { threat_feed: true });
    expect([mode.status, mode.body.metadata.errors]).toEqual([400, ['The mode of a conversation (date range or continuous) cannot be changed']]);
    const suspend = await client.put(`/api/v2/conversations/${c.id}`, { suspended: true });
    expect([suspend.status, suspend.body.metadata.errors]).toEqual([400, ['Only continuous conversations can be suspended']]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('queues a STATIC_MANUAL_RERUN with rerun=true and use_existing_data, and refuses a second while it is queued', async () => {
    const { client, project } = await withProject();
    const c = (await client.post('/api/v2/conversations', conversationBody(project.id))).body.data;
    const busy = await client.put(`/api/v2/conversations/${c.id}`, { ...c, rerun: true });
    expect([busy.status, busy.body.metadata.errors]).toEqual([409, ['This conversation is already queued or running']]);
    await pipelineOf(t).drain();
    expect((await client.get(`/api/v2/conversations/${c.id}`)).body.data.status).toBe('SUCCESS');
    const rerun = await client.put(`/api/v2/conversations/${c.id}`, { rerun: true, use_existing_data: true });
    expect(rerun.body.data).toMatchObject({ status: 'PENDING', rerun: true, use_existing_data: true });
    const runs = await pipelineOf(t).runsOf(c.id);
    expect(runs.map((r) => [r.runType, r.status, r.request.useExistingData])).toEqual([
      ['STATIC_MANUAL_RERUN', 'PENDING', true], ['STATIC_RUN', 'SUCCESS', false],
    ]);
  });

  it('re-runs a continuous conversation only with RERUN_SCHEDULED_QUERY (SCHEDULED_MANUAL_RERUN)', async () => {
    const orgName = org();
    const owner = await withProject(ALL, orgName);
    const c = (await owner.client.post('/api/v2/conversations', conversationBody(owner.project.id, { threat_feed: true }))).body.data;
    await pipelineOf(t).drain();
    const plain = await signedIn(t, orgName, { permissions: ['CREATE_CONVERSATION'] });
    const before = await snapshot(t);
    expect((await plain.client.put(`/api/v2/conversations/${c.id}`, { rerun: true })).status).toBe(403);
    expect(await snapshot(t)).toEqual(before);
    expect((await owner.client.put(`/api/v2/conversations/${c.id}`, { rerun: true })).status).toBe(200);
    expect((await pipelineOf(t).runsOf(c.id))[0]!.runType).toBe('SCHEDULED_MANUAL_RERUN');
  });

  it('refuses to re-run a scaled or NRMS conversation', async () => {
    const { client, project } = await withProject([...ALL, 'CREATE_NRMS_CONVERSATION']);
    const c = (await client.post('/api/v2/conversations', conversationBody(project.id, { is_org_nrms: true }))).body.data;
    await pipelineOf(t).drain();
    const res = await client.put(`/api/v2/conversations/${c.id}`, { rerun: true });
    expect([res.status, res.body.metadata.errors]).toEqual([400, ['A scaled or organization-wide NRMS conversation cannot be re-run']]);
  });

  it('answers 404 for another organisation\'s conversation and changes nothing', async () => {
    const a = await withProject();
    const b = await withProject();
    const theirs = (await a.client.post('/api/v2/conversations', conversationBody(a.project.id))).body.data;
    const before = await snapshot(t);
    const res = await b.client.put(`/api/v2/conversations/${theirs.id}`, { name: 'Hijacked', rerun: true });
    expect([res.status, res.body.metadata.errors]).toEqual([404, ['Conversation not found']]);
    // Nor may a conversation be moved into another organisation's project.
    const move = await a.client.put(`/api/v2/conversations/${theirs.id}`, { project_id: b.project.id });
    expect([move.status, move.body.metadata.errors]).toEqual([404, ['Project not found']]);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('DELETE /api/v2/conversations/{id} and cancelling', () => {
  it('deletes with DELETE_CONVERSATION, cancelling the queued run; without it nothing changes', async () => {
    const { client, project } = await withProject();
    const c = (await client.post('/api/v2/conversations', conversationBody(project.id))).body.data;
    const weak = await signedIn(t, (await t.storage.db.selectFrom('core_organizations').select('name')
      .where('id', '=', (await t.storage.db.selectFrom('core_users').select('organization_id').where('id', '=', c.user_id).executeTakeFirstOrThrow()).organization_id)
      .executeTakeFirstOrThrow()).name, { permissions: ['CREATE_CONVERSATION'] });
    const before = await snapshot(t);
    expect((await weak.client.delete(`/api/v2/conversations/${c.id}`)).status).toBe(403);
    expect(await snapshot(t)).toEqual(before);
    const res = await client.delete(`/api/v2/conversations/${c.id}`);
    expect([res.status, res.body.data]).toEqual([200, { id: c.id }]);
    expect((await client.get(`/api/v2/conversations/${c.id}`)).status).toBe(404);
    expect((await pipelineOf(t).runsOf(c.id)).map((r) => r.status)).toEqual(['CANCELLED']);
    expect((await client.delete(`/api/v2/conversations/${c.id}`)).status).toBe(404);
  });

  it('edits, re-runs and cancels only with CREATE_CONVERSATION; without it nothing changes', async () => {
    const { client, project } = await withProject();
    const c = (await client.post('/api/v2/conversations', conversationBody(project.id))).body.data;
    const orgName = (await t.storage.db.selectFrom('core_organizations').select('name')
      .where('id', '=', (await t.storage.db.selectFrom('core_users').select('organization_id').where('id', '=', c.user_id).executeTakeFirstOrThrow()).organization_id)
      .executeTakeFirstOrThrow()).name;
    const reader = await signedIn(t, orgName, { permissions: [] });
    const before = await snapshot(t);
    for (const res of [
      await reader.client.put(`/api/v2/conversations/${c.id}`, { query_string: 'anything', rerun: true }),
      await reader.client.put(`/api/v2/conversations/${c.id}`, { name: 'Renamed by a reader' }),
      await reader.client.post(`/api/v2/conversations/${c.id}/cancel`, {}),
    ]) {
      expect([res.status, res.body.metadata.errors]).toEqual([403, ['You do not have permission to perform this action.']]);
    }
    expect(await snapshot(t)).toEqual(before);
    expect((await reader.client.get(`/api/v2/conversations/${c.id}`)).body.data.name).toBe(c.name);
  });

  it('cancels the queued run of a conversation, which then reads CANCELLED', async () => {
    const { client, project } = await withProject();
    const c = (await client.post('/api/v2/conversations', conversationBody(project.id))).body.data;
    const res = await client.post(`/api/v2/conversations/${c.id}/cancel`);
    expect(res.body.data.status).toBe('CANCELLED');
    const again = await client.post(`/api/v2/conversations/${c.id}/cancel`);
    expect([again.status, again.body.metadata.errors]).toEqual([409, ['This conversation has no queued or running run to cancel']]);
  });
});

describe('NRMS and scaled conversations', () => {
  it('nrms needs VIEW_NRMS_CONVERSATION and the flag, and answers the organisation-wide NRMS conversations', async () => {
    const orgName = org();
    const creator = await withProject([...ALL, 'CREATE_NRMS_CONVERSATION', 'VIEW_NRMS_CONVERSATION'], orgName);
    const nrms = (await creator.client.post('/api/v2/conversations', conversationBody(creator.project.id, { name: 'NRMS', is_org_nrms: true }))).body.data;
    await creator.client.post('/api/v2/conversations', conversationBody(creator.project.id, { name: 'Plain' }));
    // Without the VIEW_NRMS_CONVERSATION feature flag the call answers no conversation.
    expect((await creator.client.get(`/api/v2/conversations/nrms?conversation_id=${nrms.id}`)).body.data).toEqual([]);
    await setFeatures(orgName, ['VIEW_NRMS_CONVERSATION']);
    const res = await creator.client.get(`/api/v2/conversations/nrms?conversation_id=${nrms.id}`);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['NRMS']);
    expect((await creator.client.get('/api/v2/conversations/nrms?date_range=ALWAYS')).status).toBe(400);
    const plain = await signedIn(t, orgName, { permissions: ['CREATE_CONVERSATION'] });
    expect((await plain.client.get('/api/v2/conversations/nrms')).status).toBe(403);
    // Another organisation with the permission and the flag sees none of them.
    const otherName = org();
    const other = await signedIn(t, otherName, { permissions: ['VIEW_NRMS_CONVERSATION'] });
    await setFeatures(otherName, ['VIEW_NRMS_CONVERSATION']);
    expect((await other.client.get(`/api/v2/conversations/nrms?conversation_id=${nrms.id}`)).body.data).toEqual([]);
  });

  it('nrms keeps, for a date_range, the conversations that collected posts of that last day, week or month', async () => {
    const orgName = org();
    const { client, project } = await withProject([...ALL, 'CREATE_NRMS_CONVERSATION', 'VIEW_NRMS_CONVERSATION'], orgName);
    await setFeatures(orgName, ['VIEW_NRMS_CONVERSATION']);
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 16);
    const create = async (name: string, start: number, end: number) => (await client.post('/api/v2/conversations',
      conversationBody(project.id, { name, is_org_nrms: true, start_date: daysAgo(start), end_date: daysAgo(end) }))).body.data as { id: string };
    await create('Yesterday', 2, 0.5);
    await create('Ten days ago', 12, 10);
    await create('Last year', 400, 390);
    const continuous = (await client.post('/api/v2/conversations', conversationBody(project.id, { name: 'Continuous', is_org_nrms: true, threat_feed: true }))).body.data;
    await pipelineOf(t).drain();
    const names = async (range: string) => (await client.get(`/api/v2/conversations/nrms?date_range=${range}`)).body.data.map((c: { name: string }) => c.name);
    expect(await names('LAST_DAY')).toEqual(['Yesterday', 'Continuous']);
    expect(await names('LAST_WEEK')).toEqual(['Yesterday', 'Continuous']);
    expect(await names('LAST_MONTH')).toEqual(['Yesterday', 'Ten days ago', 'Continuous']);
    expect((await client.get('/api/v2/conversations/nrms')).body.data).toHaveLength(4);
    // A paused continuous conversation counts while its last run is in the window.
    await t.storage.db.updateTable('conversations_conversations' as never)
      .set({ suspended: 1, last_run: new Date(Date.now() - 3 * 86_400_000).toISOString() } as never).where('id' as never, '=', continuous.id as never).execute();
    expect(await names('LAST_DAY')).toEqual(['Yesterday']);
    expect(await names('LAST_WEEK')).toEqual(['Yesterday', 'Continuous']);
  });

  it('nrms_enabled needs the flag and the permission', async () => {
    const orgName = org();
    const viewer = await signedIn(t, orgName, { permissions: ['VIEW_NRMS_CONVERSATION'] });
    expect((await viewer.client.get('/api/v2/conversations/nrms_enabled')).body.data).toEqual({ enabled: false });
    await t.storage.db.updateTable('core_organizations').set({ settings: JSON.stringify({ features: ['VIEW_NRMS_CONVERSATION'] }) })
      .where('name', '=', orgName).execute();
    expect((await viewer.client.get('/api/v2/conversations/nrms_enabled')).body.data).toEqual({ enabled: true });
    const plain = await signedIn(t, orgName, { permissions: [] });
    expect((await plain.client.get('/api/v2/conversations/nrms_enabled')).body.data).toEqual({ enabled: false });
  });

  it('scaled answers an empty list unless SHOW_SCALED_CONVERSATIONS is on', async () => {
    const orgName = org();
    const { client, project } = await withProject(ALL, orgName);
    const c = (await client.post('/api/v2/conversations', conversationBody(project.id, { name: 'Scaled one' }))).body.data;
    await t.storage.db.updateTable('conversations_conversations' as never).set({ is_scaled: 1 } as never).where('id' as never, '=', c.id as never).execute();
    expect((await client.get('/api/v2/conversations/scaled')).body.data).toEqual([]);
    await t.storage.db.updateTable('core_organizations').set({ settings: JSON.stringify({ features: ['SHOW_SCALED_CONVERSATIONS'] }) })
      .where('name', '=', orgName).execute();
    expect((await client.get('/api/v2/conversations/scaled')).body.data.map((x: { name: string; is_scaled: boolean }) => [x.name, x.is_scaled])).toEqual([['Scaled one', true]]);
  });

  it('a run that collects 50,000 posts or more makes its conversation scaled, which then cannot be re-run', async () => {
    const orgName = org();
    const { client, user, project } = await withProject(ALL, orgName);
    await setFeatures(orgName, ['SHOW_SCALED_CONVERSATIONS']);
    const collected = new Map<string, number>([['Broad', 50_000], ['Narrow', 49_999]]);
    const dispose = pipelineOf(t).collectors.register({
      id: 'volume-test', name: 'Volume test', source: 'test', platforms: ['reddit'], queryCapability: 'boolean', defaultRecordLimit: null,
      collect: async (req) => ({ collected: req.organizationId === user.organizationId ? collected.get(req.queryString) ?? 0 : 0 }),
    });
    try {
      const broad = (await client.post('/api/v2/conversations', conversationBody(project.id, { name: 'Broad', query_string: 'Broad' }))).body.data;
      const narrow = (await client.post('/api/v2/conversations', conversationBody(project.id, { name: 'Narrow', query_string: 'Narrow' }))).body.data;
      await pipelineOf(t).drain();
      expect((await client.get(`/api/v2/conversations/${broad.id}`)).body.data).toMatchObject({ status: 'SUCCESS', is_scaled: true });
      expect((await client.get(`/api/v2/conversations/${narrow.id}`)).body.data).toMatchObject({ status: 'SUCCESS', is_scaled: false });
      expect((await client.get('/api/v2/conversations/scaled')).body.data.map((x: { name: string }) => x.name)).toEqual(['Broad']);
      const rerun = await client.put(`/api/v2/conversations/${broad.id}`, { rerun: true });
      expect([rerun.status, rerun.body.metadata.errors]).toEqual([400, ['A scaled or organization-wide NRMS conversation cannot be re-run']]);
    } finally {
      dispose();
    }
  });
});

describe('POST /api/v2/conversations/preview', () => {
  it('answers honest zero counts while no post store is installed, and validates the query like create', async () => {
    const { client } = await withProject();
    const res = await client.post('/api/v2/conversations/preview', { query_string: 'climate', start_date: '2026-01-01', end_date: '2026-01-04' });
    expect(res.body.data).toEqual({ available: false, total: 0, platforms: [], start_date: '2026-01-01T00:00:00.000Z', end_date: '2026-01-04T00:00:00.000Z' });
    expect(res.body.metadata.info).toMatch(/No post store is installed/);
    const bad = await client.post('/api/v2/conversations/preview', { query_string: 'a AND' });
    expect(bad.status).toBe(400);
    expect(bad.body.metadata.msg).toMatch(/^Your boolean string could not be validated: /);
  });
});
