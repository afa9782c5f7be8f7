import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFacetsKey } from '@core/server/facets/contract';
import { postScopeKey, type RunScope } from '@core/server/postScope';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import postsServer from '../index';
import { csvLines } from './csvRows';
import { rowsFor } from './rows';
import { conversationOver, post, postId, signedIn, uniqueOrg, writePosts } from './testing/fixture';

/**
 * Rows and CSV lines by post id are scoped to the organisation in their query, whatever ids a caller passes: the
 * routes pass only ids of the scope's run, and this is the second line behind them.
 */

let t: TestServer;
let scope: RunScope;
let own: number[];
let foreign: number[];

beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer], pipeline: { worker: false } });
  const a = await signedIn(t, uniqueOrg('Rows scope A'));
  const b = await signedIn(t, uniqueOrg('Rows scope B'));
  await writePosts(t, a.user.organizationId, [post('mine-1', { body: 'ballot one' }), post('mine-2', { body: 'ballot two' })]);
  await writePosts(t, b.user.organizationId, [post('theirs-1', { body: 'ballot secret' })]);
  const conversation = await conversationOver(t, a.user.organizationId);
  scope = await t.server.ctx.services.get(postScopeKey).resolve(a.user.organizationId, conversation);
  own = [await postId(t, a.user.organizationId, 'mine-1'), await postId(t, a.user.organizationId, 'mine-2')];
  foreign = [await postId(t, b.user.organizationId, 'theirs-1')];
}, 120_000);
afterAll(async () => { await t?.close(); });

describe('rows and CSV lines by id', () => {
  it("leave out another organisation's posts, in the order asked", async () => {
    const registry = t.server.ctx.services.get(postFacetsKey);
    const rows = await rowsFor(t.storage, registry, scope, [own[1]!, foreign[0]!, own[0]!]);
    expect(rows.map((r) => r.rid)).toEqual(['mine-2', 'mine-1']);
    const csv = await csvLines(t.storage, registry, scope, [foreign[0]!, own[0]!]);
    expect(csv).toContain('mine-1');
    expect(csv).not.toContain('theirs-1');
    expect(csv).not.toContain('secret');
    expect(await rowsFor(t.storage, registry, scope, foreign)).toEqual([]);
  });
});
