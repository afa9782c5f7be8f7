/** The coordination engine's public surface (server side). */
export { detectCoordination } from './detect';
export { DEFAULT_CONFIG, resolveConfig } from './config';
export { generatePlantedCorpus, plantedEdgeTypes, CAMPAIGN_KINDS } from './plantedCampaigns';
export type { CampaignKind, GeneratedCorpus, GroundTruth, PlantedCampaign, PlantOptions } from './plantedCampaigns';
export { evaluateDetection, evaluateCopypasta, adjustedRandIndex } from './evaluate';
export type { Evaluation, CopypastaEvaluation } from './evaluate';
export { findNearDuplicatePairs } from './copypasta';
export type { CopypastaParams } from './copypasta';
export { qutCoActionNetwork } from './qut';
export type { QutMessage, QutNetwork, QutOptions } from './qut';
export { naiveCoShare } from './reference';
export { readQutCsv, readRussianCoordTweets, readGermanElections } from './datasets';
export { normalizeUrl, normalizeProfileUrl, normalizeHashtag, screenNameSkeleton } from './normalize';
export type {
  CoordAccount, CoordinationConfig, CoordinationInput, CoordinationResult, CoordinationStats, CoordPost, DeepPartial,
  TypeConfig,
} from './types';
