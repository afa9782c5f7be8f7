import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@core/server/logger';
import { tablesOf } from '@core/server/storage/database';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { createEnrichmentPlugin } from '@plugins/enrichment/server';
import { runNlp } from '@plugins/enrichment/server/stages/nlpStage';
import postsServer from '@plugins/posts/server';
import type { TopicsTables } from '@plugins/topics/server/tables';
import { conversationTopicsSchema, type ConversationTopics } from '@plugins/topics/shared/public';
import { insertPosts, insertRun, runStage, topicsServer } from './support';

/**
 * The narrative popup's entities end to end on the server: the enrichment NLP stage (the real one) finds people,
 * organisations, places, hashtags and mentions in the posts; the topics stage reads them through the `entities`
 * row field of the post facets, stores each narrative's top entities, and the topics route answers them with both
 * shares (of the filtered posts, of the conversation). SQLite, or PostgreSQL with NARRASCOPE_TEST_DATABASE_URL.
 */
let t: TestServer;
let analyst: ApiClient;
let org: string;
let runId: string;
/** Narrative id of each topic's posts (the three pools are recovered exactly, see stage.test.ts). */
const narrativeOf = new Map<string, string>();
const conversation = crypto.randomUUID();

/** Vaccine posts name a senator, a company, a place, a hashtag (spelt two ways) and a mention; election posts others; football none. */
function entityText(topic: string, i: number): string {
  if (topic === 'vaccine') {
    return [
      i % 2 === 0 ? ' Senator Jane Doe spoke.' : '',
      i % 4 === 0 ? ' Moderna Inc in Marion County' : '',
      i % 5 === 0 ? ' #vaxup' : ' #VaxUp',
      i < 3 ? ' @cdcgov' : '',
    ].join('');
  }
  if (topic === 'election') return `${i < 5 ? ' Governor John Roe said.' : ''} Summit County${i < 3 ? ' @observer' : ''}`;
  return '';
}

beforeAll(async () => {
  // The NLP stage inline (no worker thread) on this small set; URL expansion off.
  t = await startTestServer({ plugins: [postsServer, createEnrichmentPlugin({ expansion: null, nlp: { workers: 1, inlineBelow: 10_000, maxChunk: 10_000 } }), topicsServer], pipeline: { worker: false } });
  const user = await t.createUser('Entities Org');
  org = user.organizationId;
  analyst = new ApiClient(t.url);
  await analyst.login(user.email, user.password);
  const { ids, labels } = await insertPosts(t.storage, org, ['vaccine', 'election', 'football'], 20, entityText);
  runId = await insertRun(t.storage, org, conversation, ids);
  const run = { conversationId: conversation, organizationId: org, queryString: 'x', startDate: '2025-01-01T00:00:00.000Z',
    endDate: '2025-02-01T00:00:00.000Z', language: null, useExistingData: false, runType: 'STATIC_RUN' as const };
  await runNlp({ run, storage: t.storage, logger: createLogger('silent'), services: t.server.ctx.services, organizationId: org,
    conversationId: conversation, runId, progress: () => {}, signal: new AbortController().signal }, { workers: 1, inlineBelow: 10_000, maxChunk: 10_000 });
  await runStage(t, org, conversation, runId);
  const members = await tablesOf<TopicsTables>(t.storage).selectFrom('topics_post_topics').select(['post_id', 'topic_rid']).where('run_id', '=', runId).execute();
  const topicOfPost = new Map(members.map((m) => [Number(m.post_id), m.topic_rid!]));
  ids.forEach((id, i) => narrativeOf.set(labels[i]!, topicOfPost.get(id)!));
});
afterAll(async () => t?.close());

const stored = async () => (await tablesOf<TopicsTables>(t.storage).selectFrom('topics_narratives').select(['id', 'entities'])
  .where('run_id', '=', runId).orderBy('position').execute()).map((n) => ({ id: n.id, entities: JSON.parse(n.entities) as unknown[] }));
async function topics(query = ''): Promise<ConversationTopics> {
  const res = await analyst.get(`/api/v2/conversations/${conversation}/topics${query}`);
  expect(res.status).toBe(200);
  return conversationTopicsSchema.parse(res.body.data);
}
const byTopic = (data: ConversationTopics, topic: string) => data.narratives.find((n) => n.id === narrativeOf.get(topic))!;

describe(`narrative entities on ${process.env.NARRASCOPE_TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`, () => {
  it("stores each narrative's top entities by type, counted once per post, case-insensitively", async () => {
    const data = await topics();
    expect(data.narratives).toHaveLength(3);
    expect(byTopic(data, 'vaccine').entities).toEqual([
      { entity_name: 'Jane Doe', entity_type: 'PERSON', post_count: 10 },
      { entity_name: 'Moderna Inc', entity_type: 'ORGANIZATION', post_count: 5 },
      { entity_name: 'Marion County', entity_type: 'PLACE', post_count: 5 },
      // 16 posts write #VaxUp and 4 #vaxup: one hashtag, in the spelling most posts use.
      { entity_name: '#VaxUp', entity_type: 'HASHTAG', post_count: 20 },
      { entity_name: '@cdcgov', entity_type: 'MENTION', post_count: 3 },
    ]);
    expect(byTopic(data, 'election').entities).toEqual([
      { entity_name: 'John Roe', entity_type: 'PERSON', post_count: 5 },
      { entity_name: 'Summit County', entity_type: 'PLACE', post_count: 20 },
      { entity_name: '@observer', entity_type: 'MENTION', post_count: 3 },
    ]);
    expect(byTopic(data, 'football').entities).toEqual([]);
    // The same lists are what the stage stored, largest narrative first.
    expect((await stored()).map((n) => n.entities)).toEqual(data.narratives.map((n) => n.entities));
  });

  it('is idempotent: running the stage again stores the same entities', async () => {
    const before = await stored();
    await runStage(t, org, conversation, runId);
    expect(await stored()).toEqual(before);
  });

  it('answers both shares: of the filtered posts and of the conversation; entities stay those of the whole run', async () => {
    const all = await topics();
    expect(all.total_posts).toBe(60);
    expect(all.conversation_total_posts).toBe(60);
    for (const n of all.narratives) {
      expect([n.post_count, n.conversation_post_count, n.post_percent.toFixed(3), n.conversation_post_percent.toFixed(3)]).toEqual([20, 20, '0.333', '0.333']);
    }
    // Every fourth stored post is on gab: 15 posts, 5 of each narrative.
    const gab = await topics('?platforms=gab');
    expect([gab.total_posts, gab.conversation_total_posts]).toEqual([15, 60]);
    expect(gab.narratives.map((n) => [n.post_count, n.post_percent.toFixed(3), n.conversation_post_count, n.conversation_post_percent.toFixed(3)]))
      .toEqual([[5, '0.333', 20, '0.333'], [5, '0.333', 20, '0.333'], [5, '0.333', 20, '0.333']]);
    expect(byTopic(gab, 'vaccine').entities).toEqual(byTopic(all, 'vaccine').entities);
    // One narrative selected: all of the filtered posts, a third of the conversation.
    const one = await topics(`?narratives=${encodeURIComponent(`${byTopic(all, 'election').id}:true`)}`);
    expect(one.narratives.map((n) => [n.post_count, n.post_percent, n.conversation_post_count, n.conversation_post_percent.toFixed(3)])).toEqual([[20, 1, 20, '0.333']]);
  });
});
