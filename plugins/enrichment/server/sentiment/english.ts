import { BOOSTERS, CAPS_BOOST, englishLexicon, NEGATION_SCALAR, NEGATORS, PHRASES } from './englishLexicon';

/**
 * English valence with VADER's method (Hutto & Gilbert 2014), re-implemented for speed (one pass, no
 * allocations per word beyond the token list): lexicon valence per word, emphasis by ALL CAPS in mixed-case text,
 * boosters and dampeners in the three words before, negation in the three words before (x -0.74), "but" shifting
 * weight to the clause after it (before x0.5, after x1.5), exclamation marks, elongated words ("sooo goood"),
 * hashtags read as words, emoji and emoticons, and a few phrases VADER gets wrong ("can't wait").
 * The compound score is VADER's normalisation sum / sqrt(sum^2 + 15), in -1..1.
 */

const lexicon = englishLexicon();
/** First words of the phrases, so a bigram string is only built where a phrase can start. */
const PHRASE_STARTS = new Set([...PHRASES.keys()].map((p) => p.split(' ')[0]!));

export interface EnglishValence {
  compound: number;
  /** Sum of positive and of negative word valences after the rules (both >= 0). */
  positive: number;
  negative: number;
  /** How many words (or emoji, emoticons, phrases) carried a positive and a negative valence after the rules. */
  positiveWords: number;
  negativeWords: number;
  /** Tokens read (words, emoji, emoticons; mentions and links left out). */
  tokens: number;
  /** Valenced words flipped by a negator before them. */
  negated: number;
}

/** Letters, digits, apostrophes, `#` and anything beyond ASCII count as word characters when trimming. */
function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c > 127;
}

function hasTripleLetter(word: string): boolean {
  for (let i = 2; i < word.length; i++) if (word[i] === word[i - 1] && word[i] === word[i - 2]) return true;
  return false;
}

function lookup(word: string): number | undefined {
  const direct = lexicon.get(word);
  if (direct !== undefined) return direct;
  // Elongation: "goooood" -> "good" / "god"; only words with a letter repeated three times pay for this.
  if (hasTripleLetter(word)) {
    const two = word.replace(/(\p{L})\1{2,}/gu, '$1$1');
    return lexicon.get(two) ?? lexicon.get(two.replace(/(\p{L})\1/gu, '$1'));
  }
  return undefined;
}

function isSpace(c: number): boolean {
  return c <= 32 || c === 0xa0 || (c >= 0x2000 && c <= 0x200d) || c === 0x3000 || c === 0xfe0f;
}

/** Emoji start: a surrogate pair of the pictographic planes, or the BMP symbol blocks (☺ ♥ ✨ ❤ ⭐). */
function isEmojiStart(c: number): boolean {
  return c === 0xd83c || c === 0xd83d || c === 0xd83e || (c >= 0x2600 && c <= 0x27bf) || c === 0x2b50;
}

interface Scanned { words: string[]; caps: boolean[]; anyLower: boolean }

/**
 * One pass over the characters: whitespace-separated tokens, emoji split off as tokens of their own, edge
 * punctuation trimmed (an all-punctuation token is kept only if it is an emoticon of the lexicon), lower case
 * computed only for tokens with capitals, and each token's ALL-CAPS flag.
 */
function scan(text: string): Scanned {
  const words: string[] = [];
  const caps: boolean[] = [];
  let anyLower = false;
  const n = text.length;
  const emit = (a: number, b: number, upper: boolean, lowerSeen: boolean) => {
    if (b <= a) return;
    const first = text.charCodeAt(a);
    if (first === 64 /* @ */ || (first === 104 && text.startsWith('http', a))) return;
    let token = text.slice(a, b);
    if (token.includes('’')) token = token.replace(/’/g, "'");
    const lower = upper ? token.toLowerCase() : token;
    let from = 0;
    let to = lower.length;
    while (from < to && !isWordCode(lower.charCodeAt(from)) && lower.charCodeAt(from) !== 35 /* # */) from++;
    while (to > from && !isWordCode(lower.charCodeAt(to - 1))) to--;
    if (from === to || (from > 0 && upper && lexicon.has(lower))) {
      // No letters (":)", "<3"), or an emoticon written with capitals (":D", ":P"): lexicon entries as written.
      if (lexicon.has(lower)) { words.push(lower); caps.push(false); }
      return;
    }
    words.push(from === 0 && to === lower.length ? lower : lower.slice(from, to));
    caps.push(upper && !lowerSeen && b - a > 1);
    if (lowerSeen) anyLower = true;
  };
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) { i++; continue; }
    if (isEmojiStart(c)) {
      const width = c >= 0xd800 ? 2 : 1;
      const fe0f = text.charCodeAt(i + width) === 0xfe0f ? 1 : 0;
      words.push(text.slice(i, i + width + fe0f));
      caps.push(false);
      i += width + fe0f;
      continue;
    }
    const start = i;
    let upper = false;
    let lowerSeen = false;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (isSpace(d) || isEmojiStart(d)) break;
      if (d >= 65 && d <= 90) upper = true;
      else if (d >= 97 && d <= 122) lowerSeen = true;
      else if (d > 127) {
        // Non-ASCII letters (é, ñ, Ü): the character's own case.
        const ch = text[i]!;
        if (ch !== ch.toLowerCase()) upper = true; else if (ch !== ch.toUpperCase()) lowerSeen = true;
      }
      i++;
    }
    emit(start, i, upper, lowerSeen);
  }
  return { words, caps, anyLower };
}

