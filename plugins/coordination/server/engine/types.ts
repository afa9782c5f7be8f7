import type { CoordinationCluster, EvidenceType } from '../../shared/types';

/** A post as the engine needs it. Times are ms since the epoch. */
export interface CoordPost {
  id: string;
  account_id: string;
  published_at: number;
  /** shared links, as posted (normalised by the engine) */
  urls?: readonly string[] | null;
  /** hashtags in the order they appear in the post, with or without '#' */
  hashtags?: readonly string[] | null;
  /** id of the reposted post, when this post is a repost (retweet, share, boost) */
  repost_of?: string | null;
  text?: string | null;
  /** the post's engagement score (any scale); averaged into a cluster's preview */
  engagement_score?: number | null;
  platform?: string | null;
}

/** An account profile; needed only by SYNCHRONOUS_ACCOUNT_CREATION, SIMILAR_SCREEN_NAMES and SAME_PROFILE_URL. */
export interface CoordAccount {
  id: string;
  screen_name?: string | null;
  /** ms since the epoch */
  created_at?: number | null;
  profile_url?: string | null;
  platform?: string | null;
}

export interface CoordinationInput {
  posts: readonly CoordPost[];
  accounts?: readonly CoordAccount[];
}

/** Per evidence type. Windows are inclusive: two acts |t_j - t_i| <= windowMs apart co-occur. */
export interface TypeConfig {
  enabled: boolean;
  /** co-action window in ms (inclusive); Infinity for timeless keys (screen names, profile URLs) */
  windowMs: number;
  /**
   * Fan-out cap: an act whose window [t - w, t + w] on its key holds more than this many acts is part of a crowd
   * (a viral link, a trending hashtag) and pairs with nobody. For timeless keys: a key held by more accounts than
   * this is skipped. Pair generation therefore costs at most this much per act.
   */
  maxWindowActs: number;
  /** an act pairs only when its window holds at least this many acts (a burst; used by account creation) */
  minWindowActs: number;
  /** a pair needs at least this many co-actions of the type */
  minCoActions: number;
  /** ... and at least this rarity- and activity-normalised weight */
  minWeight: number;
  /** weight each co-action by the key's rarity, ln(A / df) / ln(A) (A accounts in the corpus, df on the key) */
  rarity: boolean;
  /** divide by the more active account's act count of this type (false for profile evidence) */
  activityNormalised: boolean;
}

export interface CoordinationConfig {
  types: Record<EvidenceType, TypeConfig>;
  copypasta: {
    /** texts with fewer word tokens (hashtags not counted) are never fingerprinted (greetings, "thank you so much") */
    minTokens: number;
    /** word-bigram Jaccard a near-duplicate pair must reach (verified exactly) */
    minJaccard: number;
    /** LSH bands and rows per band (bands * rows MinHash permutations) */
    bands: number;
    rows: number;
    seed: number;
    /** 'oph': one-permutation hashing with optimal densification, O(shingles + k); 'minhash': k permutations */
    signature: 'oph' | 'minhash';
    /** candidates compared per text and band bucket, nearest in time first */
    maxCandidatesPerText: number;
  };
  /** screen-name skeletons need at least this many letters */
  screenNameMinLetters: number;
  /**
   * Chance model: the co-actions two independent accounts would have (from their habitual use of the same keys
   * over the corpus' time span, and from how crowded the windows of their acts were) is a Poisson mean E; a pair's
   * co-actions O count only when P(X >= O | E) <= chanceAlpha.
   */
  chanceAlpha: number;
  /**
   * Crowds (README "Method", step 3; ADR 0014): a co-action on a key whose run (its acts at most a window apart) holds more than
   * `crowdAccounts` accounts was one of a viral moment's many pairs. A pair with fewer than the type's minCoActions
   * co-actions outside crowds must pass the chance test at `crowdAlpha` instead of chanceAlpha: strangers met in two
   * viral crowds are common among the millions of pairs crowds make, a small campaign's pairs meet where few others are.
   */
  crowdAccounts: number;
  crowdAlpha: number;
  /** without behavioural evidence, an edge needs this many profile (identity) evidence types */
  minIdentityTypes: number;
  /** reposts also emit their urls, hashtags and text (off: a repost is evidence of SYNCHRONOUS_REPOST only) */
  repostsCarryContent: boolean;
  /**
   * Attribute a co-action to its most specific type: a post pair that is a near-duplicate is not also counted as a
   * URL or hashtag co-share, and a post pair with the same hashtag sequence not as a hashtag co-share.
   */
  subsume: boolean;
  louvain: { resolution: number; seed: number };
  /** reported clusters have at least this many accounts */
  minClusterAccounts: number;
  /** proving co-actions kept per edge and type */
  evidenceSamplesPerType: number;
  /** repeated bursts (server/engine/bursts.ts, README "Repeated bursts"): groups that come back, at any size */
  bursts: {
    enabled: boolean;
    /** a burst has at least this many accounts */
    minAccounts: number;
    /** ... and lasts at most this many of its type's windows */
    maxSpanWindows: number;
    /** ... on a key with at most this many bursts */
    maxBurstsPerKey: number;
    /** two bursts are linked when they share at least this many accounts ... */
    minOverlap: number;
    /** ... and at least minLift times the s_i * s_j / A accounts two independent bursts would share ... */
    minLift: number;
    /** ... and P(X >= shared | Poisson(s_i * s_j / A)) <= overlapAlpha */
    overlapAlpha: number;
    /** a member joined at least this many of its group's bursts ... */
    minEvents: number;
    /** ... and P(X >= joined | Binomial(its bursts, the group's share of all burst seats)) <= memberAlpha */
    memberAlpha: number;
    /** a group of at least joinCore members (by minEvents) also admits accounts in at least joinEvents of its
     * bursts (same binomial test); joinEvents >= minEvents switches this off */
    joinEvents: number;
    joinCore: number;
    joinAlpha: number;
    /** edges per member: to the members it shared most bursts with */
    partners: number;
    /** accounts in more bursts than this are left out of the overlap counts (cost; hyperactive accounts) */
    maxEventsPerAccount: number;
  };
}

export interface CoordinationStats {
  posts: number;
  accounts: number;
  /** acts (postings) emitted per type */
  postings: Partial<Record<EvidenceType, number>>;
  /** co-action pair events generated per type (after fan-out caps) */
  pairEvents: Partial<Record<EvidenceType, number>>;
  /** distinct account pairs seen / passing thresholds per type */
  pairs: Partial<Record<EvidenceType, number>>;
  passingPairs: Partial<Record<EvidenceType, number>>;
  /** acts that pair with nobody because their window was a crowd */
  crowdedActs: Partial<Record<EvidenceType, number>>;
  copypasta: { texts: number; candidates: number; verified: number; families: number };
  /** repeated bursts: bursts found, burst pairs linked, groups with members, member edges */
  bursts: { events: number; linkedPairs: number; groups: number; edges: number };
  edges: number;
  clusters: number;
  /** bytes of typed arrays taken from the detection's arena */
  arenaBytes: number;
  timingsMs: Record<string, number>;
}

export interface CoordinationResult {
  clusters: CoordinationCluster[];
  /** account id -> cluster id, for accounts in a reported cluster */
  accountCluster: Map<string, string>;
  /** post id -> cluster ids (the posts that prove a cluster's edges) */
  postClusters: Map<string, string[]>;
  stats: CoordinationStats;
}

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };
