import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOrganization } from '@core/server/seed';
import { tablesOf } from '@core/server/storage/database';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { PLATFORM_KEYS } from '@core/shared/platforms';
import postsServer from '../index';
import type { PostsTables } from '@plugins/posts/server/tables';
import { ImportError, PARSE_THREAD_AFTER_LINES, formatOfFile, importPosts, type ImportReport } from './importer';
import { LineSplitter, MAX_LINE_BYTES, parseJsonLine, readLines } from './lines';
import { parseInstant } from './time';

let t: TestServer;
const db = () => tablesOf<PostsTables>(t.storage);
const DATA = '/work/shared/data';
beforeAll(async () => { t = await startTestServer({ plugins: [postsServer] }); });
afterAll(async () => t?.close());

let orgCounter = 0;
const newOrg = () => ensureOrganization(t.storage, `Import Org ${++orgCounter}`);
const fromText = (text: string) => Readable.from([Buffer.from(text, 'utf8')]);
const chunksOf = (text: string, size: number) => {
  const bytes = Buffer.from(text, 'utf8');
  return Array.from({ length: Math.ceil(bytes.length / size) }, (_unused, i) => bytes.subarray(i * size, (i + 1) * size));
};
const jsonl = (...records: unknown[]) => records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n');

async function postsOf(org: string) {
  return db().selectFrom('posts_posts').leftJoin('posts_actors', 'posts_actors.id', 'posts_posts.actor_id')
    .select(['posts_posts.platform', 'posts_posts.rid', 'body', 'title', 'subject', 'published_at', 'language', 'repost_of', 'reply_to', 'quote_of',
      'is_repost', 'is_reply', 'is_quote', 'urls', 'posts_posts.additional_properties as props', 'posts_actors.rid as author_rid',
      'posts_actors.screen_name', 'posts_actors.display_name', 'posts_actors.created_at as author_created_at', 'posts_actors.bio', 'posts_actors.url as author_url', 'source_url'])
    .where('posts_posts.organization_id', '=', org).orderBy('posts_posts.platform').orderBy('posts_posts.rid').execute();
}

