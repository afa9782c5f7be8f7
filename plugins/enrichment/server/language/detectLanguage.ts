import { createRequire } from 'node:module';
import { englishLexicon } from '../sentiment/englishLexicon';
import { ENGLISH_CONTENT_CUES, FUNCTION_WORDS, MARKER_LETTERS } from './functionWords';

/** tinyld is loaded when a text first needs it (about 1 in 20), not on import: every process importing the plugin paid it. */
let tinyldModule: typeof import('tinyld/light') | null = null;
const tinyld = () => (tinyldModule ??= createRequire(import.meta.url)('tinyld/light') as typeof import('tinyld/light'));

/**
 * Language of a post as ISO 639-1, or `und` when unsure. Two stages, fast first:
 * 1. Script: Han without kana is Chinese (`zh`), kana Japanese, Hangul Korean, and a few one-language scripts.
 * 2. Latin script: counts of each language's function words (plus letters like ñ, ã, ß), and half a point for
 *    English for each word of the English sentiment lexicon (7,500 words: "sucks", "awesome", "damn"), since
 *    short emotional posts often have no function word at all; a clear winner decides.
 * Only texts the first stages leave open (about 1 in 20 tweets) go to tinyld, an n-gram detector that costs
 * ~50x more per text. URLs, @mentions, #hashtags, numbers and emoji are removed first: they say nothing about
 * the language and would make every post look English.
 */

export type LanguageCode = string;
export const UNDETERMINED = 'und';

const NOISE = /https?:\/\/\S+|www\.\S+|[@#][\p{L}\p{N}_]+|&\w+;|[\p{N}_]+/gu;
const WORD = /[\p{L}'’]+/gu;

/** Each function word's languages, as one lookup. */
const WORD_LANGUAGES = new Map<string, string[]>();
for (const [language, words] of [...Object.entries(FUNCTION_WORDS), ['en', ENGLISH_CONTENT_CUES] as const]) {
  for (const w of words) {
    const list = WORD_LANGUAGES.get(w) ?? [];
    list.push(language);
    WORD_LANGUAGES.set(w, list);
  }
}

/** Scripts told apart by code point ranges, in one pass over the text (regex counts were the slow part). */
const enum Script { Latin, Han, Kana, Hangul, Thai, Greek, Hebrew, Other }
const SCRIPT_LANGUAGE: Partial<Record<Script, string>> = { [Script.Kana]: 'ja', [Script.Hangul]: 'ko', [Script.Thai]: 'th', [Script.Greek]: 'el', [Script.Hebrew]: 'he' };
const LETTER = /\p{L}/u;

function scriptOf(c: number, ch: string): Script | null {
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) return Script.Latin;
  if (c < 0xc0) return null;
  if (c <= 0x24f || (c >= 0x1e00 && c <= 0x1eff)) return c === 0xd7 || c === 0xf7 ? null : Script.Latin;
  if ((c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff)) return Script.Han;
  if (c >= 0x3040 && c <= 0x30ff) return Script.Kana;
  if ((c >= 0xac00 && c <= 0xd7af) || (c >= 0x1100 && c <= 0x11ff)) return Script.Hangul;
  if (c >= 0x0e00 && c <= 0x0e7f) return Script.Thai;
  if (c >= 0x0370 && c <= 0x03ff) return Script.Greek;
  if (c >= 0x0590 && c <= 0x05ff) return Script.Hebrew;
  if (c >= 0xd800 && c <= 0xdfff) return null; // emoji and other astral symbols (rare astral Han is not worth it)
  return LETTER.test(ch) ? Script.Other : null;
}

function countScripts(text: string): Int32Array {
  const counts = new Int32Array(8);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 65) continue;
    const script = scriptOf(c, text[i]!);
    if (script !== null) counts[script]!++;
  }
  return counts;
}

function count(text: string, re: RegExp): number {
  let n = 0;
  re.lastIndex = 0;
  while (re.exec(text) !== null) n++;
  return n;
}

export interface LanguageResult {
  language: LanguageCode;
  /** Which stage decided: `script`, `words`, `ngrams` (tinyld) or `none`. */
  method: 'script' | 'words' | 'ngrams' | 'none';
}

export function detectLanguageDetailed(text: string): LanguageResult {
  const cleaned = text.replace(NOISE, ' ');
  const scripts = countScripts(cleaned);
  const letters = scripts.reduce((a, b) => a + b, 0);
  if (letters < 3) return { language: UNDETERMINED, method: 'none' };

  const han = scripts[Script.Han]!;
  if (han > 0) {
    const kana = scripts[Script.Kana]!;
    if (kana > 0 && kana * 10 >= han) return { language: 'ja', method: 'script' };
    if (han * 2 >= letters) return { language: 'zh', method: 'script' };
  }
  if (scripts[Script.Latin]! * 2 < letters) {
    for (const [script, language] of Object.entries(SCRIPT_LANGUAGE)) {
      if (scripts[Number(script)]! * 2 >= letters) return { language: language!, method: 'script' };
    }
    return ngrams(cleaned, letters);
  }

  const lower = cleaned.toLowerCase();
  const scores: Record<string, number> = { en: 0, es: 0, pt: 0, fr: 0, de: 0, it: 0 };
  for (const m of lower.matchAll(WORD)) {
    const word = m[0].replace('’', "'");
    const languages = WORD_LANGUAGES.get(word);
    if (languages) for (const l of languages) scores[l] = scores[l]! + 1 / languages.length;
    else if (word.length >= 3 && english.has(word)) scores.en! += 0.5;
  }
  for (const [language, re] of Object.entries(MARKER_LETTERS)) scores[language] = scores[language]! + count(lower, re);
  let best = 'en';
  let second = 0;
  for (const l of Object.keys(scores)) if (scores[l]! > scores[best]!) best = l;
  for (const l of Object.keys(scores)) if (l !== best && scores[l]! > second) second = scores[l]!;
  const top = scores[best]!;
  // A clear winner: two function words' worth and twice the runner-up, or any evidence and no competitor.
  if (top >= 2 && top >= 2 * second) return { language: best, method: 'words' };
  if (top >= 1 && second === 0) return { language: best, method: 'words' };
  return ngrams(cleaned, letters);
}

const english = englishLexicon();
/** Below this many letters an n-gram guess is noise ("LMAO, AMAZING!" came out Turkish). */
const MIN_NGRAM_LETTERS = 20;

function ngrams(text: string, letters: number): LanguageResult {
  if (letters < MIN_NGRAM_LETTERS) return { language: UNDETERMINED, method: 'none' };
  const language = tinyld().detect(text);
  return language ? { language, method: 'ngrams' } : { language: UNDETERMINED, method: 'none' };
}

export function detectLanguage(text: string): LanguageCode {
  return detectLanguageDetailed(text).language;
}
