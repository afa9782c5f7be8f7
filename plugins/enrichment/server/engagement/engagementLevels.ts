import { postStatistics } from '@core/shared/platforms';
import type { EngagementLevel } from '../../shared/enrichmentRecord';

/**
 * engagement_score: how a post's engagement compares with the other posts of the same platform in the batch.
 * Raw engagement is the sum of the interaction counts the platform has (the spec's "Post statistics by platform
 * class": likes + shares + replies, or favorites + replies + reblogs, or score + comments ...), plus views / 100
 * where a platform reports views (a view is worth far less than a reply, and views would swamp the sum).
 * Reddit's score can be negative and counts as 0.
 *
 * Levels by the post's percentile p = share of the platform's posts with strictly less engagement:
 *   high   p >= 0.75 (the top 25 %),  medium 0.25 <= p < 0.75,  low p < 0.25.
 * "Strictly less" keeps ties together, so the many posts with no engagement at all are never "high" just
 * because they fill a quartile. Posts of a platform without statistics (boards, forums) or whose properties hold
 * none of its statistics get null.
 */

export interface EngagementPost {
  platform: string;
  additional_properties: Record<string, unknown> | null | undefined;
}

export interface EngagementScore {
  level: EngagementLevel;
  /** Raw engagement (see above). */
  engagement: number;
  /** Share of the platform's posts with strictly less engagement, 0..1. */
  percentile: number;
}

export const HIGH_FROM = 0.75;
export const MEDIUM_FROM = 0.25;
const VIEW_WEIGHT = 0.01;

export function rawEngagement(post: EngagementPost): number | null {
  const view = postStatistics(post.platform, post.additional_properties ?? null);
  const views = typeof post.additional_properties?.views === 'number' ? post.additional_properties.views : 0;
  if (view.status !== 'ok') return views > 0 ? views * VIEW_WEIGHT : null;
  let sum = 0;
  for (const s of view.statistics) sum += Number.isFinite(s.value) ? Math.max(0, s.value) : 0;
  return sum + Math.max(0, views) * VIEW_WEIGHT;
}

export function levelOf(percentile: number): EngagementLevel {
  return percentile >= HIGH_FROM ? 'high' : percentile >= MEDIUM_FROM ? 'medium' : 'low';
}

/** Levels for a batch of posts, in input order (null where the post has no engagement statistics). */
export function engagementLevels(posts: readonly EngagementPost[]): Array<EngagementScore | null> {
  const raw = posts.map(rawEngagement);
  const byPlatform = new Map<string, number[]>();
  posts.forEach((p, i) => {
    if (raw[i] === null) return;
    const list = byPlatform.get(p.platform) ?? [];
    list.push(raw[i]!);
    byPlatform.set(p.platform, list);
  });
  const sorted = new Map<string, Float64Array>();
  for (const [platform, values] of byPlatform) sorted.set(platform, Float64Array.from(values).sort());
  return posts.map((p, i) => {
    const value = raw[i];
    if (value === null || value === undefined) return null;
    const values = sorted.get(p.platform)!;
    const percentile = values.length <= 1 ? 0 : lowerBound(values, value) / values.length;
    return { level: levelOf(percentile), engagement: value, percentile };
  });
}

/** Number of values strictly below `x` in a sorted array. */
function lowerBound(values: Float64Array, x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < x) lo = mid + 1; else hi = mid;
  }
  return lo;
}
