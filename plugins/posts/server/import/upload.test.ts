import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '@core/server/storage/database';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { CSRF_ACCESS_COOKIE, CSRF_HEADER } from '@core/shared/api/cookies';
import postsServer from '../index';
import { IMPORT_PATH } from '../../shared/imports';
import type { PostsTables } from '@plugins/posts/server/tables';

let t: TestServer;
const db = () => tablesOf<PostsTables>(t.storage);
beforeAll(async () => { t = await startTestServer({ plugins: [postsServer] }); });
afterAll(async () => t?.close());

let orgs = 0;
async function signedIn(overrides: Parameters<TestServer['createUser']>[1] = { admin: true }, org = `Upload Org ${++orgs}`) {
  const user = await t.createUser(org, overrides);
  const client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  return { client, user, org };
}

/** Sends a file the way the admin page does: the raw bytes as the body, cookies and the CSRF header. */
async function upload(client: ApiClient, query: string, body: BodyInit | null, headers: Record<string, string> = {}) {
  const h: Record<string, string> = {
    'Content-Type': 'application/octet-stream', Accept: 'application/json',
    Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    [CSRF_HEADER]: client.cookies.get(CSRF_ACCESS_COOKIE) ?? '', ...headers,
  };
  const res = await fetch(`${t.url}${IMPORT_PATH}?${query}`, { method: 'POST', headers: h, body, duplex: 'half' } as RequestInit);
  return { status: res.status, body: await res.json() as any };
}

const line = (rid: string, extra: Record<string, unknown> = {}) => JSON.stringify({
  platform: 'twitter', rid, body: `Post number ${rid} about the union vote`, published_at: '2025-05-01T12:00:00Z',
  author: { rid: `u${rid}`, screen_name: `user${rid}` }, ...extra,
});

const countPosts = async (organizationId: string) => Number((await db().selectFrom('posts_posts').select((eb) => eb.fn.countAll<number>().as('n'))
  .where('organization_id', '=', organizationId).executeTakeFirstOrThrow()).n);

