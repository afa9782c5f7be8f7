/** Demo accounts: platforms, languages, heavy-tailed activity, names, profiles. */
import { PLATFORM_KEYS, type PlatformKey } from '@core/shared/platforms';
import type { Random } from '@core/shared/random';
import { BIOS, FIRST_NAMES, LAST_NAMES, OUTLETS, SHARED_SLOTS, WORDS, type Language } from './narratives';

export interface DemoAccount {
  index: number;
  platform: PlatformKey;
  rid: string;
  screen_name: string;
  display_name: string;
  created_at: string;
  url: string | null;
  bio: string;
  location: string | null;
  avatar_url: string;
  additional_properties: Record<string, unknown>;
  language: Language;
  /** Relative posting activity (heavy-tailed). */
  activity: number;
  /** 0-1, drives engagement of its posts. */
  popularity: number;
  /** Narrative ids it posts about most. */
  interests: string[];
  campaign: string | null;
}

/** Share of accounts per platform (all 20 present). */
export const PLATFORM_WEIGHTS: Readonly<Record<PlatformKey, number>> = {
  twitter: 22, reddit: 12, facebook: 10, telegram: 9, bluesky: 6, truthsocial: 5, gab: 5, news: 4, blog: 4, fourchan: 4,
  gettr: 3, parler: 3, mewe: 2, minds: 2, eightkun: 1.5, kiwifarms: 1.5, poal: 1.5, wimkin: 1, patriots: 1.5, board: 1.5,
};

/** Platforms where one account's post can be reposted/quoted by another. */
export const REPOST_PLATFORMS: ReadonlySet<PlatformKey> = new Set(['twitter', 'bluesky', 'truthsocial', 'gab', 'gettr', 'parler', 'mewe', 'minds', 'facebook', 'telegram', 'wimkin', 'reddit']);
/** Platforms whose authors are anonymous or outlets, never campaign sock puppets. */
export const ANONYMOUS_PLATFORMS: ReadonlySet<PlatformKey> = new Set(['fourchan', 'eightkun']);
export const OUTLET_PLATFORMS: ReadonlySet<PlatformKey> = new Set(['news', 'blog']);

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Screen names are unique per platform; organic ones come from a space of millions of combinations. */
export class NameBook {
  private readonly taken = new Map<PlatformKey, Set<string>>();

  claim(platform: PlatformKey, name: string): boolean {
    let set = this.taken.get(platform);
    if (!set) this.taken.set(platform, (set = new Set()));
    if (set.has(name)) return false;
    set.add(name);
    return true;
  }

  organic(rng: Random, platform: PlatformKey): { screen: string; display: string } {
    for (;;) {
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      const word = rng.pick(WORDS);
      const word2 = rng.pick(WORDS);
      const style = rng.int(0, 7);
      const screen = [
        `${first}${last}`, `${first}_${last}${rng.int(1, 99)}`, `${word}${word2}${rng.int(1, 999)}`, `${first}.${word}`,
        `the${word}${first}`, `${first}${last.charAt(0)}${rng.int(1950, 2010)}`, `${word}_${last}`, `${first}${word}${word2}`,
      ][style]!;
      const display = style === 2 || style === 4 ? `${cap(word)} ${cap(word2)}` : `${cap(first)} ${cap(last)}`;
      if (this.claim(platform, screen)) return { screen, display };
    }
  }
}

export function accountRid(rng: Random, platform: PlatformKey, index: number): string {
  switch (platform) {
    case 'twitter': return `${rng.digits(9)}${String(index).padStart(7, '0')}`;
    case 'reddit': return `t2_${(index + 1_000_000).toString(36)}${rng.base36(3)}`;
    case 'bluesky': return `did:plc:${rng.base36(16)}${index.toString(36)}`;
    case 'fourchan':
    case 'eightkun': return `anon-${rng.base36(6)}${index.toString(36)}`;
    case 'facebook': return `1000${rng.digits(8)}${index}`;
    default: return `${platform.slice(0, 2)}${rng.digits(6)}${index}`;
  }
}

