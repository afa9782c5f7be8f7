import { FUNCTION_WORDS } from '../language/functionWords';

/**
 * first_ngram: the opening phrase of a post, for scanning lists of posts and grouping near-identical openings.
 * Definition: remove URLs, @mentions, #hashtags, retweet markers and HTML entities; cut the text into words
 * (Chinese with `Intl.Segmenter`); a *content word* is a word of two or more characters (one or more in Chinese)
 * that is not a stop word of the post's language (function words of en/es/pt/fr/de/it, a Chinese particle list)
 * and not a bare number. first_ngram is the first run of consecutive content words of length >= 2, cut to its
 * first 3 words, lower-cased and joined by spaces (no separator in Chinese). A punctuation mark or a stop word ends
 * a run. When no run reaches 2 words, it is the first content word; null when there is none.
 */

const MAX_N = 3;
const NOISE = /https?:\/\/\S+|www\.\S+|[@#][\p{L}\p{N}_]+|&\w+;|\bRT\b/gu;
const PIECE = /[\p{L}\p{M}\p{N}'’]+|[^\s\p{L}\p{M}\p{N}'’]+/gu;
const STOP_WORDS = new Set<string>([
  ...Object.values(FUNCTION_WORDS).flat(),
  'am', 'is', 'are', 'was', 'be', 'do', 'did', 'does', 'had', 'having', 'an', 'a', 'y', 'o', 'u', 'ur', 'im', "i'm", "it's",
  "don't", "can't", 'cant', 'dont', 'lol', 'omg', 'via', 'amp', 'gt', 'lt', 'yes', 'no', 'ok', 'oh', 'hey', 'hi', 'yo',
  'very', 'too', 'also', 'only', 'these', 'those', 'some', 'any', 'each', 'which', 'where', 'while', 'into', 'over',
  'after', 'before', 'because', 'should', 'could', 'may', 'might', 'must', 'shall', 'let', "let's", 'here', 'more', 'most',
]);
const ZH_STOP = new Set(['的', '了', '是', '在', '我', '你', '他', '她', '它', '我们', '你们', '他们', '这', '那', '这个', '那个', '和', '与', '也', '就', '都', '而', '及', '着', '吗', '呢', '吧', '啊', '把', '被', '让', '给', '对', '从', '到', '有', '没有', '不', '很', '还', '又', '一个', '就是', '这样', '什么', '因为', '所以', '但是', '如果']);

let zhSegmenter: Intl.Segmenter | null = null;

function isNumber(word: string): boolean {
  return /^[\p{N}'’]+$/u.test(word);
}

function pick(runs: string[][], joiner: string): string | null {
  const long = runs.find((r) => r.length >= 2);
  if (long) return long.slice(0, MAX_N).join(joiner);
  return runs[0]?.[0] ?? null;
}

export function firstNgram(text: string, language = 'en'): string | null {
  if (!text) return null;
  const cleaned = text.replace(NOISE, ' . ');
  const runs: string[][] = [];
  let run: string[] = [];
  const end = () => { if (run.length > 0) runs.push(run); run = []; };
  if (language === 'zh') {
    zhSegmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
    for (const s of zhSegmenter.segment(cleaned)) {
      const w = s.segment.toLowerCase();
      if (!s.isWordLike || ZH_STOP.has(w) || isNumber(w)) end();
      else run.push(w);
      if (runs.some((r) => r.length >= 2)) break;
    }
    end();
    return pick(runs, /[\p{Script=Han}]/u.test(runs.find((r) => r.length >= 2)?.[0] ?? runs[0]?.[0] ?? '') ? '' : ' ');
  }
  for (const m of cleaned.matchAll(PIECE)) {
    const w = m[0].toLowerCase().replace(/’/g, "'");
    const isWord = /[\p{L}\p{N}]/u.test(w);
    if (!isWord || w.length < 2 || STOP_WORDS.has(w) || isNumber(w)) end();
    else run.push(w.replace(/^'+|'+$/g, ''));
    if (runs.some((r) => r.length >= 2)) break;
  }
  end();
  return pick(runs, ' ');
}
