/**
 * A normalised post as the cells the writer stores: every JSON text built, every flag 0/1. `PostWriter` writes
 * these; `preparePost` turns a `NormalizedPost` into one. They hold primitives only, so an import's parse thread
 * can build them and hand a batch to the writing thread as one flat array (`packPrepared` / `unpackPrepared`),
 * which crosses the thread boundary about twice as fast as the same posts as objects (issue 19).
 */
import type { Cell } from './sql';
import type { NormalizedPost } from './normalize';

export interface PreparedPost {
  platform: string;
  rid: string;
  /**
   * The author's posts_actors cells from `rid` to `additional_properties` (JSON text), in the writer's column order
   * (ACTOR_PROFILE_CELLS of them), or null for a post without an author.
   */
  author: Cell[] | null;
  /** The posts_posts cells from `subject` to `additional_properties` (POST_FIELD_CELLS of them). */
  fields: Cell[];
  /** Each link's url, host and domain, one after the other. */
  urls: Cell[];
  hashtags: string[];
  mentions: string[];
  search_text: string;
}

export const ACTOR_PROFILE_CELLS = 11;
export const POST_FIELD_CELLS = 20;

/** JSON text of a list of strings; most are empty. */
const jsonList = (values: readonly string[]) => (values.length ? JSON.stringify(values) : '[]');

export function preparePost(p: NormalizedPost): PreparedPost {
  const a = p.author;
  const urls: Cell[] = [];
  for (const u of p.urls) urls.push(u.url, u.host, u.domain);
  return {
    platform: p.platform,
    rid: p.rid,
    author: a
      ? [
        a.rid, a.user_id ?? null, a.screen_name ?? null, a.display_name ?? null, a.location ?? null, a.url ?? null,
        a.avatar_url ?? null, a.bio ?? null, a.created_at ?? null, a.embedded_profile_url ?? null,
        JSON.stringify(a.additional_properties ?? {}),
      ]
      : null,
    fields: [
      p.subject, p.title, p.body, p.published_at, p.language, p.source_url, p.avatar_url, p.accounts_url,
      p.urls.length ? JSON.stringify(p.urls.map((u) => u.url)) : '[]', jsonList(p.images), jsonList(p.domains),
      p.entities, p.repost_of ? 1 : 0, p.reply_to ? 1 : 0, p.quote_of ? 1 : 0, p.repost_of, p.quote_of, p.reply_to,
      p.is_niche ? 1 : 0, JSON.stringify(p.additional_properties),
    ],
    urls,
    hashtags: p.hashtags,
    mentions: p.mentions,
    search_text: p.search_text,
  };
}

/**
 * Posts as one flat array of primitives: per post platform, rid, 0 or 1 and the author's cells, the fields, then
 * the link cells, hashtags and mentions each as a count of cells and the cells, and the search text.
 */
export function packPrepared(posts: readonly PreparedPost[], out: Cell[] = []): Cell[] {
  for (const p of posts) {
    out.push(p.platform, p.rid);
    if (p.author) {
      out.push(1);
      for (const c of p.author) out.push(c);
    } else {
      out.push(0);
    }
    for (const c of p.fields) out.push(c);
    out.push(p.urls.length);
    for (const c of p.urls) out.push(c);
    out.push(p.hashtags.length);
    for (const c of p.hashtags) out.push(c);
    out.push(p.mentions.length);
    for (const c of p.mentions) out.push(c);
    out.push(p.search_text);
  }
  return out;
}

/** The posts `packPrepared` packed, in order. */
export function unpackPrepared(cells: readonly Cell[]): PreparedPost[] {
  const posts: PreparedPost[] = [];
  let i = 0;
  const take = (count: number) => {
    const part = cells.slice(i, i + count);
    i += count;
    return part;
  };
  while (i < cells.length) {
    const platform = cells[i] as string;
    const rid = cells[i + 1] as string;
    const hasAuthor = cells[i + 2] === 1;
    i += 3;
    const author = hasAuthor ? take(ACTOR_PROFILE_CELLS) : null;
    const fields = take(POST_FIELD_CELLS);
    const urls = take(cells[i++] as number);
    const hashtags = take(cells[i++] as number) as string[];
    const mentions = take(cells[i++] as number) as string[];
    const search_text = cells[i++] as string;
    posts.push({ platform, rid, author, fields, urls, hashtags, mentions, search_text });
  }
  return posts;
}