describe('native JSONL import', () => {
  const good = {
    platform: 'reddit', rid: 't3_abc', title: 'Union drive', body: 'Join the #Union vote with @organizer https://labor.example.org/x',
    published_at: '2025-05-01T12:00:00+02:00', urls: ['https://extra.example.com'], language: 'en',
    author: { rid: 't2_u1', user_id: 't2_u1', screen_name: 'organizer', display_name: 'The Organizer', created_at: 1577836800, url: 'https://reddit.com/u/organizer', bio: 'hi', additional_properties: { karma: 12 } },
    additional_properties: { subreddit: 'labor', score: '15', comments: 4, upvote_ratio: 0.93 },
    reply_to: 't3_parent',
  };
  it('keeps good rows, reports bad ones with line and reason, and adds nothing twice on re-import', async () => {
    const org = await newOrg();
    const file = jsonl(
      good,
      { class: 'TwitterPost', rid: 1234567890123, body: 'RT text', published_at: 1746100000, repost_of: 99, screen_name: 'flat', user_id: '42' },
      '{"platform": "reddit", "rid": ',
      '',
      { platform: 'reddit', body: 'no id', published_at: '2025-05-01T00:00:00Z' },
      { platform: 'reddit', rid: 'r2', body: 'x', published_at: '2025-02-30T00:00:00Z' },
      { platform: 'myspace', rid: 'r3', body: 'x', published_at: '2025-05-01T00:00:00Z' },
      { rid: 'r4', body: 'x', published_at: '2025-05-01T00:00:00Z' },
      { platform: 'twitter', rid: 'r5', body: 'x', published_at: '2025-05-01T00:00:00Z', additional_properties: { likes: 'many' } },
      { platform: 'twitter', rid: 'r6', body: 'x', published_at: '2025-05-01T00:00:00Z', author: { bio: 'nobody' } },
      [1, 2],
      { platform: 'twitter', rid: 'r7', body: 'x' },
      { type: 'GabPost', id: 'g1', body: 'camel case', publishedAt: '2025-05-03T00:00:00Z', screenName: 'gabber', accountId: 'gab-9', additionalProperties: { reblogs: 2 } },
      good,
    );
    const report = await importPosts({ storage: t.storage, organizationId: org, input: fromText(file), format: 'jsonl' });
    expect(report).toEqual({
      format: 'jsonl', records: 13, inserted: 3, duplicates: 1, rejected: 9,
      problems: [
        { line: 3, reason: 'not valid JSON' },
        { line: 5, reason: 'rid: required' },
        { line: 6, reason: 'published_at: expected an ISO 8601 date-time or a Unix timestamp' },
        { line: 7, reason: "platform: unknown platform 'myspace'" },
        { line: 8, reason: 'platform: required (give platform or class, or --platform)' },
        { line: 9, reason: 'additional_properties.likes: Invalid input: expected number, received string' },
        { line: 10, reason: 'author.rid: required (or author.user_id or author.screen_name)' },
        { line: 11, reason: 'expected a JSON object' },
        { line: 12, reason: 'published_at: required' },
      ],
    } satisfies ImportReport);

    const rows = await postsOf(org);
    expect(rows.map((r) => `${r.platform}:${r.rid}`)).toEqual(['gab:g1', 'reddit:t3_abc', 'twitter:1234567890123']);
    expect(rows[1]).toMatchObject({
      title: 'Union drive', published_at: '2025-05-01T10:00:00.000Z', language: 'en', reply_to: 't3_parent', is_reply: 1, is_repost: 0,
      urls: JSON.stringify(['https://extra.example.com', 'https://labor.example.org/x']), author_rid: 't2_u1', screen_name: 'organizer',
      display_name: 'The Organizer', author_created_at: '2020-01-01T00:00:00.000Z', bio: 'hi', author_url: 'https://reddit.com/u/organizer',
    });
    expect(JSON.parse(rows[1]!.props)).toEqual({ subreddit: 'labor', score: 15, comments: 4, upvote_ratio: 0.93 });
    expect(rows[2]).toMatchObject({ repost_of: '99', is_repost: 1, author_rid: '42', screen_name: 'flat', published_at: '2025-05-01T11:46:40.000Z' });
    expect(rows[0]).toMatchObject({ author_rid: 'gab-9', screen_name: 'gabber', published_at: '2025-05-03T00:00:00.000Z' });
    const hashtags = await db().selectFrom('posts_hashtags').innerJoin('posts_posts', 'posts_posts.id', 'posts_hashtags.post_id')
      .select('tag').where('posts_posts.rid', '=', 't3_abc').where('organization_id', '=', org).execute();
    expect(hashtags.map((h) => h.tag)).toEqual(['union']);

    const again = await importPosts({ storage: t.storage, organizationId: org, input: fromText(file), format: 'jsonl' });
    expect(again).toMatchObject({ records: 13, inserted: 0, duplicates: 4, rejected: 9 });
    expect(await postsOf(org)).toHaveLength(3);
  });

  it('drops NUL characters, which PostgreSQL text cannot hold', async () => {
    const org = await newOrg();
    const report = await importPosts({ storage: t.storage, organizationId: org, format: 'jsonl',
      input: fromText(jsonl({ platform: 'gab', rid: 'n\u00001', body: 'a\u0000b', published_at: '2025-01-01T00:00:00Z', author: { rid: 'u\u0000', bio: '\u0000' } })) });
    expect(report).toMatchObject({ inserted: 1, rejected: 0 });
    expect((await postsOf(org))[0]).toMatchObject({ rid: 'n1', body: 'ab', author_rid: 'u', bio: '' });
  });

  it('uses --platform for records that do not name one', async () => {
    const org = await newOrg();
    const report = await importPosts({ storage: t.storage, organizationId: org, input: fromText(jsonl({ rid: 'p1', body: 'hello', published_at: '2025-01-01' })), format: 'jsonl', platform: 'telegram' });
    expect(report).toMatchObject({ inserted: 1, rejected: 0 });
    expect((await postsOf(org))[0]).toMatchObject({ platform: 'telegram', published_at: '2025-01-01T00:00:00.000Z' });
  });

  it('round-trips valid generated rows (property)', async () => {
    const actor = fc.record({
      rid: fc.stringMatching(/^[a-z0-9_]{1,12}$/), screen_name: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
      display_name: fc.option(fc.string({ maxLength: 20 }), { nil: null }), bio: fc.option(fc.string({ maxLength: 50 }), { nil: null }),
    });
    const record = fc.record({
      platform: fc.constantFrom(...PLATFORM_KEYS), rid: fc.stringMatching(/^[A-Za-z0-9_-]{1,16}$/),
      title: fc.option(fc.string({ minLength: 1, maxLength: 30 }).filter((s) => s.trim() !== ''), { nil: null }),
      body: fc.string({ maxLength: 200, unit: 'grapheme' }),
      published_at: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
      author: actor, repost_of: fc.option(fc.stringMatching(/^[0-9]{1,10}$/), { nil: null }),
      additional_properties: fc.record({ likes: fc.nat({ max: 1e6 }), comments: fc.nat({ max: 1e6 }) }),
    });
    let run = 0;
    await fc.assert(fc.asyncProperty(fc.uniqueArray(record, { minLength: 1, maxLength: 8, selector: (r) => `${r.platform}:${r.rid}` }), async (records) => {
      const org = await ensureOrganization(t.storage, `Property Org ${++run}`);
      const report = await importPosts({ storage: t.storage, organizationId: org, input: fromText(jsonl(...records)), format: 'jsonl' });
      expect(report).toMatchObject({ records: records.length, inserted: records.length, rejected: 0 });
      const stored = await postsOf(org);
      const byKey = new Map(stored.map((s) => [`${s.platform}:${s.rid}`, s]));
      for (const r of records) {
        const s = byKey.get(`${r.platform}:${r.rid}`)!;
        expect(s).toMatchObject({ body: r.body, title: r.title, published_at: r.published_at, repost_of: r.repost_of, is_repost: r.repost_of ? 1 : 0 });
        expect(JSON.parse(s.props)).toEqual(r.additional_properties);
      }
      // Accounts are per platform: the last sighting's non-empty fields win.
      for (const s of stored) {
        const sightings = records.filter((r) => r.platform === s.platform && r.author.rid === s.author_rid);
        expect(sightings.length).toBeGreaterThan(0);
        const lastNonNull = (f: 'screen_name' | 'display_name' | 'bio') => sightings.map((r) => r.author[f]).filter((v) => v !== null).at(-1) ?? null;
        expect(s.screen_name).toBe(lastNonNull('screen_name'));
        expect(s.bio).toBe(lastNonNull('bio'));
      }
    }), { numRuns: 40 });
  });
});

