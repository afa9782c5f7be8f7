import crypto from 'node:crypto';
import { createLogger } from '@core/server/logger';
import { tablesOf, type Storage } from '@core/server/storage/database';
import type { StageDefinition } from '@core/server/pipeline/stages';
import type { TestServer } from '@core/server/testing/testServer';
import type { PostStoreTables as PostsTables } from '@core/server/postStore/tables';
import postsServer from '@plugins/posts/server';
import { createTopicsServer } from '@plugins/topics/server';
import { makeLabelledPosts } from '@plugins/topics/evaluation/labelledPosts';

/**
 * Topics tests need the post store's tables, so they live here (tests/** may compose plugins; a plugin may not
 * import another plugin's server half). The stage runs with dependsOn ['posts.collect'] because the enrichment
 * NLP stage is not installed in these servers.
 */
export const topicsServer = createTopicsServer({ dependsOn: ['posts.collect'] });
export const plugins = [postsServer, topicsServer];
export const stageOf = (): StageDefinition => topicsServer.stages.find((s) => s.id === 'topics.narratives')!;

/**
 * Stores labelled posts (vaccine / election / football, 3 languages available) for an organisation; `suffix` adds
 * text to the i-th post of a topic (names, hashtags ... for the enrichment to find).
 */
export async function insertPosts(storage: Storage, organizationId: string, topics = ['vaccine', 'election', 'football'], perTopic = 20,
  suffix: (topic: string, i: number) => string = () => '') {
  const { posts, labels } = makeLabelledPosts(topics, perTopic, 7);
  const seen = new Map<string, number>();
  const db = tablesOf<PostsTables>(storage);
  const ids: number[] = [];
  for (const [i, p] of posts.entries()) {
    const nth = seen.get(labels[i]!) ?? 0;
    seen.set(labels[i]!, nth + 1);
    const row = await db.insertInto('posts_posts').values({
      organization_id: organizationId, platform: i % 4 === 0 ? 'gab' : 'twitter', rid: `${p.id}-${crypto.randomUUID()}`, actor_id: null,
      subject: null, title: null, body: `${p.text}${suffix(labels[i]!, nth)}`, published_at: p.published_at, language: p.language, source_url: null, avatar_url: null,
      accounts_url: null, urls: '[]', images: '[]', domains: '[]', entities: null, is_repost: 0, is_reply: 0, is_quote: 0,
      repost_of: null, quote_of: null, reply_to: null, is_niche: i % 4 === 0 ? 1 : 0, additional_properties: '{}', source: 'import',
      created_at: new Date().toISOString(),
    }).returning('id').executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return { ids, labels };
}

/** A finished run of a conversation holding `postIds`, as the pipeline leaves it (core_pipeline_runs). */
export async function insertRun(storage: Storage, organizationId: string, conversationId: string, postIds: number[],
  opts: { status?: string; createdAt?: string } = {}) {
  const id = crypto.randomUUID();
  const now = opts.createdAt ?? new Date().toISOString();
  const db = tablesOf<PostsTables>(storage);
  await db.insertInto('core_pipeline_runs').values({
    id, organization_id: organizationId, conversation_id: conversationId, run_type: 'STATIC_RUN', status: opts.status ?? 'SUCCESS',
    request: '{}', dag_step: null, current_stage: null, enrichment_stage: null, progress: 1, message: null, error: null,
    collector_usage: '[]', attempts: 1, cancel_requested: 0, requested_by: null, worker_id: null, heartbeat_at: null,
    created_at: now, started_at: now, finished_at: now, updated_at: now,
  }).execute();
  for (const post_id of postIds) await db.insertInto('posts_run_posts').values({ run_id: id, post_id }).execute();
  return id;
}

/** Runs the topics stage for a run by hand, with the server's services (post facets). */
export async function runStage(t: TestServer, organizationId: string, conversationId: string, runId: string) {
  await stageOf().run({
    run: { conversationId, organizationId, queryString: 'x', startDate: '2025-01-01T00:00:00.000Z', endDate: '2025-02-01T00:00:00.000Z',
      language: null, useExistingData: false, runType: 'STATIC_RUN' },
    storage: t.storage, logger: createLogger('silent'), services: t.server.ctx.services,
    organizationId, conversationId, runId, progress: () => {}, signal: new AbortController().signal,
  });
}
