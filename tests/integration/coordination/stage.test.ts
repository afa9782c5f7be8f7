import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOrganization } from '@core/server/seed';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { tablesOf } from '@core/server/storage/database';
import { postFacetsKey } from '@core/server/facets/contract';
import { serverPlugins } from '@plugins/index.server';
import { detectStage } from '@plugins/coordination/server';
import type { CoordinationTables } from '@plugins/coordination/server/tables';
import { T0, plantedCorpus, recordRun, stageContext, storeCorpus } from '@plugins/coordination/server/testing/fixture';
import { CONFIG_ENV } from '@plugins/coordination/server/stage/config';
import { readRunInput } from '@plugins/coordination/server/stage/readRun';
import { packedSource } from '@plugins/coordination/server/engine/postSource';
import type { PackedInput } from '@plugins/coordination/server/engine/detect';
import type { PostStoreTables } from '@core/server/postStore/tables';

let t: TestServer;
let org: string;
let other: string;
const db = () => tablesOf<CoordinationTables>(t.storage);

beforeAll(async () => {
  t = await startTestServer({ plugins: serverPlugins, pipeline: { worker: false } });
  org = await ensureOrganization(t.storage, 'Coordination Org');
  other = await ensureOrganization(t.storage, 'Other Org');
}, 60_000);
afterAll(async () => t?.close());

async function snapshot(runId: string) {
  const q = db();
  return {
    clusters: await q.selectFrom('coordination_clusters').selectAll().where('run_id', '=', runId).orderBy('cluster_id').execute(),
    vertices: await q.selectFrom('coordination_vertices').selectAll().where('run_id', '=', runId).orderBy('actor_id').execute(),
    edges: await q.selectFrom('coordination_edges').selectAll().where('run_id', '=', runId).orderBy('edge_id').execute(),
    evidence: await q.selectFrom('coordination_evidence').selectAll().where('run_id', '=', runId).orderBy('edge_id').orderBy('seq').execute(),
    posts: await q.selectFrom('coordination_post_clusters').selectAll().where('run_id', '=', runId).orderBy('post_id').execute(),
  };
}

describe('coordination.detect', () => {
  it('finds the planted campaign, stores it with its proving posts, and gives the same rows when run twice', async () => {
    const ctx = stageContext(t.storage, org);
    const { actorIds, postIds } = await storeCorpus(t.storage, org, ctx.runId, plantedCorpus(8));
    await detectStage.run(ctx);
    const first = await snapshot(ctx.runId);

    const campaigners = [...actorIds].filter(([rid]) => rid.startsWith('s1-camp')).map(([, id]) => id).sort((a, b) => a - b);
    expect(first.clusters).toHaveLength(1);
    expect(first.clusters[0]).toMatchObject({ cluster_id: 'c1', organization_id: org, platform: 'twitter', number_accounts: 8, number_posts: 48 });
    expect(first.vertices.map((v) => v.actor_id)).toEqual(campaigners);
    const preview = JSON.parse(first.clusters[0]!.preview);
    expect(preview.evidences.map((e: { type: string; group: string }) => [e.type, e.group])).toEqual([['SYNCHRONOUS_URL_SHARE', 'Synchronous Posting']]);
    expect(preview.cluster_insights[0]).toMatch(/^8 accounts shared the same links/);
    // 8 accounts all linked: 28 edges, each proven by the shared links within seconds.
    expect(first.edges).toHaveLength(28);
    expect(JSON.parse(first.edges[0]!.coordination_types)).toEqual(['SYNCHRONOUS_URL_SHARE']);
    const sample = first.evidence.find((x) => x.edge_id === first.edges[0]!.edge_id)!;
    expect(sample.key).toMatch(/^campaign\.example\/story-\d$/);
    expect(Math.abs(sample.delta_ms!)).toBeLessThanOrEqual(60_000);
    expect(Date.parse(sample.time_j!) - Date.parse(sample.time_i!)).toBe(sample.delta_ms);
    // Every campaign link post (6 per member) carries the cluster id; no organic post does.
    const eventPosts = [...postIds].filter(([rid]) => /^s\d-camp\d-e\d$/.test(rid)).map(([, id]) => id).sort((a, b) => a - b);
    expect(first.posts.map((p) => p.post_id)).toEqual(eventPosts);
    expect(new Set(first.posts.map((p) => p.cluster_id))).toEqual(new Set(['c1']));

    const run = await db().selectFrom('coordination_runs').selectAll().where('run_id', '=', ctx.runId).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ organization_id: org, conversation_id: ctx.conversationId, stage_version: 1, number_accounts: 128 });

    await detectStage.run(ctx);
    expect(await snapshot(ctx.runId)).toEqual(first);
    expect(await db().selectFrom('coordination_runs').select('run_id').where('run_id', '=', ctx.runId).execute()).toHaveLength(1);
  }, 60_000);

  it('the coordination_cluster facet lists exactly the proving posts of the run, and row fields carry the cluster ids', async () => {
    const ctx = stageContext(t.storage, org);
    const { postIds } = await storeCorpus(t.storage, org, ctx.runId, plantedCorpus(5, 2));
    await detectStage.run(ctx);
    const facets = t.server.ctx.services.get(postFacetsKey);
    const source = facets.facet('coordination_cluster')!;
    const { rows } = await source({ organizationId: org, conversationId: ctx.conversationId, runId: ctx.runId }).execute(t.storage.db);
    const expected = [...postIds].filter(([rid]) => /^s\d-camp\d-e\d$/.test(rid)).map(([, id]) => id).sort((a, b) => a - b);
    expect(rows.map((r) => Number(r.post_id)).sort((a, b) => a - b)).toEqual(expected);
    expect(new Set(rows.map((r) => r.value))).toEqual(new Set(['c1']));
    // Without a run, the conversation's latest successful run applies; another organisation sees nothing.
    await recordRun(t.storage, ctx);
    const byConversation = await source({ organizationId: org, conversationId: ctx.conversationId, runId: null }).execute(t.storage.db);
    expect(byConversation.rows).toHaveLength(expected.length);
    expect((await source({ organizationId: other, conversationId: ctx.conversationId, runId: null }).execute(t.storage.db)).rows).toEqual([]);

    const provider = facets.providers().find((p) => p.owner === 'coordination')!;
    const organic = postIds.get('s2-org0-1') ?? [...postIds.values()][0]!;
    const fields = await provider.fields!([expected[0]!, organic], { organizationId: org, conversationId: ctx.conversationId, runId: ctx.runId });
    expect(fields.get(expected[0]!)).toEqual({ coordination_cluster_ids: ['c1'] });
    expect(fields.get(organic)).toEqual({ coordination_cluster_ids: [] });
  }, 60_000);

  it('an organic-only run stores a detection with no clusters', async () => {
    const ctx = stageContext(t.storage, org);
    await storeCorpus(t.storage, org, ctx.runId, plantedCorpus(0, 3));
    await detectStage.run(ctx);
    const s = await snapshot(ctx.runId);
    expect(s.clusters).toEqual([]);
    expect(s.posts).toEqual([]);
  }, 60_000);

  it('a bad configuration fails the stage with a message naming the setting, and keeps the stored detection', async () => {
    const ctx = stageContext(t.storage, org);
    await storeCorpus(t.storage, org, ctx.runId, plantedCorpus(4, 4));
    await detectStage.run(ctx);
    const before = await snapshot(ctx.runId);
    process.env[CONFIG_ENV] = JSON.stringify({ types: { SYNCHRONOUS_URL_SHARE: { windowMs: -1 } } });
    try {
      await expect(detectStage.run(ctx)).rejects.toThrow('coordination: SYNCHRONOUS_URL_SHARE.windowMs must be >= 0');
      process.env[CONFIG_ENV] = '{not json';
      await expect(detectStage.run(ctx)).rejects.toThrow(`${CONFIG_ENV} is not valid JSON`);
    } finally {
      delete process.env[CONFIG_ENV];
    }
    expect(await snapshot(ctx.runId)).toEqual(before);
  }, 60_000);

  it('windows are configurable: a 1-second URL window no longer links accounts 2 seconds apart', async () => {
    const ctx = stageContext(t.storage, org);
    await storeCorpus(t.storage, org, ctx.runId, plantedCorpus(6, 5));
    process.env[CONFIG_ENV] = JSON.stringify({ types: { SYNCHRONOUS_URL_SHARE: { windowMs: 500 } } });
    try { await detectStage.run(ctx); } finally { delete process.env[CONFIG_ENV]; }
    expect((await snapshot(ctx.runId)).clusters).toEqual([]);
    await detectStage.run(ctx);
    expect((await snapshot(ctx.runId)).clusters).toHaveLength(1);
  }, 60_000);
});

