import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOrganization } from '@core/server/seed';
import { tablesOf } from '@core/server/storage/database';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { narrativesServiceKey } from '@plugins/topics/shared/public';
import type { TopicsTables } from '@plugins/topics/server/tables';
import { nmi } from '@plugins/topics/evaluation/metrics';
import { insertPosts, insertRun, plugins, runStage, stageOf } from './support';

let t: TestServer;
beforeAll(async () => { t = await startTestServer({ plugins, pipeline: { worker: false } }); });
afterAll(async () => t?.close());

const db = () => tablesOf<TopicsTables>(t.storage);
async function snapshot(runId: string) {
  const [runs, topics, narratives, members] = await Promise.all([
    db().selectFrom('topics_runs').select(['status_code', 'message', 'admin_details', 'post_count', 'topic_count', 'outlier_count']).where('run_id', '=', runId).execute(),
    db().selectFrom('topics_topics').select(['rid', 'position', 'title', 'ngrams', 'post_dates', 'cohesion_score', 'exemplar_post_id']).where('run_id', '=', runId).orderBy('position').execute(),
    db().selectFrom('topics_narratives').select(['id', 'post_count', 'post_percent', 'coordination_cluster_count', 'engagement_score', 'title', 'is_threat', 'risk_level', 'entities']).where('run_id', '=', runId).orderBy('position').execute(),
    db().selectFrom('topics_post_topics').select(['post_id', 'topic_rid', 'is_exemplar']).where('run_id', '=', runId).orderBy('post_id').execute(),
  ]);
  return { runs, topics, narratives, members };
}