describe('QUT coordination toolkit CSV import', () => {
  it('reads the toolkit\'s own test input (BOM, CRLF) with reposts and replies', async () => {
    const org = await newOrg();
    const report = await importPosts({ storage: t.storage, organizationId: org, input: fs.createReadStream(path.join(DATA, 'qut-coretweet_test_input.csv')), format: 'csv' });
    expect(report).toEqual({ format: 'csv', records: 15, inserted: 15, duplicates: 0, rejected: 0, problems: [] });
    const rows = await postsOf(org);
    expect(new Set(rows.map((r) => r.platform))).toEqual(new Set(['twitter']));
    const byRid = new Map(rows.map((r) => [r.rid, r]));
    expect(byRid.get('0')).toMatchObject({ author_rid: 'uid0', repost_of: 'rtid0', is_repost: 1, published_at: '1970-01-01T00:00:00.000Z' });
    expect(byRid.get('13')).toMatchObject({ author_rid: 'uid12', repost_of: 'rtid6', published_at: '1970-01-01T00:05:00.000Z' });
  });

  it('reads the toolkit\'s sample data, whose urls column holds Python lists', async () => {
    const org = await newOrg();
    const report = await importPosts({ storage: t.storage, organizationId: org, input: fs.createReadStream(path.join(DATA, 'qut-sample_data.csv')), format: 'csv', platform: 'telegram' });
    expect(report).toMatchObject({ records: 100, inserted: 100, rejected: 0 });
    const rows = await postsOf(org);
    expect(rows.filter((r) => r.repost_of !== null)).toHaveLength(27);
    expect(rows.filter((r) => r.reply_to !== null)).toHaveLength(15);
    expect(rows.filter((r) => r.urls !== '[]').length).toBe(61);
    expect(rows.every((r) => JSON.parse(r.urls).every((u: string) => /^http:\/\/example\.com\/\d$/.test(u)))).toBe(true);
    expect(new Set(rows.map((r) => r.platform))).toEqual(new Set(['telegram']));
  });

  it('reports malformed and incomplete rows and refuses a file without the toolkit columns', async () => {
    const org = await newOrg();
    const csv = 'message_id,user_id,username,repost_id,reply_id,message,timestamp,urls\n' +
      '1,u1,alice,,,"hello, world",100,http://a.example/x http://b.example/y\n' +
      '2,,bob,,,no user,101,\n' +
      '3,u3,carol,,,"unclosed quote,102,\n';
    const report = await importPosts({ storage: t.storage, organizationId: org, input: fromText(csv), format: 'csv' });
    expect(report.inserted).toBe(1);
    expect(report.problems[0]).toEqual({ line: 3, reason: 'user_id: required' });
    expect(report.rejected).toBe(2);
    expect(report.problems[1]!.reason).toMatch(/^malformed CSV: /);
    await expect(importPosts({ storage: t.storage, organizationId: org, input: fromText('id,text\n1,hi\n'), format: 'csv' }))
      .rejects.toThrow(new ImportError('CSV header must name the QUT toolkit columns message_id, user_id, username, repost_id, reply_id, message, timestamp, urls (missing: message_id, user_id, timestamp)'));
  });
});

