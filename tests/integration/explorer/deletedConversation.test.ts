import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineKey } from '@core/server/pipeline/runner';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import conversationsServer from '@plugins/conversations/server/index';
import postsServer from '@plugins/posts/server/index';
import { EXPLORER_MESSAGES } from '@plugins/posts/shared/explorerApi';
import { post, uniqueOrg, writePosts } from '@plugins/posts/server/explorer/testing/fixture';

/**
 * The posts explorer with the conversations plugin installed: a conversation deleted there (soft delete, its runs
 * remain) is not found by any explorer call, while the organisation's other conversations stay readable.
 */

let t: TestServer;
let a: { client: ApiClient; user: { organizationId: string } };
let kept: string;
let deleted: string;

async function ranConversation(name: string, projectId: string): Promise<string> {
  const res = await a.client.post('/api/v2/conversations', {
    project_id: projectId, name, query_string: 'ballot', start_date: '2026-01-01T00:00', end_date: '2026-01-04T00:00',
  });
  expect(res.status).toBe(200);
  const runs = await t.server.ctx.services.get(pipelineKey).drain();
  expect(runs.map((r) => r.status)).toEqual(['SUCCESS']);
  return (res.body.data as { id: string }).id;
}

beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer, conversationsServer], pipeline: { worker: false } });
  const user = await t.createUser(uniqueOrg('Deleted conversation'), { permissions: ['CREATE_CONVERSATION', 'DELETE_CONVERSATION'] });
  a = { client: new ApiClient(t.url), user };
  await a.client.login(user.email, user.password);
  await writePosts(t, a.user.organizationId, [post('d1'), post('d2', { platform: 'twitter' })]);
  const project = (await a.client.post('/api/v2/project', { name: 'Explorer' })).body.data as { id: string };
  kept = await ranConversation('Kept', project.id);
  deleted = await ranConversation('Deleted', project.id);
  // Read once before the deletion, so the explorer has its copy of the run: deleting must still hide it.
  expect((await a.client.get(`/api/v2/conversations/${deleted}/raw_data`)).body.metadata.pagination_info.total).toBe(2);
  expect((await a.client.delete(`/api/v2/conversations/${deleted}`)).status).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

describe('posts explorer and deleted conversations', () => {
  it.each([
    ['raw_data', (id: string) => a.client.get(`/api/v2/conversations/${id}/raw_data`)],
    ['raw_data export', (id: string) => a.client.get(`/api/v2/conversations/${id}/raw_data?export=csv`)],
    ['filter_counts', (id: string) => a.client.get(`/api/v2/conversations/${id}/filter_counts`)],
    ['graphql', (id: string) => a.client.post(`/api/v2/graphql?conversation_id=${id}`, { query: '{ paginatedPosts(limit: 5) { items { id } } }' })],
    ['notable_posts', (id: string) => a.client.get(`/api/v2/insights/notable_posts?conversation_id=${id}`)],
  ])("answers 404 'Conversation not found' from %s once the conversation is deleted", async (_name, call) => {
    const res = await call(deleted);
    expect(res.status).toBe(404);
    expect(res.body.metadata.errors).toEqual([EXPLORER_MESSAGES.conversationNotFound]);
    expect(EXPLORER_MESSAGES.conversationNotFound).toBe('Conversation not found');
    const other = await call(kept);
    expect(other.status).toBe(200);
  });

  it('keeps the deleted conversation\'s runs (nothing else was removed), and the kept conversation\'s posts readable', async () => {
    const runs = await t.server.ctx.services.get(pipelineKey).runsOf(deleted);
    expect(runs.map((r) => r.status)).toEqual(['SUCCESS']);
    const res = await a.client.get(`/api/v2/conversations/${kept}/raw_data`);
    expect(res.body.data.map((r: { rid: string }) => r.rid).sort()).toEqual(['d1', 'd2']);
  });
});
