import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import conversationsServer from '@plugins/conversations/server/index';
import notesServer from '@plugins/notes/server/index';

/**
 * Notes belong to a conversation of the caller's organisation: another organisation's conversation, an unknown id and
 * a deleted conversation answer 404 'Conversation not found' on both calls, like every other conversation read
 * (core's post scope), and a refused call stores nothing and loses nothing.
 */

let t: TestServer;
let a: ApiClient;
let b: ApiClient;
let projectId: string;
let conversationA: string;

const NOT_FOUND = 'Conversation not found';
const notes = () => t.storage.db.selectFrom('notes_notes' as never).selectAll().orderBy('id' as never).execute();

async function client(org: string) {
  const user = await t.createUser(org, { permissions: ['CREATE_CONVERSATION', 'DELETE_CONVERSATION'] });
  const c = new ApiClient(t.url);
  await c.login(user.email, user.password);
  return c;
}

async function newConversation(name: string): Promise<string> {
  const res = await a.post('/api/v2/conversations', {
    project_id: projectId, name, query_string: 'ballot', start_date: '2026-01-01T00:00', end_date: '2026-01-04T00:00',
  });
  expect(res.status).toBe(200);
  return res.body.data.id as string;
}

beforeAll(async () => {
  // No pipeline worker: conversations stay PENDING, with their first run queued and none finished.
  t = await startTestServer({ plugins: [conversationsServer, notesServer], pipeline: { worker: false } });
  a = await client('Notes A');
  b = await client('Notes B');
  projectId = (await a.post('/api/v2/project', { name: 'Notes' })).body.data.id;
  conversationA = await newConversation('Election talk');
  expect((await a.post('/api/v2/notes', { conversation_id: conversationA, text: 'Watch the bot cluster.' })).status).toBe(200);
});
afterAll(async () => t?.close());

describe('notes of a conversation', () => {
  it('are kept with a conversation of the organisation, even one whose first run has not finished', async () => {
    const fresh = await newConversation('Just created');
    const added = await a.post('/api/v2/notes', { conversation_id: fresh, text: 'Started today.' });
    expect(added.status).toBe(200);
    expect((await a.get(`/api/v2/notes?conversation_id=${fresh}`)).body.data.map((n: { text: string }) => n.text)).toEqual(['Started today.']);
  });

  it.each([
    ['another organisation\'s conversation', () => conversationA, () => b],
    ['an unknown conversation id', () => crypto.randomUUID(), () => a],
  ])('POST and GET for %s answer 404 and store nothing', async (_what, id, caller) => {
    const before = await notes();
    const added = await caller().post('/api/v2/notes', { conversation_id: id(), text: 'Planted note' });
    expect(added.status).toBe(404);
    expect(added.body.metadata.errors).toEqual([NOT_FOUND]);
    const listed = await caller().get(`/api/v2/notes?conversation_id=${id()}`);
    expect(listed.status).toBe(404);
    expect(listed.body).toMatchObject({ data: null, metadata: { errors: [NOT_FOUND] } });
    expect(await notes()).toEqual(before);
    // The owner still reads its notes, unchanged.
    expect((await a.get(`/api/v2/notes?conversation_id=${conversationA}`)).body.data.map((n: { text: string }) => n.text))
      .toEqual(['Watch the bot cluster.']);
  });

  it('a deleted conversation answers 404 on both calls; its notes stay stored', async () => {
    const doomed = await newConversation('Doomed');
    expect((await a.post('/api/v2/notes', { conversation_id: doomed, text: 'Kept for the record.' })).status).toBe(200);
    expect((await a.delete(`/api/v2/conversations/${doomed}`)).status).toBe(200);
    const before = await notes();
    const added = await a.post('/api/v2/notes', { conversation_id: doomed, text: 'Too late' });
    expect(added.status).toBe(404);
    expect(added.body.metadata.errors).toEqual([NOT_FOUND]);
    const listed = await a.get(`/api/v2/notes?conversation_id=${doomed}`);
    expect(listed.status).toBe(404);
    expect(listed.body.metadata.errors).toEqual([NOT_FOUND]);
    expect(await notes()).toEqual(before);
    expect(before.map((n) => (n as { text: string }).text)).toContain('Kept for the record.');
  });
});
