/**
 * The platform catalogue (spec part 2 section 3, "Platforms", "Post statistics by platform class"): every platform
 * Narrascope knows, with its key, label, class names, icon, colour, group and the statistics its posts show.
 * Pure data; importable by the browser and the server.
 */

/** Keys in the spec's order. Keys are stored with every post and are permanent. */
export const PLATFORM_KEYS = [
  'blog', 'board', 'eightkun', 'fourchan', 'gab', 'gettr', 'kiwifarms', 'mewe', 'minds', 'news',
  'parler', 'poal', 'reddit', 'telegram', 'truthsocial', 'twitter', 'wimkin', 'facebook', 'patriots', 'bluesky',
] as const;
export type PlatformKey = (typeof PLATFORM_KEYS)[number];

export const PLATFORM_GROUPS = ['niche', 'mainstream', 'onlineDiscussion'] as const;
export type PlatformGroup = (typeof PLATFORM_GROUPS)[number];

/** The statistics a post may show; `property` names the additional_properties keys read, first present wins. */
export interface PostStatistic {
  key: 'comments' | 'replies' | 'favorites' | 'reblogs' | 'likes' | 'shares' | 'upvotes' | 'reposts' | 'score' | 'retweets';
  label: string;
  properties: readonly string[];
}

/** A monogram badge drawn in the platform colour; pure data so both halves can use it. */
export interface PlatformIcon {
  monogram: string;
}

export interface PlatformInfo {
  key: PlatformKey;
  /** Display name (twitter is shown as X). */
  label: string;
  postClass: string;
  userClass: string;
  accountClass: string;
  icon: PlatformIcon;
  /** CSS colour, `#rrggbb`. */
  colour: string;
  group: PlatformGroup;
  /**
   * The statistics of the "Post statistics by platform class" table; `[]` where the table says none (message
   * boards, forums); `null` for a platform the table does not list ("Post statistics unavailable").
   */
  statistics: readonly PostStatistic[] | null;
  /** Which row of the statistics table the platform falls under, or null when it is not in the table. */
  statisticsClass: string | null;
}

export const POST_STATISTICS_UNAVAILABLE = 'Post statistics unavailable';
export const LOADING_POST_STATISTICS = 'Loading post statistics';

const stat = {
  comments: { key: 'comments', label: 'Comments', properties: ['comments'] },
  replies: { key: 'replies', label: 'Replies', properties: ['replies'] },
  favorites: { key: 'favorites', label: 'Favorites', properties: ['favorites', 'likes'] },
  reblogs: { key: 'reblogs', label: 'Reblogs', properties: ['reblogs', 'reposts'] },
  likes: { key: 'likes', label: 'Likes', properties: ['likes'] },
  shares: { key: 'shares', label: 'Shares', properties: ['shares'] },
  /** Minds: "shares (from remind count)". */
  reminds: { key: 'shares', label: 'Shares', properties: ['remind_count', 'shares'] },
  upvotes: { key: 'upvotes', label: 'Upvotes', properties: ['upvotes'] },
  reposts: { key: 'reposts', label: 'Reposts', properties: ['reposts'] },
  score: { key: 'score', label: 'Score', properties: ['score'] },
  retweets: { key: 'retweets', label: 'Retweets', properties: ['retweets', 'reposts'] },
} satisfies Record<string, PostStatistic>;

type Entry = Omit<PlatformInfo, 'key' | 'postClass' | 'userClass' | 'accountClass'> & { className: string };

