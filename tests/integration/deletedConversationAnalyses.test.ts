import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineKey } from '@core/server/pipeline/runner';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { serverPlugins } from '@plugins/index.server';
import { post, uniqueOrg, writePosts } from '@plugins/posts/server/explorer/testing/fixture';

/**
 * The coordination and topics routes start from core_pipeline_runs like the posts explorer, so they too must
 * refuse a conversation deleted in the conversations plugin (soft delete: its runs remain), as that plugin's public
 * contract asks, while the organisation's other conversations stay readable.
 */

let t: TestServer;
let client: ApiClient;
let kept: string;
let deleted: string;

async function ranConversation(name: string, projectId: string): Promise<string> {
  const res = await client.post('/api/v2/conversations', {
    project_id: projectId, name, query_string: 'ballot', start_date: '2026-01-01T00:00', end_date: '2026-01-04T00:00',
  });
  expect(res.status).toBe(200);
  const runs = await t.server.ctx.services.get(pipelineKey).drain();
  expect(runs.map((r) => r.status)).toEqual(['SUCCESS']);
  return (res.body.data as { id: string }).id;
}

const calls: Array<[string, (id: string) => Promise<{ status: number; body: { metadata: { errors: string[] } } }>]> = [
  ['coordination_clusters', (id) => client.get(`/api/v2/conversations/${id}/coordination_clusters`)],
  ['coordinations cluster', (id) => client.get(`/api/v2/coordinations/c1/cluster?conversation_id=${id}`)],
  ['account details', (id) => client.get(`/api/v2/accounts/author-d1/details?conversation_id=${id}`)],
  ['account urls', (id) => client.get(`/api/v2/accounts/author-d1/urls?conversation_id=${id}`)],
  ['topics', (id) => client.get(`/api/v2/conversations/${id}/topics`)],
  ['insights/topics', (id) => client.get(`/api/v2/insights/topics?conversation_id=${id}`)],
];

beforeAll(async () => {
  t = await startTestServer({ plugins: serverPlugins, pipeline: { worker: false } });
  const user = await t.createUser(uniqueOrg('Deleted analyses'), { permissions: ['CREATE_CONVERSATION', 'DELETE_CONVERSATION'] });
  client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  await writePosts(t, user.organizationId, [post('d1'), post('d2', { platform: 'twitter' })]);
  const project = (await client.post('/api/v2/project', { name: 'Analyses' })).body.data as { id: string };
  kept = await ranConversation('Kept', project.id);
  deleted = await ranConversation('Deleted', project.id);
  expect((await client.get(`/api/v2/conversations/${deleted}/coordination_clusters`)).status).toBe(200);
  expect((await client.get(`/api/v2/conversations/${deleted}/topics`)).status).toBe(200);
  expect((await client.delete(`/api/v2/conversations/${deleted}`)).status).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

describe('coordination and topics routes and deleted conversations', () => {
  it.each(calls)("answer 404 'Conversation not found' from %s once the conversation is deleted", async (_name, call) => {
    const res = await call(deleted);
    expect(res.status).toBe(404);
    expect(res.body.metadata.errors).toEqual(['Conversation not found']);
  });

  it('still answer for the organisation\'s other conversation, whose runs and posts were not touched', async () => {
    expect((await client.get(`/api/v2/conversations/${kept}/coordination_clusters`)).status).toBe(200);
    expect((await client.get(`/api/v2/conversations/${kept}/topics`)).status).toBe(200);
    const runs = await t.server.ctx.services.get(pipelineKey).runsOf(deleted);
    expect(runs.map((r) => r.status)).toEqual(['SUCCESS']);
  });
});
