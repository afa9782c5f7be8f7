import { setImmediate as yieldToLoop } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { grownToFit } from '@core/shared/arrays/grownToFit';
import type { PackedPosts } from '../engine/postSource';

/**
 * The stage's read on SQLite with a database file (issue 17: 11.7 s of the 1M-post stage through keyset batches):
 * read-only connections of the stage's own (WAL: they see what the earlier stages committed), one statement each
 * over the run index in post id order, rows as arrays, packed as they arrive (reading the text as a blob, to skip
 * decoding and re-encoding it, measured slower: a Buffer per row costs more). The links and hashtags
 * (`readRunLists`) are read by the detection's worker thread while this thread reads the posts, and merged in post
 * id order. The result is the `PackedPosts` the batched read builds.
 */

/** One (post id, string id) row per link or hashtag, in post id and position order. */
export interface ListColumns { post: Float64Array; value: Int32Array; n: number }
export interface RunLists { urls: ListColumns; tags: ListColumns; strings: string[] }

/**
 * No memory map (issue 19): each page of a mapped read stays counted in the process's RSS while the connection is
 * open, up to 1 GiB per connection, on top of the server's own map, and a run's read is one sequential pass that
 * gains little from it (pages come through SQLite's own small cache instead).
 */
function open(file: string): Database.Database {
  const c = new Database(file, { readonly: true, fileMustExist: true });
  c.pragma('mmap_size = 0');
  return c;
}

/** The links and hashtags of a run's posts, strings interned (the stage's worker runs this while the posts are read). */
export function readRunLists(job: { file: string; runId: string }): RunLists {
  const c = open(job.file);
  try {
    const index = new Map<string, number>(), strings: string[] = [];
    const read = (table: string, column: string): ListColumns => {
      const out: ListColumns = { post: new Float64Array(1 << 16), value: new Int32Array(1 << 16), n: 0 };
      const rows = c.prepare(`select x.post_id, x.${column} from posts_run_posts rp join ${table} x on x.post_id = rp.post_id
        where rp.run_id = ? order by rp.post_id, x.position`).raw(true).iterate(job.runId) as IterableIterator<[number, string]>;
      for (const [post, s] of rows) {
        let v = index.get(s);
        if (v === undefined) { v = strings.length; index.set(s, v); strings.push(s); }
        if (out.n === out.post.length) {
          out.post = grownToFit(out.post, out.n + 1, 1.5);
          out.value = grownToFit(out.value, out.n + 1, 1.5);
        }
        out.post[out.n] = post; out.value[out.n++] = v;
      }
      return { post: out.post.slice(0, out.n), value: out.value.slice(0, out.n), n: out.n };
    };
    return { urls: read('posts_urls', 'url'), tags: read('posts_hashtags', 'tag'), strings };
  } finally {
    c.close();
  }
}

/** Rows between two yields to the event loop (the pipeline's heartbeats, an abort). */
const YIELD_EVERY = 20_000;

type PostRow = [number, number | null, string, string, string | null, string | null, number];

/**
 * The run's posts (anonymous ones left out) in post id order with `lists` merged in, as columns. `accountIds` gets
 * each author's actor id -> account id (its text), in the order of first appearance, as the batched read fills it.
 */
export async function readSqlitePosts(
  file: string, organizationId: string, runId: string, repostContent: boolean, accountIds: Map<number, string>,
  lists: Promise<RunLists> | RunLists, signal?: AbortSignal,
): Promise<PackedPosts> {
  const index = new Map<string, number>(), strings: string[] = [];
  const intern = (s: string) => {
    let v = index.get(s);
    if (v === undefined) { v = strings.length; index.set(s, v); strings.push(s); }
    return v;
  };
  const accountOf = new Map<number, number>();
  const encoder = new TextEncoder();
  let cap = 1 << 16, n = 0;
  let id = new Float64Array(cap), time = new Float64Array(cap), account = new Int32Array(cap), platform = new Int32Array(cap);
  let repost = new Int32Array(cap), content = new Uint8Array(cap), textOff = new Int32Array(cap + 1);
  let textBytes = new Uint8Array(1 << 20), textN = 0;
  const c = open(file);
  try {
    const rows = c.prepare(`select p.id, p.actor_id, p.published_at, p.platform, p.body, p.repost_of, p.is_repost
      from posts_run_posts rp join posts_posts p on p.id = rp.post_id
      where rp.run_id = ? and p.organization_id = ? order by rp.post_id`).raw(true).iterate(runId, organizationId) as IterableIterator<PostRow>;
    let k = 0;
    for (const [postId, actorId, publishedAt, plat, body, repostOfRid, isRepost] of rows) {
      if (++k % YIELD_EVERY === 0) { await yieldToLoop(); signal?.throwIfAborted(); }
      if (actorId === null) continue; // an anonymous post cannot coordinate with anyone
      if (n === cap) {
        cap = Math.ceil(cap * 1.5);
        id = grownToFit(id, cap, 1.5); time = grownToFit(time, cap, 1.5); account = grownToFit(account, cap, 1.5);
        platform = grownToFit(platform, cap, 1.5); repost = grownToFit(repost, cap, 1.5); content = grownToFit(content, cap, 1.5);
        textOff = grownToFit(textOff, cap + 1, 1.5);
      }
      let a = accountOf.get(actorId);
      if (a === undefined) {
        let accountId = accountIds.get(actorId);
        if (accountId === undefined) accountIds.set(actorId, (accountId = String(actorId)));
        accountOf.set(actorId, (a = intern(accountId)));
      }
      const repostOf = isRepost && repostOfRid ? `${plat}:${repostOfRid}` : null;
      const withContent = repostOf === null || repostContent;
      id[n] = postId; time[n] = Date.parse(publishedAt); account[n] = a; platform[n] = intern(plat);
      repost[n] = repostOf === null ? -1 : intern(repostOf); content[n] = withContent ? 1 : 0;
      if (withContent && body) {
        // UTF-8 takes at most 3 bytes per UTF-16 unit
        textBytes = grownToFit(textBytes, textN + body.length * 3, 1.5);
        textN += encoder.encodeInto(body, textBytes.subarray(textN)).written;
      }
      textOff[++n] = textN;
    }
  } finally {
    c.close();
  }
  const { urls, tags, strings: listStrings } = await lists;
  signal?.throwIfAborted();
  // the lists' string ids follow the posts' strings in the one table
  const base = strings.length;
  for (const s of listStrings) strings.push(s);
  const merge = (l: ListColumns) => {
    const off = new Int32Array(n + 1);
    const ids = new Int32Array(l.n);
    let r = 0, m = 0;
    for (let p = 0; p < n; p++) {
      const pid = id[p]!;
      while (r < l.n && l.post[r]! < pid) r++;
      for (; r < l.n && l.post[r] === pid; r++) if (content[p]) ids[m++] = base + l.value[r]!;
      off[p + 1] = m;
    }
    return { off, ids: ids.slice(0, m) };
  };
  const u = merge(urls), t = merge(tags);
  return {
    n, id: id.slice(0, n), time: time.slice(0, n), account: account.slice(0, n), platform: platform.slice(0, n), repost: repost.slice(0, n),
    urlOff: u.off, urlIds: u.ids, tagOff: t.off, tagIds: t.ids, textOff: textOff.slice(0, n + 1), textBytes: textBytes.slice(0, textN), strings,
  };
}
