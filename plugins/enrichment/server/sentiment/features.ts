import type { EnglishValence } from './english';

/**
 * The inputs of the sentiment model: what the lexicon-and-rules reading found in a text, plus surface signs of
 * register (links and questions read as news or asking, exclamation as feeling). Every feature is language
 * independent, so the Spanish and Chinese lexicons feed the same model as English.
 */
export const FEATURE_NAMES = [
  'compound', 'positiveSum', 'negativeSum', 'positiveWords', 'negativeWords', 'negated', 'tokens', 'exclamations',
  'question', 'link',
] as const;
export const FEATURE_COUNT = FEATURE_NAMES.length;

/** The lexicon reading a language's rules produce (English: englishValence; es/zh: lexiconReading). */
export type ValenceReading = Pick<EnglishValence, 'compound' | 'positive' | 'negative' | 'positiveWords' | 'negativeWords' | 'tokens' | 'negated'>;

/** Occurrences of `char`, at most `cap` (indexOf is native: much faster than a character loop on long posts). */
function countUpTo(text: string, char: string, cap: number): number {
  let count = 0;
  for (let k = text.indexOf(char); k >= 0 && count < cap; k = text.indexOf(char, k + 1)) count++;
  return count;
}

/** Fills `into` (length FEATURE_COUNT) in FEATURE_NAMES order; counts are log-scaled or capped so one long post cannot dominate. */
export function sentimentFeatures(text: string, reading: ValenceReading, into: Float64Array): Float64Array {
  into[0] = reading.compound;
  into[1] = Math.log1p(reading.positive);
  into[2] = Math.log1p(reading.negative);
  into[3] = Math.min(reading.positiveWords, 4);
  into[4] = Math.min(reading.negativeWords, 4);
  into[5] = Math.min(reading.negated, 2);
  into[6] = Math.log1p(reading.tokens);
  into[7] = countUpTo(text, '!', 4);
  into[8] = text.includes('?') ? 1 : 0;
  into[9] = text.includes('http') ? 1 : 0;
  return into;
}
