import { Random } from '@core/shared/random';
import { englishValence } from '../server/sentiment/english';
import { FEATURE_COUNT, FEATURE_NAMES, sentimentFeatures } from '../server/sentiment/features';
import { compileModel, MODEL_CLASSES, predictClass, type SentimentModel } from '../server/sentiment/sentimentModel';
import type { LabelledText } from './datasets';
import { macroRecall } from './metrics';

/**
 * Training and honest evaluation of the sentiment model (ADR 0013). The model is a multinomial logistic
 * regression with L2 penalty `lambda` over features.ts; classes are weighted to equal total weight (so the loss
 * aims at macro-recall, whatever a set's class mix) and, when sets are pooled, each set weighs the same.
 * Fitting is full-batch Adam from zero weights: no randomness, so the same data gives the same weights.
 * Randomness (core/shared/random, fixed seed) only assigns the k-fold folds.
 */

const D = FEATURE_COUNT;
const K = MODEL_CLASSES.length;
export const LAMBDAS = [0.001, 0.01, 0.1, 1] as const;
const ITERATIONS = 200;
const STEP = 0.05;
const FOLDS = 3;
export const FOLD_SEED = 'narrascope-sentiment-folds';

/** A featurised set: row i's features are x[i*D .. i*D+D). */
export interface FeatureSet { name: string; x: Float64Array; y: Uint8Array }

export function featurise(name: string, rows: ReadonlyArray<LabelledText<string>>): FeatureSet {
  const x = new Float64Array(rows.length * D);
  const y = new Uint8Array(rows.length);
  const one = new Float64Array(D);
  rows.forEach((r, i) => {
    x.set(sentimentFeatures(r.text, englishValence(r.text), one), i * D);
    const k = MODEL_CLASSES.indexOf(r.label as never);
    if (k < 0) throw new Error(`unknown sentiment label ${r.label}`);
    y[i] = k;
  });
  return { name, x, y };
}

function subset(set: FeatureSet, rows: readonly number[]): FeatureSet {
  const x = new Float64Array(rows.length * D);
  const y = new Uint8Array(rows.length);
  rows.forEach((r, i) => { x.set(set.x.subarray(r * D, r * D + D), i * D); y[i] = set.y[r]!; });
  return { name: set.name, x, y };
}

/** Row weights: each set weighs 1 in total, split equally between its classes. */
function rowWeights(sets: readonly FeatureSet[]): Float64Array {
  const weights: number[] = [];
  for (const set of sets) {
    const counts = new Array<number>(K).fill(0);
    for (const k of set.y) counts[k]!++;
    const present = counts.filter((c) => c > 0).length;
    for (const k of set.y) weights.push(1 / (present * counts[k]!));
  }
  return Float64Array.from(weights);
}

export function fitModel(sets: readonly FeatureSet[], lambda: number): SentimentModel {
  const n = sets.reduce((s, set) => s + set.y.length, 0);
  const x = new Float64Array(n * D);
  const y = new Uint8Array(n);
  let at = 0;
  for (const set of sets) { x.set(set.x, at * D); y.set(set.y, at); at += set.y.length; }
  const rowWeight = rowWeights(sets);
  const totalWeight = rowWeight.reduce((s, w) => s + w, 0);

  // Standardise with weighted means and scales, so the penalty treats every feature alike.
  const mean = new Float64Array(D);
  const scale = new Float64Array(D);
  for (let i = 0; i < n; i++) for (let d = 0; d < D; d++) mean[d]! += (rowWeight[i]! * x[i * D + d]!) / totalWeight;
  for (let i = 0; i < n; i++) for (let d = 0; d < D; d++) scale[d]! += (rowWeight[i]! * (x[i * D + d]! - mean[d]!) ** 2) / totalWeight;
  for (let d = 0; d < D; d++) scale[d] = Math.sqrt(scale[d]!) || 1;
  const z = new Float64Array(n * D);
  for (let i = 0; i < n; i++) for (let d = 0; d < D; d++) z[i * D + d] = (x[i * D + d]! - mean[d]!) / scale[d]!;

  const P = K * (D + 1); // per class: D weights then the bias
  const w = new Float64Array(P);
  const m = new Float64Array(P);
  const v = new Float64Array(P);
  const g = new Float64Array(P);
  const score = new Float64Array(K);
  for (let it = 1; it <= ITERATIONS; it++) {
    g.fill(0);
    for (let i = 0; i < n; i++) {
      let max = -Infinity;
      for (let k = 0; k < K; k++) {
        let s = w[k * (D + 1) + D]!;
        for (let d = 0; d < D; d++) s += w[k * (D + 1) + d]! * z[i * D + d]!;
        score[k] = s;
        if (s > max) max = s;
      }
      let total = 0;
      for (let k = 0; k < K; k++) { score[k] = Math.exp(score[k]! - max); total += score[k]!; }
      for (let k = 0; k < K; k++) {
        const residual = (rowWeight[i]! * (score[k]! / total - (k === y[i] ? 1 : 0))) / totalWeight;
        for (let d = 0; d < D; d++) g[k * (D + 1) + d]! += residual * z[i * D + d]!;
        g[k * (D + 1) + D]! += residual;
      }
    }
    for (let p = 0; p < P; p++) {
      const grad = g[p]! + (p % (D + 1) === D ? 0 : lambda * w[p]!);
      m[p] = 0.9 * m[p]! + 0.1 * grad;
      v[p] = 0.999 * v[p]! + 0.001 * grad * grad;
      w[p]! -= (STEP * (m[p]! / (1 - 0.9 ** it))) / (Math.sqrt(v[p]! / (1 - 0.999 ** it)) + 1e-8);
    }
  }
  const round = (a: number) => Math.round(a * 1e6) / 1e6;
  return {
    features: [...FEATURE_NAMES],
    classes: [...MODEL_CLASSES],
    mean: Array.from(mean, round),
    scale: Array.from(scale, round),
    weights: Array.from({ length: K }, (_, k) => Array.from(w.subarray(k * (D + 1), k * (D + 1) + D), round)),
    bias: Array.from({ length: K }, (_, k) => round(w[k * (D + 1) + D]!)),
  };
}

