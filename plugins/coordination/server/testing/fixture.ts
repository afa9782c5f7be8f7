import crypto from 'node:crypto';
import { createLogger } from '@core/server/logger';
import type { StageContext } from '@core/server/pipeline/stages';
import { tablesOf, type Storage } from '@core/server/storage/database';
import { ServiceRegistry } from '@core/shared/services/registry';
import type { PostStoreTables as PostsTables } from '@core/server/postStore/tables';
import { Random } from '@core/shared/random';

export const T0 = Date.UTC(2025, 0, 6);
const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface FixturePost {
  rid: string; actor: string; at: number; body: string; urls?: string[]; hashtags?: string[]; platform?: string;
}
export interface FixtureActor { rid: string; screen_name: string; created_at: string; platform?: string; url?: string | null }

/**
 * A small organic background (120 accounts posting random words, links and hashtags over 10 days) and one planted
 * campaign: `members` accounts `<prefix>camp0..` sharing the same link within seconds at 6 moments. Ids are the rids
 * the API answers with. `word`, when given, starts every post (so a conversation query can find them all).
 */
export function plantedCorpus(members = 8, seed = 1, prefix = `s${seed}-`, word = ''): { actors: FixtureActor[]; posts: FixturePost[] } {
  const rnd = new Random(seed);
  const randomWord = () => `w${rnd.int(0, 3000)}`;
  const topic = word;
  // Random names and sign-up dates: a templated name or a shared sign-up minute would be (true) sock-puppet evidence.
  const name = () => Array.from({ length: 9 }, () => String.fromCharCode(97 + rnd.int(0, 25))).join('');
  const created = () => new Date(T0 - rnd.int(30, 3000) * DAY - rnd.int(0, DAY)).toISOString();
  const actors: FixtureActor[] = [];
  const posts: FixturePost[] = [];
  for (let a = 0; a < 120; a++) {
    actors.push({ rid: `${prefix}org${a}`, screen_name: name(), created_at: created() });
    for (let k = rnd.int(4, 14); k > 0; k--) {
      posts.push({
        rid: `${prefix}org${a}-${k}`, actor: `${prefix}org${a}`, at: T0 + rnd.int(0, 10 * DAY), body: [topic, ...Array.from({ length: rnd.int(6, 12) }, randomWord)].join(' ').trim(),
        urls: rnd.chance(0.3) ? [`https://site${rnd.int(0, 50)}.com/p/${rnd.int(0, 2000)}`] : [],
        hashtags: rnd.chance(0.3) ? [`tag${rnd.int(0, 300)}`] : [],
      });
    }
  }
  for (let m = 0; m < members; m++) {
    actors.push({ rid: `${prefix}camp${m}`, screen_name: name(), created_at: created() });
    for (let k = 0; k < 8; k++) {
      posts.push({ rid: `${prefix}camp${m}-own${k}`, actor: `${prefix}camp${m}`, at: T0 + rnd.int(0, 10 * DAY), body: [topic, ...Array.from({ length: 8 }, randomWord)].join(' ').trim() });
    }
    for (let e = 0; e < 6; e++) {
      posts.push({
        rid: `${prefix}camp${m}-e${e}`, actor: `${prefix}camp${m}`, at: T0 + (e + 1) * 7 * HOUR + m * 2000 + rnd.int(0, 1000),
        body: `${topic} Read this now ${e}`.trim(), urls: [`https://campaign.example/story-${e}`],
      });
    }
  }
  return { actors, posts };
}

