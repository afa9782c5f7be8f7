/**
 * The native format's common case without zod: a record whose fields all have the expected types and lengths is
 * answered here with what `nativeSchema.safeParse` would give (ids as trimmed text, instants canonical, other
 * values as they are); anything else answers null and goes to the schema, whose first issue is the message
 * reported. So a refused record's reason never comes from this file. (zod's object validation was about 8% of an
 * import's CPU in the issue-19 profile.)
 */
import { MAX_ID_LENGTH } from '@core/server/postStore/normalize';
import { parseInstant } from './time';

type Fields = Record<string, unknown>;
/** A field's value after the check; `INVALID` sends the record to the schema. */
const INVALID = Symbol('invalid');

const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

function idText(v: unknown, max: number): unknown {
  if (v === undefined || v === null) return v;
  if (typeof v === 'string') return v.length <= max ? v.trim() : INVALID;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v).trim() : INVALID;
  return INVALID;
}

function text(v: unknown, max: number): unknown {
  if (v === undefined || v === null) return v;
  return typeof v === 'string' && v.length <= max ? v : INVALID;
}

function stringList(v: unknown, max: number): unknown {
  if (v === undefined || v === null) return v;
  if (!Array.isArray(v) || v.length > 1000) return INVALID;
  for (const s of v) if (typeof s !== 'string' || s.length > max) return INVALID;
  return v;
}

function instant(v: unknown): unknown {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  return parseInstant(v) ?? INVALID;
}

/** `z.record(z.string(), z.unknown()).nullish()`: a plain object (copied, as zod does) or nullish. */
function record(v: unknown): unknown {
  if (v === undefined || v === null) return v;
  if (!isObject(v) || Object.getPrototypeOf(v) !== Object.prototype || Object.hasOwn(v, '__proto__')) return INVALID;
  return { ...v };
}

export interface FieldRule { name: string; check: (v: unknown) => unknown }

/** Checks `fields` of `raw` by `rules`; answers a copy of raw (unknown keys kept, as `.loose()`) with the checked values, or null. */
export function checkFields(raw: Fields, rules: readonly FieldRule[]): Fields | null {
  if (Object.hasOwn(raw, '__proto__')) return null;
  const out: Fields = { ...raw };
  for (const rule of rules) {
    if (!(rule.name in raw)) continue;
    const value = rule.check(raw[rule.name]);
    if (value === INVALID) return null;
    out[rule.name] = value;
  }
  return out;
}

const MAX_TEXT = 100_000;
const MAX_FIELD = 4_000;

const ACTOR_RULES: FieldRule[] = [
  { name: 'rid', check: (v) => idText(v, MAX_ID_LENGTH) }, { name: 'user_id', check: (v) => idText(v, MAX_ID_LENGTH) },
  { name: 'screen_name', check: (v) => text(v, MAX_FIELD) }, { name: 'display_name', check: (v) => text(v, MAX_FIELD) },
  { name: 'created_at', check: instant }, { name: 'url', check: (v) => text(v, MAX_FIELD) }, { name: 'bio', check: (v) => text(v, MAX_TEXT) },
  { name: 'location', check: (v) => text(v, MAX_FIELD) }, { name: 'avatar_url', check: (v) => text(v, MAX_FIELD) },
  { name: 'embedded_profile_url', check: (v) => text(v, MAX_FIELD) }, { name: 'additional_properties', check: record },
];

function actor(v: unknown): unknown {
  if (v === undefined || v === null) return v;
  if (!isObject(v)) return INVALID;
  return checkFields(v, ACTOR_RULES) ?? INVALID;
}

/** The rules of formats.ts's `nativeSchema`, field by field (keep the two in step). */
export const NATIVE_RULES: FieldRule[] = [
  { name: 'platform', check: (v) => text(v, 100) }, { name: 'class', check: (v) => text(v, 100) },
  { name: 'rid', check: (v) => idText(v, MAX_ID_LENGTH) },
  { name: 'subject', check: (v) => text(v, MAX_TEXT) }, { name: 'title', check: (v) => text(v, MAX_TEXT) }, { name: 'body', check: (v) => text(v, MAX_TEXT) },
  { name: 'published_at', check: instant },
  { name: 'language', check: (v) => text(v, 35) }, { name: 'lang', check: (v) => text(v, 35) },
  { name: 'source_url', check: (v) => text(v, MAX_FIELD) }, { name: 'avatar_url', check: (v) => text(v, MAX_FIELD) },
  { name: 'accounts_url', check: (v) => text(v, MAX_FIELD) },
  { name: 'urls', check: (v) => stringList(v, MAX_FIELD) }, { name: 'images', check: (v) => stringList(v, MAX_FIELD) },
  { name: 'hashtags', check: (v) => stringList(v, MAX_FIELD) }, { name: 'mentions', check: (v) => stringList(v, MAX_FIELD) },
  { name: 'author', check: actor },
  { name: 'user_id', check: (v) => idText(v, MAX_ID_LENGTH) }, { name: 'user_rid', check: (v) => idText(v, MAX_ID_LENGTH) },
  { name: 'screen_name', check: (v) => text(v, MAX_FIELD) }, { name: 'display_name', check: (v) => text(v, MAX_FIELD) },
  { name: 'repost_of', check: (v) => idText(v, MAX_FIELD) }, { name: 'quote_of', check: (v) => idText(v, MAX_FIELD) },
  { name: 'reply_to', check: (v) => idText(v, MAX_FIELD) },
  { name: 'additional_properties', check: record },
];
