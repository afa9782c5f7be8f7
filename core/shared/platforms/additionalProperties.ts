/**
 * Platform-specific `additional_properties` of posts and users (spec part 2 section 3): counts, flags, hashtags,
 * users_mentioned, tags and the board/subreddit/sub/subforum names. Known keys are type-checked per platform;
 * unknown keys are kept as they are, because platforms add fields over time.
 */
import { z } from 'zod';
import { PLATFORM_KEYS, type PlatformKey } from './catalogue';

/** Counts arrive as numbers or as digit strings (CSV, 4CAT); both are stored as numbers. */
const count = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v),
  z.number().int().min(0),
);
const signedCount = z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v),
  z.number().int(),
);
const flag = z.preprocess((v) => (v === 0 || v === 'false' ? false : v === 1 || v === 'true' ? true : v), z.boolean());
const name = z.string().max(300);

export const POST_COUNT_KEYS = ['replies', 'likes', 'reposts', 'quotes', 'comments', 'shares', 'views', 'upvotes', 'downvotes'] as const;
export const POST_FLAG_KEYS = [
  'is_reply', 'is_deleted', 'is_nsfw', 'is_stickied', 'is_crosspost', 'is_edited', 'is_image', 'is_locked',
  'is_removed', 'is_twitter', 'is_video', 'is_video_mp4',
] as const;

const hashtagEntry = z.object({
  post_id: z.string().optional(),
  text: z.string().min(1).max(300),
  indices: z.tuple([z.number().int().min(0), z.number().int().min(0)]).optional(),
}).loose();

const mentionEntry = z.union([z.string().min(1).max(300), z.object({ screen_name: z.string().max(300) }).loose()]);

const baseShape = {
  ...Object.fromEntries(POST_COUNT_KEYS.map((k) => [k, count.optional()])),
  score: signedCount.optional(),
  ...Object.fromEntries(POST_FLAG_KEYS.map((k) => [k, flag.optional()])),
  hashtags: z.array(hashtagEntry).max(1000).optional(),
  users_mentioned: z.array(mentionEntry).max(1000).optional(),
  tags: z.array(z.string().max(300)).max(1000).optional(),
} as Record<string, z.ZodType>;

const extra: Partial<Record<PlatformKey, Record<string, z.ZodType>>> = {
  reddit: { subreddit: name.optional(), upvote_ratio: z.number().min(0).max(1).optional() },
  fourchan: { board: name.optional(), thread_id: z.union([z.string(), z.number()]).optional() },
  eightkun: { board: name.optional(), thread_id: z.union([z.string(), z.number()]).optional() },
  board: { board: name.optional() },
  kiwifarms: { subforum: name.optional() },
  poal: { sub: name.optional() },
  patriots: { sub: name.optional() },
  minds: { remind_count: count.optional() },
  gab: { favorites: count.optional(), reblogs: count.optional() },
  truthsocial: { favorites: count.optional(), reblogs: count.optional() },
  twitter: { retweets: count.optional() },
  telegram: { channel: name.optional(), favorites: count.optional() },
  news: { outlet: name.optional() },
  blog: { outlet: name.optional() },
};

/** The zod schema of a platform's post additional_properties. */
export const postPropertiesSchemas: Readonly<Record<PlatformKey, z.ZodType<Record<string, unknown>>>> = Object.fromEntries(
  PLATFORM_KEYS.map((key) => [key, z.object({ ...baseShape, ...(extra[key] ?? {}) }).loose()]),
) as unknown as Record<PlatformKey, z.ZodType<Record<string, unknown>>>;

/** Known keys of a platform's user additional_properties and their kinds (the schema below is built from these). */
const USER_COUNTS = { followers: 'count', following: 'count', posts: 'count' } as const;
const USER_KINDS: Partial<Record<PlatformKey, Readonly<Record<string, 'count' | 'signed' | 'flag'>>>> = {
  reddit: { ...USER_COUNTS, karma: 'signed', awardee_karma: 'signed', awarder_karma: 'signed' },
  parler: { ...USER_COUNTS, is_verified: 'flag' },
  gab: USER_COUNTS,
  twitter: USER_COUNTS,
};
const USER_ZOD = { count, signed: signedCount, flag };

/** The zod schema of a platform's user (actor) additional_properties. */
export const userPropertiesSchemas: Readonly<Record<PlatformKey, z.ZodType<Record<string, unknown>>>> = Object.fromEntries(
  PLATFORM_KEYS.map((key) => [key, z.object(Object.fromEntries(Object.entries(USER_KINDS[key] ?? {}).map(([k, kind]) => [k, USER_ZOD[kind].optional()]))).loose()]),
) as unknown as Record<PlatformKey, z.ZodType<Record<string, unknown>>>;

/**
 * What a known key holds when it is already in its stored form. `parsePostProperties` accepts such objects without
 * running zod (the common case, ~10x faster on bulk imports); anything else goes through the schema, which
 * converts digit strings and 0/1 flags and words the errors. A property test keeps both paths in agreement.
 */