describe('4CAT NDJSON import', () => {
  it('maps mapped items, import envelopes, Telethon messages and raw 4chan posts', async () => {
    const org = await newOrg();
    const report = await importPosts({ storage: t.storage, organizationId: org, input: fs.createReadStream(path.join(import.meta.dirname, 'fixtures/fourcat.ndjson')), format: 'ndjson' });
    expect(report).toEqual({
      format: 'ndjson', records: 5, inserted: 3, duplicates: 0, rejected: 2,
      problems: [
        { line: 4, reason: 'timestamp: expected an ISO 8601 date-time or a Unix timestamp' },
        { line: 5, reason: "platform: unknown platform 'myspace'" },
      ],
    });
    const rows = await postsOf(org);
    expect(rows.map((r) => `${r.platform}:${r.rid}`)).toEqual(['fourchan:123456789', 'fourchan:481516', 'telegram:newsroom/77']);
    expect(rows[0]).toMatchObject({ body: 'I agree >>481516\nwith this & that', reply_to: '123456700', author_rid: 'Anonymous' });
    expect(JSON.parse(rows[1]!.props)).toEqual({ replies: 3, board: 'pol', thread_id: '481500' });
    expect(rows[1]).toMatchObject({ published_at: '2025-05-02T10:15:00.000Z', urls: JSON.stringify(['https://news.example.com/a']) });
    expect(rows[2]).toMatchObject({ body: 'Union vote tonight', author_rid: '9001', screen_name: 'newsroom_bot', display_name: 'News Room', source_url: 'https://t.me/s/newsroom' });
    expect(JSON.parse(rows[2]!.props)).toEqual({ views: 120, shares: 4, channel: 'newsroom' });
  });
});

