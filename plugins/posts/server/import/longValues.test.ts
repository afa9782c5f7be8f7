import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOrganization } from '@core/server/seed';
import { tablesOf } from '@core/server/storage/database';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from '../index';
import type { PostsTables } from '@plugins/posts/server/tables';
import { importPosts } from './importer';

// Issue 19 follow-up: a PostgreSQL B-tree entry holds at most 2,704 bytes, and one value past that refused the whole
// batch (and stopped the import) where SQLite stored it. Ids past 500 characters are refused per record; URLs,
// hashtags and mentions past 2,600 UTF-8 bytes are left out of the post's links, tags and mentions, the post kept.
let t: TestServer;
const db = () => tablesOf<PostsTables>(t.storage);
beforeAll(async () => { t = await startTestServer({ plugins: [postsServer] }); });
afterAll(async () => t?.close());

let orgCounter = 0;
const newOrg = () => ensureOrganization(t.storage, `Long Values Org ${++orgCounter}`);
const fromText = (text: string) => Readable.from([Buffer.from(text, 'utf8')]);

/** n characters picked by a seeded LCG: random text PostgreSQL cannot compress below the index entry limit. */
function randomText(n: number, seed: number, pick: (r: number) => string): string {
  let s = seed >>> 0;
  let out = '';
  for (let i = 0; i < n; i += 1) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out += pick(s >>> 8);
  }
  return out;
}
/** CJK characters: 3 UTF-8 bytes each. */
const cjk = (n: number, seed: number) => randomText(n, seed, (r) => String.fromCodePoint(0x4e00 + (r % 20_000)));
/** Astral characters: 4 UTF-8 bytes, 2 UTF-16 code units each. */
const emoji = (n: number, seed: number) => randomText(n, seed, (r) => String.fromCodePoint(0x1f300 + (r % 700)));
/** Letters and digits: a link as exports hold them (the tokenizer ends a URL in text at a non-ASCII character). */
const ascii = (n: number, seed: number) => randomText(n, seed, (r) => 'abcdefghijklmnopqrstuvwxyz0123456789'[r % 36]!);

async function stored(org: string) {
  const posts = await db().selectFrom('posts_posts').leftJoin('posts_actors', 'posts_actors.id', 'posts_posts.actor_id')
    .select(['posts_posts.id', 'posts_posts.rid', 'posts_posts.urls', 'posts_posts.domains', 'posts_actors.rid as author_rid'])
    .where('posts_posts.organization_id', '=', org).orderBy('posts_posts.id').execute();
  const ids = posts.map((p) => p.id);
  const side = async (table: 'posts_urls' | 'posts_hashtags' | 'posts_mentions', column: 'url' | 'tag' | 'screen_name') => (ids.length
    ? (await db().selectFrom(table).selectAll().where('post_id', 'in', ids).orderBy('post_id').orderBy('position').execute())
      .map((r) => `${posts.find((p) => p.id === r.post_id)!.rid}:${(r as Record<string, unknown>)[column]}`)
    : []);
  return {
    posts: posts.map(({ id: _id, ...p }) => p),
    urls: await side('posts_urls', 'url'), hashtags: await side('posts_hashtags', 'tag'), mentions: await side('posts_mentions', 'screen_name'),
  };
}

const at = '2025-05-01T00:00:00Z';
const longRid = cjk(3000, 1);
const longUrl = `https://long.example.org/${cjk(1000, 2)}`; // 3,025 bytes
const fitUrl = `https://fit.example.org/${cjk(858, 3)}`; // 2,598 bytes
const longTag = cjk(1000, 4);
const longTextUrl = `https://text.example.net/${ascii(2975, 16)}`; // 3,000 bytes
const fitTextUrl = `https://ok.example.net/${ascii(2577, 17)}`; // 2,600 bytes

