import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LOADING_POST_STATISTICS, NEUTRAL_COLOUR, NEUTRAL_ICON, PLATFORMS, PLATFORM_KEYS, POST_STATISTICS_UNAVAILABLE,
  displayPlatform, isNiche, postPropertiesSchemas, parsePostProperties, parseUserProperties, platformsInGroup, postStatistics, resolvePlatform,
  unknownPlatformWarning,
} from './index';

/** Spec part 2 section 3, "Platforms (key: label)" and "Groups", copied verbatim. */
const SPEC_PLATFORMS =
  'blog Blog, board Board, eightkun 8kun, fourchan 4chan, gab, gettr, kiwifarms, mewe, minds, news, parler, poal, reddit, telegram, truthsocial, twitter shown as X, wimkin, facebook, patriots, bluesky';
const SPEC_GROUPS = {
  niche: 'fourchan, eightkun, gab, gettr, kiwifarms, mewe, minds, parler, poal, telegram, truthsocial, wimkin, patriots, bluesky',
  mainstream: 'reddit, twitter, facebook',
  onlineDiscussion: 'news, board, blog',
} as const;

/** Spec part 2 section 3, "Post statistics by platform class", copied verbatim. */
const SPEC_STATISTICS_TABLE = `| Blog, news | comments |
| Message board, forum | none |
| 8kun, 4chan | replies |
| Gab, Truth Social | favorites, replies, reblogs |
| Gettr | likes, shares |
| MeWe | likes, comments, shares |
| Minds | comments, shares (from remind count) |
| Parler | upvotes, comments, reposts |
| Poal | upvotes |
| Reddit | score, comments |
| Telegram | favorites, comments, shares |
| Twitter | likes, replies, retweets |
| Wimkin | comments |`;