describe('exact ids in every format (issue 18, finding 3)', () => {
  // X/Twitter ids are above 2^53: as JS numbers, 1833000000000000001 and ...0002 are both 1833000000000000000.
  const A = '1833000000000000001';
  const B = '1833000000000000002';

  it('JSONL: numeric ids beyond 2^53 are stored as written, two posts stay two', async () => {
    const org = await newOrg();
    const file = [
      `{"platform": "twitter", "rid": ${A}, "body": "see https://x.com/a/status/${A}", "published_at": "2025-05-01T00:00:00Z", "user_id": ${A}, "reply_to": ${B}}`,
      `{"platform": "twitter", "rid": ${B}, "body": "second", "published_at": "2025-05-01T00:00:01Z", "author": {"rid": -9007199254740993, "user_id": 9007199254740993}, "repost_of": ${A}}`,
      `{"type": "TwitterPost", "id": 9007199254740993, "body": "camel case", "publishedAt": 1746100000, "accountId": 12, "additionalProperties": {"likes": 3}}`,
    ].join('\n');
    const report = await importPosts({ storage: t.storage, organizationId: org, input: fromText(file), format: 'jsonl' });
    expect(report).toEqual({ format: 'jsonl', records: 3, inserted: 3, duplicates: 0, rejected: 0, problems: [] });
    const rows = await postsOf(org);
    expect(rows.map((r) => r.rid)).toEqual([A, B, '9007199254740993']);
    expect(rows[0]).toMatchObject({ body: `see https://x.com/a/status/${A}`, author_rid: A, reply_to: B });
    expect(rows[1]).toMatchObject({ author_rid: '-9007199254740993', repost_of: A });
    expect(rows[2]).toMatchObject({ author_rid: '12' });
    expect(JSON.parse(rows[2]!.props)).toEqual({ likes: 3 });
  });

  it('NDJSON (4CAT): mapped items, envelopes and Telethon messages keep their large ids', async () => {
    const org = await newOrg();
    const file = [
      `{"id": ${A}, "author_id": ${B}, "author_username": "a", "body": "first", "timestamp": "2025-05-01 10:00:00", "reply_to": ${B}, "platform": "twitter"}`,
      `{"item_id": "z", "source_platform": "twitter", "data": {"id": ${B}, "author_id": ${A}, "body": "second", "unix_timestamp": 1746180900}}`,
      `{"data": {"id": ${A}, "message": "telethon", "date": 1746181000, "_chat": {"username": "big", "id": -1001833000000000001}, "_sender": {"id": ${B}}}, "source_platform": "telegram"}`,
    ].join('\n');
    const report = await importPosts({ storage: t.storage, organizationId: org, input: fromText(file), format: 'ndjson' });
    expect(report).toEqual({ format: 'ndjson', records: 3, inserted: 3, duplicates: 0, rejected: 0, problems: [] });
    const rows = await postsOf(org);
    expect(rows.map((r) => `${r.platform}:${r.rid}`)).toEqual([`telegram:big/${A}`, `twitter:${A}`, `twitter:${B}`]);
    expect(rows.map((r) => r.author_rid)).toEqual([B, B, A]);
    expect(rows[1]).toMatchObject({ reply_to: B });
  });

  it('CSV: ids are read as text, so large ones stay exact', async () => {
    const org = await newOrg();
    const csv = 'message_id,user_id,username,repost_id,reply_id,message,timestamp,urls\n' +
      `${A},${B},alice,${B},,first,2025-05-01T00:00:00Z,\n${B},${A},bob,,${A},second,2025-05-01T00:00:01Z,\n`;
    const report = await importPosts({ storage: t.storage, organizationId: org, input: fromText(csv), format: 'csv' });
    expect(report).toEqual({ format: 'csv', records: 2, inserted: 2, duplicates: 0, rejected: 0, problems: [] });
    expect((await postsOf(org)).map((r) => [r.rid, r.author_rid, r.repost_of, r.reply_to])).toEqual([[A, B, B, null], [B, A, null, A]]);
  });

  it('quotes only bare integers: strings, fractions, exponents and invalid JSON are left as they were', () => {
    expect(parseJsonLine(`{"a": ${A}, "b": "${A}", "c": "x\\"${A}", "d": [${B}, 1], "e": 1.8330000000000000001e18, "f": 18330000000000000.5, "g": 9007199254740991}`))
      .toEqual({ a: A, b: A, c: `x"${A}`, d: [B, 1], e: 1.833e18, f: 18330000000000000, g: 9007199254740991 });
    expect(() => parseJsonLine(`{"rid": 0${A}}`)).toThrow(SyntaxError);
    expect(() => parseJsonLine(`{"rid": ${A}`)).toThrow(SyntaxError);
    // Found wherever it is nested; a line of only small numbers or large floats is read as JSON.parse reads it.
    expect(parseJsonLine(`{"x": {"y": [[{"z": ${A}}]]}, "n": -${B}}`)).toEqual({ x: { y: [[{ z: A }]] }, n: `-${B}` });
    expect(parseJsonLine('{"a": 1e300, "b": [-9007199254740991, 12.5], "c": "1833000000000000001"}')).toEqual({ a: 1e300, b: [-9007199254740991, 12.5], c: '1833000000000000001' });
    const deep = `${'['.repeat(50_000)}${A}${']'.repeat(50_000)}`;
    let inner: unknown = parseJsonLine(deep);
    for (let i = 1; i < 50_000; i += 1) inner = (inner as unknown[])[0];
    expect(inner).toEqual([A]);
  });
});

