import crypto from 'node:crypto';
import { expect } from 'vitest';
import { normalizePost, type PostInput } from '@core/server/postStore/normalize';
import { PostWriter } from '@core/server/postStore/writer';
import { tablesOf } from '@core/server/storage/database';
import { ApiClient } from '@core/server/testing/httpClient';
import { startTestServer, type TestServer } from '@core/server/testing/testServer';
import { serverPlugins } from '@plugins/index.server';
import type { NewInsight } from '@plugins/insights/shared/api';
import type { InsightsTables } from '@plugins/insights/server/tables';

/**
 * The insights plugin's API tests: the real server with every plugin (SQLite, or PostgreSQL when
 * NARRASCOPE_TEST_DATABASE_URL is set), users signed in with the roles the rules name, and a small corpus written
 * through core's post writer (actors, links, hosts and registrable domains as the pipeline stores them).
 */
export const startServer = () => startTestServer({ plugins: serverPlugins, pipeline: { worker: false } });

export type Role = 'Analyst' | 'Senior Analyst' | 'Global Admin' | 'Reader';

export async function signIn(t: TestServer, org: string, role: Role) {
  const user = await t.createUser(org, { roles: role === 'Reader' ? [] : [role] });
  const client = new ApiClient(t.url);
  await client.login(user.email, user.password);
  return { client, user };
}

const T0 = Date.UTC(2025, 2, 1);
const at = (hours: number) => new Date(T0 + hours * 3_600_000).toISOString();

export interface CorpusAccount { platform: 'twitter' | 'telegram' | 'gab'; rid: string; screen_name: string; user_id?: string; embedded_profile_url?: string; url?: string }

/**
 * Org A's corpus: four accounts, eleven posts. Alice (twitter) posts three times, once linking news.example.com;
 * Bob links www.other.org and notnews.example.com (a name that merely ends like news.example.com); the telegram
 * channel posts twice; the gab account links a subdomain of news.example.com and example.com itself.
 */
export const ALICE: CorpusAccount = { platform: 'twitter', rid: 'tw-100', screen_name: 'Alice_Example', user_id: 'u-100', embedded_profile_url: 'https://x.com/Alice_Example' };
export const BOB: CorpusAccount = { platform: 'twitter', rid: 'tw-200', screen_name: 'bob_b' };
export const CHANNEL: CorpusAccount = { platform: 'telegram', rid: 'tg-300', screen_name: 'newsroom', url: 'https://t.me/newsroom/' };
export const GABBER: CorpusAccount = { platform: 'gab', rid: 'gb-400', screen_name: 'gabber' };

const post = (author: CorpusAccount, rid: string, hours: number, urls: string[] = []): PostInput => ({
  platform: author.platform, rid, body: `Post ${rid} about the harbour ${urls.join(' ')}`.trim(), published_at: at(hours), language: 'en', urls,
  author: { rid: author.rid, screen_name: author.screen_name, display_name: author.screen_name, user_id: author.user_id ?? null,
    embedded_profile_url: author.embedded_profile_url ?? null, url: author.url ?? null },
});

export const CORPUS_A: PostInput[] = [
  post(ALICE, 'a1', 1, ['https://news.example.com/story-1']), post(ALICE, 'a2', 2), post(ALICE, 'a3', 3),
  post(BOB, 'b1', 4, ['https://www.other.org/x']), post(BOB, 'b2', 5, ['https://notnews.example.com/y']),
  post(CHANNEL, 'c1', 6), post(CHANNEL, 'c2', 7),
  post(GABBER, 'g1', 8, ['https://sub.news.example.com/b']), post(GABBER, 'g2', 9, ['https://example.com/root']),
  post(BOB, 'b3', 10), post(ALICE, 'a4', 11),
];

/** Stores posts for an organisation (core's writer) and answers rid -> posts_posts.id. */
export async function writePosts(t: TestServer, organizationId: string, posts: readonly PostInput[]): Promise<Map<string, number>> {
  await new PostWriter(t.storage, organizationId, 'import').write(posts.map(normalizePost));
  const rows = await tablesOf<object>(t.storage).selectFrom('posts_posts' as never).select(['id' as never, 'rid' as never])
    .where('organization_id' as never, '=', organizationId as never).execute() as Array<{ id: number; rid: string }>;
  return new Map(rows.map((r) => [r.rid, Number(r.id)]));
}

