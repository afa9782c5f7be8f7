import type { PostInput } from '@core/server/postStore/normalize';
import { startTestServer } from '@core/server/testing/testServer';
import { serverPlugins } from '@plugins/index.server';
import { createUrlsPlugin } from '@plugins/urls/server';
import type { UrlsOptions } from '@plugins/urls/server/config';

export { addRun, conversationWithRun, errorsOf, insightIn, signIn, writePosts, accountInsight, domainInsight } from '../insights/support';

/**
 * The URLs plugin's API tests: the real server with every plugin (SQLite, or PostgreSQL with
 * NARRASCOPE_TEST_DATABASE_URL), the URLs plugin built with the given RDAP options (off unless a test turns it on
 * against its own local registry), and a small corpus written through core's post writer.
 */
export const startServer = (options: UrlsOptions = { rdap: null }) => startTestServer({
  plugins: serverPlugins.map((p) => (p.manifest.id === 'urls' ? createUrlsPlugin(options) : p)),
  pipeline: { worker: false },
});

const T0 = Date.UTC(2026, 2, 10);
export const at = (hours: number) => new Date(T0 + hours * 3_600_000).toISOString();

interface Author { platform: 'twitter' | 'telegram' | 'gab'; rid: string; screen_name: string; url?: string }
export const ANNA: Author = { platform: 'twitter', rid: 'tw-1', screen_name: 'anna' };
export const BORIS: Author = { platform: 'telegram', rid: 'tg-2', screen_name: 'boris_news', url: 'https://t.me/boris_news' };
export const CARL: Author = { platform: 'gab', rid: 'gb-3', screen_name: 'carl' };
export const DANA: Author = { platform: 'telegram', rid: 'tg-4', screen_name: 'dana' };

const post = (author: Author, rid: string, hours: number, urls: string[]): PostInput => ({
  platform: author.platform, rid, body: `Post ${rid} on the harbour`, published_at: at(hours), language: 'en', urls,
  author: { rid: author.rid, screen_name: author.screen_name, display_name: author.screen_name.toUpperCase(), url: author.url ?? null,
    avatar_url: `https://img.example.net/${author.rid}.png` },
});

export const STORY = 'https://fresh-report.com/story-1';
export const STORY_2 = 'https://fresh-report.com/story-2';
export const WIRE = 'https://news.wire.org/a';

/**
 * fresh-report.com: story-1 shared by Anna (X), Boris and Carl; story-2 by Boris and Dana. news.wire.org (domain
 * wire.org) by Anna and Carl. One post without links.
 */
export const CORPUS: PostInput[] = [
  post(ANNA, 'p1', 1, [STORY]), post(BORIS, 'p2', 2, [STORY, WIRE]), post(CARL, 'p3', 3, [STORY]),
  post(BORIS, 'p4', 5, [STORY_2]), post(DANA, 'p5', 30, [STORY_2]), post(ANNA, 'p6', 31, [WIRE]),
  post(CARL, 'p7', 50, [WIRE]), post(DANA, 'p8', 51, []),
];

export const q = (params: Record<string, string | number | boolean>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
