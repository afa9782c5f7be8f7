import fs from 'node:fs';
import path from 'node:path';
import { tweetEvalSentiment, vaderTweetsSentiment } from './datasets';
import { crossSetFigures, featurise, productionModel, scoreModel, type FeatureSet } from './sentimentTraining';

/**
 * Retrains the shipped sentiment model and prints the figures of ADR 0013:
 *   node --import tsx plugins/enrichment/evaluation/trainSentiment.ts
 * Deterministic: the same development sets give the same sentimentModel.json, byte for byte.
 */

export function developmentSets(): FeatureSet[] {
  return [featurise('TweetEval val', tweetEvalSentiment()), featurise('VADER tweets', vaderTweetsSentiment())];
}

export const MODEL_FILE = path.resolve(import.meta.dirname, '../server/sentiment/sentimentModel.json');

function main(): void {
  const sets = developmentSets();
  const figures = crossSetFigures(sets);
  const choice = productionModel(sets);
  const crossSet = figures.map((f) => ({
    heldOut: f.heldOut, trainedOn: f.trainedOn, lambda: f.lambda,
    macroRecall: Number(f.score.macro.toFixed(4)),
    perClass: Object.fromEntries(Object.entries(f.score.perClass).map(([k, v]) => [k, Number(v.toFixed(4))])),
  }));
  const macros = figures.map((f) => f.score.macro);
  const file = {
    method: 'multinomial logistic regression over lexicon-and-rules features; see docs/adr/0013-sentiment-generalisation.md',
    lambda: choice.lambda,
    worstCaseByLambda: Object.fromEntries(Object.entries(choice.worstCaseByLambda).map(([k, v]) => [k, Number(v.toFixed(4))])),
    crossSet,
    ...choice.model,
  };
  fs.writeFileSync(MODEL_FILE, `${JSON.stringify(file, null, 2)}\n`);
  for (const f of crossSet) console.log(`${f.heldOut} scored by a model trained on ${f.trainedOn} (lambda ${f.lambda} by 3-fold CV there): macro-recall ${f.macroRecall}`, f.perClass);
  console.log(`worst ${Math.min(...macros).toFixed(4)}, best ${Math.max(...macros).toFixed(4)}, spread ${(Math.max(...macros) - Math.min(...macros)).toFixed(4)}`);
  console.log(`shipped: lambda ${choice.lambda} (worst case across sets by lambda ${JSON.stringify(file.worstCaseByLambda)}), trained on both sets`);
  for (const set of sets) console.log(`  shipped model on ${set.name} (seen in training): ${scoreModel(choice.model, set).macro.toFixed(4)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
