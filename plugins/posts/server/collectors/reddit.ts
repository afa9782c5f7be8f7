/**
 * Reddit search (`/search.json`, newest first, paginated with `after`). Reddit's search understands AND, OR, NOT and
 * quoted phrases, so the whole query is sent; the matcher still decides. https://www.reddit.com/dev/api/#GET_search
 */
import { z } from 'zod';
import type { PostInput } from '@core/server/postStore/normalize';
import { baseUrl, parseAnswer, printQuery, type NetworkCollectorSpec } from './common';
import { HttpClient, httpSettings } from './http';

const linkSchema = z.object({
  kind: z.literal('t3'),
  data: z.object({
    id: z.string(), name: z.string(), title: z.string(), selftext: z.string().optional(), author: z.string(),
    author_fullname: z.string().optional(), created_utc: z.number(), subreddit: z.string(), permalink: z.string(),
    url: z.string().optional(), score: z.number().int().optional(), num_comments: z.number().int().optional(),
    upvote_ratio: z.number().optional(), over_18: z.boolean().optional(), stickied: z.boolean().optional(),
    is_video: z.boolean().optional(), locked: z.boolean().optional(), crosspost_parent: z.string().optional(),
  }).loose(),
}).loose();
export const listingSchema = z.object({ kind: z.literal('Listing'), data: z.object({ after: z.string().nullable(), children: z.array(linkSchema) }).loose() }).loose();

export function mapRedditPost(child: z.infer<typeof linkSchema>): PostInput {
  const d = child.data;
  const external = d.url && !d.url.includes('reddit.com') ? [d.url] : [];
  return {
    platform: 'reddit', rid: d.name, title: d.title, body: d.selftext ?? '', published_at: new Date(d.created_utc * 1000).toISOString(),
    source_url: `https://www.reddit.com${d.permalink}`, accounts_url: `https://www.reddit.com/user/${d.author}`, urls: external,
    author: { rid: d.author_fullname ?? d.author, user_id: d.author_fullname ?? d.author, screen_name: d.author, url: `https://www.reddit.com/user/${d.author}` },
    repost_of: d.crosspost_parent ?? null,
    additional_properties: {
      subreddit: d.subreddit, score: d.score ?? 0, comments: d.num_comments ?? 0, ...(d.upvote_ratio !== undefined ? { upvote_ratio: d.upvote_ratio } : {}),
      is_nsfw: d.over_18 ?? false, is_stickied: d.stickied ?? false, is_video: d.is_video ?? false, is_locked: d.locked ?? false,
      is_crosspost: d.crosspost_parent !== undefined,
    },
  };
}

export const redditSpec: NetworkCollectorSpec = {
  id: 'reddit', source: 'Reddit', platforms: ['reddit'], queryCapability: 'boolean',
  async collect(sink, settings, ctx) {
    const http = new HttpClient('Reddit', httpSettings(settings), ctx.signal);
    const base = baseUrl(settings, 'https://www.reddit.com');
    let after: string | null = null;
    for (let page = 0; page < 50 && !sink.full; page += 1) {
      const url = new URL(`${base}/search.json`);
      url.searchParams.set('q', printQuery(sink.request.query));
      url.searchParams.set('sort', 'new');
      url.searchParams.set('limit', '100');
      url.searchParams.set('raw_json', '1');
      if (after) url.searchParams.set('after', after);
      const listing = parseAnswer('Reddit', listingSchema, await http.json(url.toString()));
      const posts = listing.data.children.map(mapRedditPost);
      await sink.add(posts);
      after = listing.data.after;
      if (!after || !posts.length || posts.some((p) => sink.beforeRange(p.published_at))) break;
    }
  },
};
