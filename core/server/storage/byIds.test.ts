import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePost } from '@core/server/postStore/normalize';
import type { PostStoreTables } from '@core/server/postStore/tables';
import { PostWriter } from '@core/server/postStore/writer';
import { ensureOrganization } from '@core/server/seed';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { sameOrganization } from './byIds';
import { tablesOf } from './database';

let t: TestServer;
beforeAll(async () => { t = await startTestServer({ plugins: [] }); });
afterAll(async () => t?.close());

const posts = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => normalizePost({
  platform: 'twitter', rid: `${prefix}${i}`, body: `post ${i}`, published_at: '2025-03-01T10:00:00.000Z', author: { rid: `${prefix}a` },
}));

describe('rows by id within the caller\'s organisation', () => {
  it('answers only the organisation\'s rows of the ids asked, looked up by primary key', async () => {
    const mine = await ensureOrganization(t.storage, 'ById Mine');
    const theirs = await ensureOrganization(t.storage, 'ById Theirs');
    const own = (await new PostWriter(t.storage, mine, 'import').write(posts(300, 'm'), { wantIds: true })).ids;
    const other = (await new PostWriter(t.storage, theirs, 'import').write(posts(50, 't'), { wantIds: true })).ids;
    const db = tablesOf<PostStoreTables>(t.storage);
    const asked = [...own.slice(0, 20), ...other.slice(0, 5)];
    const query = db.selectFrom('posts_posts').select('id').where(sameOrganization(mine)).where('id', 'in', asked).orderBy('id');
    expect((await query.execute()).map((r) => r.id)).toEqual([...own.slice(0, 20)].sort((a, b) => a - b));
    if (t.storage.dialect === 'sqlite') {
      // The plan a SQLite database without statistics chose before: a walk of the organisation's index.
      const compiled = query.compile();
      const plan = await t.storage.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toMatch(/USING INTEGER PRIMARY KEY/);
      expect(details).not.toMatch(/posts_posts_org/);
    }
  });
});
