import { FEATURE_COUNT, FEATURE_NAMES } from './features';
import shipped from './sentimentModel.json';

/**
 * The shipped sentiment model: multinomial logistic regression over the lexicon-and-rules features
 * (features.ts), trained by plugins/enrichment/evaluation/trainSentiment.ts and stored as JSON weights.
 * The file keeps the weights of the standardised features with the training means and scales, as fitted.
 */

export const MODEL_CLASSES = ['POSITIVE', 'NEGATIVE', 'NEUTRAL'] as const;
export type ModelClass = (typeof MODEL_CLASSES)[number];

export interface SentimentModel {
  features: string[];
  classes: string[];
  mean: number[];
  scale: number[];
  /** One row of FEATURE_COUNT weights per class, in `classes` order. */
  weights: number[][];
  bias: number[];
}

/**
 * A model as flat arrays with the standardisation folded in (w / scale, and bias - sum of w * mean / scale), so
 * a prediction is three dot products on the raw features, without allocation.
 */
export interface CompiledModel { weights: Float64Array; bias: Float64Array }

export function compileModel(model: SentimentModel): CompiledModel {
  if (model.features.join() !== FEATURE_NAMES.join()) throw new Error('sentiment model: its features are not the ones features.ts computes; retrain it');
  if (model.classes.join() !== MODEL_CLASSES.join()) throw new Error('sentiment model: unexpected classes');
  const weights = new Float64Array(MODEL_CLASSES.length * FEATURE_COUNT);
  const bias = Float64Array.from(model.bias);
  for (let k = 0; k < MODEL_CLASSES.length; k++) {
    for (let d = 0; d < FEATURE_COUNT; d++) {
      const w = model.weights[k]![d]! / model.scale[d]!;
      weights[k * FEATURE_COUNT + d] = w;
      bias[k]! -= w * model.mean[d]!;
    }
  }
  return { weights, bias };
}

/** Index in MODEL_CLASSES of the class with the highest score (the three dot products in one pass: hot path). */
export function predictClass(model: CompiledModel, x: Float64Array): number {
  const w = model.weights;
  let positive = model.bias[0]!;
  let negative = model.bias[1]!;
  let neutral = model.bias[2]!;
  for (let d = 0; d < FEATURE_COUNT; d++) {
    const v = x[d]!;
    positive += w[d]! * v;
    negative += w[FEATURE_COUNT + d]! * v;
    neutral += w[2 * FEATURE_COUNT + d]! * v;
  }
  return positive >= negative ? (positive >= neutral ? 0 : 2) : negative >= neutral ? 1 : 2;
}

export const SHIPPED_MODEL: SentimentModel = shipped;
