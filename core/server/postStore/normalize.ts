/**
 * One shape for every way a post arrives (import formats, collectors, the demo generator): `PostInput`, turned by
 * `normalizePost` into what the store writes (hashtags, mentions and URLs taken from the text as well, domains,
 * language, the full-text search text).
 */
import { getDomain, getHostname } from 'tldts';
import { renderToken, tokenize } from '@core/shared/query';
import { isNiche, type PlatformKey } from '@core/shared/platforms';
import { matchableText, normalizeLanguage } from './text';

export { matchableText, normalizeLanguage };

export interface ActorInput {
  /** The platform's id of the account (required: posts of one account share it). */
  rid: string;
  user_id?: string | null;
  screen_name?: string | null;
  display_name?: string | null;
  /** ISO-8601 instant the account was created, or null. */
  created_at?: string | null;
  url?: string | null;
  bio?: string | null;
  location?: string | null;
  avatar_url?: string | null;
  embedded_profile_url?: string | null;
  additional_properties?: Record<string, unknown>;
}

export interface PostInput {
  platform: PlatformKey;
  rid: string;
  subject?: string | null;
  title?: string | null;
  body?: string | null;
  /** ISO-8601 instant in `Date#toISOString` form. */
  published_at: string;
  language?: string | null;
  source_url?: string | null;
  avatar_url?: string | null;
  accounts_url?: string | null;
  urls?: readonly string[];
  images?: readonly string[];
  /** Hashtags given besides the text (without or with `#`). */
  hashtags?: readonly string[];
  /** Mentioned screen names given besides the text (without or with `@`). */
  mentions?: readonly string[];
  entities?: unknown;
  author?: ActorInput | null;
  repost_of?: string | null;
  quote_of?: string | null;
  reply_to?: string | null;
  additional_properties?: Record<string, unknown>;
}

export interface NormalizedPost {
  platform: PlatformKey;
  rid: string;
  subject: string | null;
  title: string | null;
  body: string;
  published_at: string;
  language: string | null;
  source_url: string | null;
  avatar_url: string | null;
  accounts_url: string | null;
  urls: { url: string; host: string | null; domain: string | null }[];
  images: string[];
  domains: string[];
  hashtags: string[];
  mentions: string[];
  entities: string | null;
  author: ActorInput | null;
  repost_of: string | null;
  quote_of: string | null;
  reply_to: string | null;
  is_niche: boolean;
  additional_properties: Record<string, unknown>;
  /** `toSearchText` of the matchable text: what the FTS5 table / tsvector is built from. */
  search_text: string;
}

/**
 * Ids (a post's and an account's rid, an account's user_id) are keys of unique B-tree indexes. A PostgreSQL B-tree
 * entry holds at most 2,704 bytes (8 kB pages), and one longer value fails its whole write, where SQLite would store
 * it. 500 UTF-16 code units (JavaScript's `length`, what "characters" means in the import limits) are at most 1,500
 * UTF-8 bytes (3 per code unit; a 4-byte character is 2 code units), which leaves room for the organisation id and
 * the platform beside it in the key whatever the text. Importers refuse a record with a longer id; `idsFit` is the
 * same test for collectors.
 */
export const MAX_ID_LENGTH = 500;

/**
 * A URL, hashtag or mention longer than this (UTF-8 bytes) is left out of the post's links, tags and mentions (the
 * post itself is kept, the text still holds it): each is an indexed column (posts_urls.url and .domain,
 * posts_hashtags.tag, posts_mentions.screen_name), and an index entry holds at most 2,704 bytes. The tightest is the
 * urls plugin's urls_run_links index (run id, kind, without_x, count, url): on PostgreSQL 2,640 random bytes fit it,
 * 2,650 did not; 2,600 keeps a margin. Browsers and servers rarely accept links past 2,083 characters anyway.
 */
export const MAX_INDEXED_BYTES = 2600;

/** Whether the value fits an index entry: UTF-8 bytes, counted only when the length alone cannot settle it. */
function fitsIndex(value: string): boolean {
  return value.length * 3 <= MAX_INDEXED_BYTES || (value.length <= MAX_INDEXED_BYTES && Buffer.byteLength(value, 'utf8') <= MAX_INDEXED_BYTES);
}

