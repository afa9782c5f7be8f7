import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesOf } from '@core/server/storage/database';
import type { TestServer } from '@core/server/testing/testServer';
import type { EmergingNarratives } from '@plugins/radar/shared/api';
import { themeMetricsKey } from '@plugins/radar/shared/public';
import { T_END, addRun, createConversation, errorsOf, post, runStage, signIn, startServer, writePosts } from './support';

const ENGINE = process.env.NARRASCOPE_TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
let t: TestServer;
beforeAll(async () => { t = await startServer(); });
afterAll(async () => t?.close());

/**
 * 30 days of a conversation: two steady narratives (a post every 4 hours each) and a third, "surge", quiet (a post
 * every 2 days) until its last 12 hours, when it posts three times an hour. What the topics stage would answer is
 * written as its rows (topics_post_topics), so the test is about the detector, not the clustering.
 */
const HOURS = 30 * 24;
const plan: Array<{ topic: string; hoursBefore: number }> = [];
for (let h = 0; h < HOURS; h += 4) plan.push({ topic: 'steady', hoursBefore: h + 0.5 }, { topic: 'other', hoursBefore: h + 2.5 });
for (let h = 48; h < HOURS; h += 48) plan.push({ topic: 'surge', hoursBefore: h + 1.25 });
for (let i = 0; i < 36; i += 1) plan.push({ topic: 'surge', hoursBefore: 11.9 - i / 3 });
const corpus = plan.map((p, i) => post(`Narrative ${p.topic} post number ${i}`, p.hoursBefore));

describe(`Emerging narratives on ${ENGINE}`, () => {
  it('marks the narrative whose share bursts at the end, with its evidence; the theme metric service says the same', async () => {
    const a = await signIn(t, 'Radar Narratives Org');
    const org = a.user.organizationId;
    const ids = await writePosts(t, org, corpus);
    const conversationId = await createConversation(a.client, 'Narratives');
    const runId = await addRun(t, org, conversationId, ids);
    await runStage(t, 'radar.themes', org, conversationId, runId);
    const ask = async () => (await a.client.get(`/api/v2/radar/emerging_narratives?conversation_id=${conversationId}`)).body.data as EmergingNarratives;
    // Before the topics stage (and radar.narratives after it) there is nothing to read.
    expect(await ask()).toEqual({ conversation_id: conversationId, narratives: [] });

    await tablesOf<object>(t.storage).insertInto('topics_post_topics' as never).values(ids.map((id, i) => ({
      run_id: runId, post_id: id, organization_id: org, topic_rid: plan[i]!.topic, confidence_score: 1, is_exemplar: 0,
    })) as never).execute();
    await runStage(t, 'radar.narratives', org, conversationId, runId);
    await runStage(t, 'radar.narratives', org, conversationId, runId); // idempotent

    const answer = await ask();
    expect(answer.narratives.map((n) => n.topic)).toEqual(['surge']);
    const surge = answer.narratives[0]!;
    expect(surge.posts).toBe(14 + 36);
    const since = Date.parse(surge.emerging.since);
    expect(since).toBeGreaterThanOrEqual(T_END - 14 * 3_600_000);
    expect(since).toBeLessThanOrEqual(T_END - 11 * 3_600_000);
    expect(surge.emerging.baseline_per_hour).toBeLessThan(0.05);
    expect(surge.emerging.current_per_hour).toBeGreaterThan(2);
    // The first posts are the surge's earliest posts from the burst's start.
    const expected = plan.map((p, i) => ({ ...p, id: ids[i]!, at: T_END - p.hoursBefore * 3_600_000 }))
      .filter((p) => p.topic === 'surge' && p.at >= since).sort((x, y) => x.at - y.at).slice(0, 3).map((p) => p.id);
    expect(surge.emerging.first_post_ids).toEqual(expected);

    expect(await t.server.ctx.services.get(themeMetricsKey).emergingNarratives(org, conversationId)).toEqual(answer.narratives);
  });

  it('answers 404 "Conversation not found" for another organisation\'s conversation', async () => {
    const a = await signIn(t, 'Radar Narratives Owner');
    const conversationId = await createConversation(a.client, 'Mine');
    const b = await signIn(t, 'Radar Narratives Stranger');
    const res = await b.client.get(`/api/v2/radar/emerging_narratives?conversation_id=${conversationId}`);
    expect([res.status, errorsOf(res)]).toEqual([404, ['Conversation not found']]);
  });
});