export interface SetScore { macro: number; perClass: Record<string, number> }

export function scoreModel(model: SentimentModel, set: FeatureSet): SetScore {
  const compiled = compileModel(model);
  const gold: string[] = [];
  const predicted: string[] = [];
  for (let i = 0; i < set.y.length; i++) {
    gold.push(MODEL_CLASSES[set.y[i]!]!);
    predicted.push(MODEL_CLASSES[predictClass(compiled, set.x.subarray(i * D, i * D + D))]!);
  }
  return macroRecall(gold, predicted, MODEL_CLASSES);
}

/** lambda by k-fold cross-validation inside one set (mean held-out macro-recall; ties go to the stronger penalty). */
export function lambdaWithinSet(set: FeatureSet): { lambda: number; foldMeans: Record<string, number> } {
  const order = new Random(`${FOLD_SEED}:${set.name}`).shuffle(Array.from({ length: set.y.length }, (_, i) => i));
  const folds = Array.from({ length: FOLDS }, (_, f) => order.filter((_, i) => i % FOLDS === f));
  const foldMeans: Record<string, number> = {};
  let best: number = LAMBDAS[0];
  for (const lambda of LAMBDAS) {
    let total = 0;
    for (let f = 0; f < FOLDS; f++) {
      const train = subset(set, folds.filter((_, g) => g !== f).flat());
      total += scoreModel(fitModel([train], lambda), subset(set, folds[f]!)).macro;
    }
    foldMeans[lambda] = total / FOLDS;
    if (foldMeans[lambda]! >= foldMeans[best]!) best = lambda;
  }
  return { lambda: best, foldMeans };
}

export interface HeldOutFigure { heldOut: string; trainedOn: string; lambda: number; score: SetScore }

/**
 * The figures the product's quality claims rest on: each set scored by a model whose weights AND lambda came
 * from the other set only (lambda by k-fold inside the training set).
 */
export function crossSetFigures(sets: readonly FeatureSet[]): HeldOutFigure[] {
  return sets.map((heldOut) => {
    const train = sets.filter((s) => s !== heldOut);
    const lambda = train.length === 1 ? lambdaWithinSet(train[0]!).lambda : LAMBDAS[1];
    return { heldOut: heldOut.name, trainedOn: train.map((s) => s.name).join(' + '), lambda, score: scoreModel(fitModel(train, lambda), heldOut) };
  });
}

export interface ProductionChoice { lambda: number; worstCaseByLambda: Record<string, number>; model: SentimentModel }

/**
 * The shipped model: lambda chosen across the development sets (for each lambda, train on one set and score
 * the other, both ways; keep the lambda with the best worst case), then weights fitted on all sets pooled.
 */
export function productionModel(sets: readonly FeatureSet[]): ProductionChoice {
  const worstCaseByLambda: Record<string, number> = {};
  let best: number = LAMBDAS[0];
  for (const lambda of LAMBDAS) {
    worstCaseByLambda[lambda] = Math.min(...sets.map((heldOut) => scoreModel(fitModel(sets.filter((s) => s !== heldOut), lambda), heldOut).macro));
    if (worstCaseByLambda[lambda]! >= worstCaseByLambda[best]!) best = lambda;
  }
  return { lambda: best, worstCaseByLambda, model: fitModel(sets, best) };
}
