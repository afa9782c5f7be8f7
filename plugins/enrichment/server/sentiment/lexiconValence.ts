import type { ValenceReading } from './features';

/**
 * VADER's scoring core for languages whose lexicon is a plain word list (Spanish, Chinese): valence per word,
 * boosters and negators in the two words before, and the compound normalisation sum / sqrt(sum^2 + 15).
 */
export interface WordLexicon {
  valences: ReadonlyMap<string, number>;
  negators: ReadonlySet<string>;
  boosters: ReadonlyMap<string, number>;
}

/** The same reading englishValence gives (compound, sums and counts), so one sentiment model serves every language. */
export function lexiconReading(words: readonly string[], lexicon: WordLexicon): ValenceReading {
  let sum = 0;
  let positive = 0;
  let negative = 0;
  let positiveWords = 0;
  let negativeWords = 0;
  let negated = 0;
  for (let i = 0; i < words.length; i++) {
    let v = lexicon.valences.get(words[i]!);
    if (v === undefined) continue;
    for (let d = 1; d <= 2 && i - d >= 0; d++) {
      const before = words[i - d]!;
      const boost = lexicon.boosters.get(before);
      if (boost) v += v > 0 ? boost : -boost;
      if (lexicon.negators.has(before)) { v *= -0.74; negated++; }
    }
    sum += v;
    if (v > 0) { positive += v + 1; positiveWords++; } else if (v < 0) { negative += -v + 1; negativeWords++; }
  }
  return { compound: sum / Math.sqrt(sum * sum + 15), positive, negative, positiveWords, negativeWords, tokens: words.length, negated };
}

export function lexiconCompound(words: readonly string[], lexicon: WordLexicon): number {
  return lexiconReading(words, lexicon).compound;
}
