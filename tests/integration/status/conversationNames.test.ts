import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { serverPlugins } from '@plugins/index.server';
import { uniqueOrg } from '@plugins/posts/server/explorer/testing/fixture';

/**
 * The system status page lists runs by their conversation's name (spec part 2 section 3: system status), asked of the
 * conversations plugin's directory; another organisation's conversations never appear.
 */
let t: TestServer;
let client: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  // No worker: the runs stay queued, so the status lists them.
  t = await startTestServer({ plugins: serverPlugins, pipeline: { worker: false } });
  const permissions = ['CREATE_CONVERSATION', 'VIEW_SYSTEM_STATUS_DATA'];
  const user = await t.createUser(uniqueOrg('Status names'), { permissions });
  const stranger = await t.createUser(uniqueOrg('Status names other'), { permissions });
  client = new ApiClient(t.url);
  other = new ApiClient(t.url);
  await client.login(user.email, user.password);
  await other.login(stranger.email, stranger.password);
}, 120_000);
afterAll(async () => t?.close());

async function conversation(api: ApiClient, name: string): Promise<string> {
  const project = (await api.post('/api/v2/project', { name: `${name} project` })).body.data as { id: string };
  const res = await api.post('/api/v2/conversations', {
    project_id: project.id, name, query_string: 'ballot', start_date: '2026-01-01T00:00', end_date: '2026-01-04T00:00',
  });
  expect(res.status).toBe(200);
  return (res.body.data as { id: string }).id;
}

describe('GET /api/v2/system/status', () => {
  it("names the queued runs' conversations, only the caller organisation's", async () => {
    const watched = await conversation(client, 'Harbour strike watch');
    const second = await conversation(client, 'Port closures');
    await conversation(other, 'Someone else');

    const status = (await client.get('/api/v2/system/status')).body.data as { pipeline: { queued: Array<{ conversation_id: string; conversation_name: string | null }> } };
    const queued = status.pipeline.queued.map((r) => [r.conversation_id, r.conversation_name] as const);
    expect(new Map(queued)).toEqual(new Map([[watched, 'Harbour strike watch'], [second, 'Port closures']]));
  });
});
