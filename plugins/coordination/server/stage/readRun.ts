import { tablesOf, type Storage } from '@core/server/storage/database';
import type { PostStoreTables as PostsTables } from '@core/server/postStore/tables';
import type { PackedInput } from '../engine/detect';
import { PackedPostsBuilder, type PackedPosts } from '../engine/postSource';
import type { CoordAccount } from '../engine/types';
import { stageConfig } from './config';
import { readRunLists, readSqlitePosts, type RunLists } from './readSqlite';
import { sameOrganization } from '@core/server/storage/byIds';

const BATCH = 5000;

/**
 * A run's posts and their authors as the engine's input, in columns (engine/postSource.ts: typed arrays and string
 * tables, handed to the worker thread by transfer, ADR 0016). Account ids are `posts_actors.id`, post ids
 * `posts_posts.id`, as text to the engine. Reposts are keyed `platform:rid` of the original (the store keeps the
 * rid, and two reposts of one original share it). On SQLite with a database file, read by `readSqlitePosts` (one
 * statement each for posts, links and hashtags; `opts.lists`: the links and hashtags read elsewhere, by the stage's
 * worker thread); otherwise in keyset batches so a million-post run never needs one huge query. Posts stay in id
 * order: the engine orders them by time itself (stable, ties by id).
 *
 * A repost carries no text, links or hashtags unless the engine is configured to count them (`repostsCarryContent`,
 * off by default: a repost is evidence of SYNCHRONOUS_REPOST only).
 */
export async function readRunInput(
  storage: Storage, organizationId: string, runId: string, signal?: AbortSignal,
  opts: { repostContent?: boolean; lists?: Promise<RunLists> } = {},
): Promise<PackedInput> {
  const repostContent = opts.repostContent ?? stageConfig().repostsCarryContent;
  const db = tablesOf<PostsTables>(storage);
  const accountIds = new Map<number, string>();
  const file = storage.dialect === 'sqlite' ? storage.sqliteFile : undefined;
  let posts: PackedPosts;
  if (file) {
    posts = await readSqlitePosts(file, organizationId, runId, repostContent, accountIds, opts.lists ?? readRunLists({ file, runId }), signal);
  } else {
    const builder = new PackedPostsBuilder();
    await readPosts(db, organizationId, runId, repostContent, builder, accountIds, signal);
    posts = builder.build();
  }
  const actorIds = [...accountIds.keys()];
  const accounts: CoordAccount[] = [];
  const platforms = new Map<string, string>();
  const shared = (s: string) => { const known = platforms.get(s); if (known !== undefined) return known; platforms.set(s, s); return s; };
  for (let k = 0; k < actorIds.length; k += BATCH) {
    // In id order: the detection's result depends on the accounts' order (measured: at 1M, 189,421 edges read in the
    // organisation index's order, 189,428 by key), so the order must not be left to the query plan or the engine.
    const rows = await db.selectFrom('posts_actors').select(['id', 'screen_name', 'created_at', 'url', 'platform'])
      .where(sameOrganization(organizationId)).where('id', 'in', actorIds.slice(k, k + BATCH)).orderBy('id').execute();
    for (const a of rows) {
      accounts.push({
        id: accountIds.get(a.id)!, screen_name: a.screen_name, platform: shared(a.platform),
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

type Db = ReturnType<typeof tablesOf<PostsTables>>;

/** The run's posts in keyset batches through the query builder (PostgreSQL, and SQLite without a file: tests). */
async function readPosts(
  db: Db, organizationId: string, runId: string, repostContent: boolean, posts: PackedPostsBuilder, accountIds: Map<number, string>, signal?: AbortSignal,
): Promise<void> {
  let after = 0;
  for (;;) {
    signal?.throwIfAborted();
    const rows = await db.selectFrom('posts_run_posts as rp')
      .innerJoin('posts_posts as p', 'p.id', 'rp.post_id')
      .select(['p.id', 'p.actor_id', 'p.published_at', 'p.platform', 'p.body', 'p.repost_of', 'p.is_repost'])
      // Keyset on the run index's own column and order: ordered by p.id instead, SQLite sorted all the remaining
      // run posts in a temporary B-tree for every batch (quadratic: 25 s to read a 1M-post run instead of 6 s).
      .where('rp.run_id', '=', runId).where('p.organization_id', '=', organizationId).where('rp.post_id', '>', after)
      .orderBy('rp.post_id').limit(BATCH).execute();
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
      let accountId = accountIds.get(r.actor_id);
      if (accountId === undefined) accountIds.set(r.actor_id, (accountId = String(r.actor_id)));
      const repostOf = r.is_repost && r.repost_of ? `${r.platform}:${r.repost_of}` : null;
      const content = repostOf === null || repostContent;
      posts.add(
        Number(r.id), accountId, Date.parse(r.published_at), r.platform, repostOf,
        content ? urlsOf.get(r.id) ?? null : null, content ? tagsOf.get(r.id) ?? null : null, content ? r.body : null,
      );
    }
  }
}