describe('CSV with an unclosed quote (issue 18, finding 15)', () => {
  const HEADER = 'message_id,user_id,username,repost_id,reply_id,message,timestamp,urls\n';
  const row = (id: number) => `${id},u${id},user${id},,,post ${id},2025-05-01T00:00:00Z,\n`;
  const UNCLOSED = 'malformed CSV: unclosed quote (the row is skipped; the lines after it are read as rows of their own)';

  it('reports the line that opened the quote, skips that row only, and keeps the rows after it', async () => {
    const org = await newOrg();
    // Line 6 opens a quote that never closes; lines 7 and 8 used to vanish into it, reported as line 8.
    const csv = HEADER + row(1) + row(2) + row(3) + row(4) + '5,u5,user5,,,"unclosed quote,2025-05-01T00:00:00Z,\n' + row(6) + row(7);
    const report = await importPosts({ storage: t.storage, organizationId: org, input: fromText(csv), format: 'csv' });
    expect(report).toEqual({ format: 'csv', records: 7, inserted: 6, duplicates: 0, rejected: 1, problems: [{ line: 6, reason: UNCLOSED }] });
    expect((await postsOf(org)).map((r) => [r.rid, r.body])).toEqual(
      [1, 2, 3, 4, 6, 7].map((id) => [String(id), `post ${id}`]),
    );
  });

  it('names the row an unclosed quote in a later field of a multi-line row belongs to, and counts CRLF lines as the file does', async () => {
    const org = await newOrg();
    const csv = (HEADER + row(1) + '2,u2,user2,,,"two\nlines",2025-05-01T00:00:00Z,\n' + '3,u3,"user\n3",,,"never closed,2025-05-01T00:00:00Z,\n' + row(4))
      .replace(/\n/g, '\r\n');
    const report = await importPosts({ storage: t.storage, organizationId: org, input: fromText(csv), format: 'csv' });
    expect(report.problems).toEqual([{
      line: 6, reason: 'malformed CSV: unclosed quote (the row starting on line 5 is skipped; the lines after it are read as rows of their own)',
    }]);
    expect(report).toMatchObject({ records: 4, inserted: 3, rejected: 1 });
    expect((await postsOf(org)).map((r) => [r.rid, r.body])).toEqual([['1', 'post 1'], ['2', 'two\r\nlines'], ['4', 'post 4']]);
  });

  it('an unclosed quote before more than 1 MB of rows costs that row only (csv-parse used to drop the rest of the file)', async () => {
    const org = await newOrg();
    // Long rows (about 560 bytes), so that 2,000 of them pass 1 MB: the import stays quick on a loaded machine.
    const longRow = (id: number) => `${id},u${id},user${id},,,post ${id}${' padding'.repeat(68)},2025-05-01T00:00:00Z,\n`;
    const rows = Array.from({ length: 2_000 }, (_unused, i) => longRow(i + 3)).join('');
    expect(rows.length).toBeGreaterThan(MAX_LINE_BYTES);
    const csv = HEADER + row(1) + '2,u2,user2,,,"unclosed,2025-05-01T00:00:00Z,\n' + rows;
    const report = await importPosts({ storage: t.storage, organizationId: org, input: Readable.from(chunksOf(csv, 65_536)), format: 'csv' });
    expect(report).toEqual({
      format: 'csv', records: 2_002, inserted: 2_001, duplicates: 0, rejected: 1,
      problems: [{ line: 3, reason: 'malformed CSV: quote not closed within 1048576 bytes (the row is skipped; the lines after it are read as rows of their own)' }],
    });
    const stored = await postsOf(org);
    expect(stored).toHaveLength(2_001);
    expect(stored.some((r) => r.rid === '2')).toBe(false);
  });

  it('skips a line longer than 1 MB without holding it, and keeps reading', async () => {
    const org = await newOrg();
    const csv = HEADER + row(1) + `2,u2,user2,,,${'x'.repeat(MAX_LINE_BYTES + 10)},2025-05-01T00:00:00Z,\r\n` + row(3);
    const report = await importPosts({ storage: t.storage, organizationId: org, input: Readable.from(chunksOf(csv, 65_536)), format: 'csv' });
    expect(report).toEqual({ format: 'csv', records: 3, inserted: 2, duplicates: 0, rejected: 1, problems: [{ line: 3, reason: 'line longer than 1048576 bytes' }] });
    expect((await postsOf(org)).map((r) => r.rid)).toEqual(['1', '3']);
  });
});

