import crypto from 'node:crypto';
import { expect } from 'vitest';
import { createLogger } from '@core/server/logger';
import { normalizePost, type PostInput } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import { tablesOf } from '@core/server/storage/database';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { serverPlugins } from '@plugins/index.server';

/**
 * Topic Radar's API tests: the real server with every plugin (SQLite, or PostgreSQL when
 * NARRASCOPE_TEST_DATABASE_URL is set), posts written through core's post writer, runs as the pipeline leaves them,
 * and the plugin's stage (and the enrichment NLP stage, for threats) run by hand on them.
 */
export const startServer = () => startTestServer({ plugins: serverPlugins, pipeline: { worker: false } });

export async function signIn(t: TestServer, org: string, permissions?: string[]) {
  const user = await t.createUser(org, permissions ? { permissions } : { roles: ['Analyst'] });
  const client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  return { client, user };
}

/** The newest post of the test corpora: windows end with its hour. */
export const T_END = Date.UTC(2025, 5, 30, 12, 30);
const HOUR = 3_600_000;
export const hoursAgo = (h: number) => new Date(T_END - h * HOUR).toISOString();

let counter = 0;
export const post = (body: string, hoursBefore: number, extra: Partial<PostInput> = {}): PostInput => {
  counter += 1;
  return {
    platform: 'twitter', rid: `r${counter}-${crypto.randomUUID().slice(0, 8)}`, body, published_at: hoursAgo(hoursBefore), language: 'en',
    author: { rid: `acc-${counter % 5}`, screen_name: `account_${counter % 5}`, display_name: `Account ${counter % 5}` }, ...extra,
  };
};

/**
 * The test corpus: 6 TARIFF posts (4 in the last 24 hours, 2 three days ago), 3 BOYCOTT ten days ago, 1 ELECTION_DENIAL
 * and 5 chatter posts in the last 24 hours; the newest (a TARIFF post) is T_END itself.
 */
export const CORPUS: PostInput[] = [
  post('New tariffs of 25% on imported steel take effect Monday. Prices will go up. #Tariffs #TradeWar', 0),
  post('Farmers say retaliatory tariffs are crushing soybean exports.', 2),
  post('Los nuevos aranceles del 10% a aguacates entran en vigor hoy.', 5, { language: 'es' }),
  post('对进口钢铁加征25%的关税将于下周生效，价格会上涨。', 7, { language: 'zh' }),
  post('Trade talks resume as both sides threaten more tariffs.', 72),
  post('The tariff on lumber is a tax on families, economists say.', 75),
  post('Boycott Sunmart! They pulled their ads after the backlash.', 240),
  post('The Sunmart boycott is working. Empty stores this weekend.', 241),
  post('抵制这个品牌！我今天取消了会员。', 242, { language: 'zh' }),
  post('The election was stolen. Audit every voting machine before they certify!', 3),
  post('What a game last night! The Hawks came back from 12 down.', 1),
  post('Made lasagna for dinner and it turned out amazing.', 4),
  post('My dog stole a whole sandwich off the counter.', 6),
  post('Flight to Denver delayed 3 hours. Airport pizza it is.', 8),
  post('Is the new Lumio laptop worth the upgrade?', 9),
];

/** Stores posts for an organisation (core's writer) and answers their posts_posts ids in input order. */
export async function writePosts(t: TestServer, organizationId: string, posts: readonly PostInput[]): Promise<number[]> {
  await new PostWriter(t.storage, organizationId, 'import').write(posts.map(normalizePost));
  const rows = await tablesOf<object>(t.storage).selectFrom('posts_posts' as never).select(['id' as never, 'rid' as never])
    .where('organization_id' as never, '=', organizationId as never).execute() as Array<{ id: number; rid: string }>;
  const byRid = new Map(rows.map((r) => [r.rid, Number(r.id)]));
  return posts.map((p) => byRid.get(p.rid)!);
}

/** A conversation created through the API (its own first run stays queued: no worker). */
export async function createConversation(client: ApiClient, name: string) {
  const project = await client.post('/api/v2/project', { name: `Project of ${name}` });
  expect(project.status, project.text).toBe(200);
  const created = await client.post('/api/v2/conversations', {
    project_id: project.body.data.id, name, query_string: 'tariffs', threat_feed: false,
    start_date: '2025-05-01T00:00', end_date: '2025-07-01T00:00', language: 'en',
  });
  expect(created.status, created.text).toBe(200);
  return created.body.data.id as string;
}

let lastRunAt = 0;
/** A SUCCESS run of the conversation linking `postIds`, newer than every earlier one. */
export async function addRun(t: TestServer, organizationId: string, conversationId: string, postIds: readonly number[], status = 'SUCCESS') {
  const id = crypto.randomUUID();
  lastRunAt = Math.max(Date.now(), lastRunAt + 1);
  const now = new Date(lastRunAt).toISOString();
  await t.storage.db.insertInto('core_pipeline_runs').values({
    id, organization_id: organizationId, conversation_id: conversationId, run_type: 'STATIC_RUN', status, request: '{}', dag_step: null,
    current_stage: null, enrichment_stage: null, progress: 1, message: null, error: null, collector_usage: '[]', attempts: 1,
    cancel_requested: 0, requested_by: null, worker_id: null, heartbeat_at: null, created_at: now, started_at: now, finished_at: now, updated_at: now,
  }).execute();
  for (const postId of postIds) await tablesOf<object>(t.storage).insertInto('posts_run_posts' as never).values({ run_id: id, post_id: postId } as never).execute();
  return id;
}

/** Runs a stage of an installed plugin by hand on a run, with the server's services. */
export async function runStage(t: TestServer, stageId: string, organizationId: string, conversationId: string, runId: string) {
  const stage = serverPlugins.flatMap((p) => p.stages ?? []).find((s) => s.id === stageId);
  if (!stage) throw new Error(`no stage ${stageId}`);
  await stage.run({
    run: { conversationId, organizationId, queryString: 'x', startDate: '2025-05-01T00:00:00.000Z', endDate: '2025-07-01T00:00:00.000Z',
      language: null, useExistingData: false, runType: 'STATIC_RUN' },
    storage: t.storage, logger: createLogger('silent'), services: t.server.ctx.services,
    organizationId, conversationId, runId, progress: () => {}, signal: new AbortController().signal,
  });
}

/** Enables Topic Radar themes for an organisation (what PUT /api/v2/organizations/{id} stores). */
export async function enableThemes(t: TestServer, organizationId: string, themes: string[]) {
  await t.storage.db.updateTable('core_organizations').set({ settings: JSON.stringify({ themes }) }).where('id', '=', organizationId).execute();
}

/** Everything the plugin stores: equal snapshots prove a refused call changed nothing. */
export async function snapshot(t: TestServer) {
  const db = tablesOf<object>(t.storage);
  return {
    themes: await db.selectFrom('radar_post_themes' as never).selectAll().orderBy('run_id' as never).orderBy('post_id' as never).execute(),
    runs: await db.selectFrom('radar_runs' as never).select(['run_id' as never, 'posts' as never, 'themed_posts' as never, 'last_post_at' as never]).orderBy('run_id' as never).execute(),
    hours: await db.selectFrom('radar_run_hours' as never).selectAll().orderBy('run_id' as never).orderBy('theme' as never).orderBy('hour' as never).execute(),
  };
}

export const errorsOf = (res: { body: { metadata?: { errors?: string[] } } | null }) => res.body?.metadata?.errors;