describe('platform catalogue', () => {
  it('has exactly the spec\'s 20 platforms, in its order, with its labels', () => {
    const entries = SPEC_PLATFORMS.split(', ').map((e) => e.split(' '));
    expect(PLATFORM_KEYS).toEqual(entries.map((e) => e[0]));
    for (const [key, ...label] of entries) {
      const given = label.join(' ');
      if (given === 'shown as X') expect(PLATFORMS[key as 'twitter'].label).toBe('X');
      else if (given) expect(PLATFORMS[key as 'blog'].label).toBe(given);
    }
    expect(PLATFORM_KEYS).toHaveLength(20);
  });

  it('puts every platform in the spec\'s group', () => {
    for (const [group, list] of Object.entries(SPEC_GROUPS)) {
      expect([...platformsInGroup(group as keyof typeof SPEC_GROUPS)].sort()).toEqual(list.split(', ').sort());
    }
    expect(isNiche('gab')).toBe(true);
    expect(isNiche('reddit')).toBe(false);
    expect(isNiche('nonsense')).toBe(false);
  });

  it('gives every platform post, user and account class names, an icon and a distinct colour', () => {
    expect(PLATFORMS.reddit.postClass).toBe('RedditPost');
    expect(PLATFORMS.twitter.userClass).toBe('TwitterUser');
    expect(PLATFORMS.reddit.accountClass).toBe('RedditAccount');
    const colours = new Set<string>();
    const classes = new Set<string>();
    for (const key of PLATFORM_KEYS) {
      const p = PLATFORMS[key];
      expect(p.postClass).toMatch(/^[A-Z][a-z]+Post$/);
      expect(p.userClass).toBe(p.postClass.replace(/Post$/, 'User'));
      expect(p.accountClass).toBe(p.postClass.replace(/Post$/, 'Account'));
      expect(p.icon.monogram.length).toBeGreaterThan(0);
      expect(p.colour).toMatch(/^#[0-9a-f]{6}$/);
      colours.add(p.colour);
      classes.add(p.postClass);
    }
    expect(colours.size).toBe(20);
    expect(classes.size).toBe(20);
  });

  it('shows exactly the statistics of the spec\'s table; platforms outside it have none available', () => {
    const rowOf: Record<string, string[]> = {};
    for (const line of SPEC_STATISTICS_TABLE.split('\n')) {
      const [, platforms, stats] = line.split('|').map((s) => s.trim());
      const names = stats === 'none' ? [] : stats!.split(', ').map((s) => s.replace(' (from remind count)', ''));
      for (const p of platforms!.split(', ')) rowOf[p] = names;
    }
    const tableName: Record<string, string> = {
      blog: 'Blog', news: 'news', board: 'Message board', kiwifarms: 'forum', eightkun: '8kun', fourchan: '4chan', gab: 'Gab',
      truthsocial: 'Truth Social', gettr: 'Gettr', mewe: 'MeWe', minds: 'Minds', parler: 'Parler', poal: 'Poal', reddit: 'Reddit',
      telegram: 'Telegram', twitter: 'Twitter', wimkin: 'Wimkin',
    };
    for (const key of PLATFORM_KEYS) {
      const row = tableName[key];
      if (row === undefined) {
        expect(PLATFORMS[key].statistics, key).toBeNull();
        expect(postStatistics(key, { likes: 3 })).toEqual({ status: 'unavailable', message: POST_STATISTICS_UNAVAILABLE });
      } else {
        expect(PLATFORMS[key].statistics!.map((s) => s.key), key).toEqual(rowOf[row]);
      }
    }
    expect(['facebook', 'patriots', 'bluesky'].every((k) => PLATFORMS[k as 'bluesky'].statistics === null)).toBe(true);
  });

  it('reads statistics from additional properties, Minds shares from the remind count', () => {
    expect(postStatistics('minds', { comments: 4, remind_count: 9 })).toEqual({
      status: 'ok', statistics: [{ key: 'comments', label: 'Comments', value: 4 }, { key: 'shares', label: 'Shares', value: 9 }],
    });
    expect(postStatistics('TwitterPost', { likes: 1, replies: 2, reposts: 3 })).toEqual({
      status: 'ok', statistics: [
        { key: 'likes', label: 'Likes', value: 1 }, { key: 'replies', label: 'Replies', value: 2 }, { key: 'retweets', label: 'Retweets', value: 3 },
      ],
    });
    expect(postStatistics('gab', { likes: 5, reposts: 1 }).status).toBe('ok');
    expect(postStatistics('board', {})).toEqual({ status: 'none' });
    expect(postStatistics('reddit', {})).toEqual({ status: 'unavailable', message: 'Post statistics unavailable' });
    expect(postStatistics('reddit', null)).toEqual({ status: 'unavailable', message: 'Post statistics unavailable' });
    expect(postStatistics('reddit', { score: 1 }, true)).toEqual({ status: 'loading', message: 'Loading post statistics' });
    expect(LOADING_POST_STATISTICS).toBe('Loading post statistics');
  });

  it('resolves keys, labels, class names and aliases case-insensitively', () => {
    expect(resolvePlatform('RedditPost')).toBe('reddit');
    expect(resolvePlatform('twitteruser')).toBe('twitter');
    expect(resolvePlatform('X')).toBe('twitter');
    expect(resolvePlatform('8kun')).toBe('eightkun');
    expect(resolvePlatform(' Truth Social ')).toBe('truthsocial');
    expect(resolvePlatform('myspace')).toBeNull();
    expect(resolvePlatform(undefined)).toBeNull();
  });

  it('warns once about an unknown platform and answers the neutral icon', () => {
    const warnings: string[] = [];
    const shown = displayPlatform('friendster', (m) => warnings.push(m));
    expect(shown).toMatchObject({ key: 'friendster', label: 'friendster', icon: NEUTRAL_ICON, colour: NEUTRAL_COLOUR, known: false });
    displayPlatform('friendster', (m) => warnings.push(m));
    expect(warnings).toEqual([unknownPlatformWarning('friendster')]);
    expect(warnings[0]).toBe("Unknown platform 'friendster': showing the neutral icon");
    expect(displayPlatform('reddit', (m) => warnings.push(m))).toMatchObject({ label: 'Reddit', known: true });
    expect(warnings).toHaveLength(1);
  });
});

describe('additional properties', () => {
  it('accepts objects in stored form without zod exactly when the schema accepts them unchanged (property)', () => {
    const value = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ min: -1, max: 2, noNaN: true }), fc.boolean(), fc.string({ maxLength: 4 }),
      fc.constantFrom('12', '0', 'true', 1, 0, 2 ** 53 - 1, 2 ** 53, -(2 ** 60), 2 ** 60), fc.constant(null), fc.array(fc.record({ text: fc.string({ maxLength: 3 }) }), { maxLength: 2 }));
    const key = fc.constantFrom('likes', 'score', 'is_nsfw', 'subreddit', 'upvote_ratio', 'board', 'thread_id', 'remind_count', 'favorites', 'hashtags', 'tags', 'custom', 'channel', 'outlet');
    fc.assert(fc.property(fc.constantFrom(...PLATFORM_KEYS), fc.dictionary(key, value, { maxKeys: 5 }), (platform, props) => {
      const fast = parsePostProperties(platform, props);
      const slow = postPropertiesSchemas[platform].safeParse(props);
      expect(fast.ok).toBe(slow.success);
      if (fast.ok && slow.success) expect(fast.value).toEqual(slow.data);
    }), { numRuns: 2000 });
  });

  it('accepts known keys with the right types, converts digit strings, keeps unknown keys', () => {
    const parsed = parsePostProperties('reddit', { score: '-3', comments: '12', subreddit: 'news', upvote_ratio: 0.9, is_nsfw: 1, custom: { a: 1 } });
    expect(parsed).toEqual({ ok: true, value: { score: -3, comments: 12, subreddit: 'news', upvote_ratio: 0.9, is_nsfw: true, custom: { a: 1 } } });
    expect(parsePostProperties('twitter', undefined)).toEqual({ ok: true, value: {} });
  });

  it('names the first wrong key', () => {
    expect(parsePostProperties('twitter', { likes: 'many' })).toEqual({ ok: false, error: 'additional_properties.likes: Invalid input: expected number, received string' });
    expect(parsePostProperties('reddit', { upvote_ratio: 3 })).toMatchObject({ ok: false, error: expect.stringMatching(/^additional_properties\.upvote_ratio: /) });
    expect(parsePostProperties('gab', { hashtags: [{ indices: [0, 4] }] })).toMatchObject({ ok: false, error: expect.stringMatching(/^additional_properties\.hashtags\.0\.text: /) });
    expect(parsePostProperties('gab', 'text')).toMatchObject({ ok: false });
    // Beyond 2^53 a count is no longer exact: refused on both paths, not stored rounded.
    expect(parsePostProperties('twitter', { likes: 2 ** 60 })).toMatchObject({ ok: false, error: expect.stringMatching(/^additional_properties\.likes: Too big/) });
    expect(parseUserProperties('reddit', { karma: 'x' })).toMatchObject({ ok: false, error: expect.stringMatching(/^author\.additional_properties\.karma: /) });
    expect(parseUserProperties('parler', { is_verified: true, followers: 10 })).toEqual({ ok: true, value: { is_verified: true, followers: 10 } });
  });
});
