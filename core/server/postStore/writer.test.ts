import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOrganization } from '@core/server/seed';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { toSearchText } from '@core/shared/query';
import { normalizePost, type PostInput } from './normalize';
import { PostWriter } from './writer';
import { tablesOf } from '@core/server/storage/database';
import type { PostStoreTables as PostsTables } from './tables';

let t: TestServer;
beforeAll(async () => { t = await startTestServer({ plugins: [] }); });
afterAll(async () => t?.close());

const post = (rid: string, overrides: Partial<PostInput> = {}): PostInput => ({
  platform: 'twitter', rid, body: `Vote on Tuesday #Election2024 @Alice see https://www.Example.co.uk/Path?a=1 and https://vote.org. ${rid}`,
  published_at: '2025-03-01T10:00:00.000Z', author: { rid: 'u1', screen_name: 'bob', display_name: 'Bob' }, ...overrides,
});

describe('PostWriter', () => {
  it('stores a post with its actor, URLs, hashtags, mentions and search text, once', async () => {
    const org = await ensureOrganization(t.storage, 'Writer Org');
    const writer = new PostWriter(t.storage, org, 'import');
    const first = await writer.write([normalizePost(post('1')), normalizePost(post('2', { author: { rid: 'u1', bio: 'new bio' } }))]);
    expect(first).toEqual({ inserted: 2, duplicates: 0, ids: [] });
    const again = await new PostWriter(t.storage, org, 'import').write([normalizePost(post('1')), normalizePost(post('3'))], { wantIds: true });
    expect(again.inserted).toBe(1);
    expect(again.duplicates).toBe(1);
    expect(again.ids).toHaveLength(2);

    const db = tablesOf<PostsTables>(t.storage);
    const posts = await db.selectFrom('posts_posts').selectAll().where('organization_id', '=', org).orderBy('rid').execute();
    expect(posts.map((p) => p.rid)).toEqual(['1', '2', '3']);
    expect(again.ids[0]).toBe(posts[0]!.id);
    expect(posts[0]).toMatchObject({
      platform: 'twitter', language: 'en', is_niche: 0, is_repost: 0, source: 'import',
      urls: JSON.stringify(['https://www.Example.co.uk/Path?a=1', 'https://vote.org']),
      domains: JSON.stringify(['example.co.uk', 'vote.org']),
    });
    const actors = await db.selectFrom('posts_actors').selectAll().where('organization_id', '=', org).execute();
    expect(actors).toHaveLength(1);
    expect(actors[0]).toMatchObject({ rid: 'u1', screen_name: 'bob', display_name: 'Bob', bio: 'new bio' });
    expect(new Set(posts.map((p) => p.actor_id))).toEqual(new Set([actors[0]!.id]));

    const urls = await db.selectFrom('posts_urls').selectAll().where('post_id', '=', posts[0]!.id).orderBy('position').execute();
    expect(urls.map((u) => [u.url, u.host, u.domain])).toEqual([
      ['https://www.Example.co.uk/Path?a=1', 'www.example.co.uk', 'example.co.uk'], ['https://vote.org', 'vote.org', 'vote.org'],
    ]);
    expect((await db.selectFrom('posts_hashtags').select('tag').where('post_id', '=', posts[0]!.id).execute()).map((r) => r.tag)).toEqual(['election2024']);
    expect((await db.selectFrom('posts_mentions').select('screen_name').where('post_id', '=', posts[0]!.id).execute()).map((r) => r.screen_name)).toEqual(['alice']);
  });

  it('indexes the search text so the dialect\'s full-text engine finds the post', async () => {
    const org = await ensureOrganization(t.storage, 'Search Org');
    const p = normalizePost(post('s1', { title: 'Headline', body: 'Climate café 中文测试 #Vote' }));
    expect(p.search_text).toBe(toSearchText('Headline\nClimate café 中文测试 #Vote'));
    await new PostWriter(t.storage, org, 'import').write([p]);
    const db = t.storage.db;
    const found = t.storage.dialect === 'sqlite'
      ? await sql<{ rid: string }>`select p.rid from posts_search s join posts_posts p on p.id = s.rowid where posts_search match ${'"café" AND "_23_vote" AND "中 文"'} and p.organization_id = ${org}`.execute(db)
      : await sql<{ rid: string }>`select rid from posts_posts where search_vector @@ to_tsquery('simple', ${"'café' & '_23_vote' & ('中' <-> '文')"}) and organization_id = ${org}`.execute(db);
    expect(found.rows.map((r) => r.rid)).toEqual(['s1']);
  });

  it('answers every post\'s stored id in input order and writes links, tags and search rows of new posts only', async () => {
    const org = await ensureOrganization(t.storage, 'Ids Org');
    const first = await new PostWriter(t.storage, org, 'import').write([normalizePost(post('i1')), normalizePost(post('i2'))], { wantIds: true });
    expect(first.inserted).toBe(2);
    // A later batch: a stored post between new ones, a new post twice, the stored one again.
    const batch = ['i3', 'i1', 'i4', 'i3', 'i1'].map((rid) => normalizePost(post(rid)));
    const second = await new PostWriter(t.storage, org, 'import').write(batch, { wantIds: true });
    expect({ inserted: second.inserted, duplicates: second.duplicates }).toEqual({ inserted: 2, duplicates: 3 });

    const db = tablesOf<PostsTables>(t.storage);
    const stored = new Map((await db.selectFrom('posts_posts').select(['id', 'rid']).where('organization_id', '=', org).execute()).map((r) => [r.rid, r.id]));
    expect(stored.size).toBe(4);
    expect(first.ids).toEqual([stored.get('i1'), stored.get('i2')]);
    expect(second.ids).toEqual(['i3', 'i1', 'i4', 'i3', 'i1'].map((rid) => stored.get(rid)));
    const ids = [...stored.values()];
    const perPost = async (table: 'posts_urls' | 'posts_hashtags' | 'posts_mentions') => (await db.selectFrom(table).select('post_id')
      .where('post_id', 'in', ids).execute()).map((r) => r.post_id).sort((a, b) => a - b);
    const sorted = [...ids].sort((a, b) => a - b);
    expect(await perPost('posts_urls')).toEqual(sorted.flatMap((id) => [id, id]));
    expect(await perPost('posts_hashtags')).toEqual(sorted);
    expect(await perPost('posts_mentions')).toEqual(sorted);
    const found = t.storage.dialect === 'sqlite'
      ? await sql<{ rid: string }>`select p.rid from posts_search s join posts_posts p on p.id = s.rowid where posts_search match ${'"i1"'} and p.organization_id = ${org}`.execute(t.storage.db)
      : await sql<{ rid: string }>`select rid from posts_posts where search_vector @@ to_tsquery('simple', ${"'i1'"}) and organization_id = ${org}`.execute(t.storage.db);
    expect(found.rows.map((r) => r.rid)).toEqual(['i1']);
  });

  it('writes nothing of a batch that fails', async () => {
    const org = await ensureOrganization(t.storage, 'Rollback Org');
    const bad = normalizePost(post('b2'));
    (bad as { published_at: unknown }).published_at = null; // violates NOT NULL after the actor was upserted
    await expect(new PostWriter(t.storage, org, 'import').write([normalizePost(post('b1')), bad])).rejects.toThrow();
    const db = tablesOf<PostsTables>(t.storage);
    expect(await db.selectFrom('posts_posts').select('id').where('organization_id', '=', org).execute()).toEqual([]);
    expect(await db.selectFrom('posts_actors').select('id').where('organization_id', '=', org).execute()).toEqual([]);
  });

  it('gives an account the same profile whether its sightings arrive in one batch or several', async () => {
    // The same post twice (a re-collected record) carrying a newer snapshot of its author, then another post.
    const sightings = () => [
      normalizePost(post('d1', { author: { rid: 'u9', screen_name: 'old_name', bio: 'first bio' } })),
      normalizePost(post('d1', { author: { rid: 'u9', screen_name: 'new_name', location: 'Oslo' } })),
      normalizePost(post('d2', { author: { rid: 'u9', display_name: 'Nine' } })),
    ];
    const profile = async (org: string) => (await tablesOf<PostsTables>(t.storage).selectFrom('posts_actors')
      .select(['screen_name', 'display_name', 'location', 'bio']).where('organization_id', '=', org).execute());
    const oneBatch = await ensureOrganization(t.storage, 'One Batch Org');
    await new PostWriter(t.storage, oneBatch, 'import').write(sightings());
    const perPost = await ensureOrganization(t.storage, 'Per Post Org');
    const writer = new PostWriter(t.storage, perPost, 'import');
    for (const p of sightings()) await writer.write([p]);
    const expected = [{ screen_name: 'new_name', display_name: 'Nine', location: 'Oslo', bio: 'first bio' }];
    expect(await profile(oneBatch)).toEqual(expected);
    expect(await profile(perPost)).toEqual(expected);
  });
});