/** A conversation created through the API (its first run stays queued: no worker) with a finished run holding `postIds`. */
export async function conversationWithRun(t: TestServer, client: ApiClient, organizationId: string, name: string, postIds: readonly number[]) {
  const project = await client.post('/api/v2/project', { name: `Project of ${name}` });
  expect(project.status, project.text).toBe(200);
  const created = await client.post('/api/v2/conversations', {
    project_id: project.body.data.id, name, query_string: 'harbour', threat_feed: false,
    start_date: '2025-02-01T00:00', end_date: '2025-04-01T00:00', language: 'en',
  });
  expect(created.status, created.text).toBe(200);
  const conversationId = created.body.data.id as string;
  await addRun(t, organizationId, conversationId, postIds);
  return { conversationId, projectId: project.body.data.id as string, projectName: `Project of ${name}` };
}

/** A finished (SUCCESS) run of the conversation linking `postIds`, newer than every earlier one. */
let lastRunAt = 0;
export async function addRun(t: TestServer, organizationId: string, conversationId: string, postIds: readonly number[], status = 'SUCCESS') {
  const id = crypto.randomUUID();
  // Runs are ordered by creation time: two in one millisecond would leave the latest to the id's chance.
  lastRunAt = Math.max(Date.now(), lastRunAt + 1);
  const now = new Date(lastRunAt).toISOString();
  const db = t.storage.db;
  await db.insertInto('core_pipeline_runs').values({
    id, organization_id: organizationId, conversation_id: conversationId, run_type: 'STATIC_RUN', status, request: '{}', dag_step: null,
    current_stage: null, enrichment_stage: null, progress: 1, message: null, error: null, collector_usage: '[]', attempts: 1,
    cancel_requested: 0, requested_by: null, worker_id: null, heartbeat_at: null, created_at: now, started_at: now, finished_at: now, updated_at: now,
  }).execute();
  for (const postId of postIds) await tablesOf<object>(t.storage).insertInto('posts_run_posts' as never).values({ run_id: id, post_id: postId } as never).execute();
  return id;
}

/**
 * Everything the plugin stores and the insight audit trail, of one organisation or all: equal snapshots prove a
 * refused call changed nothing.
 */
export async function snapshot(t: TestServer, organizationId?: string) {
  const db = tablesOf<InsightsTables>(t.storage);
  const org = <Q extends { where: (...args: any[]) => Q }>(q: Q): Q => (organizationId ? q.where('organization_id', '=', organizationId) : q);
  return {
    insights: await org(db.selectFrom('insights_insights').selectAll()).orderBy('id').execute(),
    keys: await org(db.selectFrom('insights_match_keys').selectAll()).orderBy('insight_id').orderBy('kind').orderBy('key').execute(),
    values: await org(db.selectFrom('insights_values').selectAll()).orderBy('insight_id').orderBy('property').orderBy('value').execute(),
    audit: (await org(db.selectFrom('core_event_audit').select('id').where('event_type', 'like', 'insight%')).execute()).length,
  };
}

/** An account insight on `a` by its platform id, with properties. */
export const accountInsight = (a: CorpusAccount, properties: NewInsight['additional_properties'] = { subcategory: ['Other'] }, extra: Partial<NewInsight> = {}): NewInsight => ({
  analyzable_type: 'account', platform: a.platform, analyzable_id: a.rid, additional_properties: properties, ...extra,
});

export const domainInsight = (fqdn: string, properties: NewInsight['additional_properties'] = { subcategory: ['Other'] }): NewInsight => ({
  analyzable_type: 'domain', analyzable_id: fqdn, additional_properties: properties,
});

/** Creates an insight as `author` and, when asked, moves it with `reviewer` to approved, rejected or deleted. */
export async function insightIn(author: ApiClient, reviewer: ApiClient, body: NewInsight, status: 'pending' | 'approved' | 'rejected' | 'deleted' = 'pending') {
  const created = await author.post('/api/v2/insights', body);
  expect(created.status, created.text).toBe(200);
  const id = created.body.data.id as string;
  if (status !== 'pending') {
    const moved = await reviewer.patch('/api/v2/insights', { id, status });
    expect(moved.status, moved.text).toBe(200);
  }
  return id;
}

/** The error answer's messages. */
export const errorsOf = (res: { body: { metadata?: { errors?: string[] } } | null }) => res.body?.metadata?.errors;