/** Everything the rules need to know about a word, so each word costs one hash lookup. */
interface WordInfo { valence?: number; booster?: number; negator?: true; phraseStart?: true; but?: true }
const WORDS = new Map<string, WordInfo>();
const info = (w: string) => { let e = WORDS.get(w); if (!e) { e = {}; WORDS.set(w, e); } return e; };
for (const [w, v] of lexicon) info(w).valence = v;
for (const [w, b] of BOOSTERS) { const e = info(w); e.booster = b; delete e.valence; }
for (const w of NEGATORS) info(w).negator = true;
for (const w of PHRASE_STARTS) info(w).phraseStart = true;
info('but').but = true;

export function englishValence(text: string): EnglishValence {
  const { words, caps, anyLower } = scan(text);
  const n = words.length;
  const infos: Array<WordInfo | undefined> = new Array(n);
  for (let i = 0; i < n; i++) infos[i] = WORDS.get(words[i]!);

  const valences = new Float64Array(n);
  let butAt = -1;
  let negated = 0;
  for (let i = 0; i < n; i++) {
    const e = infos[i];
    let v: number | undefined;
    let span = 1;
    if (e !== undefined) {
      if (e.but && butAt < 0) butAt = i;
      if (e.phraseStart && i + 1 < n) {
        const phrase = PHRASES.get(`${words[i]} ${words[i + 1]}`);
        if (phrase !== undefined) { v = phrase; span = 2; }
      }
      if (v === undefined) {
        if (e.booster !== undefined) continue;
        v = e.valence;
      }
    } else {
      const word = words[i]!;
      v = word.charCodeAt(0) === 35 /* # */ ? lookup(word.slice(1)) : hasTripleLetter(word) ? lookup(word) : undefined;
    }
    if (v === undefined || v === 0) { i += span - 1; continue; }
    if (caps[i] && anyLower) v += v > 0 ? CAPS_BOOST : -CAPS_BOOST;
    // Boosters and negators in the three preceding words (boosters decay with distance, as in VADER).
    for (let d = 1; d <= 3 && i - d >= 0; d++) {
      const before = infos[i - d];
      if (before === undefined) continue;
      if (before.booster !== undefined) {
        let b = (v > 0 ? before.booster : -before.booster) * (d === 1 ? 1 : d === 2 ? 0.95 : 0.9);
        if (caps[i - d] && anyLower) b += b > 0 ? CAPS_BOOST : -CAPS_BOOST;
        v += b;
      }
      if (span === 1 && before.negator) { v *= NEGATION_SCALAR; negated++; }
    }
    valences[i] = v;
    i += span - 1;
  }

  let sum = 0;
  let positive = 0;
  let negative = 0;
  let positiveWords = 0;
  let negativeWords = 0;
  for (let i = 0; i < n; i++) {
    let v = valences[i]!;
    if (v === 0) continue;
    if (butAt >= 0) v *= i < butAt ? 0.5 : i > butAt ? 1.5 : 1;
    sum += v;
    if (v > 0) { positive += v + 1; positiveWords++; } else { negative += -v + 1; negativeWords++; }
  }
  if (sum !== 0) {
    // Exclamation marks emphasise whatever the text already says (VADER: 0.292 each, at most four).
    let bangs = 0;
    for (let k = text.indexOf('!'); k >= 0 && bangs < 4; k = text.indexOf('!', k + 1)) bangs++;
    sum += (sum > 0 ? 1 : -1) * bangs * 0.292;
  }
  return { compound: sum / Math.sqrt(sum * sum + 15), positive, negative, positiveWords, negativeWords, tokens: n, negated };
}