describe('POST /api/v2/posts/import', () => {
  it('imports good rows, reports bad ones with line and reason, counts duplicates, and writes an audit entry', async () => {
    const { client, user } = await signedIn();
    const file = [line('1'), 'not json', line('2'), JSON.stringify({ platform: 'twitter', body: 'no id', published_at: '2025-05-01T00:00:00Z' }), line('1'), ''].join('\n');
    const res = await upload(client, 'format=jsonl&file_name=export.jsonl', file);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      format: 'jsonl', records: 5, imported: 2, duplicates: 1, rejected: 2,
      problems: [{ line: 2, reason: 'not valid JSON' }, { line: 4, reason: 'rid: required' }],
    });
    expect(await countPosts(user.organizationId)).toBe(2);

    // The same file again adds nothing.
    const again = await upload(client, 'format=jsonl', file);
    expect(again.body.data).toMatchObject({ imported: 0, duplicates: 3, rejected: 2 });
    expect(await countPosts(user.organizationId)).toBe(2);

    const audit = await t.storage.db.selectFrom('core_event_audit').selectAll()
      .where('organization_id', '=', user.organizationId).where('event_type', '=', 'posts_imported').orderBy('created_at').execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({ user_id: user.id, email: user.email });
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ file_name: 'export.jsonl', format: 'jsonl', records: 5, imported: 2, duplicates: 1, rejected: 2 });
    const listed = await client.get('/api/v2/event_audit?event_type=posts_imported');
    expect(listed.body.data).toHaveLength(2);
  });

  it('imports QUT CSV with the chosen platform and 4CAT NDJSON', async () => {
    const { client, user } = await signedIn();
    const csv = 'message_id,user_id,username,repost_id,reply_id,message,timestamp,urls\n' +
      'm1,u1,alice,,,Tariffs again,1714564800,http://a.example/x\n' +
      'm2,,bob,,,no user,1714564801,\n';
    const res = await upload(client, 'format=csv&platform=Telegram', csv);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ format: 'csv', records: 2, imported: 1, rejected: 1, problems: [{ line: 3, reason: 'user_id: required' }] });
    const stored = await db().selectFrom('posts_posts').select(['platform', 'rid']).where('organization_id', '=', user.organizationId).execute();
    expect(stored).toEqual([{ platform: 'telegram', rid: 'm1' }]);

    const ndjson = JSON.stringify({ id: '42', thread_id: '40', timestamp: '2025-05-01 10:00:00', body: 'a 4chan post', author: 'Anonymous', board: 'pol' });
    const nd = await upload(client, 'format=ndjson&platform=4chan', ndjson);
    expect(nd.body.data).toMatchObject({ records: 1, imported: 1, rejected: 0, problems: [] });
  });

  it('streams a large body without holding it (many batches) and keeps every row', async () => {
    const { client, user } = await signedIn();
    const total = 12_000;
    async function* lines() {
      for (let i = 0; i < total; i += 1000) {
        yield Buffer.from(`${Array.from({ length: 1000 }, (_, j) => line(`big${i + j}`)).join('\n')}\n`);
      }
    }
    const res = await upload(client, 'format=jsonl', Readable.toWeb(Readable.from(lines())) as unknown as BodyInit);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ records: total, imported: total, rejected: 0 });
    expect(await countPosts(user.organizationId)).toBe(total);
  });

  it('refuses non-admins, bad queries, wrong content types and a CSV without the toolkit columns; nothing stored is lost', async () => {
    const { client, user, org } = await signedIn();
    expect((await upload(client, 'format=jsonl', [line('keep1'), line('keep2')].join('\n'))).body.data.imported).toBe(2);

    const analyst = await signedIn({ permissions: ['CREATE_CONVERSATION', 'READ_DATA_SOURCE'] }, org);
    const denied = await upload(analyst.client, 'format=jsonl', line('x'));
    expect(denied.status).toBe(403);
    expect(denied.body.metadata.errors).toEqual(['Only organisation admins can import posts.']);

    const badFormat = await upload(client, 'format=xml', line('x'));
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.metadata.errors[0]).toMatch(/^querystring\.format: /);
    expect((await upload(client, '', line('x'))).status).toBe(400);

    const badPlatform = await upload(client, 'format=jsonl&platform=myspace', line('x'));
    expect(badPlatform.status).toBe(400);
    expect(badPlatform.body.metadata.errors).toEqual(["Unknown platform 'myspace'"]);

    const json = await upload(client, 'format=jsonl', JSON.stringify({ rid: 'x' }), { 'Content-Type': 'application/json' });
    expect(json.status).toBe(400);
    expect(json.body.metadata.errors).toEqual(['Send the file as the request body with Content-Type: application/octet-stream.']);

    const empty = await upload(client, 'format=jsonl', '');
    expect(empty.status).toBe(400);
    expect(empty.body.metadata.errors).toEqual(['The file is empty.']);

    const header = await upload(client, 'format=csv', 'id,text\n1,hello\n');
    expect(header.status).toBe(400);
    expect(header.body.metadata.errors[0]).toMatch(/message_id/);

    const noCsrf = await upload(client, 'format=jsonl', line('x'), { [CSRF_HEADER]: '' });
    expect(noCsrf.status).toBe(401);
    expect(noCsrf.body.metadata.errors).toEqual(['no auth token found']);
    const anonymous = await upload(new ApiClient(t.url), 'format=jsonl', line('x'));
    expect(anonymous.status).toBe(401);

    expect(await countPosts(user.organizationId)).toBe(2);
  });

  it("writes into the caller's organisation only", async () => {
    const a = await signedIn();
    const b = await signedIn();
    await upload(b.client, 'format=jsonl', line('shared'));
    const res = await upload(a.client, 'format=jsonl', [line('shared'), line('mine')].join('\n'));
    // The same platform id in another organisation is not a duplicate: stores are per organisation.
    expect(res.body.data).toMatchObject({ imported: 2, duplicates: 0 });
    expect(await countPosts(a.user.organizationId)).toBe(2);
    expect(await countPosts(b.user.organizationId)).toBe(1);
  });
});