export function profileUrl(platform: PlatformKey, screen: string, rid: string): string {
  switch (platform) {
    case 'twitter': return `https://x.com/${screen}`;
    case 'reddit': return `https://www.reddit.com/user/${screen}`;
    case 'bluesky': return `https://bsky.app/profile/${screen}.bsky.social`;
    case 'telegram': return `https://t.me/${screen}`;
    case 'facebook': return `https://www.facebook.com/profile.php?id=${rid}`;
    case 'truthsocial': return `https://truthsocial.com/@${screen}`;
    case 'gab': return `https://gab.com/${screen}`;
    case 'gettr': return `https://gettr.com/user/${screen}`;
    default: return `https://${platform}.example.net/u/${screen}`;
  }
}

/** A count with a log-normal spread around `median` (followers, karma, replies ...). */
export function logNormalCount(rng: Random, median: number, sigma: number): number {
  return Math.max(0, Math.round(rng.logNormal(median, sigma)));
}

export function userProperties(rng: Random, platform: PlatformKey, popularity: number): Record<string, unknown> {
  const followers = Math.round(20 * Math.pow(10, popularity * 5) * (0.5 + rng.next()));
  const props: Record<string, unknown> = {};
  if (platform === 'twitter' || platform === 'gab' || platform === 'parler' || platform === 'reddit') {
    props.followers = followers;
    props.following = logNormalCount(rng, 300, 1);
    props.posts = logNormalCount(rng, 2000, 1.2);
  }
  if (platform === 'reddit') {
    props.karma = logNormalCount(rng, 4000 * (1 + popularity * 10), 1);
    props.awardee_karma = logNormalCount(rng, 50, 1.5);
    props.awarder_karma = logNormalCount(rng, 10, 1.5);
  }
  if (platform === 'parler') props.is_verified = popularity > 0.8;
  if (platform === 'telegram') props.subscribers = followers;
  return props;
}

/** Builds one organic account. */
export function organicAccount(rng: Random, names: NameBook, index: number, platform: PlatformKey, now: number, interests: string[]): DemoAccount {
  const language: Language = rng.chance(0.75) ? 'en' : rng.chance(0.6) ? 'es' : 'zh';
  // Heavy-tailed activity: most accounts post once or twice, a few post hundreds of times.
  const activity = Math.min(400, rng.pareto(1.25));
  const popularity = Math.min(1, Math.max(0, 0.15 + 0.25 * Math.log10(activity) + 0.25 * rng.next() + (rng.chance(0.02) ? 0.5 : 0)));
  let screen: string;
  let display: string;
  let rid = accountRid(rng, platform, index);
  if (ANONYMOUS_PLATFORMS.has(platform)) {
    screen = 'Anonymous';
    display = 'Anonymous';
  } else if (OUTLET_PLATFORMS.has(platform)) {
    const outlet = rng.pick(OUTLETS);
    const slug = `${outlet.toLowerCase().replace(/[^a-z]+/g, '')}${index}`;
    display = outlet;
    screen = slug || `outlet${index}`;
    rid = `${screen}.example.com`;
    names.claim(platform, screen);
  } else {
    ({ screen, display } = names.organic(rng, platform));
  }
  const createdMs = now - (35 + rng.next() * 365 * 12) * 86_400_000;
  const bio = rng.pick(BIOS).replace('{place}', rng.pick(SHARED_SLOTS.place!)).replace('{lugar}', rng.pick(SHARED_SLOTS.lugar!));
  const hasLink = OUTLET_PLATFORMS.has(platform) || rng.chance(0.25);
  return {
    index, platform, rid, screen_name: screen, display_name: display, created_at: new Date(Math.floor(createdMs / 1000) * 1000).toISOString(),
    url: hasLink ? (OUTLET_PLATFORMS.has(platform) ? `https://${rid}` : `https://${screen.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'home'}${index}.page.example.net`) : null,
    bio, location: rng.chance(0.5) ? (language === 'es' ? rng.pick(SHARED_SLOTS.lugar!) : language === 'zh' ? rng.pick(SHARED_SLOTS.didian!) : rng.pick(SHARED_SLOTS.place!)) : null,
    avatar_url: `https://avatars.example.net/${platform}/${encodeURIComponent(rid)}.png`,
    additional_properties: userProperties(rng, platform, popularity), language, activity, popularity, interests, campaign: null,
  };
}

export { PLATFORM_KEYS };
