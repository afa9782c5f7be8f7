import { EVIDENCE_TYPES, type EvidenceType } from '../../shared/types';
import type { CoordinationConfig, DeepPartial, TypeConfig } from './types';

const S = 1000;
const MIN = 60 * S;

const behavioural = (windowMs: number, minWeight: number, minCoActions = 2): TypeConfig => ({
  enabled: true, windowMs, maxWindowActs: 300, minWindowActs: 2, minCoActions, minWeight, rarity: true,
  activityNormalised: true,
});

/**
 * Defaults, tuned on the planted-campaign generator (see README "Parameters"). Behavioural windows follow the
 * co-share literature (QUT's 60 s default; CooRTweet's 10-60 s); copypasta and hashtag sequences are typed out or
 * pasted, so they get minutes.
 */
export const DEFAULT_CONFIG: CoordinationConfig = {
  types: {
    SYNCHRONOUS_URL_SHARE: behavioural(60 * S, 0.05),
    SYNCHRONOUS_HASHTAG_SHARE: behavioural(60 * S, 0.05),
    SYNCHRONOUS_REPOST: behavioural(60 * S, 0.05),
    COPYPASTA: behavioural(30 * MIN, 0.05),
    HASHTAG_SEQUENCE_SHARE: behavioural(30 * MIN, 0.05),
    SYNCHRONOUS_ACCOUNT_CREATION: {
      enabled: true, windowMs: 10 * MIN, maxWindowActs: 1000, minWindowActs: 4, minCoActions: 0.5, minWeight: 0,
      rarity: false, activityNormalised: false,
    },
    SIMILAR_SCREEN_NAMES: {
      enabled: true, windowMs: Infinity, maxWindowActs: 500, minWindowActs: 2, minCoActions: 0.5, minWeight: 0,
      rarity: true, activityNormalised: false,
    },
    SAME_PROFILE_URL: {
      enabled: true, windowMs: Infinity, maxWindowActs: 500, minWindowActs: 2, minCoActions: 0.5, minWeight: 0,
      rarity: true, activityNormalised: false,
    },
  },
  copypasta: { minTokens: 6, minJaccard: 0.6, bands: 16, rows: 3, seed: 0x5eed, signature: 'oph', maxCandidatesPerText: 20 },
  screenNameMinLetters: 6,
  chanceAlpha: 1e-3,
  crowdAccounts: 20,
  crowdAlpha: 1e-5,
  minIdentityTypes: 2,
  repostsCarryContent: false,
  subsume: true,
  louvain: { resolution: 1, seed: 42 },
  minClusterAccounts: 3,
  evidenceSamplesPerType: 10,
  bursts: {
    enabled: true, minAccounts: 5, maxSpanWindows: 4, maxBurstsPerKey: 16, minOverlap: 4, minLift: 3, overlapAlpha: 1e-8, minEvents: 3, memberAlpha: 0.05, joinEvents: 2, joinCore: 10, joinAlpha: 0.5,
    partners: 12,
    maxEventsPerAccount: 400,
  },
};

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function merge<T>(base: T, patch: unknown): T {
  if (!isObject(patch)) return (patch === undefined ? base : patch) as T;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    out[k] = isObject(v) && isObject(out[k]) ? merge(out[k], v) : v;
  }
  return out as T;
}

/** Defaults overlaid with a partial configuration; validates the numbers a user may get wrong. */
export function resolveConfig(partial?: DeepPartial<CoordinationConfig>): CoordinationConfig {
  const c = merge(DEFAULT_CONFIG, partial ?? {});
  for (const t of EVIDENCE_TYPES as readonly EvidenceType[]) {
    const tc = c.types[t];
    if (!(tc.windowMs >= 0)) throw new Error(`coordination: ${t}.windowMs must be >= 0`);
    if (!(tc.maxWindowActs >= 2)) throw new Error(`coordination: ${t}.maxWindowActs must be >= 2`);
  }
  const cp = c.copypasta;
  if (!(cp.bands >= 1 && cp.rows >= 1 && cp.bands * cp.rows <= 512)) throw new Error('coordination: copypasta bands * rows must be 1..512');
  if (!(cp.minJaccard > 0 && cp.minJaccard <= 1)) throw new Error('coordination: copypasta.minJaccard must be in (0, 1]');
  return c;
}