describe('the run as the engine reads it', () => {
  /** Each post as the engine sees it (string ids differ between the two reads; the values must not). */
  function decoded(input: PackedInput) {
    const s = packedSource(input.posts);
    return Array.from({ length: s.n }, (_, i) => ({
      id: s.id(i), account: s.account(i), time: s.time(i), platform: s.platform(i), repostOf: s.repostOf(i),
      urls: Array.from({ length: s.urlCount(i) }, (_, k) => s.url(i, k)),
      hashtags: Array.from({ length: s.hashtagCount(i) }, (_, k) => s.hashtag(i, k)), text: s.text(i),
    }));
  }

  it('on SQLite, read through the stage\'s own connections (links and hashtags apart), is the run the keyset batches read', async () => {
    const ctx = stageContext(t.storage, org);
    const corpus = plantedCorpus(5, 3, 'rd1-');
    const body = 'Grüße — 😀 «quoted» text with enough words';
    for (const rid of ['rd1-unicode', 'rd1-repost']) {
      corpus.posts.push({ rid, actor: corpus.actors[0]!.rid, at: T0 + 1000, body, urls: ['https://b.example/2', 'https://a.example/1'], hashtags: ['zwei', 'eins', 'drei'] });
    }
    const { postIds } = await storeCorpus(t.storage, org, ctx.runId, corpus);
    // two posts become reposts: to the engine a repost has no text, links or hashtags (repostsCarryContent is off)
    const reposts = [postIds.get('rd1-repost')!, postIds.get('rd1-org1-4')!];
    await tablesOf<PostStoreTables>(t.storage).updateTable('posts_posts').set({ is_repost: 1, repost_of: 'original-7' }).where('id', 'in', reposts).execute();

    const read = await readRunInput(t.storage, org, ctx.runId);
    const batched = await readRunInput({ ...t.storage, sqliteFile: undefined }, org, ctx.runId);
    const posts = decoded(read);
    expect(posts).toEqual(decoded(batched));
    expect(read.accounts).toEqual(batched.accounts);
    expect(posts.map((p) => Number(p.id))).toEqual([...postIds.values()].sort((a, b) => a - b));
    const byId = (rid: string) => posts.find((p) => Number(p.id) === postIds.get(rid));
    expect(byId('rd1-unicode')).toMatchObject({ repostOf: null, text: body, urls: ['https://b.example/2', 'https://a.example/1'], hashtags: ['zwei', 'eins', 'drei'] });
    expect(byId('rd1-repost')).toMatchObject({ repostOf: 'twitter:original-7', urls: [], hashtags: [], text: null });
    expect(posts.filter((p) => p.repostOf !== null)).toHaveLength(2);
  });
});
