import { CHINESE_BOOSTERS, CHINESE_LEXICON, CHINESE_NEGATORS } from './chineseLexicon';
import { englishValence } from './english';
import { FEATURE_COUNT, sentimentFeatures, type ValenceReading } from './features';
import { lexiconReading, type WordLexicon } from './lexiconValence';
import { compileModel, MODEL_CLASSES, predictClass, SHIPPED_MODEL } from './sentimentModel';
import { SPANISH_BOOSTERS, SPANISH_LEXICON, SPANISH_NEGATORS } from './spanishLexicon';

/** The spec's sentiment values. */
export type Sentiment = 'POSITIVE' | 'NEGATIVE' | 'NEUTRAL';

export interface SentimentResult {
  label: Sentiment;
  /** -1..1 (VADER compound). */
  compound: number;
}

/**
 * Lexicon-only cut points on the compound score, from before the model (ADR 0013): no longer what labels a post,
 * kept as the baseline the benchmark compares the model with. They were tuned on TweetEval's own score, which is
 * why they did not generalise (0.58 on held-out tweets).
 */
export const POSITIVE_FROM = 0.3;
export const NEGATIVE_UP_TO = -0.1;

const SPANISH: WordLexicon = { valences: SPANISH_LEXICON, negators: SPANISH_NEGATORS, boosters: SPANISH_BOOSTERS };
const CHINESE: WordLexicon = { valences: CHINESE_LEXICON, negators: CHINESE_NEGATORS, boosters: CHINESE_BOOSTERS };

let zhSegmenter: Intl.Segmenter | null = null;

function chineseWords(text: string): string[] {
  zhSegmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  const words: string[] = [];
  for (const s of zhSegmenter.segment(text)) if (s.isWordLike) words.push(s.segment);
  return words;
}

function spanishWords(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
}

/** The lexicon-only banding of a compound score (baseline; classifySentiment uses the model). */
export function labelOf(compound: number): Sentiment {
  return compound >= POSITIVE_FROM ? 'POSITIVE' : compound <= NEGATIVE_UP_TO ? 'NEGATIVE' : 'NEUTRAL';
}

const model = compileModel(SHIPPED_MODEL);
/** Reused between calls: classifySentiment runs once per post in the NLP stage and must not allocate per post. */
const features = new Float64Array(FEATURE_COUNT);

function reading(text: string, language: string): ValenceReading {
  if (language === 'es' || language === 'zh') {
    const own = lexiconReading(language === 'es' ? spanishWords(text) : chineseWords(text), language === 'es' ? SPANISH : CHINESE);
    // Posts without a word of the language's lexicon may still carry emoji or English loanwords.
    return own.compound === 0 ? englishValence(text) : own;
  }
  return englishValence(text);
}

/**
 * Sentiment of a text in `language` (ISO 639-1); English rules for anything but es and zh (emoji still count).
 * The label comes from the shipped model over the lexicon reading (ADR 0013); `compound` stays the lexicon's
 * -1..1 score, the explorer's sort key.
 */
export function classifySentiment(text: string, language: string): SentimentResult {
  const valence = reading(text, language);
  const label = MODEL_CLASSES[predictClass(model, sentimentFeatures(text, valence, features))]!;
  return { label, compound: Math.round(valence.compound * 10000) / 10000 };
}
