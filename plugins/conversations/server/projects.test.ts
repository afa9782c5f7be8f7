import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import conversationsServer from './index';
import { conversationBody, signedIn, snapshot } from './testing/helpers';

let t: TestServer;
beforeAll(async () => { t = await startTestServer({ plugins: [conversationsServer], pipeline: { worker: false } }); });
afterAll(async () => t?.close());

const org = () => `Org ${crypto.randomBytes(3).toString('hex')}`;

describe('GET and POST /api/v2/project', () => {
  it('adds projects and lists them oldest first with every field of the spec and the conversation count', async () => {
    const { client, user } = await signedIn(t, org());
    const a = await client.post('/api/v2/project', { name: '  Elections  ', organization_id: user.organizationId });
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Elections', organization_id: user.organizationId,
      created_at: expect.any(String), conversation_count: 0,
    });
    const b = await client.post('/api/v2/project', { name: 'Health' });
    await client.post('/api/v2/conversations', conversationBody(b.body.data.id));
    const list = await client.get('/api/v2/project');
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { name: string; conversation_count: number }) => [p.name, p.conversation_count])).toEqual([['Elections', 0], ['Health', 1]]);
    expect(list.body.metadata.pagination_info).toEqual({ offset: 0, limit: -1, total: 2, order_by: [{ column: 'created_at', direction: 'asc' }] });
  });

  it('refuses a blank name and a duplicate (whatever its case) with the spec message, storing nothing', async () => {
    const { client } = await signedIn(t, org());
    await client.post('/api/v2/project', { name: 'Elections' });
    const before = await snapshot(t);
    const blank = await client.post('/api/v2/project', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.metadata.errors).toEqual(['Project name is required']);
    const missing = await client.post('/api/v2/project', {});
    expect(missing.body.metadata.errors).toEqual(['Project name is required']);
    const dup = await client.post('/api/v2/project', { name: ' ELECTIONS ' });
    expect(dup.status).toBe(409);
    expect(dup.body.metadata.errors).toEqual(['a project with that name already exists']);
    const wrongType = await client.post('/api/v2/project', { name: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.metadata.errors[0]).toMatch(/^body\.name: /);
    const long = await client.post('/api/v2/project', { name: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.metadata.errors).toEqual(['Project name must be at most 200 characters']);
    const huge = await client.post('/api/v2/project', { name: 'x'.repeat(3 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(await snapshot(t)).toEqual(before);
  });

  it('lets another organisation use the same name, and refuses adding to another organisation', async () => {
    const a = await signedIn(t, org());
    const b = await signedIn(t, org());
    await a.client.post('/api/v2/project', { name: 'Shared name' });
    expect((await b.client.post('/api/v2/project', { name: 'Shared name' })).status).toBe(200);
    const before = await snapshot(t);
    const foreign = await b.client.post('/api/v2/project', { name: 'Intruder', organization_id: a.user.organizationId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.metadata.errors).toEqual(['Organization not found']);
    expect(await snapshot(t)).toEqual(before);
  });

  it('needs a session and the CSRF header', async () => {
    const { client } = await signedIn(t, org());
    client.csrf = false;
    expect((await client.post('/api/v2/project', { name: 'No CSRF' })).status).toBe(401);
    const anonymous = await fetch(`${t.url}/api/v2/project`);
    expect(anonymous.status).toBe(401);
  });

  it('answers the organisation shown in the picker', async () => {
    const name = org();
    const { client, user } = await signedIn(t, name);
    const res = await client.get('/api/v2/project/organization');
    expect(res.body.data).toEqual({ id: user.organizationId, name, topic_radar_enabled: false });
  });
});

describe('PUT /api/v2/project/{id}', () => {
  it('renames a project; a duplicate name or a blank one is refused and nothing changes', async () => {
    const { client } = await signedIn(t, org());
    const a = (await client.post('/api/v2/project', { name: 'Alpha' })).body.data;
    await client.post('/api/v2/project', { name: 'Beta' });
    const renamed = await client.put(`/api/v2/project/${a.id}`, { ...a, name: 'Alpha 2' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: a.id, name: 'Alpha 2', created_at: a.created_at });
    // Its own name in another case is fine.
    expect((await client.put(`/api/v2/project/${a.id}`, { name: 'ALPHA 2' })).status).toBe(200);
    const before = await snapshot(t);
    const dup = await client.put(`/api/v2/project/${a.id}`, { name: 'beta' });
    expect([dup.status, dup.body.metadata.errors]).toEqual([409, ['a project with that name already exists']]);
    const blank = await client.put(`/api/v2/project/${a.id}`, { name: '' });
    expect([blank.status, blank.body.metadata.errors]).toEqual([400, ['Project name is required']]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 404 for unknown, malformed and other organisations\' ids', async () => {
    const a = await signedIn(t, org());
    const b = await signedIn(t, org());
    const theirs = (await a.client.post('/api/v2/project', { name: 'Theirs' })).body.data;
    const before = await snapshot(t);
    for (const id of [theirs.id, crypto.randomUUID(), 'not-a-uuid']) {
      const res = await b.client.put(`/api/v2/project/${id}`, { name: 'Mine now' });
      expect([res.status, res.body.metadata.errors]).toEqual([404, ['Project not found']]);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('DELETE /api/v2/project/{id}', () => {
  it('refuses to remove the only project', async () => {
    const { client } = await signedIn(t, org(), { permissions: ['CREATE_CONVERSATION', 'DELETE_CONVERSATION'] });
    const only = (await client.post('/api/v2/project', { name: 'Only' })).body.data;
    const res = await client.delete(`/api/v2/project/${only.id}`);
    expect([res.status, res.body.metadata.errors]).toEqual([400, ["Can't delete the only project"]]);
    expect((await client.get('/api/v2/project')).body.data).toHaveLength(1);
  });

  it('removes a project with its conversations and cancels their queued runs', async () => {
    const { client } = await signedIn(t, org(), { permissions: ['CREATE_CONVERSATION', 'DELETE_CONVERSATION'] });
    await client.post('/api/v2/project', { name: 'Keep' });
    const gone = (await client.post('/api/v2/project', { name: 'Gone' })).body.data;
    const conv = (await client.post('/api/v2/conversations', conversationBody(gone.id))).body.data;
    const res = await client.delete(`/api/v2/project/${gone.id}`);
    expect([res.status, res.body.data]).toEqual([200, { id: gone.id }]);
    expect((await client.get('/api/v2/project')).body.data.map((p: { name: string }) => p.name)).toEqual(['Keep']);
    expect((await client.get(`/api/v2/conversations/${conv.id}`)).status).toBe(404);
    const runs = await t.storage.db.selectFrom('core_pipeline_runs').select('status').where('conversation_id', '=', conv.id).execute();
    expect(runs.map((r) => r.status)).toEqual(['CANCELLED']);
    // Its name is free again.
    expect((await client.post('/api/v2/project', { name: 'Gone' })).status).toBe(200);
  });

  it('needs DELETE_CONVERSATION when the project has conversations, and changes nothing without it', async () => {
    const { client } = await signedIn(t, org());
    await client.post('/api/v2/project', { name: 'Keep' });
    const p = (await client.post('/api/v2/project', { name: 'Has one' })).body.data;
    await client.post('/api/v2/conversations', conversationBody(p.id));
    const before = await snapshot(t);
    const res = await client.delete(`/api/v2/project/${p.id}`);
    expect(res.status).toBe(403);
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers 404 for another organisation\'s project and leaves it alone', async () => {
    const a = await signedIn(t, org(), { permissions: ['DELETE_CONVERSATION'] });
    const b = await signedIn(t, org(), { permissions: ['DELETE_CONVERSATION'] });
    await a.client.post('/api/v2/project', { name: 'One' });
    const theirs = (await a.client.post('/api/v2/project', { name: 'Two' })).body.data;
    await b.client.post('/api/v2/project', { name: 'Mine' });
    await b.client.post('/api/v2/project', { name: 'Mine too' });
    const res = await b.client.delete(`/api/v2/project/${theirs.id}`);
    expect([res.status, res.body.metadata.errors]).toEqual([404, ['Project not found']]);
    expect((await a.client.get('/api/v2/project')).body.data).toHaveLength(2);
  });
});