describe('values longer than a PostgreSQL index entry holds (issue 19 follow-up)', () => {
  it('refuses over-long ids per record and leaves over-long links out, the rest of the batch stored (jsonl)', async () => {
    expect(Buffer.byteLength(longUrl)).toBe(3025);
    expect(Buffer.byteLength(fitUrl)).toBe(2598);
    expect([longTextUrl.length, fitTextUrl.length]).toEqual([3000, 2600]);
    const org = await newOrg();
    const records = [
      { platform: 'twitter', rid: 'ok1', body: 'first', published_at: at, author: { rid: 'a1' } },
      { platform: 'twitter', rid: longRid, body: 'long rid', published_at: at, author: { rid: 'a2' } },
      { platform: 'twitter', rid: 'r3', body: 'long author rid', published_at: at, author: { rid: cjk(501, 5) } },
      { platform: 'twitter', rid: 'r4', body: 'long author user_id', published_at: at, author: { user_id: emoji(251, 6) } },
      { platform: 'twitter', rid: 'r5', body: 'long author screen name as id', published_at: at, author: { screen_name: cjk(600, 7) } },
      { platform: 'twitter', rid: 'r6', body: 'long flat user_rid', published_at: at, user_rid: cjk(3000, 8) },
      { platform: 'twitter', rid: 'r7', body: 'long flat screen name as id', published_at: at, screen_name: cjk(501, 9) },
      { platform: 'twitter', rid: 'links', body: `see ${longTextUrl} and ${fitTextUrl} #${longTag} #short @${longTag} @bob`, published_at: at, urls: [longUrl, 'https://b.example/x', fitUrl], author: { rid: 'a1' } },
      { platform: 'twitter', rid: cjk(500, 10), body: 'rid of 500 CJK characters', published_at: at, author: { rid: cjk(500, 11), user_id: emoji(250, 12) } },
      { platform: 'twitter', rid: 'ok2', body: 'last', published_at: at, author: { rid: 'a3' } },
    ];
    const report = await importPosts({ storage: t.storage, organizationId: org, input: fromText(records.map((r) => JSON.stringify(r)).join('\n')), format: 'jsonl' });
    expect(report).toEqual({
      format: 'jsonl', records: 10, inserted: 4, duplicates: 0, rejected: 6,
      problems: [
        { line: 2, reason: 'rid: longer than 500 characters' },
        { line: 3, reason: 'author.rid: longer than 500 characters' },
        { line: 4, reason: 'author.user_id: longer than 500 characters' },
        { line: 5, reason: 'author.screen_name: longer than 500 characters (it is the author\'s id here)' },
        { line: 6, reason: 'user_rid: longer than 500 characters' },
        { line: 7, reason: 'screen_name: longer than 500 characters (it is the author\'s id here)' },
      ],
    });
    const rows = await stored(org);
    expect(rows.posts).toEqual([
      { rid: 'ok1', urls: '[]', domains: '[]', author_rid: 'a1' },
      { rid: 'links', urls: JSON.stringify(['https://b.example/x', fitUrl, fitTextUrl]), domains: JSON.stringify(['b.example', 'example.org', 'example.net']), author_rid: 'a1' },
      { rid: cjk(500, 10), urls: '[]', domains: '[]', author_rid: cjk(500, 11) },
      { rid: 'ok2', urls: '[]', domains: '[]', author_rid: 'a3' },
    ]);
    expect(rows.urls).toEqual(['links:https://b.example/x', `links:${fitUrl}`, `links:${fitTextUrl}`]);
    expect(rows.hashtags).toEqual(['links:short']);
    expect(rows.mentions).toEqual(['links:bob']);
  });

  it('refuses over-long ids in the toolkit CSV and 4CAT NDJSON, the other records stored', async () => {
    const org = await newOrg();
    const csv = 'message_id,user_id,username,repost_id,reply_id,message,timestamp,urls\n' +
      `c1,u1,alice,,,hello,100,${longUrl}\n` +
      `${cjk(501, 13)},u2,bob,,,long id,101,\n` +
      `c3,${cjk(3000, 14)},carol,,,long user,102,\n` +
      `c4,u4,dave,,,fine,103,https://c.example/y\n`;
    const csvReport = await importPosts({ storage: t.storage, organizationId: org, input: fromText(csv), format: 'csv' });
    expect(csvReport).toEqual({
      format: 'csv', records: 4, inserted: 2, duplicates: 0, rejected: 2,
      problems: [{ line: 3, reason: 'message_id: longer than 500 characters' }, { line: 4, reason: 'user_id: longer than 500 characters' }],
    });
    const ndjson = [
      { id: 'n1', body: 'one', timestamp: 1746100000, author: 'x' },
      { id: longRid, body: 'long id', timestamp: 1746100001, author: 'y' },
      { id: 'n3', body: 'long author', timestamp: 1746100002, author: cjk(501, 15) },
      { id: 'n4', body: `link ${longTextUrl}`, timestamp: 1746100003, author: 'z' },
    ].map((r) => JSON.stringify(r)).join('\n');
    const ndReport = await importPosts({ storage: t.storage, organizationId: org, input: fromText(ndjson), format: 'ndjson', platform: 'fourchan' });
    expect(ndReport).toEqual({
      format: 'ndjson', records: 4, inserted: 2, duplicates: 0, rejected: 2,
      problems: [{ line: 2, reason: 'id: longer than 500 characters' }, { line: 3, reason: 'author: longer than 500 characters' }],
    });
    const rows = await stored(org);
    expect(rows.posts.map((p) => `${p.rid}/${p.author_rid}/${p.urls}`)).toEqual(['c1/u1/[]', 'c4/u4/["https://c.example/y"]', 'n1/x/[]', 'n4/z/[]']);
    expect(rows.urls).toEqual(['c4:https://c.example/y']);
  });
});
