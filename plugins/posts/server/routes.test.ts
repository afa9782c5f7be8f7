import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from './index';
import { normalizePost } from './store/normalize';
import { PostWriter } from './store/writer';
import { BUILTIN_DATA_SOURCES, LOCAL_ARCHIVE_ID } from '../shared/dataSources';

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

describe('data sources', () => {
  it('lists the built-in data sources, the local archive first with no limit, network collectors at 100', async () => {
    const { client } = await signedIn('DS Org', { permissions: ['READ_DATA_SOURCE'] });
    const res = await client.get('/api/v2/posts/data-sources');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({ id: LOCAL_ARCHIVE_ID, name: 'Local archive', record_limit: null, source: 'local', enabled: true, editable: true });
    expect(res.body.data).toHaveLength(BUILTIN_DATA_SOURCES.length);
    for (const s of res.body.data.slice(1)) expect(s).toMatchObject({ record_limit: 100, enabled: false, editable: true });
    const denied = await (await signedIn('DS Org', { permissions: [] })).client.get('/api/v2/posts/data-sources');
    expect(denied.status).toBe(403);
  });

  it('lets a global admin change record_limit within 1-20000 or to null, and refuses others', async () => {
    const admin = await signedIn('DS Admin Org', { admin: true, roles: ['Global Admin'] });
    const path = `/api/v2/posts/data-sources/${BUILTIN_DATA_SOURCES[1].id}`;
    const ok = await admin.client.patch(path, { record_limit: 20000, enabled: true });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ record_limit: 20000, enabled: true, source: 'bluesky' });
    expect((await admin.client.patch(path, { record_limit: null })).body.data.record_limit).toBeNull();
    for (const bad of [0, 20001, 1.5, '100']) {
      const res = await admin.client.patch(path, { record_limit: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.metadata.errors).toEqual(['body.record_limit: record_limit must be an integer from 1 to 20000, or null for no limit']);
    }
    expect((await admin.client.patch(path, {})).body.metadata.errors).toEqual(['body: give record_limit, enabled or settings']);
    expect((await admin.client.patch(path, { settings: { base_url: 'https://bsky.example' } })).status).toBe(200);
    const stored = await t.storage.db.selectFrom('posts_data_sources' as never).select('settings' as never).where('id' as never, '=', BUILTIN_DATA_SOURCES[1].id as never).executeTakeFirstOrThrow();
    expect(JSON.parse((stored as { settings: string }).settings)).toEqual({ base_url: 'https://bsky.example' });
    expect((await admin.client.patch(path, { settings: [] })).status).toBe(400);
    expect((await admin.client.patch(`/api/v2/posts/data-sources/${crypto.randomUUID()}`, { enabled: false })).status).toBe(404);
    const list = await admin.client.get('/api/v2/posts/data-sources');
    expect(list.body.data.find((s: { source: string }) => s.source === 'bluesky')).toMatchObject({ record_limit: null, enabled: true });
    // Put it back: other test files share nothing, but keep this one tidy.
    await admin.client.patch(path, { record_limit: 100, enabled: false });

    const analyst = await signedIn('DS Admin Org', { permissions: ['READ_DATA_SOURCE'] });
    const refused = await analyst.client.patch(path, { record_limit: 5 });
    expect(refused.status).toBe(403);
    expect(refused.body.metadata.errors).toEqual(['You do not have permission to perform this action.']);
  });
});
