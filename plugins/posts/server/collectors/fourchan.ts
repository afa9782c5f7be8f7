/**
 * 4chan through its read-only JSON API (https://github.com/4chan/4chan-API): the catalog of each configured board,
 * then the full thread of every thread whose opening post or latest replies mention a term of the query. At most
 * one request per second (`min_interval_ms`), as the API rules ask.
 */
import { z } from 'zod';
import type { PostInput } from '@core/server/postStore/normalize';
import { htmlToText } from '../import/formats';
import { baseUrl, list, parseAnswer, positiveTerms, type NetworkCollectorSpec } from './common';
import { HttpClient, httpSettings } from './http';

const postSchema = z.object({
  no: z.number().int(), resto: z.number().int(), time: z.number().int(), name: z.string().optional(), trip: z.string().optional(),
  id: z.string().optional(), sub: z.string().optional(), com: z.string().optional(), replies: z.number().int().optional(),
}).loose();
export const catalogSchema = z.array(z.object({ page: z.number().int(), threads: z.array(postSchema.extend({ last_replies: z.array(postSchema).optional() })) }).loose());
export const threadSchema = z.object({ posts: z.array(postSchema) }).loose();

export function mapFourchanPost(p: z.infer<typeof postSchema>, board: string): PostInput {
  const thread = p.resto === 0 ? p.no : p.resto;
  const authorRid = p.trip ?? (p.id ? `id:${p.id}` : p.name ?? 'Anonymous');
  const body = htmlToText(p.com ?? '');
  return {
    platform: 'fourchan', rid: String(p.no), subject: p.sub ? htmlToText(p.sub) : null, body,
    published_at: new Date(p.time * 1000).toISOString(), source_url: `https://boards.4chan.org/${board}/thread/${thread}#p${p.no}`,
    author: { rid: authorRid, user_id: authorRid, screen_name: p.name ?? 'Anonymous', display_name: p.name ?? 'Anonymous' },
    reply_to: p.resto === 0 ? null : String(p.resto),
    additional_properties: { board, thread_id: String(thread), ...(p.resto === 0 && p.replies !== undefined ? { replies: p.replies } : {}) },
  };
}

export const fourchanSpec: NetworkCollectorSpec = {
  id: 'fourchan', source: '4chan', platforms: ['fourchan'], queryCapability: 'terms',
  async collect(sink, settings, ctx) {
    const http = new HttpClient('4chan', httpSettings(settings, { minIntervalMs: 1000 }), ctx.signal);
    const base = baseUrl(settings, 'https://a.4cdn.org');
    const boards = list(settings.boards).length ? list(settings.boards) : ['pol'];
    const terms = positiveTerms(sink.request.query).map((t) => t.replace(/"/g, '').toLowerCase());
    for (const board of boards) {
      const catalog = parseAnswer('4chan', catalogSchema, await http.json(`${base}/${board}/catalog.json`));
      for (const thread of catalog.flatMap((p) => p.threads)) {
        if (sink.full) return;
        const text = [thread.sub, thread.com, ...(thread.last_replies ?? []).map((r) => r.com)].join(' ').toLowerCase();
        if (terms.length && !terms.some((t) => text.includes(t))) continue;
        const full = parseAnswer('4chan', threadSchema, await http.json(`${base}/${board}/thread/${thread.no}.json`));
        await sink.add(full.posts.map((p) => mapFourchanPost(p, board)));
      }
    }
  },
};
