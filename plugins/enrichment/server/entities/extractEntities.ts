import type { Entity, EntityType } from '../../shared/enrichmentRecord';
import { englishLexicon } from '../sentiment/englishLexicon';
import { gazetteer } from './gazetteer';

/**
 * Entities of a post: hashtags and @mentions by pattern (and Weibo's `#topic#`), and people, organisations and
 * places by a fast capitalisation-span tagger. A span is a run of capitalised words, possibly joined by "of",
 * "de", "la", "&" ("Bank of America", "Ciudad de México"); it is typed by, in order: the gazetteer (full name),
 * an honorific before it ("Senator X" -> person), its head word ("... University", "Ministry of ..." ->
 * organisation; "... County", "... River" -> place), a known first or family name in a two- or three-word span
 * (person). Spans nothing types are left out: precision over recall. Works for Latin-script text (English,
 * Spanish); in Chinese only hashtags and mentions are found.
 */

const HASHTAG = /#[\p{L}\p{N}_]+/gu;
const WEIBO_TOPIC = /#([^#\s]{1,40})#/gu;
const MENTION = /(?<![\p{L}\p{N}_.])@[\p{L}\p{N}_]{1,30}/gu;
const URL = /https?:\/\/\S+|www\.\S+/gi;
const TOKEN = /\p{Lu}(?:\.\p{Lu})+\.?|[\p{L}\p{N}][\p{L}\p{M}\p{N}'’&-]*|[.!?:;"“”()\n|…,]/gu;
const SENTENCE_BREAK = new Set(['.', '!', '?', ':', ';', '"', '“', '”', '(', ')', '\n', '|', '…']);
/** A capitalised article opens a sentence or a title, not a name: "The FBI" is "FBI". */
const DETERMINERS = new Set(['the', 'a', 'an', 'el', 'la', 'los', 'las', 'un', 'una', 'this', 'that', 'my', 'our', 'i', 'we', 'you']);
const CONNECTORS = new Set(['of', 'de', 'del', 'la', 'las', 'los', 'the', '&', 'van', 'von', 'der', 'bin', 'al', 'y', 'for']);

const HONORIFICS = new Set([
  'mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir', 'dame', 'president', 'senator', 'sen', 'rep', 'representative', 'gov',
  'governor', 'mayor', 'minister', 'premier', 'chancellor', 'pope', 'king', 'queen', 'prince', 'princess', 'judge',
  'justice', 'sheriff', 'general', 'gen', 'col', 'captain', 'capt', 'officer', 'sgt', 'lord', 'lady',
  'ceo', 'secretary', 'speaker', 'congressman', 'congresswoman', 'councilman', 'councilwoman', 'señor', 'señora', 'sr',
  'sra', 'presidente', 'presidenta', 'don', 'doña', 'ayatollah', 'rev', 'reverend', 'pastor', 'father', 'coach',
]);
const ORGANISATION_HEADS = new Set([
  'inc', 'corp', 'corporation', 'llc', 'ltd', 'co', 'company', 'group', 'party', 'university', 'college', 'ministry',
  'department', 'agency', 'bank', 'times', 'news', 'post', 'network', 'association', 'council', 'committee', 'foundation',
  'institute', 'commission', 'court', 'senate', 'congress', 'parliament', 'police', 'army', 'navy', 'fc', 'club',
  'airlines', 'motors', 'church', 'school', 'hospital', 'federation', 'union', 'press', 'media', 'tv', 'radio', 'journal',
  'herald', 'tribune', 'guardian', 'telegraph', 'labs', 'technologies', 'systems', 'partido', 'universidad', 'ministerio',
  'banco', 'gobierno', 'secretaría', 'instituto', 'comisión', 'tribunal', 'congreso', 'senado', 'policía', 'ejército',
]);
/** Heads that are never family names ("Church", "Post", "Times" can be). */
const STRONG_ORGANISATION_HEADS = new Set([
  'inc', 'corp', 'corporation', 'llc', 'ltd', 'company', 'party', 'university', 'college', 'ministry', 'department',
  'agency', 'association', 'committee', 'foundation', 'institute', 'commission', 'senate', 'parliament', 'fc',
  'airlines', 'federation', 'partido', 'universidad', 'ministerio', 'gobierno', 'instituto', 'comisión',
]);
const PLACE_HEADS = new Set([
  'street', 'avenue', 'ave', 'road', 'boulevard', 'river', 'mountain', 'mountains', 'lake', 'county', 'city', 'state',
  'province', 'island', 'islands', 'park', 'square', 'bridge', 'valley', 'beach', 'bay', 'coast', 'district', 'region',
  'airport', 'station', 'calle', 'avenida', 'ciudad', 'provincia', 'estado', 'río', 'plaza', 'municipio', 'mount', 'lago',
]);

/**
 * Everyday words that are also acronyms in the gazetteer (WHO, US, AM): only the all-capitals form is the
 * organisation or place ("Who is paying?" names nobody).
 */
const ACRONYM_WORDS = new Set(['who', 'us', 'it', 'am', 'may', 'will', 'can', 'one', 'aid', 'is', 'are', 'no', 'oh', 'cat', 'nor']);

interface Token { text: string; start: number; sentenceInitial: boolean; afterComma: boolean }

function mask(text: string, re: RegExp): string {
  return text.replace(re, (m) => ' '.repeat(m.length));
}

function isCapitalised(word: string): boolean {
  const first = word.codePointAt(0)!;
  const ch = String.fromCodePoint(first);
  return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}

function isShouting(word: string): boolean {
  return word.length > 6 && word === word.toUpperCase();
}

function typeSpan(words: string[], previous: string | undefined, sentenceInitial: boolean): { type: EntityType; from: number } | null {
  const g = gazetteer();
  const lower = words.map((w) => w.toLowerCase().replace(/['’]s$/, '').replace(/\.$/, ''));
  const key = lower.join(' ');
  const known = g.names.get(key) ?? g.names.get(key.replace(/\./g, ''));
  if (known && !(words.length === 1 && ACRONYM_WORDS.has(key) && words[0] !== words[0]!.toUpperCase())) return { type: known, from: 0 };
  if (known) return null;
  // "Senator Jane Doe", "Prime Minister Rishi Sunak", "presidente Andrés Manuel López Obrador".
  const honorificAt = lower.slice(0, 2).findIndex((w) => HONORIFICS.has(w));
  if (honorificAt >= 0 && honorificAt < words.length - 1) {
    // "CEO of Sunmart", "President of France": a title of something, not a name; the something is the entity.
    if (CONNECTORS.has(lower[honorificAt + 1]!) && honorificAt + 2 < words.length) {
      const rest = lower.slice(honorificAt + 2).join(' ');
      return { type: g.names.get(rest) ?? 'ORGANIZATION', from: honorificAt + 2 };
    }
    return { type: 'PERSON', from: honorificAt + 1 };
  }
  if (previous !== undefined && HONORIFICS.has(previous.toLowerCase().replace(/\.$/, '')) && !ORGANISATION_HEADS.has(lower[0]!)) {
    return { type: 'PERSON', from: 0 };
  }
  const head = lower[lower.length - 1]!;
  const firstIsName = g.firstNames.has(lower[0]!);
  // "Eric Church" is a singer, "Grace Church" may be either; a first name wins unless the head is unambiguous.
  if (words.length >= 2 && (STRONG_ORGANISATION_HEADS.has(head) || (!firstIsName && ORGANISATION_HEADS.has(head))
    || (words.length >= 3 && ORGANISATION_HEADS.has(lower[0]!)))) {
    return { type: 'ORGANIZATION', from: 0 };
  }
  if (words.length >= 2 && (PLACE_HEADS.has(head) || PLACE_HEADS.has(lower[0]!))) return { type: 'PLACE', from: 0 };
  if (words.length >= 2 && words.length <= 3 && (firstIsName || g.lastNames.has(head))) return { type: 'PERSON', from: 0 };
  if (words.length === 1) {
    if (previous !== undefined && HONORIFICS.has(previous.toLowerCase().replace(/\.$/, ''))) return { type: 'PERSON', from: 0 };
    // A lone first name mid-sentence ("yoga with Laura"), unless it is also an everyday word ("Hope", "Faith").
    if (!sentenceInitial && g.firstNames.has(key) && !englishLexicon().has(key)) return { type: 'PERSON', from: 0 };
  }
  return null;
}

function namedEntities(text: string, out: Entity[]): void {
  const masked = mask(mask(mask(text, URL), HASHTAG), MENTION);
  const tokens: Token[] = [];
  let sentenceInitial = true;
  let afterComma = false;
  for (const m of masked.matchAll(TOKEN)) {
    if (m[0] === ',') { afterComma = true; continue; }
    if (SENTENCE_BREAK.has(m[0])) { sentenceInitial = true; continue; }
    tokens.push({ text: m[0], start: m.index, sentenceInitial, afterComma });
    sentenceInitial = false;
    afterComma = false;
  }
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i]!;
    if (!isCapitalised(first.text) || isShouting(first.text) || DETERMINERS.has(first.text.toLowerCase())) continue;
    let end = i + 1;
    while (end < tokens.length) {
      const t = tokens[end]!;
      // A comma or a sentence end closes a name; "I" is never part of one.
      if (t.sentenceInitial || t.afterComma || t.text === 'I') break;
      if (isCapitalised(t.text) && !isShouting(t.text)) { end++; continue; }
      const next = tokens[end + 1];
      if (CONNECTORS.has(t.text.toLowerCase()) && next && !next.sentenceInitial && isCapitalised(next.text)) { end += 2; continue; }
      break;
    }
    const span = tokens.slice(i, end);
    const typed = typeSpan(span.map((t) => t.text), tokens[i - 1]?.text, first.sentenceInitial);
    if (typed) {
      const kept = span.slice(typed.from);
      const from = kept[0]!.start;
      const last = kept[kept.length - 1]!;
      const surface = text.slice(from, last.start + last.text.length).replace(/['’]s$/, '');
      out.push({ text: surface, type: typed.type, key: surface.toLowerCase(), start: from });
    }
    i = end - 1;
  }
}

export function extractEntities(text: string, language = 'en'): Entity[] {
  if (!text) return [];
  const found: Entity[] = [];
  let rest = mask(text, URL);
  if (language === 'zh') {
    // Weibo writes topics between two signs (#两会#); take them whole before single-sign hashtags.
    for (const m of rest.matchAll(WEIBO_TOPIC)) found.push({ text: m[0], type: 'HASHTAG', key: `#${m[1]!.toLowerCase()}`, start: m.index });
    rest = mask(rest, WEIBO_TOPIC);
  }
  for (const m of rest.matchAll(HASHTAG)) found.push({ text: m[0], type: 'HASHTAG', key: m[0].toLowerCase(), start: m.index });
  for (const m of mask(text, URL).matchAll(MENTION)) found.push({ text: m[0], type: 'MENTION', key: m[0].toLowerCase(), start: m.index });
  namedEntities(text, found);
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.start - b.start)
    .filter((e) => {
      const id = `${e.type}:${e.key}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    });
}