type Kind = 'count' | 'signed' | 'flag' | 'name' | 'ratio' | 'id';
const KIND: Record<string, Kind> = {
  ...Object.fromEntries(POST_COUNT_KEYS.map((k) => [k, 'count'])), score: 'signed',
  ...Object.fromEntries(POST_FLAG_KEYS.map((k) => [k, 'flag'])),
};
const EXTRA_KIND: Partial<Record<PlatformKey, Record<string, Kind>>> = {
  reddit: { subreddit: 'name', upvote_ratio: 'ratio' }, fourchan: { board: 'name', thread_id: 'id' }, eightkun: { board: 'name', thread_id: 'id' },
  board: { board: 'name' }, kiwifarms: { subforum: 'name' }, poal: { sub: 'name' }, patriots: { sub: 'name' }, minds: { remind_count: 'count' },
  gab: { favorites: 'count', reblogs: 'count' }, truthsocial: { favorites: 'count', reblogs: 'count' }, twitter: { retweets: 'count' },
  telegram: { channel: 'name', favorites: 'count' }, news: { outlet: 'name' }, blog: { outlet: 'name' },
};
/** Keys whose values need the schema (lists of objects). */
const SCHEMA_ONLY = new Set(['hashtags', 'users_mentioned', 'tags']);

function inStoredForm(kind: Kind, v: unknown): boolean {
  switch (kind) {
    case 'count': return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0; // zod's int() is a safe integer
    case 'signed': return typeof v === 'number' && Number.isSafeInteger(v);
    case 'flag': return typeof v === 'boolean';
    case 'name': return typeof v === 'string' && v.length <= 300;
    case 'ratio': return typeof v === 'number' && v >= 0 && v <= 1;
    case 'id': return typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
  }
}

export function postPropertiesInStoredForm(platform: PlatformKey, value: Record<string, unknown>): boolean {
  const extra = EXTRA_KIND[platform];
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    if (SCHEMA_ONLY.has(key)) return false;
    const kind = extra?.[key] ?? KIND[key];
    if (kind && !inStoredForm(kind, value[key])) return false;
  }
  return true;
}

/** Validates post additional_properties: the cleaned object, or the first problem as `path: message`. */
export function parsePostProperties(platform: PlatformKey, value: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  if (value && typeof value === 'object' && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype
    && postPropertiesInStoredForm(platform, value as Record<string, unknown>)) {
    return { ok: true, value: value as Record<string, unknown> };
  }
  return parseWith(postPropertiesSchemas[platform], value, 'additional_properties');
}

const USER_KEYS: Readonly<Record<PlatformKey, readonly string[]>> = Object.fromEntries(
  PLATFORM_KEYS.map((key) => [key, Object.keys(USER_KINDS[key] ?? {})]),
) as unknown as Record<PlatformKey, readonly string[]>;

/** A user property in stored form, exactly as the schema would accept and leave it (zod's int() is a safe integer). */
function userValueStored(kind: 'count' | 'signed' | 'flag', v: unknown): boolean {
  if (kind === 'flag') return typeof v === 'boolean';
  return typeof v === 'number' && Number.isSafeInteger(v) && (kind === 'signed' || v >= 0);
}

/**
 * `userPropertiesSchemas[platform].safeParse(value).data` for a plain object whose known keys are in stored form,
 * without zod (it was 3 % of an import's CPU, issue 19): the known keys first in the schema's order, then the others
 * in the object's order, as zod's loose object answers them. Null for anything else, which goes to the schema.
 */
export function userPropertiesFast(platform: PlatformKey, value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return null;
  const v = value as Record<string, unknown>;
  if (Object.hasOwn(v, '__proto__')) return null;
  const kinds = USER_KINDS[platform];
  const known = USER_KEYS[platform];
  let present = 0;
  for (const key in v) {
    if (!Object.hasOwn(v, key)) continue;
    const item = v[key];
    if (item === undefined) return null;
    const kind = kinds && Object.hasOwn(kinds, key) ? kinds[key] : undefined;
    if (kind) {
      if (!userValueStored(kind, item)) return null;
      present += 1;
    }
  }
  const out: Record<string, unknown> = {};
  if (present > 0) for (const key of known) if (Object.hasOwn(v, key)) out[key] = v[key];
  for (const key in v) if (Object.hasOwn(v, key) && !(present > 0 && Object.hasOwn(kinds!, key))) out[key] = v[key];
  return out;
}

export function parseUserProperties(platform: PlatformKey, value: unknown): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  const fast = userPropertiesFast(platform, value);
  if (fast) return { ok: true, value: fast };
  return parseWith(userPropertiesSchemas[platform], value, 'author.additional_properties');
}

function parseWith(schema: z.ZodType<Record<string, unknown>>, value: unknown, prefix: string) {
  if (value === undefined || value === null) return { ok: true as const, value: {} };
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true as const, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = [prefix, ...issue.path.map(String)].join('.');
  return { ok: false as const, error: `${where}: ${issue.message}` };
}
