/** Quality measures used by the tests and the benchmark. */

/** Mean over classes of recall (SemEval-2017's primary measure for 3-class tweet sentiment). */
export function macroRecall<L extends string>(gold: readonly L[], predicted: readonly L[], classes: readonly L[]): { macro: number; perClass: Record<L, number> } {
  const perClass = {} as Record<L, number>;
  for (const c of classes) {
    let total = 0;
    let hit = 0;
    for (let i = 0; i < gold.length; i++) {
      if (gold[i] !== c) continue;
      total++;
      if (predicted[i] === c) hit++;
    }
    perClass[c] = total === 0 ? 0 : hit / total;
  }
  const macro = classes.reduce((s, c) => s + perClass[c], 0) / classes.length;
  return { macro, perClass };
}

export interface BinaryScores { tp: number; fp: number; fn: number; tn: number; precision: number; recall: number; f1: number }

export function binaryScores(gold: readonly boolean[], predicted: readonly boolean[]): BinaryScores {
  let tp = 0, fp = 0, fn = 0, tn = 0;
  for (let i = 0; i < gold.length; i++) {
    if (predicted[i] && gold[i]) tp++;
    else if (predicted[i]) fp++;
    else if (gold[i]) fn++;
    else tn++;
  }
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { tp, fp, fn, tn, precision, recall, f1 };
}
