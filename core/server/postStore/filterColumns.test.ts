import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyFilters, filterPredicate, type Filters } from '@core/shared/filters';
import { ensureOrganization } from '@core/server/seed';
import { tablesOf } from '@core/server/storage/database';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { normalizePost, type PostInput } from './normalize';
import { PostWriter } from './writer';
import { postFilterColumns } from './filterColumns';
import type { PostStoreTables as PostsTables } from './tables';

let t: TestServer;
let org: string;
beforeAll(async () => {
  t = await startTestServer({ plugins: [] });
  org = await ensureOrganization(t.storage, 'Filter Org');
  const posts: PostInput[] = [
    { platform: 'twitter', rid: '1', body: 'see https://www.vote.org/x', published_at: '2025-01-01T00:00:00.000Z' },
    { platform: 'twitter', rid: '2', body: 'retweet', published_at: '2025-01-02T00:00:00.000Z', repost_of: '1' },
    { platform: 'gab', rid: 'g', body: 'reply https://news.example.co.uk/a', published_at: '2025-01-03T00:00:00.000Z', reply_to: 'x' },
    { platform: 'reddit', rid: 'r', body: 'quote', published_at: '2025-01-04T00:00:00.000Z', quote_of: 'y' },
  ];
  await new PostWriter(t.storage, org, 'import').write(posts.map(normalizePost));
});
afterAll(async () => t?.close());

async function select(change: Partial<Filters>) {
  const filters = { ...emptyFilters(), ...change };
  const rows = await tablesOf<PostsTables>(t.storage).selectFrom('posts_posts as p').select('p.rid')
    .where('p.organization_id', '=', org).where((eb) => filterPredicate(eb, filters, postFilterColumns('p'))).orderBy('p.rid').execute();
  return rows.map((r) => r.rid);
}

describe('postFilterColumns', () => {
  it('applies the shared filter model to stored posts', async () => {
    expect(await select({})).toEqual(['1', '2', 'g', 'r']);
    expect(await select({ platforms: { twitter: true } })).toEqual(['1', '2']);
    expect(await select({ platforms: { twitter: false } })).toEqual(['g', 'r']);
    expect(await select({ is_repost: true })).toEqual(['2']);
    expect(await select({ is_reply: true })).toEqual(['g']);
    expect(await select({ is_quote: false })).toEqual(['1', '2', 'g']);
    expect(await select({ is_niche: true })).toEqual(['g']);
    expect(await select({ domains: { 'vote.org': true } })).toEqual(['1']);
    expect(await select({ domains: { 'example.co.uk': false } })).toEqual(['1', '2', 'r']);
    expect(await select({ start_range: '2025-01-02T00:00:00Z', end_range: '2025-01-03T00:00:00+00:00' })).toEqual(['2', 'g']);
  });
});
