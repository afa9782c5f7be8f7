import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '@core/server/testing/testServer';
import { ApiClient } from '@core/server/testing/httpClient';
import { errorsOf, signedIn, startAccessServer, type TestUser } from '../access/support';

/**
 * Issue 18, finding 4: a NUL character in a text field answered 500 on PostgreSQL (12 routes, sign-in among them)
 * and was stored on SQLite. One check at the edge now answers 400 naming the field on both engines, and nothing is
 * stored. Runs on whichever engine NARRASCOPE_TEST_DATABASE_URL selects (CI runs it on both).
 */
let t: TestServer;
let analyst: TestUser;
let client: ApiClient;

beforeAll(async () => {
  t = await startAccessServer();
  analyst = await t.createUser('Org NUL');
  client = await signedIn(t, analyst);
});
afterAll(async () => t?.close());

const projectNames = async () => (await client.get('/api/v2/project')).body.data.map((p: { name: string }) => p.name).sort();

describe('text no store can keep is refused at the edge (finding 4)', () => {
  it('answers 400 to a sign-in with a NUL in the e-mail, without a session', async () => {
    const anonymous = new ApiClient(t.url);
    const res = await anonymous.post('/api/v2/user/login', { email: `${analyst.email}\u0000`, password: analyst.password });
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual(['body.email: must not contain the NUL character (U+0000)']);
    expect(anonymous.cookies.size).toBe(0);
  });

  it('refuses a project named with a NUL or an unpaired surrogate, and stores nothing', async () => {
    await client.post('/api/v2/project', { name: 'Kept' });
    const before = await projectNames();
    const nul = await client.post('/api/v2/project', { name: 'Bad\u0000name' });
    expect(nul.status).toBe(400);
    expect(errorsOf(nul)).toEqual(['body.name: must not contain the NUL character (U+0000)']);
    const surrogate = await client.post('/api/v2/project', { name: 'Bad \uD800 name' });
    expect(surrogate.status).toBe(400);
    expect(errorsOf(surrogate)).toEqual(['body.name: must not contain an unpaired surrogate (invalid Unicode)']);
    expect(await projectNames()).toEqual(before);
  });

  it('answers 400 to a NUL in the address, and still 401 to an anonymous caller', async () => {
    const res = await client.get('/api/v2/project?name=a%00b');
    expect(res.status).toBe(400);
    expect(errorsOf(res)).toEqual(['The request address must not contain the NUL character (%00)']);
    expect((await new ApiClient(t.url).post('/api/v2/project', { name: 'x\u0000' })).status).toBe(401);
  });

  it('keeps ordinary Unicode, emoji included', async () => {
    const res = await client.post('/api/v2/project', { name: 'Zürich 😀' });
    expect(res.status).toBe(200);
    expect(await projectNames()).toContain('Zürich 😀');
  });
});
