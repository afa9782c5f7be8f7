import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFacetsKey } from '@core/server/facets/contract';
import { postScopeKey, type RunScopeWithRun } from '@core/server/postScope';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { decodeFilters, type Filters } from '@core/shared/filters';
import postsServer from '@plugins/posts/server/index';
import { runIndexAccelerator } from '@plugins/posts/server/explorer/runIndexAccelerator';
import { forgetRunIndexes } from '@plugins/posts/server/explorer/runIndex';
import { sql } from 'kysely';
import { conversationOver, post, postId, registerTestFacets, setFacet, uniqueOrg, writePosts } from '@plugins/posts/server/explorer/testing/fixture';

/**
 * Core's post scope answers every analysis's counts and ids from the explorer's in-memory run index once the explorer
 * holds it, and from SQL before: the two must select exactly the same posts for every kind of filter.
 */

let t: TestServer;
let scope: RunScopeWithRun;
let release: () => void;
let client: ApiClient;

const PLATFORMS = ['reddit', 'gab', 'twitter'] as const;
const SENTIMENTS = ['POSITIVE', 'NEGATIVE', 'NEUTRAL'] as const;

const CASES: Array<[string, string]> = [
  ['no filter', ''],
  ['one platform', 'platforms=gab'],
  ['platforms excluded', 'platforms=reddit:false'],
  ['a facet list', 'sentiments=NEGATIVE'],
  ['a facet boolean', 'contains_threatening_language=true'],
  ['a store flag', 'is_reply=true'],
  ['a domain', 'domains=example.org'],
  ['a date range', 'start_range=2026-01-02T00:00:00.000Z&end_range=2026-01-03T00:00:00.000Z'],
  ['everything at once', 'platforms=gab,twitter&sentiments=NEGATIVE:false&is_reply=false&start_range=2026-01-01T12:00:00.000Z'],
];
const filtersOf = (query: string): Filters => decodeFilters(new URLSearchParams(query));

beforeAll(async () => {
  t = await startTestServer({ plugins: [postsServer], pipeline: { worker: false } });
  const user = await t.createUser(uniqueOrg('Post scope index'));
  const orgId = user.organizationId;
  release = await registerTestFacets(t);
  const posts = Array.from({ length: 60 }, (_, i) => post(`p${i}`, {
    platform: PLATFORMS[i % 3]!,
    published_at: new Date(Date.UTC(2026, 0, 1, 1 + i)).toISOString(),
    ...(i % 4 === 0 ? { reply_to: `p${i - 1}` } : {}),
    ...(i % 5 === 0 ? { urls: ['https://example.org/story'] } : {}),
  }));
  await writePosts(t, orgId, posts);
  for (let i = 0; i < 60; i += 2) await setFacet(t, await postId(t, orgId, `p${i}`), SENTIMENTS[i % 3]!, i % 7 === 0 ? 0.9 : 0.1);
  const conversationId = await conversationOver(t, orgId);
  scope = await t.server.ctx.services.get(postScopeKey).resolve(orgId, conversationId) as RunScopeWithRun;
  client = new ApiClient(t.url);
  await client.login(user.email, user.password);
}, 60_000);
afterAll(async () => { release?.(); await t?.close(); });

const select = (query: string) => t.server.ctx.services.get(postScopeKey).select(scope, filtersOf(query));
const accelerator = () => runIndexAccelerator(t.storage, () => t.server.ctx.services.get(postFacetsKey));

describe("core's post scope over the explorer's run index", () => {
  const fromSql = new Map<string, { count: number; ids: number[] }>();

  it('prepares the explorer as soon as the run succeeds: its facts in the database and its index in memory', async () => {
    // The preparation runs after the run's status says SUCCESS; on a loaded CI machine it can take several seconds.
    await expect.poll(() => accelerator().count(scope, filtersOf('')), { timeout: 30_000 }).toBe(60);
    const marked = await sql<{ run_id: string }>`select run_id from posts_explorer_runs where run_id = ${scope.runId}`.execute(t.storage.db);
    expect(marked.rows).toHaveLength(1);
  });

  it('answers from SQL while the explorer has no index of the run', async () => {
    forgetRunIndexes(t.storage);
    expect(await accelerator().count(scope, filtersOf(''))).toBeNull();
    for (const [name, query] of CASES) {
      const selection = select(query);
      fromSql.set(name, { count: await selection.count(), ids: await selection.ids() });
    }
    expect(fromSql.get('no filter')!.count).toBe(60);
    expect(fromSql.get('one platform')!.count).toBe(20);
    expect(fromSql.get('a facet list')!.count).toBe(10);
    expect(fromSql.get('a domain')!.count).toBe(12);
    for (const { count, ids } of fromSql.values()) expect(ids).toHaveLength(count);
  });

  it('answers the same posts from the index once the explorer has read the run', async () => {
    const page = await client.get(`/api/v2/conversations/${scope.conversationId}/raw_data`);
    expect(page.body.metadata.pagination_info.total).toBe(60);
    // The page loads the run index, or answers through SQL while a load already under way finishes (it never waits for one).
    await expect.poll(() => accelerator().count(scope, filtersOf(''))).toBe(60);
    for (const [name, query] of CASES) {
      expect(await accelerator().count(scope, filtersOf(query)), name).toBe(fromSql.get(name)!.count);
      const selection = select(query);
      expect(await selection.count(), name).toBe(fromSql.get(name)!.count);
      expect(await selection.ids(), name).toEqual(fromSql.get(name)!.ids);
      const probe = [...fromSql.get('no filter')!.ids.slice(0, 30), 999_999_999];
      expect([...await selection.keep(probe)].sort((a, b) => a - b), name).toEqual(fromSql.get(name)!.ids.filter((id) => probe.includes(id)));
    }
  });

  it('stops answering from the index once a facet changes, until the explorer reloads it', async () => {
    await setFacet(t, await postId(t, scope.organizationId, 'p1'), 'NEGATIVE', 0);
    expect(await accelerator().count(scope, filtersOf('sentiments=NEGATIVE'))).toBeNull();
    expect(await select('sentiments=NEGATIVE').count()).toBe(fromSql.get('a facet list')!.count + 1);
  });
});
