/**
 * The accepted import formats, each mapping one record to a `PostInput` or a reason it is refused:
 * - `jsonl`: Narrascope's native line, a Post with spec field names (or the spec's camel-case variant) and a
 *   nested `author` Actor;
 * - `csv`: the QUT Digital Observatory coordination-network-toolkit layout;
 * - `ndjson`: 4CAT's NDJSON (mapped items, Zeeschuimer/4CAT import envelopes, Telethon messages).
 * docs/data.md lists every accepted field.
 */
import { z } from 'zod';
import {
  parsePostProperties, parseUserProperties, resolvePlatform, type PlatformKey,
} from '@core/shared/platforms';
import { MAX_ID_LENGTH, type ActorInput, type PostInput } from '@core/server/postStore/normalize';
import { INSTANT_PROBLEM, parseInstant } from './time';
import { NATIVE_RULES, checkFields } from './nativeFastCheck';

export const IMPORT_FORMATS = ['jsonl', 'csv', 'ndjson'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export type Mapped = { ok: true; post: PostInput } | { ok: false; reason: string };

export interface MapOptions {
  /** `--platform`: the platform of records that do not name one (for jsonl/ndjson) or of every row (csv). */
  platform: PlatformKey | null;
}

const MAX_TEXT = 100_000;
const MAX_FIELD = 4_000;

const fail = (reason: string): Mapped => ({ ok: false, reason });

/**
 * A string field: strings as they are, numbers as text (ids are often numeric), blank → null. Ids that are index keys
 * (a post's rid, an account's rid and user_id) take MAX_ID_LENGTH (core/server/postStore/normalize.ts says why).
 */
const idText = (max = MAX_FIELD) => z.union([z.string(), z.number()])
  .refine((v) => typeof v !== 'string' || v.length <= max, { error: `longer than ${max} characters` })
  .transform((v) => String(v).trim()).nullish();
const keyText = idText(MAX_ID_LENGTH);
/** Refuses a record whose author id came from a screen name too long to be a key. */
const tooLongId = (field: string, value: string) => (value.length > MAX_ID_LENGTH ? `${field}: longer than ${MAX_ID_LENGTH} characters` : null);
const text = (max = MAX_FIELD) => z.string().max(max, { error: `longer than ${max} characters` }).nullish();
const stringList = z.array(z.string().max(MAX_FIELD)).max(1000).nullish();
const instant = z.unknown().transform((v, ctx) => {
  if (v === undefined || v === null || v === '') return null;
  const parsed = parseInstant(v);
  if (parsed === null) ctx.addIssue({ code: 'custom', message: INSTANT_PROBLEM });
  return parsed;
}).optional();

const actorSchema = z.object({
  rid: keyText, user_id: keyText, screen_name: text(), display_name: text(), created_at: instant, url: text(),
  bio: text(MAX_TEXT), location: text(), avatar_url: text(), embedded_profile_url: text(),
  additional_properties: z.record(z.string(), z.unknown()).nullish(),
}).loose();

/** Keep nativeFastCheck.ts's NATIVE_RULES in step with this schema. */
export const nativeSchema = z.object({
  platform: z.string().max(100).nullish(),
  class: z.string().max(100).nullish(),
  rid: keyText,
  subject: text(MAX_TEXT), title: text(MAX_TEXT), body: text(MAX_TEXT),
  published_at: instant,
  language: text(35), lang: text(35),
  source_url: text(), avatar_url: text(), accounts_url: text(),
  urls: stringList, images: stringList, hashtags: stringList, mentions: stringList,
  entities: z.unknown().optional(),
  author: actorSchema.nullish(),
  user_id: keyText, user_rid: keyText, screen_name: text(), display_name: text(),
  repost_of: idText(), quote_of: idText(), reply_to: idText(),
  additional_properties: z.record(z.string(), z.unknown()).nullish(),
}).loose();

/** The spec's camel-case Post variant → snake_case (`accountId` is the author's id, `type` the platform class). */
const CAMEL: Record<string, string> = {
  accountId: 'user_rid', additionalProperties: 'additional_properties', displayName: 'display_name',
  publishedAt: 'published_at', screenName: 'screen_name', sourceUrl: 'source_url', type: 'class', id: 'rid',
  avatarUrl: 'avatar_url', accountsUrl: 'accounts_url', repostOf: 'repost_of', quoteOf: 'quote_of', replyTo: 'reply_to',
};
const CAMEL_KEYS = Object.keys(CAMEL);

function issueText(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const path = issue.path.map(String).join('.');
  let message = issue.message;
  if (issue.code === 'invalid_type' && /received undefined/.test(message)) message = 'required';
  return path ? `${path}: ${message}` : message;
}

function platformOf(...names: (string | null | undefined)[]): { key: PlatformKey | null; unknown: string | null } {
  for (const name of names) {
    if (name === null || name === undefined || name.trim() === '') continue;
    const key = resolvePlatform(name);
    return key ? { key, unknown: null } : { key: null, unknown: name };
  }
  return { key: null, unknown: null };
}

const nonEmpty = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

export function mapNative(record: unknown, opts: MapOptions): Mapped {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return fail('expected a JSON object');
  // Copied only for the camel-case variant (the check below copies the record anyway).
  let raw = record as Record<string, unknown>;
  for (const camel of CAMEL_KEYS) {
    if (!(camel in raw) || CAMEL[camel]! in raw) continue;
    if (raw === record) raw = { ...raw };
    raw[CAMEL[camel]!] = raw[camel];
  }
  // Most records pass the hand-written check; the others get the schema's verdict and its message.
  let r = checkFields(raw, NATIVE_RULES) as z.output<typeof nativeSchema> | null;
  if (!r) {
    const parsed = nativeSchema.safeParse(raw);
    if (!parsed.success) return fail(issueText(parsed.error));
    r = parsed.data;
  }
  const platform = platformOf(r.platform, r.class);
  if (platform.unknown !== null) return fail(`platform: unknown platform '${platform.unknown}'`);
  const key = platform.key ?? opts.platform;
  if (!key) return fail('platform: required (give platform or class, or --platform)');
  if (!r.rid) return fail('rid: required');
  if (!r.published_at) return fail(`published_at: required`);
  const props = parsePostProperties(key, r.additional_properties ?? undefined);
  if (!props.ok) return fail(props.error);

  let author: ActorInput | null = null;
  if (r.author) {
    const a = r.author;
    const rid = nonEmpty(a.rid) ?? nonEmpty(a.user_id) ?? nonEmpty(a.screen_name);
    if (!rid) return fail('author.rid: required (or author.user_id or author.screen_name)');
    const tooLong = tooLongId('author.screen_name', rid);
    if (tooLong) return fail(`${tooLong} (it is the author's id here)`);
    const userProps = parseUserProperties(key, a.additional_properties ?? undefined);
    if (!userProps.ok) return fail(userProps.error);
    author = {
      rid, user_id: nonEmpty(a.user_id) ?? rid, screen_name: a.screen_name ?? null, display_name: a.display_name ?? null,
      created_at: a.created_at ?? null, url: a.url ?? null, bio: a.bio ?? null, location: a.location ?? null,
      avatar_url: a.avatar_url ?? null, embedded_profile_url: a.embedded_profile_url ?? null, additional_properties: userProps.value,
    };
  } else {
    const rid = nonEmpty(r.user_rid) ?? nonEmpty(r.user_id) ?? nonEmpty(r.screen_name);
    const tooLong = rid && tooLongId('screen_name', rid);
    if (tooLong) return fail(`${tooLong} (it is the author's id here)`);
    if (rid) author = { rid, user_id: nonEmpty(r.user_id) ?? rid, screen_name: r.screen_name ?? null, display_name: r.display_name ?? null };
  }
  return {
    ok: true,
    post: {
      platform: key, rid: r.rid, subject: r.subject, title: r.title, body: r.body, published_at: r.published_at,
      language: r.language ?? r.lang, source_url: r.source_url, avatar_url: r.avatar_url, accounts_url: r.accounts_url,
      urls: r.urls ?? [], images: r.images ?? [], hashtags: r.hashtags ?? [], mentions: r.mentions ?? [],
      entities: r.entities, author, repost_of: r.repost_of, quote_of: r.quote_of, reply_to: r.reply_to,
      additional_properties: props.value,
    },
  };
}

/** The QUT coordination-network-toolkit CSV columns (preprocess.preprocess_csv_files). */
export const QUT_COLUMNS = ['message_id', 'user_id', 'username', 'repost_id', 'reply_id', 'message', 'timestamp', 'urls'] as const;
const QUT_REQUIRED = ['message_id', 'user_id', 'timestamp'] as const;

/** Why a CSV header cannot be read as the QUT layout, or null. */
export function qutHeaderProblem(columns: readonly string[]): string | null {
  const missing = QUT_REQUIRED.filter((c) => !columns.includes(c));
  return missing.length ? `CSV header must name the QUT toolkit columns ${QUT_COLUMNS.join(', ')} (missing: ${missing.join(', ')})` : null;
}

/** The toolkit's urls are space-delimited; some exports hold a Python list (`['http://a', 'http://b']`). */
export function splitUrls(value: string | undefined): string[] {
  if (!value) return [];
  return value.replace(/^\s*\[|\]\s*$/g, '').split(/[\s,]+/).map((u) => u.replace(/^['"]|['"]$/g, '')).filter((u) => u.length > 0);
}

export function mapQutRow(row: Record<string, string | undefined>, opts: MapOptions): Mapped {
  const platform = opts.platform ?? 'twitter';
  const rid = row.message_id?.trim();
  if (!rid) return fail('message_id: required');
  const userId = row.user_id?.trim();
  if (!userId) return fail('user_id: required');
  const tooLong = tooLongId('message_id', rid) ?? tooLongId('user_id', userId);
  if (tooLong) return fail(tooLong);
  const published = parseInstant(row.timestamp ?? '');
  if (!published) return fail(`timestamp: ${row.timestamp?.trim() ? INSTANT_PROBLEM : 'required'}`);
  if ((row.message?.length ?? 0) > MAX_TEXT) return fail(`message: longer than ${MAX_TEXT} characters`);
  return {
    ok: true,
    post: {
      platform, rid, body: row.message ?? '', published_at: published,
      author: { rid: userId, user_id: userId, screen_name: row.username?.trim() || null },
      repost_of: row.repost_id?.trim() || null, reply_to: row.reply_id?.trim() || null,
      urls: splitUrls(row.urls),
    },
  };
}

const HTML_TAG = /<[^>]*>/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#039;': "'", '&#39;': "'" };

/** 4chan-style HTML comments → text: `<br>` becomes a newline, tags go, the common entities are decoded. */
export function htmlToText(html: string): string {
  return html.replace(/<br\s*\/?>/gi, '\n').replace(HTML_TAG, '').replace(/&(amp|lt|gt|quot|#0?39);/g, (m) => ENTITIES[m] ?? m);
}

const listOf = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string' && x.length > 0);
  if (typeof v === 'string') return v.split(/[,\s]+/).map((s) => s.trim()).filter(Boolean);
  return [];
};
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);
const first = (...values: unknown[]): string | null => {
  for (const v of values) {
    const s = str(v);
    if (s !== null) return s;
  }
  return null;
};

/** Count fields 4CAT items carry under various names → additional_properties counts. */
const COUNT_FIELDS: Record<string, string> = {
  views: 'views', view_count: 'views', likes: 'likes', like_count: 'likes', favourites_count: 'likes', reposts: 'reposts',
  retweets: 'reposts', retweet_count: 'reposts', reblogs_count: 'reblogs', replies: 'replies', reply_count: 'replies',
  replies_count: 'replies', comments: 'comments', num_comments: 'comments', forwards: 'shares', shares: 'shares', score: 'score',
  quotes: 'quotes', quote_count: 'quotes', upvotes: 'upvotes', downvotes: 'downvotes',
};
const NAME_FIELDS = ['board', 'subreddit', 'sub', 'subforum', 'thread_id', 'channel'] as const;

/**
 * One line of a 4CAT NDJSON file: a mapped item (id, thread_id, body, subject, author, author_username,
 * author_fullname, timestamp, unix_timestamp, urls, hashtags ...), an import envelope `{..., data: {...}}` whose
 * `source_platform` names the platform, or a raw 4chan post / Telethon message as 4CAT stores them.
 */
export function mapFourCat(record: unknown, opts: MapOptions): Mapped {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return fail('expected a JSON object');
  let item = record as Record<string, unknown>;
  let meta: Record<string, unknown> = (item.__import_meta as Record<string, unknown> | undefined) ?? {};
  if (item.data && typeof item.data === 'object' && !Array.isArray(item.data)) {
    const { data, ...rest } = item;
    meta = rest;
    item = data as Record<string, unknown>;
  }
  const sender = (item._sender ?? {}) as Record<string, unknown>;
  const chat = (item._chat ?? {}) as Record<string, unknown>;
  const isFourchanRaw = item.no !== undefined && (item.com !== undefined || item.resto !== undefined);
  const isTelethon = item._chat !== undefined || (item.message !== undefined && item.date !== undefined && item.body === undefined);
  const named = platformOf(str(meta.source_platform), str(item.platform), str(item.datasource), isFourchanRaw ? 'fourchan' : null, isTelethon ? 'telegram' : null);
  if (named.unknown !== null && !opts.platform) return fail(`platform: unknown platform '${named.unknown}'`);
  const key = opts.platform ?? named.key;
  if (!key) return fail('platform: required (give --platform, or a source_platform in the record)');

  let rid = first(item.id, item.no, item.item_id, meta.item_id);
  if (!rid) return fail('id: required');
  if (isTelethon && str(chat.username)) rid = `${str(chat.username)}/${rid}`;
  const ridTooLong = tooLongId('id', rid);
  if (ridTooLong) return fail(ridTooLong);
  const published = parseInstant(item.unix_timestamp ?? item.timestamp ?? item.time ?? item.date ?? item.created_at ?? item.created_utc);
  if (!published) return fail(`timestamp: ${INSTANT_PROBLEM}`);

  const rawBody = first(item.body, item.message, item.text, item.content, item.selftext) ?? (typeof item.com === 'string' ? htmlToText(item.com) : '');
  if (rawBody.length > MAX_TEXT) return fail(`body: longer than ${MAX_TEXT} characters`);
  const authorRid = first(item.author_id, item.author_user_id, sender.id, item.author, item.author_username, item.name);
  const authorTooLong = authorRid && tooLongId('author', authorRid);
  if (authorTooLong) return fail(authorTooLong);
  const screenName = first(item.author_username, sender.username, item.author, item.name);
  const fullName = first(item.author_fullname, item.author_name, [sender.first_name, sender.last_name].filter(Boolean).join(' '));

  const props: Record<string, unknown> = {};
  for (const [field, target] of Object.entries(COUNT_FIELDS)) {
    const v = item[field];
    if (typeof v === 'number' && Number.isFinite(v) && props[target] === undefined) props[target] = v;
    else if (typeof v === 'string' && /^\d+$/.test(v) && props[target] === undefined) props[target] = Number(v);
  }
  for (const field of NAME_FIELDS) {
    const v = first(item[field]);
    if (v !== null) props[field] = v;
  }
  if (isTelethon && str(chat.username)) props.channel = str(chat.username);
  const checked = parsePostProperties(key, props);
  if (!checked.ok) return fail(checked.error);

  const replyTo = first(item.reply_to, item.reply_to_msg_id, item.in_reply_to_id, typeof item.resto === 'number' && item.resto > 0 ? item.resto : null);
  return {
    ok: true,
    post: {
      platform: key, rid, subject: first(item.subject, item.sub, item.title), body: rawBody, published_at: published,
      language: first(item.language, item.lang), source_url: first(item.url, item.link, meta.source_url),
      urls: [...listOf(item.urls), ...listOf(item.link_url)], hashtags: listOf(item.hashtags), mentions: listOf(item.mentions),
      author: authorRid ? { rid: authorRid, user_id: authorRid, screen_name: screenName, display_name: fullName } : null,
      reply_to: replyTo, additional_properties: checked.value,
    },
  };
}
