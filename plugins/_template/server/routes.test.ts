import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { pipelineKey } from '@core/server/pipeline/runner';
import { runRequest } from '@core/server/pipeline/testing/runRequest';
import templateServer from './index';

let t: TestServer;
const conversation = crypto.randomUUID();

/** A conversation of the organisation, as the conversations plugin makes one: it exists once a run is queued. */
async function conversationOf(organizationId: string, conversationId = crypto.randomUUID()): Promise<string> {
  await t.server.ctx.services.get(pipelineKey).enqueue(runRequest({ organizationId, conversationId }));
  return conversationId;
}

beforeAll(async () => { t = await startTestServer({ plugins: [templateServer], pipeline: { worker: false } }); });
afterAll(async () => t?.close());

describe('template notes routes', () => {
  it('adds a note and lists it for the same organisation only', async () => {
    const a = await t.createUser('Org A');
    const b = await t.createUser('Org B');
    await conversationOf(a.organizationId, conversation);
    const ca = new ApiClient(t.url);
    await ca.login(a.email, a.password);
    const added = await ca.post('/api/v2/template/notes', { conversation_id: conversation, text: '  first note  ' });
    expect(added.status).toBe(200);
    expect(added.body.data.text).toBe('first note');
    const listed = await ca.get(`/api/v2/template/notes?conversation_id=${conversation}`);
    expect(listed.body.data.map((n: { text: string }) => n.text)).toEqual(['first note']);

    const cb = new ApiClient(t.url);
    await cb.login(b.email, b.password);
    // Another organisation's conversation is not found, for reading and for writing; nothing is stored.
    const foreign = await cb.get(`/api/v2/template/notes?conversation_id=${conversation}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.metadata.errors).toEqual(['Conversation not found']);
    expect((await cb.post('/api/v2/template/notes', { conversation_id: conversation, text: 'intruder' })).status).toBe(404);
    expect((await ca.get(`/api/v2/template/notes?conversation_id=${conversation}`)).body.data.map((n: { text: string }) => n.text)).toEqual(['first note']);
  });

  it('refuses an empty note with the field named, and stores nothing', async () => {
    const a = await t.createUser('Org A');
    const c = new ApiClient(t.url);
    await c.login(a.email, a.password);
    const other = await conversationOf(a.organizationId);
    const res = await c.post('/api/v2/template/notes', { conversation_id: other, text: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.metadata.errors[0]).toMatch(/^body\.text: /);
    expect((await c.get(`/api/v2/template/notes?conversation_id=${other}`)).body.data).toEqual([]);
    const badId = await c.get('/api/v2/template/notes?conversation_id=not-a-uuid');
    expect(badId.status).toBe(400);
  });
});
