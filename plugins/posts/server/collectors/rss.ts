/**
 * RSS 2.0 and Atom feeds of news sites and blogs (`settings.feeds`: URLs, or `{url, platform}` with platform
 * `news` (default) or `blog`). Feeds cannot search: every entry in the date range is read and the matcher decides.
 */
import { isPlatformKey, type PlatformKey } from '@core/shared/platforms';
import type { PostInput } from '@core/server/postStore/normalize';
import { htmlToText } from '../import/formats';
import { str, type NetworkCollectorSpec } from './common';
import { CollectorError, HttpClient, httpSettings } from './http';

function decode(text: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(text);
  const raw = cdata ? cdata[1]! : text.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))).replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(parseInt(n, 16)));
  return htmlToText(cdata ? raw : htmlToText(raw)).replace(/\s+\n/g, '\n').trim();
}

function tag(block: string, name: string): string | null {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'i').exec(block);
  return m ? decode(m[1]!) : null;
}

export interface FeedEntry { id: string; title: string; link: string | null; body: string; published: string | null; author: string | null }

export function parseFeed(xml: string, feedUrl: string): { title: string; link: string; entries: FeedEntry[] } {
  const host = new URL(feedUrl).host;
  if (/<rss[\s>]/i.test(xml) || /<rdf:RDF/i.test(xml)) {
    const channel = /<channel[^>]*>([\s\S]*?)<item[\s>]/i.exec(xml)?.[1] ?? xml;
    const entries = [...xml.matchAll(/<item[\s>][\s\S]*?<\/item>/gi)].map(([item]) => {
      const link = tag(item, 'link');
      return {
        id: tag(item, 'guid') ?? link ?? tag(item, 'title') ?? '', title: tag(item, 'title') ?? '', link,
        body: tag(item, 'content:encoded') ?? tag(item, 'description') ?? '', published: tag(item, 'pubDate') ?? tag(item, 'dc:date'),
        author: tag(item, 'dc:creator') ?? tag(item, 'author'),
      };
    });
    return { title: tag(channel, 'title') ?? host, link: tag(channel, 'link') ?? `https://${host}`, entries };
  }
  if (/<feed[\s>]/i.test(xml)) {
    const head = /<feed[^>]*>([\s\S]*?)<entry[\s>]/i.exec(xml)?.[1] ?? xml;
    const entries = [...xml.matchAll(/<entry[\s>][\s\S]*?<\/entry>/gi)].map(([entry]) => {
      const link = /<link[^>]*rel="alternate"[^>]*href="([^"]+)"/i.exec(entry)?.[1] ?? /<link[^>]*href="([^"]+)"/i.exec(entry)?.[1] ?? null;
      return {
        id: tag(entry, 'id') ?? link ?? '', title: tag(entry, 'title') ?? '', link,
        body: tag(entry, 'content') ?? tag(entry, 'summary') ?? '', published: tag(entry, 'published') ?? tag(entry, 'updated'),
        author: tag(/<author>([\s\S]*?)<\/author>/i.exec(entry)?.[1] ?? '', 'name'),
      };
    });
    return { title: tag(head, 'title') ?? host, link: /<link[^>]*href="([^"]+)"/i.exec(head)?.[1] ?? `https://${host}`, entries };
  }
  throw new CollectorError(`malformed answer from ${host}: not an RSS or Atom feed`);
}

function feedsOf(settings: Record<string, unknown>): { url: string; platform: PlatformKey }[] {
  const feeds = Array.isArray(settings.feeds) ? settings.feeds : [];
  return feeds.flatMap((f) => {
    const url = typeof f === 'string' ? f : str((f as Record<string, unknown>)?.url);
    const platform = typeof f === 'object' && f !== null ? str((f as Record<string, unknown>).platform) ?? 'news' : 'news';
    return url && isPlatformKey(platform) ? [{ url, platform }] : [];
  });
}

export const rssSpec: NetworkCollectorSpec = {
  id: 'rss', source: 'RSS/Atom', platforms: ['news', 'blog'], queryCapability: 'terms',
  async collect(sink, settings, ctx) {
    const feeds = feedsOf(settings);
    if (!feeds.length) throw new CollectorError('no feeds configured (settings.feeds)');
    for (const feed of feeds) {
      const http = new HttpClient(new URL(feed.url).host, httpSettings(settings), ctx.signal);
      const parsed = parseFeed(await http.text(feed.url, 'application/rss+xml, application/atom+xml, application/xml, text/xml'), feed.url);
      const site = new URL(parsed.link, feed.url).host;
      const posts: PostInput[] = [];
      for (const e of parsed.entries) {
        const published = e.published ? new Date(e.published) : null;
        if (!published || !Number.isFinite(published.getTime()) || !e.id) {
          throw new CollectorError(`malformed answer from ${new URL(feed.url).host}: an entry has no ${e.id ? 'date' : 'id'}`);
        }
        posts.push({
          platform: feed.platform, rid: e.id, title: e.title || null, body: e.body, published_at: published.toISOString(),
          source_url: e.link, urls: e.link ? [e.link] : [],
          author: { rid: site, user_id: site, screen_name: site, display_name: parsed.title, url: `https://${site}` },
          additional_properties: { outlet: parsed.title, ...(e.author ? { byline: e.author } : {}) },
        });
      }
      await sink.add(posts);
      if (sink.full) break;
    }
  },
};