describe(`stage topics.narratives on ${process.env.NARRASCOPE_TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('is step 4 and depends on the NLP stage in the product', async () => {
    const { narrativesStage } = await import('@plugins/topics/server/stage');
    expect(narrativesStage()).toMatchObject({ id: 'topics.narratives', dagStep: 4, dependsOn: ['enrichment.nlp'], enrichmentStage: 'NARRATIVE' });
    expect(stageOf().dependsOn).toEqual(['posts.collect']);
  });

  it('stores topics, narratives and membership of the run; idempotent and deterministic', async () => {
    const org = await ensureOrganization(t.storage, 'Stage Org');
    const conversation = crypto.randomUUID();
    const { ids, labels } = await insertPosts(t.storage, org);
    const runId = await insertRun(t.storage, org, conversation, ids);
    await runStage(t, org, conversation, runId);
    const first = await snapshot(runId);

    expect(first.runs).toEqual([{ status_code: 200, message: 'Topics computed', admin_details: null, post_count: 60, topic_count: 3, outlier_count: 0 }]);
    expect(first.topics).toHaveLength(3);
    for (const topic of first.topics) {
      expect(topic.rid).toMatch(/^t_[0-9a-f]{16}$/);
      expect(JSON.parse(topic.ngrams)[0]).not.toBe('No keyphrases found');
      expect(JSON.parse(topic.post_dates)).toHaveLength(20);
      expect(Number(topic.cohesion_score)).toBeGreaterThan(0);
      expect(ids).toContain(Number(topic.exemplar_post_id));
    }
    // Every fourth post is on gab (niche): 25 % niche posts is the MEDIUM nicheness threshold.
    expect(first.narratives.map((n) => [n.post_count, Number(n.post_percent).toFixed(3), n.coordination_cluster_count, n.risk_level]))
      .toEqual([[20, '0.333', 0, 'MEDIUM_RISK'], [20, '0.333', 0, 'MEDIUM_RISK'], [20, '0.333', 0, 'MEDIUM_RISK']]);
    // No post facet provider has an `entities` field here (no enrichment): no entities, not an error.
    expect(first.narratives.map((n) => n.entities)).toEqual(['[]', '[]', '[]']);
    expect(first.members).toHaveLength(60);
    expect(first.members.filter((m) => m.is_exemplar === 1)).toHaveLength(3);
    // The three word pools are recovered exactly.
    const byId = new Map(first.members.map((m) => [Number(m.post_id), m.topic_rid!]));
    expect(nmi(labels, ids.map((id) => byId.get(id)!))).toBeCloseTo(1, 5);

    await runStage(t, org, conversation, runId);
    expect(await snapshot(runId)).toEqual(first);

    // A second run over the same posts gives the same topics (fixed seed), stored under its own run.
    const again = await insertRun(t.storage, org, conversation, ids);
    await runStage(t, org, conversation, again);
    const second = await snapshot(again);
    expect(second.topics.map((x) => [x.rid, x.ngrams])).toEqual(first.topics.map((x) => [x.rid, x.ngrams]));
  });

  it("keeps a narrative's id across runs whose windows overlap; an unrelated narrative gets its own", async () => {
    const org = await ensureOrganization(t.storage, 'Lineage Org');
    const conversation = crypto.randomUUID();
    const { ids, labels } = await insertPosts(t.storage, org);
    // Posts 0-14 of each topic, then 5-19 (as a daily run's window moves): half of each narrative's posts shared.
    const nth = (from: number, to: number) => ids.filter((_, i) => {
      const k = labels.slice(0, i).filter((l) => l === labels[i]).length;
      return k >= from && k < to;
    });
    const first = await insertRun(t.storage, org, conversation, nth(0, 15), { createdAt: '2026-01-01T00:00:00.000Z' });
    const second = await insertRun(t.storage, org, conversation, nth(5, 20), { createdAt: '2026-01-02T00:00:00.000Z' });
    await runStage(t, org, conversation, first);
    await runStage(t, org, conversation, second);
    const topicOf = async (runId: string) => {
      const rows = (await snapshot(runId)).members;
      const byPost = new Map(rows.map((m) => [Number(m.post_id), m.topic_rid!]));
      // The narrative id of each label, read from one of its posts in the run.
      return Object.fromEntries(['vaccine', 'election', 'football'].map((label) => [label,
        byPost.get(ids.find((id, i) => labels[i] === label && byPost.has(id))!)]));
    };
    const before = await topicOf(first);
    expect(new Set(Object.values(before)).size).toBe(3);
    expect(await topicOf(second)).toEqual(before);
    const narratives = await db().selectFrom('topics_narratives').select(['id', 'risk']).where('run_id', '=', second).execute();
    expect(narratives.map((n) => n.id).sort()).toEqual(Object.values(before).sort());
    // The risk's suggested filters name the narrative by the id it kept.
    for (const n of narratives) {
      for (const r of JSON.parse(n.risk).insight_risks) {
        expect(r.filters.filter((f: { key: string }) => f.key === 'narratives').map((f: { value: string }) => f.value)).toEqual([n.id]);
      }
    }

    // A later run over other posts on the same subjects shares no post with the one before: new ids.
    const other = await insertPosts(t.storage, org);
    const third = await insertRun(t.storage, org, conversation, other.ids, { createdAt: '2026-01-03T00:00:00.000Z' });
    await runStage(t, org, conversation, third);
    const thirdIds = (await snapshot(third)).topics.map((x) => x.rid);
    expect(thirdIds).toHaveLength(3);
    for (const id of thirdIds) expect(Object.values(before)).not.toContain(id);
  });

  it('records "No posts to cluster" for an empty run', async () => {
    const org = await ensureOrganization(t.storage, 'Empty Org');
    const conversation = crypto.randomUUID();
    const runId = await insertRun(t.storage, org, conversation, []);
    await runStage(t, org, conversation, runId);
    expect((await snapshot(runId)).runs).toEqual([{ status_code: 204, message: 'No posts to cluster', admin_details: null, post_count: 0, topic_count: 0, outlier_count: 0 }]);
  });

  it('lets the coordination stage set coordination_cluster_count through the topics.narratives service', async () => {
    const org = await ensureOrganization(t.storage, 'Coord Org');
    const conversation = crypto.randomUUID();
    const { ids } = await insertPosts(t.storage, org, ['vaccine', 'football'], 15);
    const runId = await insertRun(t.storage, org, conversation, ids);
    await runStage(t, org, conversation, runId);
    const service = t.server.ctx.services.get(narrativesServiceKey);
    const [a, b] = (await snapshot(runId)).narratives;
    expect(await service.setCoordinationCounts(org, runId, { [a!.id]: 3 })).toBe(2);
    expect((await snapshot(runId)).narratives.map((n) => n.coordination_cluster_count)).toEqual([3, 0]);
    // Another organisation cannot touch this run.
    expect(await service.setCoordinationCounts(crypto.randomUUID(), runId, { [b!.id]: 9 })).toBe(0);
    expect((await snapshot(runId)).narratives.map((n) => n.coordination_cluster_count)).toEqual([3, 0]);
    const membership = await service.topicOfPosts(org, runId);
    expect(membership.size).toBe(30);
    expect(new Set(membership.values())).toEqual(new Set([a!.id, b!.id]));
    // A range of ids answers that part of the same membership; another organisation gets nothing.
    const sorted = [...membership.keys()].sort((x, y) => x - y);
    const part = await service.topicOfPostsBetween(org, runId, sorted[5]!, sorted[19]!);
    expect([...part].sort(([x], [y]) => x - y)).toEqual(sorted.slice(5, 20).map((id) => [id, membership.get(id)]));
    expect((await service.topicOfPostsBetween(crypto.randomUUID(), runId, sorted[0]!, sorted[29]!)).size).toBe(0);
  });
});