const ENTRIES: Record<PlatformKey, Entry> = {
  blog: { label: 'Blog', className: 'Blog', icon: { monogram: 'Bl' }, colour: '#8d6e63', group: 'onlineDiscussion', statisticsClass: 'Blog, news', statistics: [stat.comments] },
  board: { label: 'Board', className: 'Board', icon: { monogram: 'Bd' }, colour: '#78909c', group: 'onlineDiscussion', statisticsClass: 'Message board, forum', statistics: [] },
  eightkun: { label: '8kun', className: 'Eightkun', icon: { monogram: '8k' }, colour: '#7e57c2', group: 'niche', statisticsClass: '8kun, 4chan', statistics: [stat.replies] },
  fourchan: { label: '4chan', className: 'Fourchan', icon: { monogram: '4c' }, colour: '#2e7d32', group: 'niche', statisticsClass: '8kun, 4chan', statistics: [stat.replies] },
  gab: { label: 'Gab', className: 'Gab', icon: { monogram: 'G' }, colour: '#00c853', group: 'niche', statisticsClass: 'Gab, Truth Social', statistics: [stat.favorites, stat.replies, stat.reblogs] },
  gettr: { label: 'Gettr', className: 'Gettr', icon: { monogram: 'Gt' }, colour: '#e53935', group: 'niche', statisticsClass: 'Gettr', statistics: [stat.likes, stat.shares] },
  kiwifarms: { label: 'Kiwi Farms', className: 'Kiwifarms', icon: { monogram: 'KF' }, colour: '#afb42b', group: 'niche', statisticsClass: 'Message board, forum', statistics: [] },
  mewe: { label: 'MeWe', className: 'Mewe', icon: { monogram: 'Me' }, colour: '#00acc1', group: 'niche', statisticsClass: 'MeWe', statistics: [stat.likes, stat.comments, stat.shares] },
  minds: { label: 'Minds', className: 'Minds', icon: { monogram: 'Mi' }, colour: '#fbc02d', group: 'niche', statisticsClass: 'Minds', statistics: [stat.comments, stat.reminds] },
  news: { label: 'News', className: 'News', icon: { monogram: 'N' }, colour: '#5d4037', group: 'onlineDiscussion', statisticsClass: 'Blog, news', statistics: [stat.comments] },
  parler: { label: 'Parler', className: 'Parler', icon: { monogram: 'P' }, colour: '#c2185b', group: 'niche', statisticsClass: 'Parler', statistics: [stat.upvotes, stat.comments, stat.reposts] },
  poal: { label: 'Poal', className: 'Poal', icon: { monogram: 'Po' }, colour: '#f4511e', group: 'niche', statisticsClass: 'Poal', statistics: [stat.upvotes] },
  reddit: { label: 'Reddit', className: 'Reddit', icon: { monogram: 'r/' }, colour: '#ff4500', group: 'mainstream', statisticsClass: 'Reddit', statistics: [stat.score, stat.comments] },
  telegram: { label: 'Telegram', className: 'Telegram', icon: { monogram: 'Tg' }, colour: '#29b6f6', group: 'niche', statisticsClass: 'Telegram', statistics: [stat.favorites, stat.comments, stat.shares] },
  truthsocial: { label: 'Truth Social', className: 'Truthsocial', icon: { monogram: 'T' }, colour: '#3949ab', group: 'niche', statisticsClass: 'Gab, Truth Social', statistics: [stat.favorites, stat.replies, stat.reblogs] },
  twitter: { label: 'X', className: 'Twitter', icon: { monogram: 'X' }, colour: '#000000', group: 'mainstream', statisticsClass: 'Twitter', statistics: [stat.likes, stat.replies, stat.retweets] },
  wimkin: { label: 'Wimkin', className: 'Wimkin', icon: { monogram: 'W' }, colour: '#6a1b9a', group: 'niche', statisticsClass: 'Wimkin', statistics: [stat.comments] },
  facebook: { label: 'Facebook', className: 'Facebook', icon: { monogram: 'f' }, colour: '#1877f2', group: 'mainstream', statisticsClass: null, statistics: null },
  patriots: { label: 'Patriots', className: 'Patriots', icon: { monogram: 'Pw' }, colour: '#b71c1c', group: 'niche', statisticsClass: null, statistics: null },
  bluesky: { label: 'Bluesky', className: 'Bluesky', icon: { monogram: 'Bs' }, colour: '#0a7aff', group: 'niche', statisticsClass: null, statistics: null },
};

