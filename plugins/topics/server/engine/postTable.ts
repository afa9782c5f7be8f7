import { RISKY_INSIGHT_CATEGORIES, type TopicInputPost } from '../../shared/types';

/**
 * The engine's view of a run's posts, by index (input order): what it reads of each post, without one object per
 * post. Two layouts: `tableOfPosts` over `TopicInputPost` objects (the public API, tests, the benchmark) and
 * `PackedTopicTable` over typed columns (the pipeline stage: ids, dates and signals in typed arrays, texts in UTF-8
 * chunks decoded one at a time, ADR 0017). Both give the engine the same answers, so the same result.
 */
export interface TopicPostTable {
  readonly count: number;
  id(i: number): string;
  /** The order of the ids as strings (`a < b`), which topic ids are hashed in and risk evidence is tied by. */
  compareIds(a: number, b: number): number;
  text(i: number): string;
  language(i: number): string | null;
  /** ISO 8601 publication time as stored. */
  date(i: number): string;
  /** The order of the dates as strings. */
  compareDates(a: number, b: number): number;
  /** Risk signals of each post (`SIGNAL_*` bits). */
  readonly signals: Uint8Array;
  /** The post's distinct category hints. */
  categories(i: number): readonly string[];
  /** The first post index whose id repeats an earlier one, or -1. */
  duplicateId(): number;
}

export const SIGNAL_THREAT = 1;
export const SIGNAL_COORDINATED = 2;
export const SIGNAL_STATE_ACTOR = 4;
export const SIGNAL_NICHE = 8;
export const SIGNAL_HIGH_ENGAGEMENT = 16;
export const SIGNAL_GOVT_OFFICIAL = 32;

const STATE_LIKE = new Set<string>(RISKY_INSIGHT_CATEGORIES);

/** The risk signal bits of a post. */
export function signalsOf(p: {
  threat: boolean; coordination_cluster_ids: readonly string[]; insight_risk_categories?: readonly string[]; is_niche: boolean;
  engagement_level: TopicInputPost['engagement_level'];
}): number {
  const insights = p.insight_risk_categories ?? [];
  return (p.threat ? SIGNAL_THREAT : 0)
    | (p.coordination_cluster_ids.length > 0 ? SIGNAL_COORDINATED : 0)
    | (insights.some((c) => STATE_LIKE.has(c)) ? SIGNAL_STATE_ACTOR : 0)
    | (p.is_niche ? SIGNAL_NICHE : 0)
    | (p.engagement_level === 'high' ? SIGNAL_HIGH_ENGAGEMENT : 0)
    | (insights.includes('U.S. Government') ? SIGNAL_GOVT_OFFICIAL : 0);
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The object layout. */
export function tableOfPosts(posts: readonly TopicInputPost[]): TopicPostTable {
  const signals = Uint8Array.from(posts, signalsOf);
  return {
    count: posts.length,
    id: (i) => posts[i]!.id,
    compareIds: (a, b) => byString(posts[a]!.id, posts[b]!.id),
    text: (i) => posts[i]!.text,
    language: (i) => posts[i]!.language,
    date: (i) => posts[i]!.published_at,
    compareDates: (a, b) => byString(posts[a]!.published_at, posts[b]!.published_at),
    signals,
    categories: (i) => [...new Set(posts[i]!.categories ?? [])],
    duplicateId: () => {
      const seen = new Set<string>();
      for (let i = 0; i < posts.length; i++) {
        if (seen.has(posts[i]!.id)) return i;
        seen.add(posts[i]!.id);
      }
      return -1;
    },
  };
}
