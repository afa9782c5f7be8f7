/**
 * The coordination engine's public surface (server side). The planted-campaign generator, the scoring against it,
 * the reference detectors and the data-set readers are evaluation code: plugins/coordination/evaluation.
 */
export { detectCoordination, detectCoordinationPacked, type PackedInput } from './detect';
export { packPosts, PackedPostsBuilder, packedBuffers, type PackedPosts } from './postSource';
export { DEFAULT_CONFIG, resolveConfig } from './config';
export { findNearDuplicatePairs } from './copypasta';
export type { CopypastaParams } from './copypasta';
export { normalizeUrl, normalizeProfileUrl, normalizeHashtag, screenNameSkeleton } from './normalize';
export type {
  CoordAccount, CoordinationConfig, CoordinationInput, CoordinationResult, CoordinationStats, CoordPost, DeepPartial,
  TypeConfig,
} from './types';