export const PLATFORMS: Readonly<Record<PlatformKey, PlatformInfo>> = Object.freeze(
  Object.fromEntries(
    PLATFORM_KEYS.map((key) => {
      const { className, ...rest } = ENTRIES[key];
      const info: PlatformInfo = {
        key, ...rest, postClass: `${className}Post`, userClass: `${className}User`, accountClass: `${className}Account`,
      };
      return [key, Object.freeze(info)];
    }),
  ) as Record<PlatformKey, PlatformInfo>,
);

export function isPlatformKey(value: unknown): value is PlatformKey {
  return typeof value === 'string' && (PLATFORM_KEYS as readonly string[]).includes(value);
}

/** Platforms of a group, in catalogue order. */
export function platformsInGroup(group: PlatformGroup): PlatformKey[] {
  return PLATFORM_KEYS.filter((key) => PLATFORMS[key].group === group);
}

export const NICHE_PLATFORMS: readonly PlatformKey[] = platformsInGroup('niche');

export function isNiche(platform: string): boolean {
  return isPlatformKey(platform) && PLATFORMS[platform].group === 'niche';
}

const BY_NAME = new Map<string, PlatformKey>();
for (const key of PLATFORM_KEYS) {
  const p = PLATFORMS[key];
  for (const name of [key, p.label, p.postClass, p.userClass, p.accountClass]) BY_NAME.set(name.toLowerCase(), key);
}
// Common spellings seen in exports.
for (const [alias, key] of [
  ['x', 'twitter'], ['8kun', 'eightkun'], ['8chan', 'eightkun'], ['4chan', 'fourchan'], ['truth social', 'truthsocial'],
  ['truth_social', 'truthsocial'], ['kiwi farms', 'kiwifarms'], ['patriots.win', 'patriots'], ['bsky', 'bluesky'],
  ['x.com', 'twitter'], ['twitter.com', 'twitter'], ['reddit.com', 'reddit'], ['t.me', 'telegram'], ['bsky.app', 'bluesky'],
  ['facebook.com', 'facebook'], ['gab.com', 'gab'], ['gettr.com', 'gettr'], ['truthsocial.com', 'truthsocial'],
  ['4chan.org', 'fourchan'], ['8kun.top', 'eightkun'], ['mewe.com', 'mewe'], ['minds.com', 'minds'], ['parler.com', 'parler'],
  ['poal.co', 'poal'], ['wimkin.com', 'wimkin'], ['kiwifarms.net', 'kiwifarms'],
] as const) {
  BY_NAME.set(alias, key);
}

/**
 * The platform key for a key, label, class name (`RedditPost`, `TwitterUser`) or common alias, case-insensitive;
 * null when unknown.
 */
export function resolvePlatform(name: string | null | undefined): PlatformKey | null {
  if (typeof name !== 'string') return null;
  return BY_NAME.get(name.trim().toLowerCase()) ?? null;
}

/** What the UI shows for a platform it does not know: its raw name, a neutral grey "?" badge and no statistics. */
export interface UnknownPlatformInfo {
  key: string;
  label: string;
  icon: PlatformIcon;
  colour: string;
  group: null;
  statistics: null;
  known: false;
}

export const NEUTRAL_ICON: PlatformIcon = Object.freeze({ monogram: '?' });
export const NEUTRAL_COLOUR = '#9e9e9e';

export type Warn = (message: string) => void;
const warned = new Set<string>();

/**
 * Display information for any platform name. An unknown one logs a warning (once per name) and answers the
 * neutral icon, as the spec asks ("Unknown platform icon logs a warning").
 */
export function displayPlatform(name: string, warn: Warn = (m) => console.warn(m)): (PlatformInfo & { known: true }) | UnknownPlatformInfo {
  const key = resolvePlatform(name);
  if (key) return { ...PLATFORMS[key], known: true };
  if (!warned.has(name)) {
    warned.add(name);
    warn(unknownPlatformWarning(name));
  }
  return { key: name, label: name, icon: NEUTRAL_ICON, colour: NEUTRAL_COLOUR, group: null, statistics: null, known: false };
}

export function unknownPlatformWarning(name: string): string {
  return `Unknown platform '${name}': showing the neutral icon`;
}