describe('batches (issue 19)', () => {
  // Refused lines, a line past 1 MB, repeats and camel-case records spread over a file: the report, its line numbers
  // and the stored rows are the same whether it is written in one batch or in seven (on PostgreSQL the next batch is
  // parsed while one is written). (An account's profile is the same in all its records here: a repeated post's author
  // is upserted when the repeat falls in a later batch, not within one, so varying profiles would differ by batch.)
  const records = (format: 'jsonl' | 'ndjson') => Array.from({ length: 4600 }, (_unused, i) => {
    if (i % 997 === 5) return '{"platform": "reddit", "rid": ';
    if (i === 2345) return `{"rid": "long", "body": "${'x'.repeat(MAX_LINE_BYTES + 10)}"}`;
    if (i % 1201 === 7) return '';
    if (format === 'ndjson') return { id: `m${i % 4000}`, body: `item ${i} #tag${i % 7}`, timestamp: 1746100000 + i, author: `a${i % 50}` };
    if (i % 1500 === 9) return { platform: 'myspace', rid: `x${i}`, body: 'x', published_at: '2025-05-01T00:00:00Z' };
    if (i % 3 === 0) return { type: 'GabPost', id: `g${i % 4100}`, body: `camel ${i} @someone https://e.example/${i}`, publishedAt: 1746100000 + i, screenName: `s${i % 40}`, accountId: `acc${i % 40}` };
    return { platform: 'twitter', rid: `t${i % 4100}`, body: `post ${i} #Vote${i % 5}`, published_at: '2025-05-01T00:00:00Z', author: { rid: `u${i % 60}`, bio: `bio ${i % 60}` } };
  });
  for (const format of ['jsonl', 'ndjson'] as const) {
    it(`gives the same report and rows in batches of 700 as in one batch (${format})`, async () => {
      const file = jsonl(...records(format));
      const run = async (batchSize: number, parseThread = false) => {
        const org = await newOrg();
        const report = await importPosts({
          storage: t.storage, organizationId: org, input: Readable.from(chunksOf(file, 65_536)), format, platform: format === 'ndjson' ? 'fourchan' : null,
          batchSize, parseThread,
        });
        return { report, rows: await postsOf(org) };
      };
      const inBatches = await run(700);
      const inOne = await run(10_000);
      // The parse thread splits the same bytes into lines and parses them while the batches are written.
      const threaded = await run(700, true);
      expect(inBatches.report).toEqual(inOne.report);
      expect(inBatches.rows).toEqual(inOne.rows);
      expect(threaded.report).toEqual(inOne.report);
      expect(threaded.rows).toEqual(inOne.rows);
      expect(inBatches.report.problems.map((p) => p.line)).toContain(2346);
      expect(inBatches.report.inserted).toBeGreaterThan(3000);
      expect(inBatches.report.duplicates).toBeGreaterThan(0);
    }, 60_000);
  }

  it('gives the same report and rows when a file read from disk passes the parse thread\'s threshold', async () => {
    // Past PARSE_THREAD_AFTER_LINES lines the thread starts, and once it is ready the rest of the file's bytes go to it,
    // from wherever this thread's line splitting stopped (read chunks of 65,521 bytes end mid-line).
    const lines = Array.from({ length: PARSE_THREAD_AFTER_LINES + 6000 }, (_unused, i) => (i % 5001 === 17 ? 'not json'
      : JSON.stringify({ platform: 'twitter', rid: `t${i % 25_000}`, body: `post ${i} #Vote${i % 5} https://e.example/${i % 300}`, published_at: '2025-05-01T00:00:00Z', author: { rid: `u${i % 900}` } })));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'import-thread-')), 'posts.jsonl');
    fs.writeFileSync(file, `\ufeff${lines.join('\r\n')}`);
    const run = async (parseThread: boolean | 'auto') => {
      const org = await newOrg();
      const report = await importPosts({ storage: t.storage, organizationId: org, input: fs.createReadStream(file, { highWaterMark: 65_521 }), format: 'jsonl', parseThread });
      return { report, rows: await postsOf(org) };
    };
    try {
      const here = await run(false);
      const auto = await run('auto');
      expect(auto.report).toEqual(here.report);
      expect(auto.rows).toEqual(here.rows);
      expect(here.report.problems).toEqual([18, 5019, 10020, 15021, 20022, 25023].map((line) => ({ line, reason: 'not valid JSON' })));
      expect(here.report.inserted).toBe(24_996);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  }, 120_000);

  it('stops at a batch the database refuses: the batches before it stay, nothing of it or after it', async () => {
    const org = await newOrg();
    // A real refusal by the database: a trigger on one rid (on PostgreSQL the next batch is being parsed meanwhile).
    const sqlite = t.storage.dialect === 'sqlite';
    const create = sqlite
      ? ["CREATE TRIGGER import_test_refuse BEFORE INSERT ON posts_posts WHEN NEW.rid = 'refused' BEGIN SELECT RAISE(ABORT, 'refused by the test trigger'); END"]
      : ["CREATE FUNCTION import_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.rid = 'refused' THEN RAISE EXCEPTION 'refused by the test trigger'; END IF; RETURN NEW; END $$",
        'CREATE TRIGGER import_test_refuse BEFORE INSERT ON posts_posts FOR EACH ROW EXECUTE FUNCTION import_test_refuse()'];
    const drop = sqlite ? ['DROP TRIGGER import_test_refuse'] : ['DROP TRIGGER import_test_refuse ON posts_posts', 'DROP FUNCTION import_test_refuse()'];
    for (const q of create) await sql.raw(q).execute(t.storage.db);
    try {
      const rids = ['r1', 'r2', 'r3', 'r4', 'r5', 'refused', 'r7', 'r8', 'r9'];
      const file = jsonl(...rids.map((rid, i) => ({ platform: 'twitter', rid, body: `post ${i}`, published_at: '2025-05-01T00:00:00Z', author: { rid: `a-${rid}` } })));
      await expect(importPosts({ storage: t.storage, organizationId: org, input: fromText(file), format: 'jsonl', batchSize: 2 }))
        .rejects.toThrow(/refused by the test trigger/);
      // The same with the parse thread, which is stopped with the import.
      const threaded = await newOrg();
      await expect(importPosts({ storage: t.storage, organizationId: threaded, input: fromText(file), format: 'jsonl', batchSize: 2, parseThread: true }))
        .rejects.toThrow(/refused by the test trigger/);
      expect((await postsOf(threaded)).map((r) => r.rid)).toEqual(['r1', 'r2', 'r3', 'r4']);
    } finally {
      for (const q of drop) await sql.raw(q).execute(t.storage.db);
    }
    expect((await postsOf(org)).map((r) => r.rid)).toEqual(['r1', 'r2', 'r3', 'r4']);
    const actors = await db().selectFrom('posts_actors').select('rid').where('organization_id', '=', org).orderBy('rid').execute();
    expect(actors.map((a) => a.rid)).toEqual(['a-r1', 'a-r2', 'a-r3', 'a-r4']);
  });
});

