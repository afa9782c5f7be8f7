/**
 * The text a database full-text index is built from. Both indexes (SQLite FTS5 and PostgreSQL tsvector) are fed
 * `toSearchText(body)`, not the raw body, because their own tokenizers disagree with `tokenize` in ways that would
 * make them miss posts the matcher accepts (PostgreSQL's parser keeps `vote.org` as one lexeme, so `vote` would
 * not find it; FTS5 does not index emoji, cannot find `中文` inside `中文测试`, and case-folds `ſ` to `s`).
 *
 * `toSearchText` is the post's folded tokens, each rendered as one database-safe word, separated by spaces. A
 * token is written as is when all its characters are "safe" (below), otherwise every unsafe character becomes
 * `_<hex code point>_` (`#climate` → `_23_climate`, `🎉` → `_1f389_`). `_` itself is unsafe, so the rendering is
 * injective: two tokens get the same word only if they are the same token.
 *
 * Safe characters are ones both databases treat as a letter or digit that they fold to itself, in ranges assigned
 * since Unicode 3.2 so that older SQLite/glibc tables agree (checked character by character against the real
 * databases in searchText.test.ts): a-z, 0-9, Latin-1 lowercase letters, basic Greek and Cyrillic lowercase,
 * hiragana, katakana, the CJK Unified Ideographs of Unicode 1.1 and Hangul syllables. English, Spanish and
 * Chinese, the product's languages, stay readable.
 *
 * With the FTS5 tokenizer `FTS5_TOKENIZE` every rendered token is exactly one FTS5 token, so FTS5 phrase queries
 * are exactly the matcher's token sequences. PostgreSQL's parser splits rendered tokens at `_` into several
 * lexemes; the same split happens to the query, so phrases still line up (a superset, not exact).
 */
import { tokenTexts } from './tokenize';

/** Greek/Latin-1 letters FTS5's unicode61 folds to another letter (ς→σ, ſ→s, ϐ→β…): not safe. */
const FOLDED_BY_FTS5 = new Set(['\u017F', '\u03C2', '\u03D0', '\u03D1', '\u03D5', '\u03D6', '\u03F0', '\u03F1', '\u03F5']);

/** [first, last] code point ranges of safe characters (lowercase letters, digits, CJK), see the file comment. */
const SAFE_RANGES: readonly (readonly [number, number])[] = [
  [0x30, 0x39], // 0-9
  [0x61, 0x7a], // a-z
  [0xdf, 0xf6], // ß-ö
  [0xf8, 0xff], // ø-ÿ
  [0x3ac, 0x3ce], // Greek lowercase (ς excluded below)
  [0x430, 0x45f], // Cyrillic lowercase
  [0x3041, 0x3096], // hiragana
  [0x30a1, 0x30fa], // katakana
  [0x30fc, 0x30fc], // ー prolonged sound mark
  [0x4e00, 0x9fa5], // CJK Unified Ideographs (Unicode 1.1)
  [0xac00, 0xd7a3], // Hangul syllables
];

export function isSafeChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return !FOLDED_BY_FTS5.has(char) && SAFE_RANGES.some(([first, last]) => code >= first && code <= last);
}

const PLAIN = /^[a-z0-9]*$/;

/** One folded token as one database word: safe characters kept, others as `_<hex>_`. */
export function renderToken(token: string): string {
  if (PLAIN.test(token)) return token; // most tokens: nothing to check character by character
  let rendered = '';
  for (const char of token) {
    rendered += isSafeChar(char) ? char : `_${(char.codePointAt(0) ?? 0).toString(16)}_`;
  }
  return rendered;
}

/** The text to index for a post: store it in the FTS5 column, and build the tsvector from it. */
export function toSearchText(body: string): string {
  return tokenTexts(body).map(renderToken).join(' ');
}
