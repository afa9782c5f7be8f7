import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@core/shared/access/permissions';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import type { ApiClient } from '@core/server/testing/httpClient';
import conversationsServer from './index';
import { conversationBody, signedIn, snapshot } from './testing/helpers';

/**
 * Every route of the plugin, called by an admin of organisation B (holding every permission and flag) with the ids
 * of organisation A: each answers 404 or an empty list, and nothing stored changes.
 */
let t: TestServer;
let a: ApiClient;
let b: ApiClient;
let projectA: { id: string };
let conversationA: { id: string };

beforeAll(async () => {
  t = await startTestServer({ plugins: [conversationsServer], pipeline: { worker: false } });
  const ua = await signedIn(t, 'Isolation A', { permissions: [...PERMISSIONS] });
  const ub = await signedIn(t, 'Isolation B', { admin: true });
  a = ua.client;
  b = ub.client;
  await t.storage.db.updateTable('core_organizations').set({ settings: JSON.stringify({ features: ['SHOW_SCALED_CONVERSATIONS', 'VIEW_NRMS_CONVERSATION'] }) }).execute();
  await a.post('/api/v2/project', { name: 'A1' });
  projectA = (await a.post('/api/v2/project', { name: 'A2' })).body.data;
  conversationA = (await a.post('/api/v2/conversations', conversationBody(projectA.id, { is_org_nrms: true }))).body.data;
  await a.post('/api/v2/conversations', conversationBody(projectA.id, { name: 'continuous', threat_feed: true }));
  await b.post('/api/v2/project', { name: 'B1' });
  await b.post('/api/v2/project', { name: 'B2' });
});
afterAll(async () => t?.close());

describe("another organisation's ids", () => {
  const cases: Array<[string, (c: ApiClient) => Promise<{ status: number; body: any }>, number, string | null]> = [
    ['PUT project', (c) => c.put(`/api/v2/project/${projectA.id}`, { name: 'Taken over' }), 404, 'Project not found'],
    ['DELETE project', (c) => c.delete(`/api/v2/project/${projectA.id}`), 404, 'Project not found'],
    ['GET conversations of the project', (c) => c.get(`/api/v2/conversations?project_id=${projectA.id}`), 404, 'Project not found'],
    ['POST conversation into the project', (c) => c.post('/api/v2/conversations', conversationBody(projectA.id)), 404, 'Project not found'],
    ['GET conversation', (c) => c.get(`/api/v2/conversations/${conversationA.id}`), 404, 'Conversation not found'],
    ['PUT conversation', (c) => c.put(`/api/v2/conversations/${conversationA.id}`, { name: 'Mine' }), 404, 'Conversation not found'],
    ['PUT conversation rerun', (c) => c.put(`/api/v2/conversations/${conversationA.id}`, { rerun: true }), 404, 'Conversation not found'],
    ['DELETE conversation', (c) => c.delete(`/api/v2/conversations/${conversationA.id}`), 404, 'Conversation not found'],
    ['POST cancel', (c) => c.post(`/api/v2/conversations/${conversationA.id}/cancel`), 404, 'Conversation not found'],
    ['GET runs', (c) => c.get(`/api/v2/conversations/${conversationA.id}/runs`), 404, 'Conversation not found'],
  ];

  for (const [name, call, status, message] of cases) {
    it(`${name}: ${status} and nothing changed`, async () => {
      const before = await snapshot(t);
      const res = await call(b);
      expect(res.status).toBe(status);
      if (message) expect(res.body.metadata.errors).toEqual([message]);
      expect(await snapshot(t)).toEqual(before);
    });
  }

  it('lists (projects, conversations, nrms, scaled) never show them', async () => {
    const ids = (res: { body: { data: Array<{ id: string }> } }) => res.body.data.map((x) => x.id);
    const projects = await b.get('/api/v2/project');
    expect(projects.body.data.map((p: { name: string }) => p.name)).toEqual(['B1', 'B2']);
    expect(ids(await b.get('/api/v2/conversations'))).toEqual([]);
    expect(ids(await b.get(`/api/v2/conversations/nrms?conversation_id=${conversationA.id}`))).toEqual([]);
    expect(ids(await b.get('/api/v2/conversations/nrms'))).toEqual([]);
    await t.storage.db.updateTable('conversations_conversations' as never).set({ is_scaled: 1 } as never).execute();
    expect(ids(await b.get('/api/v2/conversations/scaled'))).toEqual([]);
    expect(ids(await a.get('/api/v2/conversations/scaled'))).toHaveLength(2);
    // A still sees its own, unchanged.
    expect((await a.get(`/api/v2/conversations/${conversationA.id}`)).body.data.name).toBe('Election talk');
  });
});
