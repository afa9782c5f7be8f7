/**
 * `tokenize`: how post text (and the text of a query term or phrase) is cut into the tokens that terms match.
 * One function for both sides is what makes matching predictable: a term matches where its own tokens occur
 * consecutively in the post's tokens.
 *
 * Token kinds, tried in this order at each position:
 * - emoji:   a keycap (`1️⃣`), so that its digit is not read as a word.
 * - url:     `http://…`, `https://…` or `www.…` up to whitespace or a character that cannot be in a URL;
 *            trailing `.,;:!?'` and an unbalanced trailing `)` are left out (sentence punctuation).
 * - hashtag: `#` followed by word characters (`#climate`, `#COP28` → `#cop28`).
 * - mention: `@` followed by word characters (`@bob`).
 * - word:    letters and digits, then letters, digits, combining marks and `_` (`café`, `cop28`, `foo_bar`).
 * - char:    one character of a script written without spaces (Chinese, Japanese kana, Thai, Lao, Khmer,
 *            Myanmar) with its combining marks. Each is its own token, so a term of such characters matches
 *            where they occur in a row: `中文` matches inside `中文测试`.
 * - emoji:   any other emoji with its modifiers (skin tone, ZWJ sequence, flag); variation selectors are
 *            dropped so ❤ and ❤️ are the same token.
 * Everything else (spaces, punctuation, other symbols) separates tokens and is never matched.
 *
 * Token text is folded for case-insensitive comparison: NFC-normalised, lowercased (`CAFÉ` = `café`, `Σ`/`ς` =
 * `σ`), accents kept (`café` ≠ `cafe`). `start`/`end` are UTF-16 offsets of the token in the original text.
 */

export type TokenKind = 'url' | 'emoji' | 'hashtag' | 'mention' | 'word' | 'char';

export type TextToken = { kind: TokenKind; text: string; start: number; end: number };

/** Scripts written without spaces between words; `\p{scx=…}` also covers the marks and signs they share. */
const UNSPACED_SCRIPT = String.raw`\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Bopomofo}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}`;
const NOT_UNSPACED = `(?![${UNSPACED_SCRIPT}])`;
const WORD_START = `${NOT_UNSPACED}[\\p{L}\\p{N}]`;
const WORD_CHAR = `${NOT_UNSPACED}[\\p{L}\\p{N}\\p{M}_]`;
const URL_CHAR = `(?:[A-Za-z0-9\\-._~:/?#\\[\\]@!$&'()*+,;=%]|${NOT_UNSPACED}[\\p{L}\\p{N}\\p{M}])`;
const EMOJI_PART = String.raw`\p{Extended_Pictographic}(?:[\uFE0E\uFE0F\u20E3]|\p{Emoji_Modifier}|[\u{E0020}-\u{E007F}])*`;

/**
 * One capture group per kind, in `KIND_BY_GROUP` order. Keycaps come first so `1️⃣` is not read as the word `1`;
 * other emoji come last because no emoji is a letter or digit, and trying them last is faster.
 */
const TOKEN_PATTERN = new RegExp(
  [
    String.raw`([0-9#*]\uFE0F?\u20E3)`,
    `((?:[Hh][Tt][Tt][Pp][Ss]?://|[Ww][Ww][Ww]\\.)${URL_CHAR}+)`,
    `(#${WORD_CHAR}+)`,
    `(@${WORD_CHAR}+)`,
    `(${WORD_START}${WORD_CHAR}*)`,
    `((?=[\\p{L}\\p{N}])[${UNSPACED_SCRIPT}]\\p{M}*)`,
    String.raw`(\p{Regional_Indicator}{2}|${EMOJI_PART}(?:\u200D${EMOJI_PART})*)`,
  ].join('|'),
  'gu',
);
const KIND_BY_GROUP: readonly TokenKind[] = ['emoji', 'url', 'hashtag', 'mention', 'word', 'char', 'emoji'];

export function tokenize(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  scan(text, (kind, raw, start) => tokens.push({ kind, text: foldToken(raw), start, end: start + raw.length }));
  return tokens;
}

/** Folded token texts only: what matching and indexing use (no token objects, it runs once per post). */
export function tokenTexts(text: string): string[] {
  const texts: string[] = [];
  scan(text, (_kind, raw) => texts.push(foldToken(raw)));
  return texts;
}

/** Calls `visit` with each token as it appears in `text` (unfolded) and its UTF-16 start offset. */
function scan(text: string, visit: (kind: TokenKind, raw: string, start: number) => void): void {
  const pattern = TOKEN_PATTERN; // shared: this loop runs to completion without yielding
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    let group = 1;
    while (match[group] === undefined && group < KIND_BY_GROUP.length) group += 1;
    const kind = KIND_BY_GROUP[group - 1] ?? 'word';
    let raw = match[0];
    if (kind === 'url') {
      raw = trimUrl(raw);
      pattern.lastIndex = match.index + raw.length; // the trimmed punctuation is a separator
    }
    visit(kind, raw, match.index);
  }
}

/** Tokens never hold spaces or control characters, so "only printable ASCII" means "plain ASCII". */
const NON_ASCII = /[^\x20-\x7e]/;

/** Case-insensitive, accent-keeping comparison form of a token. */
export function foldToken(raw: string): string {
  if (!NON_ASCII.test(raw)) return raw.toLowerCase(); // the common case, and NFC cannot change ASCII
  return raw
    .normalize('NFC')
    .toLowerCase()
    .replace(/ς/g, 'σ') // final sigma: lowercase Σ depends on position, fold both to σ
    .replace(/[\uFE0E\uFE0F]/g, '') // emoji/text presentation selectors are invisible
    .normalize('NFC');
}

const URL_TRAILING_PUNCTUATION = /[.,;:!?']$/;

function trimUrl(url: string): string {
  let trimmed = url;
  for (;;) {
    if (URL_TRAILING_PUNCTUATION.test(trimmed)) {
      trimmed = trimmed.slice(0, -1);
    } else if (trimmed.endsWith(')') && count(trimmed, '(') < count(trimmed, ')')) {
      trimmed = trimmed.slice(0, -1);
    } else {
      return trimmed;
    }
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
