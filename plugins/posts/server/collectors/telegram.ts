/**
 * Telegram public channels through their web preview (`https://t.me/s/<channel>`, no login): each page lists the
 * latest ~20 messages; `?before=<id>` pages back. The preview cannot search, so every message of the configured
 * `channels` in the date range is fetched and the query's matcher decides.
 */
import type { PostInput } from '@core/server/postStore/normalize';
import { htmlToText } from '../import/formats';
import { baseUrl, list, type NetworkCollectorSpec } from './common';
import { CollectorError, HttpClient, httpSettings } from './http';

const MESSAGE = /<div class="tgme_widget_message [^"]*"[^>]*data-post="([^"]+)"[^>]*>([\s\S]*?)(?=<div class="tgme_widget_message_wrap|$)/g;

function attr(html: string, pattern: RegExp): string | null {
  return pattern.exec(html)?.[1] ?? null;
}

/** "1.2K" / "3M" / "845" → a number. */
export function compactCount(text: string | null): number | null {
  if (!text) return null;
  const m = /^([\d.,]+)\s*([KM]?)$/i.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, ''));
  return Math.round(n * (m[2]?.toUpperCase() === 'K' ? 1e3 : m[2]?.toUpperCase() === 'M' ? 1e6 : 1));
}

export function parseChannelPage(html: string, channel: string): PostInput[] {
  if (!html.includes('tgme_channel_info') && !html.includes('tgme_widget_message')) {
    throw new CollectorError(`malformed answer from Telegram: no channel preview for '${channel}'`);
  }
  const out: PostInput[] = [];
  for (const m of html.matchAll(MESSAGE)) {
    const [, dataPost, block] = m;
    const published = attr(block!, /<time[^>]*datetime="([^"]+)"/);
    if (!dataPost || !published) throw new CollectorError(`malformed answer from Telegram: a message of '${channel}' has no id or date`);
    const textHtml = attr(block!, /<div class="tgme_widget_message_text[^"]*"[^>]*>([\s\S]*?)<\/div>/) ?? '';
    const owner = attr(block!, /<a class="tgme_widget_message_owner_name"[^>]*><span[^>]*>([\s\S]*?)<\/span>/);
    const links = [...textHtml.matchAll(/<a href="(https?:\/\/[^"]+)"/g)].map((l) => l[1]!);
    const forwarded = attr(block!, /<a class="tgme_widget_message_forwarded_from_name" href="https:\/\/t\.me\/([^"]+)"/);
    const replyTo = attr(block!, /<a class="tgme_widget_message_reply" href="https:\/\/t\.me\/([^"?]+)/);
    const views = compactCount(attr(block!, /<span class="tgme_widget_message_views">([^<]+)<\/span>/));
    const [chan] = dataPost.split('/');
    out.push({
      platform: 'telegram', rid: dataPost, body: htmlToText(textHtml).trim(), published_at: new Date(published).toISOString(),
      source_url: `https://t.me/${dataPost}`, accounts_url: `https://t.me/${chan}`, urls: links,
      author: { rid: chan!, user_id: chan!, screen_name: chan!, display_name: owner ? htmlToText(owner) : chan!, url: `https://t.me/${chan}` },
      repost_of: forwarded, reply_to: replyTo,
      additional_properties: { channel: chan, ...(views !== null ? { views } : {}) },
    });
  }
  return out;
}

export const telegramSpec: NetworkCollectorSpec = {
  id: 'telegram', source: 'Telegram', platforms: ['telegram'], queryCapability: 'terms',
  async collect(sink, settings, ctx) {
    const http = new HttpClient('Telegram', httpSettings(settings), ctx.signal);
    const base = baseUrl(settings, 'https://t.me');
    const channels = list(settings.channels);
    if (!channels.length) throw new CollectorError('no channels configured (settings.channels)');
    for (const channel of channels) {
      let before: number | null = null;
      for (let page = 0; page < 200 && !sink.full; page += 1) {
        const url = `${base}/s/${encodeURIComponent(channel)}${before ? `?before=${before}` : ''}`;
        const posts = parseChannelPage(await http.text(url, 'text/html'), channel);
        if (!posts.length) break;
        await sink.add(posts);
        const ids = posts.map((p) => Number(p.rid.split('/')[1])).filter(Number.isFinite);
        const oldest = Math.min(...ids);
        if (posts.some((p) => sink.beforeRange(p.published_at)) || !Number.isFinite(oldest) || oldest <= 1 || oldest === before) break;
        before = oldest;
      }
      if (sink.full) break;
    }
  },
};
