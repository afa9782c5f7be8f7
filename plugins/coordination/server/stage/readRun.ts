import { tablesOf, type Storage } from '@core/server/storage/database';
import type { PostsTables } from '@plugins/posts/shared/public';
import type { CoordAccount, CoordinationInput, CoordPost } from '../engine/types';

const BATCH = 5000;

/**
 * A run's posts and their authors as the engine's input. Account ids are `posts_actors.id`, post ids
 * `posts_posts.id`, as text. Reposts are keyed `platform:rid` of the original (the store keeps the rid, and two
 * reposts of one original share it). Read in keyset batches so a million-post run never needs one huge query.
 */
export async function readRunInput(storage: Storage, organizationId: string, runId: string, signal?: AbortSignal): Promise<CoordinationInput> {
  const db = tablesOf<PostsTables>(storage);
  const posts: CoordPost[] = [];
  let after = 0;
  for (;;) {
    signal?.throwIfAborted();
    const rows = await db.selectFrom('posts_run_posts as rp')
      .innerJoin('posts_posts as p', 'p.id', 'rp.post_id')
      .select(['p.id', 'p.actor_id', 'p.published_at', 'p.platform', 'p.body', 'p.repost_of', 'p.is_repost'])
      .where('rp.run_id', '=', runId).where('p.organization_id', '=', organizationId).where('p.id', '>', after)
      .orderBy('p.id').limit(BATCH).execute();
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const ids = rows.map((r) => r.id);
    const [urls, tags] = await Promise.all([
      db.selectFrom('posts_urls').select(['post_id', 'url']).where('post_id', 'in', ids).orderBy('post_id').orderBy('position').execute(),
      db.selectFrom('posts_hashtags').select(['post_id', 'tag']).where('post_id', 'in', ids).orderBy('post_id').orderBy('position').execute(),
    ]);
    const urlsOf = group(urls, (u) => u.post_id, (u) => u.url);
    const tagsOf = group(tags, (h) => h.post_id, (h) => h.tag);
    for (const r of rows) {
      if (r.actor_id === null) continue; // an anonymous post cannot coordinate with anyone
      posts.push({
        id: String(r.id), account_id: String(r.actor_id), published_at: Date.parse(r.published_at),
        urls: urlsOf.get(r.id) ?? null, hashtags: tagsOf.get(r.id) ?? null,
        repost_of: r.is_repost && r.repost_of ? `${r.platform}:${r.repost_of}` : null,
        // A repost copies its original's text: the engine counts it as a repost only (repostsCarryContent).
        text: r.body, platform: r.platform,
      });
    }
  }
  posts.sort((a, b) => a.published_at - b.published_at);
  const actorIds = [...new Set(posts.map((p) => Number(p.account_id)))];
  const accounts: CoordAccount[] = [];
  for (let k = 0; k < actorIds.length; k += BATCH) {
    const rows = await db.selectFrom('posts_actors').select(['id', 'screen_name', 'created_at', 'url', 'platform'])
      .where('organization_id', '=', organizationId).where('id', 'in', actorIds.slice(k, k + BATCH)).execute();
    for (const a of rows) {
      accounts.push({
        id: String(a.id), screen_name: a.screen_name, platform: a.platform,
        created_at: a.created_at ? Date.parse(a.created_at) : null,
        // The website in the profile (a shared employer page or link hub); embedded_profile_url is the account's own page.
        profile_url: a.url ?? null,
      });
    }
  }
  return { posts, accounts };
}

function group<R, V>(rows: readonly R[], key: (r: R) => number, value: (r: R) => V): Map<number, V[]> {
  const out = new Map<number, V[]>();
  for (const r of rows) {
    const list = out.get(key(r));
    if (list) list.push(value(r)); else out.set(key(r), [value(r)]);
  }
  return out;
}
