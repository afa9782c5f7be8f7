/**
 * Mastodon-API public hashtag timelines (`/api/v1/timelines/tag/<tag>`, newest first, paginated with `max_id`).
 * The query's hashtags (or, without any, its single-word terms) are the tags read. Truth Social and Gab speak
 * this API too: `settings.platform` says which platform the posts are stored as (default truthsocial).
 * https://docs.joinmastodon.org/methods/timelines/#tag
 */
import { z } from 'zod';
import { isPlatformKey, type PlatformKey } from '@core/shared/platforms';
import type { PostInput } from '@core/server/postStore/normalize';
import { htmlToText } from '../import/formats';
import { baseUrl, parseAnswer, positiveTerms, str, type NetworkCollectorSpec } from './common';
import { CollectorError, HttpClient, httpSettings } from './http';

const accountSchema = z.object({
  id: z.string(), username: z.string(), acct: z.string(), display_name: z.string().optional(), url: z.string().optional(),
  avatar: z.string().optional(), created_at: z.string().optional(), note: z.string().optional(),
  followers_count: z.number().int().optional(), following_count: z.number().int().optional(), statuses_count: z.number().int().optional(),
}).loose();
const statusSchema = z.object({
  id: z.string(), uri: z.string(), url: z.string().nullable().optional(), created_at: z.string(), content: z.string(),
  language: z.string().nullable().optional(), account: accountSchema, in_reply_to_id: z.string().nullable().optional(),
  replies_count: z.number().int().optional(), reblogs_count: z.number().int().optional(), favourites_count: z.number().int().optional(),
  reblog: z.object({ id: z.string() }).loose().nullable().optional(), tags: z.array(z.object({ name: z.string() }).loose()).optional(),
  card: z.object({ url: z.string() }).loose().nullable().optional(),
}).loose();
export const timelineSchema = z.array(statusSchema);

export function mapStatus(s: z.infer<typeof statusSchema>, platform: PlatformKey): PostInput {
  const links = [...s.content.matchAll(/<a href="(https?:\/\/[^"]+)"[^>]*>/g)].map((m) => m[1]!).filter((u) => !/\/tags\/|\/@/.test(u));
  return {
    platform, rid: s.id, body: htmlToText(s.content.replace(/<\/p><p>/g, '\n')).trim(), published_at: new Date(s.created_at).toISOString(),
    language: s.language ?? null, source_url: s.url ?? s.uri, accounts_url: s.account.url ?? null, avatar_url: s.account.avatar ?? null,
    urls: [...links, ...(s.card?.url ? [s.card.url] : [])], hashtags: (s.tags ?? []).map((t) => t.name),
    author: {
      rid: s.account.id, user_id: s.account.id, screen_name: s.account.acct, display_name: s.account.display_name ?? null, url: s.account.url ?? null,
      avatar_url: s.account.avatar ?? null, bio: s.account.note ? htmlToText(s.account.note) : null,
      created_at: s.account.created_at ? new Date(s.account.created_at).toISOString() : null,
      additional_properties: platform === 'gab' ? { followers: s.account.followers_count, following: s.account.following_count, posts: s.account.statuses_count } : {},
    },
    reply_to: s.in_reply_to_id ?? null, repost_of: s.reblog?.id ?? null,
    additional_properties: { replies: s.replies_count ?? 0, reblogs: s.reblogs_count ?? 0, favorites: s.favourites_count ?? 0 },
  };
}

export const mastodonSpec: NetworkCollectorSpec = {
  id: 'mastodon', source: 'Mastodon', platforms: ['truthsocial', 'gab'], queryCapability: 'terms',
  async collect(sink, settings, ctx) {
    const platform = str(settings.platform) ?? 'truthsocial';
    if (!isPlatformKey(platform)) throw new CollectorError(`unknown platform '${platform}' in settings.platform`);
    const http = new HttpClient(`Mastodon (${new URL(baseUrl(settings, 'https://mastodon.social')).host})`, httpSettings(settings), ctx.signal);
    const base = baseUrl(settings, 'https://mastodon.social');
    const terms = positiveTerms(sink.request.query);
    const tags = terms.filter((t) => t.startsWith('#')).map((t) => t.slice(1));
    const tagList = (tags.length ? tags : terms.filter((t) => /^[\p{L}\p{N}_]+$/u.test(t))).slice(0, 5);
    for (const tag of tagList) {
      let maxId: string | null = null;
      for (let page = 0; page < 50 && !sink.full; page += 1) {
        const url = new URL(`${base}/api/v1/timelines/tag/${encodeURIComponent(tag)}`);
        url.searchParams.set('limit', '40');
        if (maxId) url.searchParams.set('max_id', maxId);
        const statuses = parseAnswer(http.service, timelineSchema, await http.json(url.toString()));
        if (!statuses.length) break;
        const posts = statuses.map((s) => mapStatus(s, platform));
        await sink.add(posts);
        if (posts.some((p) => sink.beforeRange(p.published_at))) break;
        maxId = statuses.at(-1)!.id;
      }
      if (sink.full) break;
    }
  },
};