/** Writes actors and posts into the post store and links every post to `runId`; answers rid -> posts_posts.id. */
export async function storeCorpus(storage: Storage, organizationId: string, runId: string, corpus: { actors: FixtureActor[]; posts: FixturePost[] }) {
  const db = tablesOf<PostsTables>(storage);
  const now = new Date().toISOString();
  const actorIds = new Map<string, number>();
  for (const a of corpus.actors) {
    const row = await db.insertInto('posts_actors').values({
      organization_id: organizationId, platform: a.platform ?? 'twitter', rid: a.rid, user_id: null, screen_name: a.screen_name,
      display_name: a.screen_name.toUpperCase(), location: 'Somewhere', url: a.url ?? null, avatar_url: null, bio: `Bio of ${a.screen_name}`,
      created_at: a.created_at, embedded_profile_url: `https://x.com/${a.screen_name}`,
      additional_properties: JSON.stringify({ followers: 10, karma: 3 }), first_seen_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    actorIds.set(a.rid, row.id);
  }
  const postIds = new Map<string, number>();
  for (const p of corpus.posts) {
    const row = await db.insertInto('posts_posts').values({
      organization_id: organizationId, platform: p.platform ?? 'twitter', rid: p.rid, actor_id: actorIds.get(p.actor)!, subject: null, title: null,
      body: p.body, published_at: new Date(p.at).toISOString(), language: 'en', source_url: `https://x.com/status/${p.rid}`, avatar_url: null,
      accounts_url: null, urls: JSON.stringify(p.urls ?? []), images: '[]', domains: JSON.stringify((p.urls ?? []).map((u) => new URL(u).hostname)),
      entities: null, is_repost: 0, is_reply: 0, is_quote: 0, repost_of: null, quote_of: null, reply_to: null, is_niche: 0,
      additional_properties: '{}', source: 'import', created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    postIds.set(p.rid, row.id);
  }
  const urls = (corpus.posts.flatMap((p) => (p.urls ?? []).map((url, position) => ({ post_id: postIds.get(p.rid)!, position, url, host: new URL(url).hostname, domain: new URL(url).hostname }))));
  const tags = (corpus.posts.flatMap((p) => (p.hashtags ?? []).map((tag, position) => ({ post_id: postIds.get(p.rid)!, position, tag }))));
  const links = corpus.posts.map((p) => ({ run_id: runId, post_id: postIds.get(p.rid)! }));
  for (let k = 0; k < urls.length; k += 500) await db.insertInto('posts_urls').values(urls.slice(k, k + 500)).execute();
  for (let k = 0; k < tags.length; k += 500) await db.insertInto('posts_hashtags').values(tags.slice(k, k + 500)).execute();
  for (let k = 0; k < links.length; k += 500) await db.insertInto('posts_run_posts').values(links.slice(k, k + 500)).execute();
  return { actorIds, postIds };
}

/**
 * Records a pipeline run row for the stage context (status SUCCESS unless told), as the runner would: the routes
 * and facets read the conversation's latest successful run.
 */
export async function recordRun(storage: Storage, ctx: StageContext, status: 'SUCCESS' | 'FAILED' = 'SUCCESS', createdAt = new Date().toISOString()) {
  await storage.db.insertInto('core_pipeline_runs').values({
    id: ctx.runId, organization_id: ctx.organizationId, conversation_id: ctx.conversationId, run_type: 'STATIC_RUN', status,
    request: JSON.stringify(ctx.run), dag_step: 5, current_stage: null, enrichment_stage: null, progress: 1, message: null, error: null,
    collector_usage: '[]', attempts: 1, cancel_requested: 0, requested_by: null, worker_id: null, heartbeat_at: null,
    created_at: createdAt, started_at: createdAt, finished_at: createdAt, updated_at: createdAt,
  }).execute();
}

export function stageContext(storage: Storage, organizationId: string, conversationId: string = crypto.randomUUID(), runId: string = crypto.randomUUID()): StageContext {
  return {
    storage, logger: createLogger('silent'), services: new ServiceRegistry(), organizationId, conversationId, runId,
    run: {
      conversationId, organizationId, queryString: 'campaign', startDate: new Date(T0).toISOString(), endDate: new Date(T0 + 11 * DAY).toISOString(),
      language: null, useExistingData: false, runType: 'STATIC_RUN',
    },
    progress: () => {}, signal: new AbortController().signal,
  };
}

/** The corpus as Narrascope JSONL (the import format), for tests that go through the real import and collect. */
export function corpusJsonl(corpus: { actors: FixtureActor[]; posts: FixturePost[] }): string {
  const actors = new Map(corpus.actors.map((a) => [a.rid, a]));
  return corpus.posts.map((p) => {
    const a = actors.get(p.actor)!;
    return JSON.stringify({
      platform: p.platform ?? 'twitter', rid: p.rid, body: p.body, published_at: new Date(p.at).toISOString(), language: 'en',
      urls: p.urls ?? [], hashtags: p.hashtags ?? [],
      author: { rid: a.rid, screen_name: a.screen_name, display_name: a.screen_name.toUpperCase(), created_at: a.created_at, url: a.url ?? null, bio: `Bio of ${a.screen_name}`, location: 'Somewhere' },
    });
  }).join('\n');
}