/** Whether a post's rid and its author's rid and user_id are short enough to be stored (see MAX_ID_LENGTH). */
export function idsFit(post: PostInput): boolean {
  const a = post.author;
  return post.rid.length <= MAX_ID_LENGTH && (!a || (a.rid.length <= MAX_ID_LENGTH && (a.user_id ?? '').length <= MAX_ID_LENGTH));
}

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v);

function stripPrefix(value: string, prefix: string): string {
  return value.startsWith(prefix) ? value.slice(prefix.length) : value;
}

/** PostgreSQL text cannot hold NUL; exports sometimes carry them (4CAT strips them too). */
const clean = <T extends string | null | undefined>(v: T): T => (typeof v === 'string' && v.includes('\u0000') ? (v.split('\u0000').join('') as T) : v);

const ACTOR_TEXT = ['rid', 'user_id', 'screen_name', 'display_name', 'url', 'bio', 'location', 'avatar_url', 'embedded_profile_url'] as const;
const POST_TEXT = ['rid', 'subject', 'title', 'body', 'source_url', 'avatar_url', 'accounts_url', 'repost_of', 'quote_of', 'reply_to'] as const;
const POST_LISTS = ['urls', 'images', 'hashtags', 'mentions'] as const;
const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\u0000');

/** Whether any text of the post or its author holds a NUL (rare: other posts are read as they are, not copied). */
function needsCleaning(raw: PostInput): boolean {
  for (const k of POST_TEXT) if (hasNul(raw[k])) return true;
  for (const k of POST_LISTS) for (const v of raw[k] ?? []) if (hasNul(v)) return true;
  const a = raw.author;
  if (a) for (const k of ACTOR_TEXT) if (hasNul(a[k])) return true;
  return false;
}

function cleanActor(a: ActorInput | null | undefined): ActorInput | null {
  if (!a) return null;
  return {
    ...a, rid: clean(a.rid), user_id: clean(a.user_id), screen_name: clean(a.screen_name), display_name: clean(a.display_name),
    url: clean(a.url), bio: clean(a.bio), location: clean(a.location), avatar_url: clean(a.avatar_url),
    embedded_profile_url: clean(a.embedded_profile_url),
  };
}

function cleanPost(raw: PostInput): PostInput {
  return {
    ...raw, rid: clean(raw.rid), subject: clean(raw.subject), title: clean(raw.title), body: clean(raw.body),
    source_url: clean(raw.source_url), avatar_url: clean(raw.avatar_url), accounts_url: clean(raw.accounts_url),
    urls: raw.urls?.map(clean), images: raw.images?.map(clean), hashtags: raw.hashtags?.map(clean), mentions: raw.mentions?.map(clean),
    author: cleanActor(raw.author), repost_of: clean(raw.repost_of), quote_of: clean(raw.quote_of), reply_to: clean(raw.reply_to),
  };
}

/**
 * Host and registrable domain of recently seen URLs: tldts parses each URL twice (host, then domain), and exports
 * repeat their links. Bounded: cleared when full.
 */
const urlParts = new Map<string, { host: string | null; domain: string | null }>();
const URL_PARTS_MAX = 20_000;
function partsOf(url: string): { host: string | null; domain: string | null } {
  let parts = urlParts.get(url);
  if (!parts) {
    if (urlParts.size >= URL_PARTS_MAX) urlParts.clear();
    parts = { host: getHostname(url), domain: getDomain(url) };
    urlParts.set(url, parts);
  }
  return parts;
}

const distinct = <T>(values: readonly T[]): T[] => (values.length < 2 ? [...values] : [...new Set(values)]);

