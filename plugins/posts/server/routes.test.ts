import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from './index';
import { normalizePost } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';

let t: TestServer;
beforeAll(async () => { t = await startTestServer({ plugins: [postsServer] }); });
afterAll(async () => t?.close());

async function signedIn(org: string, overrides: Parameters<TestServer['createUser']>[1] = {}) {
  const u = await t.createUser(org, overrides);
  const c = new ApiClient(t.url);
  await c.login(u.email, u.password);
  return { client: c, user: u };
}

describe('GET /api/v2/posts/stats', () => {
  it('describes the caller\'s organisation\'s store only', async () => {
    const a = await signedIn('Stats Org A');
    const b = await signedIn('Stats Org B');
    await new PostWriter(t.storage, a.user.organizationId, 'import').write([
      { platform: 'twitter', rid: '1', body: 'The vote is on Tuesday and the polls are open', published_at: '2025-01-02T00:00:00.000Z', author: { rid: 'x' } },
      { platform: 'twitter', rid: '2', body: 'hola', published_at: '2025-01-03T00:00:00.000Z', author: { rid: 'x' }, language: 'es' },
      { platform: 'reddit', rid: 't3_1', body: 'text', published_at: '2025-01-01T00:00:00.000Z', author: { rid: 'y' } },
    ].map((p) => normalizePost(p as never)));
    const res = await a.client.get('/api/v2/posts/stats');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      total_posts: 3, total_actors: 2, first_published_at: '2025-01-01T00:00:00.000Z', last_published_at: '2025-01-03T00:00:00.000Z',
      platforms: [{ platform: 'twitter', label: 'X', group: 'mainstream', count: 2 }, { platform: 'reddit', label: 'Reddit', group: 'mainstream', count: 1 }],
      languages: expect.arrayContaining([{ language: 'en', count: 1 }, { language: 'es', count: 1 }, { language: null, count: 1 }]),
      sources: [{ source: 'import', count: 3 }],
    });
    const other = await b.client.get('/api/v2/posts/stats');
    expect(other.body.data).toMatchObject({ total_posts: 0, total_actors: 0, first_published_at: null, platforms: [] });
    expect((await new ApiClient(t.url).get('/api/v2/posts/stats')).status).toBe(401);
  });
});

// The data source calls are tested in dataSources/routes.test.ts.
