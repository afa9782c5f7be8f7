import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The English valence lexicon: VADER's (Hutto & Gilbert 2014, 7,500 words, emoticons and slang rated -4..+4 by
 * ten raters each), read from the `vader-sentiment` package's own copy, plus the few emoji and phrases VADER's
 * lexicon lacks. Loaded once per process.
 */

const require = createRequire(import.meta.url);

function readVaderLexicon(): Map<string, number> {
  const file = path.join(path.dirname(require.resolve('vader-sentiment/package.json')), 'vader_lexicon.txt');
  const lexicon = new Map<string, number>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const tab = line.indexOf('\t');
    if (tab <= 0) continue;
    const valence = Number.parseFloat(line.slice(tab + 1));
    if (Number.isFinite(valence)) lexicon.set(line.slice(0, tab), valence);
  }
  return lexicon;
}

/** Emoji are frequent in posts and absent from VADER's word list; values on VADER's -4..+4 scale. */
const EMOJI: Record<string, number> = {
  '😀': 2.2, '😃': 2.2, '😄': 2.2, '😁': 2.2, '😆': 2, '😊': 2.2, '🙂': 1.3, '😍': 2.8, '🥰': 2.8, '😘': 2.3, '😻': 2.5,
  '❤': 2.6, '❤️': 2.6, '💕': 2.5, '💖': 2.5, '💗': 2.4, '💙': 2.2, '💚': 2.2, '💜': 2.2, '💛': 2.2, '🧡': 2.2, '♥': 2.4,
  '👍': 1.8, '👏': 1.8, '🙌': 2, '🎉': 2.2, '🥳': 2.4, '✨': 1.2, '🔥': 1.2, '💯': 1.6, '😎': 1.6, '🤩': 2.5, '😂': 1.4,
  '🤣': 1.5, '😅': 0.6, '😉': 1.2, '🙏': 1.2, '💪': 1.5, '🌟': 1.6, '⭐': 1.4, '🏆': 2, '☺': 2, '☺️': 2, '😇': 1.8,
  '😢': -2, '😭': -1.8, '😞': -2, '😔': -1.8, '😟': -1.8, '😩': -1.8, '😫': -1.8, '😡': -2.6, '😠': -2.4, '🤬': -2.8,
  '💔': -2.5, '👎': -1.8, '😒': -1.6, '🙄': -1.4, '😤': -1.6, '😱': -1.6, '😨': -1.8, '😰': -1.8, '😖': -1.8, '😣': -1.6,
  '🤮': -2.4, '🤢': -2, '😷': -1, '☹': -2, '☹️': -2, '🙁': -1.5, '😕': -1.2, '💩': -1.8, '😪': -1, '😓': -1.2,
};

/**
 * Multi-word expressions VADER scores wrongly word by word ("can't wait" is eager, not negative; VADER rates
 * "shoot" as the mild exclamation, -1.4, so "shoot you" gets the valence of "hurt", -2.4, plus a step for the threat).
 */
export const PHRASES: ReadonlyMap<string, number> = new Map(Object.entries({
  "can't wait": 2.2, 'cant wait': 2.2, 'cannot wait': 2.2, 'looking forward': 1.8, 'look forward': 1.8,
  'no doubt': 0.8, 'not bad': 1.2, 'thank you': 1.8, 'thanks so much': 2, 'well done': 2, 'so proud': 2.2,
  'rest in peace': -0.6, 'sick of': -1.8, 'fed up': -1.8, 'let down': -1.6, 'pissed off': -2.4, 'shut up': -1.6,
  'kind of': 0, 'sort of': 0, 'happy birthday': 2.2, 'good luck': 1.6, 'good morning': 1.2, 'good night': 1.0,
  'shoot you': -3.4, 'shoot u': -3.4, 'shoot him': -3.4, 'shoot her': -3.4, 'shoot them': -3.4,
}));

let cached: Map<string, number> | null = null;

export function englishLexicon(): Map<string, number> {
  if (cached) return cached;
  const lexicon = readVaderLexicon();
  for (const [emoji, valence] of Object.entries(EMOJI)) lexicon.set(emoji, valence);
  cached = lexicon;
  return lexicon;
}

/** VADER's published constants (the paper's empirically derived increments). */
export const BOOST = 0.293;
export const CAPS_BOOST = 0.733;
export const NEGATION_SCALAR = -0.74;

export const NEGATORS: ReadonlySet<string> = new Set([
  'not', 'no', 'never', 'none', 'nobody', 'nothing', 'neither', 'nor', 'nowhere', 'cannot', 'without', 'hardly', 'rarely',
  'seldom', 'despite', "isn't", 'isnt', "aren't", 'arent', "wasn't", 'wasnt', "weren't", 'werent', "don't", 'dont',
  "doesn't", 'doesnt', "didn't", 'didnt', "won't", 'wont', "wouldn't", 'wouldnt', "can't", 'cant', "couldn't", 'couldnt',
  "shouldn't", 'shouldnt', "haven't", 'havent', "hasn't", 'hasnt', "hadn't", 'hadnt', "ain't", 'aint', "mustn't", 'neednt',
  "needn't", 'darent', "daren't", 'uh-uh', 'nope',
]);

export const BOOSTERS: ReadonlyMap<string, number> = new Map(Object.entries({
  absolutely: BOOST, amazingly: BOOST, awfully: BOOST, completely: BOOST, considerably: BOOST, deeply: BOOST,
  enormously: BOOST, entirely: BOOST, especially: BOOST, exceptionally: BOOST, extremely: BOOST, fabulously: BOOST,
  fully: BOOST, greatly: BOOST, highly: BOOST, hugely: BOOST, incredibly: BOOST, intensely: BOOST, majorly: BOOST,
  more: BOOST, most: BOOST, particularly: BOOST, purely: BOOST, quite: BOOST, really: BOOST, remarkably: BOOST, so: BOOST,
  substantially: BOOST, thoroughly: BOOST, totally: BOOST, tremendously: BOOST, uber: BOOST, unbelievably: BOOST,
  unusually: BOOST, utterly: BOOST, very: BOOST, super: BOOST, soo: BOOST, sooo: BOOST, realy: BOOST, truly: BOOST,
  almost: -BOOST, barely: -BOOST, hardly: -BOOST, kinda: -BOOST, less: -BOOST, little: -BOOST, marginally: -BOOST,
  occasionally: -BOOST, partly: -BOOST, scarcely: -BOOST, slightly: -BOOST, somewhat: -BOOST, sorta: -BOOST,
}));