describe('import plumbing', () => {
  it('picks the format from the file name', () => {
    expect(formatOfFile('a/posts.jsonl')).toBe('jsonl');
    expect(formatOfFile('x.NDJSON')).toBe('ndjson');
    expect(formatOfFile('data.csv')).toBe('csv');
    expect(formatOfFile('data.txt')).toBeNull();
  });

  it('splits lines across chunks, drops the BOM and CR, and skips lines that are too long', async () => {
    const chunks = [Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('ab'), Buffer.from('c\r\n\n'), Buffer.from('x'.repeat(20)), Buffer.from('\nlast')];
    const lines = [];
    for await (const l of readLines(Readable.from(chunks), 10)) lines.push(l);
    expect(lines).toEqual([{ line: 1, text: 'abc' }, { line: 3, tooLong: true }, { line: 4, text: 'last' }]);
  });

  it('splits the same lines when the splitting moves elsewhere at any byte (the parse thread\'s hand-over)', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('ab\r\n\nné\n'), Buffer.from('x'.repeat(20)), Buffer.from('\r\nlast')]);
    const whole = new LineSplitter(10);
    const expected = [...whole.push(bytes), ...whole.end()];
    expect(expected).toEqual([{ line: 1, text: 'ab' }, { line: 3, text: 'né' }, { line: 4, tooLong: true }, { line: 5, text: 'last' }]);
    for (let at = 0; at <= bytes.length; at += 1) {
      const first = new LineSplitter(10);
      const before = first.push(bytes.subarray(0, at));
      const second = new LineSplitter(10, structuredClone(first.state()));
      expect([...before, ...second.push(bytes.subarray(at)), ...second.end()]).toEqual(expected);
    }
  });

  it('reads instants in the forms exports use', () => {
    expect(parseInstant('2025-05-01T12:00:00+02:00')).toBe('2025-05-01T10:00:00.000Z');
    expect(parseInstant('2025-05-01 12:00:00')).toBe('2025-05-01T12:00:00.000Z');
    expect(parseInstant('2025-05-01')).toBe('2025-05-01T00:00:00.000Z');
    expect(parseInstant(1746100000)).toBe('2025-05-01T11:46:40.000Z');
    expect(parseInstant('1746100000123')).toBe('2025-05-01T11:46:40.123Z');
    expect(parseInstant(1746100000.5)).toBe('2025-05-01T11:46:40.500Z');
    expect(parseInstant('2025-02-29T00:00:00Z')).toBeNull();
    // The canonical form's fast path: kept as written when valid, refused when the calendar date does not exist.
    expect(parseInstant('2025-05-01T10:00:00.123Z')).toBe('2025-05-01T10:00:00.123Z');
    expect(parseInstant('2025-02-29T00:00:00.000Z')).toBeNull();
    expect(parseInstant('2025-05-01T24:30:00.000Z')).toBeNull();
    expect(parseInstant('May 1st')).toBeNull();
    expect(parseInstant(Number.NaN)).toBeNull();
    expect(parseInstant(null)).toBeNull();
  });
});
