/**
 * The coordination engine's evaluation code (tests, benchmarks, quality figures; never run by `npm start`): the
 * planted-campaign generator and its ground truth, the scoring against it, the reference detectors (the naive
 * co-share self-join, the QUT toolkit's co-action network) and the readers of the development data sets.
 */
export { generatePlantedCorpus, plantedEdgeTypes, CAMPAIGN_KINDS } from './plantedCampaigns';
export type { CampaignKind, GeneratedCorpus, GroundTruth, PlantedCampaign, PlantOptions } from './plantedCampaigns';
export { evaluateDetection, evaluateCopypasta, adjustedRandIndex } from './evaluate';
export type { Evaluation, CopypastaEvaluation } from './evaluate';
export { qutCoActionNetwork } from './qut';
export type { QutMessage, QutNetwork, QutOptions } from './qut';
export { naiveCoShare } from './reference';
export { readQutCsv, readRussianCoordTweets, readGermanElections } from './datasets';
export { generateCorpusB } from './generatorB';
export type { GeneratorBOptions } from './generatorB';
export { scoreByGroup, SIZE_BUCKETS } from './buckets';
export type { BucketReport, GroupScore } from './buckets';
