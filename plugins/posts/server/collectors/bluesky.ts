/**
 * Bluesky: the public AppView search (`app.bsky.feed.searchPosts`, no login), one search per positive term of the
 * query, newest first, paginated with `cursor`. https://docs.bsky.app/docs/api/app-bsky-feed-search-posts
 */
import { z } from 'zod';
import type { PostInput } from '@core/server/postStore/normalize';
import { baseUrl, parseAnswer, positiveTerms, type NetworkCollectorSpec } from './common';
import { HttpClient, httpSettings } from './http';

const facetSchema = z.object({ features: z.array(z.object({ $type: z.string(), uri: z.string().optional(), tag: z.string().optional() }).loose()) }).loose();
const postViewSchema = z.object({
  uri: z.string().startsWith('at://'),
  cid: z.string().optional(),
  author: z.object({ did: z.string(), handle: z.string(), displayName: z.string().optional(), avatar: z.string().optional(), createdAt: z.string().optional() }).loose(),
  record: z.object({
    text: z.string(),
    createdAt: z.string(),
    langs: z.array(z.string()).optional(),
    reply: z.object({ parent: z.object({ uri: z.string() }).loose() }).loose().optional(),
    facets: z.array(facetSchema).optional(),
    embed: z.object({ $type: z.string(), record: z.object({ uri: z.string() }).loose().optional(), external: z.object({ uri: z.string() }).loose().optional() }).loose().optional(),
  }).loose(),
  replyCount: z.number().int().optional(),
  repostCount: z.number().int().optional(),
  likeCount: z.number().int().optional(),
  quoteCount: z.number().int().optional(),
}).loose();
export const searchPostsSchema = z.object({ cursor: z.string().optional(), hitsTotal: z.number().optional(), posts: z.array(postViewSchema) }).loose();

const PAGE = 100;
const MAX_TERMS = 5;

export function mapBlueskyPost(p: z.infer<typeof postViewSchema>): PostInput {
  const rkey = p.uri.split('/').at(-1)!;
  const urls = [
    ...(p.record.facets ?? []).flatMap((f) => f.features.filter((x) => x.$type === 'app.bsky.richtext.facet#link' && x.uri).map((x) => x.uri!)),
    ...(p.record.embed?.external?.uri ? [p.record.embed.external.uri] : []),
  ];
  const hashtags = (p.record.facets ?? []).flatMap((f) => f.features.filter((x) => x.$type === 'app.bsky.richtext.facet#tag' && x.tag).map((x) => x.tag!));
  const quoted = p.record.embed?.$type?.startsWith('app.bsky.embed.record') ? p.record.embed.record?.uri ?? null : null;
  return {
    platform: 'bluesky', rid: p.uri, body: p.record.text, published_at: new Date(p.record.createdAt).toISOString(),
    language: p.record.langs?.[0] ?? null, source_url: `https://bsky.app/profile/${p.author.handle}/post/${rkey}`,
    avatar_url: p.author.avatar ?? null, accounts_url: `https://bsky.app/profile/${p.author.handle}`, urls, hashtags,
    author: { rid: p.author.did, user_id: p.author.did, screen_name: p.author.handle, display_name: p.author.displayName ?? null, avatar_url: p.author.avatar ?? null,
      created_at: p.author.createdAt ? new Date(p.author.createdAt).toISOString() : null, url: `https://bsky.app/profile/${p.author.handle}` },
    reply_to: p.record.reply?.parent.uri ?? null, quote_of: quoted,
    additional_properties: { replies: p.replyCount ?? 0, reposts: p.repostCount ?? 0, likes: p.likeCount ?? 0, quotes: p.quoteCount ?? 0 },
  };
}

export const blueskySpec: NetworkCollectorSpec = {
  id: 'bluesky', source: 'Bluesky', platforms: ['bluesky'], queryCapability: 'terms',
  async collect(sink, settings, ctx) {
    const http = new HttpClient('Bluesky', httpSettings(settings), ctx.signal);
    const base = baseUrl(settings, 'https://public.api.bsky.app');
    const terms = positiveTerms(sink.request.query).slice(0, MAX_TERMS);
    for (const term of terms) {
      let cursor: string | undefined;
      do {
        const url = new URL(`${base}/xrpc/app.bsky.feed.searchPosts`);
        url.searchParams.set('q', term);
        url.searchParams.set('sort', 'latest');
        url.searchParams.set('limit', String(PAGE));
        url.searchParams.set('since', new Date(sink.request.startDate).toISOString());
        url.searchParams.set('until', new Date(sink.request.endDate).toISOString());
        if (sink.request.language) url.searchParams.set('lang', sink.request.language);
        if (cursor) url.searchParams.set('cursor', cursor);
        const page = parseAnswer('Bluesky', searchPostsSchema, await http.json(url.toString()));
        const posts = page.posts.map(mapBlueskyPost);
        await sink.add(posts);
        cursor = page.posts.length && !posts.some((p) => sink.beforeRange(p.published_at)) ? page.cursor : undefined;
      } while (cursor && !sink.full);
      if (sink.full) break;
    }
  },
};
