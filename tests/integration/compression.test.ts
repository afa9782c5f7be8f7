import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from '@plugins/posts/server/index';
import { conversationOver, post, uniqueOrg, writePosts } from '@plugins/posts/server/explorer/testing/fixture';

/** Issue 19: API answers go out compressed when the client accepts it; small ones and clients that do not, as they are. */

let t: TestServer;
let client: ApiClient;
let conversationId: string;

beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer], pipeline: { worker: false } });
  const user = await t.createUser(uniqueOrg('Compression'));
  await writePosts(t, user.organizationId, Array.from({ length: 60 }, (_, i) => post(`c${i}`, { body: `ballot post ${i} ${'about the count '.repeat(20)}` })));
  conversationId = await conversationOver(t, user.organizationId);
  client = new ApiClient(t.url);
  await client.login(user.email, user.password);
}, 60_000);
afterAll(async () => t?.close());

const cookieHeader = () => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
/** The bytes as sent (fetch would decode them): status, content-encoding and body. */
function rawData(encoding: string): Promise<{ status: number; encoding: string | null; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(`${t.url}/api/v2/conversations/${conversationId}/raw_data?limit=50`, { headers: { Cookie: cookieHeader(), 'Accept-Encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, encoding: (res.headers['content-encoding'] as string | undefined) ?? null, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('compressed answers', () => {
  it.each([['br', zlib.brotliDecompressSync], ['gzip', zlib.gunzipSync]] as const)('sends a raw data page %s-compressed, the same rows once decoded', async (encoding, decode) => {
    const plain = await rawData('identity');
    expect(plain.encoding).toBeNull();
    const plainBody = plain.body.toString('utf8');
    const res = await rawData(encoding);
    expect(res.status).toBe(200);
    expect(res.encoding).toBe(encoding);
    expect(res.body.length).toBeLessThan(plain.body.length / 3);
    const decoded = JSON.parse(decode(res.body).toString('utf8'));
    expect(decoded.data).toHaveLength(50);
    expect(decoded).toEqual(JSON.parse(plainBody));
  });

  it('leaves a small answer as it is', async () => {
    const res = await fetch(`${t.url}/api/v2/health`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});
