/**
 * VADER's scoring core for languages whose lexicon is a plain word list (Spanish, Chinese): valence per word,
 * boosters and negators in the two words before, and the compound normalisation sum / sqrt(sum^2 + 15).
 */
export interface WordLexicon {
  valences: ReadonlyMap<string, number>;
  negators: ReadonlySet<string>;
  boosters: ReadonlyMap<string, number>;
}

export function lexiconCompound(words: readonly string[], lexicon: WordLexicon): number {
  let sum = 0;
  for (let i = 0; i < words.length; i++) {
    let v = lexicon.valences.get(words[i]!);
    if (v === undefined) continue;
    for (let d = 1; d <= 2 && i - d >= 0; d++) {
      const before = words[i - d]!;
      const boost = lexicon.boosters.get(before);
      if (boost) v += v > 0 ? boost : -boost;
      if (lexicon.negators.has(before)) v *= -0.74;
    }
    sum += v;
  }
  return sum / Math.sqrt(sum * sum + 15);
}