export function normalizePost(raw: PostInput): NormalizedPost {
  // Copied only when a text needs cleaning; otherwise its author object is passed on as it is.
  const input: PostInput = needsCleaning(raw) ? cleanPost(raw) : raw;
  const text = matchableText(input);
  const tokens = tokenize(text);
  const search: string[] = [];
  const hashtags: string[] = [];
  const mentions: string[] = [];
  const textUrls: string[] = [];
  for (const t of tokens) {
    search.push(renderToken(t.text));
    if (t.kind === 'hashtag') hashtags.push(t.text.slice(1));
    else if (t.kind === 'mention') mentions.push(t.text.slice(1));
    else if (t.kind === 'url') textUrls.push(text.slice(t.start, t.end));
  }
  const propHashtags = input.additional_properties?.hashtags;
  if (Array.isArray(propHashtags)) {
    for (const h of propHashtags) if (h && typeof h === 'object' && typeof h.text === 'string') hashtags.push(h.text);
  }
  const propMentions = input.additional_properties?.users_mentioned;
  if (Array.isArray(propMentions)) {
    for (const m of propMentions) {
      if (typeof m === 'string') mentions.push(m);
      else if (m && typeof m === 'object' && typeof m.screen_name === 'string') mentions.push(m.screen_name);
    }
  }
  for (const h of input.hashtags ?? []) hashtags.push(h);
  for (const m of input.mentions ?? []) mentions.push(m);

  const urls: NormalizedPost['urls'] = [];
  const seenUrls = new Set<string>();
  for (const raw of [...(input.urls ?? []), ...textUrls]) {
    const url = raw.trim();
    if (!url || seenUrls.has(url) || !fitsIndex(url)) continue;
    seenUrls.add(url);
    const parts = partsOf(url);
    urls.push({ url, host: parts.host, domain: parts.domain });
  }
  const domains = urls.length === 0 ? [] : distinct(urls.map((u) => u.domain).filter((d): d is string => d !== null));
  const body = input.body ?? '';
  return {
    platform: input.platform,
    rid: input.rid,
    subject: blank(input.subject),
    title: blank(input.title),
    body,
    published_at: input.published_at,
    language: normalizeLanguage(input.language) ?? guessLanguage(text),
    source_url: blank(input.source_url),
    avatar_url: blank(input.avatar_url),
    accounts_url: blank(input.accounts_url),
    urls,
    images: distinct(input.images ?? []),
    domains,
    hashtags: hashtags.length === 0 ? [] : distinct(hashtags.map((h) => fold(stripPrefix(h.trim(), '#'))).filter((h) => h && fitsIndex(h))),
    mentions: mentions.length === 0 ? [] : distinct(mentions.map((m) => fold(stripPrefix(m.trim(), '@'))).filter((m) => m && fitsIndex(m))),
    entities: input.entities === undefined || input.entities === null ? null : JSON.stringify(input.entities),
    author: input.author ?? null,
    repost_of: blank(input.repost_of),
    quote_of: blank(input.quote_of),
    reply_to: blank(input.reply_to),
    is_niche: isNiche(input.platform),
    additional_properties: input.additional_properties ?? {},
    search_text: search.join(' '),
  };
}

function fold(value: string): string {
  return value.normalize('NFC').toLowerCase();
}

const EN = new Set(['the', 'and', 'is', 'are', 'of', 'to', 'in', 'that', 'this', 'for', 'with', 'on', 'was', 'it', 'you', 'they', 'we', 'not', 'be', 'have']);
const ES = new Set(['el', 'la', 'los', 'las', 'de', 'que', 'y', 'en', 'es', 'por', 'para', 'con', 'una', 'un', 'del', 'se', 'no', 'su', 'al', 'lo']);
const HAN = /\p{scx=Han}/gu;

/**
 * A cheap guess for posts that arrive without a language: Chinese by Han characters, English or Spanish by
 * function words. Null when unsure (short or other-language text).
 */
export function guessLanguage(text: string): string | null {
  if (!text) return null;
  const han = text.match(HAN)?.length ?? 0;
  if (han >= 2 && han / text.replace(/\s/g, '').length > 0.3) return 'zh';
  let en = 0;
  let es = 0;
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    if (EN.has(word)) en += 1;
    if (ES.has(word)) es += 1;
  }
  if (en >= 2 && en > es) return 'en';
  if (es >= 2 && es > en) return 'es';
  return null;
}
