/**
 * Readers for the development data in ../shared/data (see its MANIFEST.md): the QUT toolkit's CSV inputs and the
 * CooRTweet co-share sets, turned into the engine's posts. Timestamps there are seconds; the engine uses ms.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { CoordPost } from '../server/engine/types';

export interface QutRow {
  message_id: string;
  user_id: string;
  username: string;
  repost_id: string;
  reply_id: string;
  message: string;
  /** seconds */
  timestamp: number;
  /** the raw `urls` field, space-delimited as the toolkit's preprocessor splits it */
  urls: string[];
}

export function readQutCsv(path: string): QutRow[] {
  const rows = parse(fs.readFileSync(path), { columns: true, bom: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  return rows.map((r) => ({
    message_id: r.message_id!, user_id: r.user_id!, username: r.username!, repost_id: r.repost_id ?? '',
    reply_id: r.reply_id ?? '', message: r.message ?? '', timestamp: Number(r.timestamp),
    urls: (r.urls ?? '').split(' ').filter(Boolean),
  }));
}

/** CooRTweet `russian_coord_tweets`: retweets (object_id = retweeted tweet) by account, epoch seconds. */
export function readRussianCoordTweets(path: string): CoordPost[] {
  const rows = parse(fs.readFileSync(path), { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  return rows.map((r, k) => ({
    id: `${r.content_id}#${k}`, account_id: r.account_id!, published_at: Number(r.timestamp_share) * 1000,
    repost_of: r.object_id!, platform: 'twitter',
  }));
}

/**
 * CooRTweet `german_elections`: one row per (post, object); rows of a post are merged into one post with its URL
 * and hashtag ids (anonymised, so they become `url:<id>` and `tag<id>`). Rows without a post id are skipped.
 * Perceptual image hashes and domains have no evidence type here and are ignored.
 */
export function readGermanElections(path: string): CoordPost[] {
  const rows = parse(fs.readFileSync(path), { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  const posts = new Map<string, CoordPost & { urls: string[]; hashtags: string[] }>();
  for (const r of rows) {
    if (!r.post_id) continue;
    const id = `${r.account_id}/${r.post_id}`;
    let p = posts.get(id);
    if (!p) {
      p = {
        id, account_id: r.account_id!, published_at: Number(r.timestamp) * 1000, urls: [], hashtags: [],
        platform: r.account_id!.startsWith('fb_') ? 'facebook' : 'twitter',
      };
      posts.set(id, p);
    }
    if (r.url_id && !p.urls.includes(`url:${r.url_id}`)) p.urls.push(`url:${r.url_id}`);
    if (r.hashtag_id && !p.hashtags.includes(`tag${r.hashtag_id}`)) p.hashtags.push(`tag${r.hashtag_id}`);
  }
  return [...posts.values()].sort((a, b) => a.published_at - b.published_at);
}
