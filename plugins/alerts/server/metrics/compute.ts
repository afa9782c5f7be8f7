import { RISK_CATEGORIES, riskCategoryOf } from '@plugins/insights/shared/public';

/**
 * Risk categories whose accounts make a post risky for `risk_score` (the others, Default, Mainstream, U.S. Government
 * and Market Mover, describe an account without marking it a risk).
 */
export const RISKY_CATEGORIES: ReadonlySet<string> = new Set([
  'State Associated - China', 'State Associated - Russia', 'State Associated - Other', 'Combined Risky',
  'Persistent Threat Actor', 'Pink Slime',
]);

/** The risk category of an account from its approved insights' subcategories: the first in map order that is not Default. */
export function riskCategoryOfSubcategories(subcategories: readonly string[]): string {
  const categories = new Set(subcategories.map(riskCategoryOf));
  return RISK_CATEGORIES.find((c) => c !== 'Default' && categories.has(c)) ?? 'Default';
}

/** One post as the metrics see it. `narrative` is '' outside every narrative. */
export interface MetricPost {
  platform: string;
  narrative: string;
  riskCategory: string;
  threatening: boolean;
  /** Not in the conversation's previous run (continuous conversations: collected since it); absent = not known. */
  isNew?: boolean;
}

export interface MetricBucket {
  narrative: string;
  platform: string;
  risk_category: string;
  post_count: number;
  /** Percent (0-100) of the bucket's posts that are risky: threatening language or a risky author category. */
  risk_score: number;
  /** Of post_count, the posts new since the previous run (`MetricPost.isNew`). */
  new_posts: number;
}

/**
 * Buckets counted as posts arrive, so a stage never holds one object per post of the run (5M posts, issue 19): one
 * entry per narrative, platform and risk category seen.
 */
export class MetricTally {
  private readonly tally = new Map<string, { key: [string, string, string]; count: number; risky: number; fresh: number }>();

  add(p: MetricPost): void {
    const key = JSON.stringify([p.narrative, p.platform, p.riskCategory]);
    let t = this.tally.get(key);
    if (!t) this.tally.set(key, (t = { key: [p.narrative, p.platform, p.riskCategory], count: 0, risky: 0, fresh: 0 }));
    t.count += 1;
    if (p.isNew) t.fresh += 1;
    if (p.threatening || RISKY_CATEGORIES.has(p.riskCategory)) t.risky += 1;
  }

  get isEmpty(): boolean {
    return this.tally.size === 0;
  }

  /** One bucket per narrative, platform and risk category present, in a stable order. */
  buckets(): MetricBucket[] {
    return [...this.tally.values()]
      .sort((a, b) => a.key.join('\u0000').localeCompare(b.key.join('\u0000')))
      .map(({ key: [narrative, platform, risk_category], count, risky, fresh }) => ({
        narrative, platform, risk_category, post_count: count, risk_score: Math.round((risky / count) * 10_000) / 100, new_posts: fresh,
      }));
  }
}

/** The run's buckets: one per narrative, platform and risk category present, in a stable order. */
export function metricBuckets(posts: Iterable<MetricPost>): MetricBucket[] {
  const tally = new MetricTally();
  for (const p of posts) tally.add(p);
  return tally.buckets();
}

/** A filtered view of buckets (null or empty list = any), as criteria and the metrics call apply it. */
export interface BucketFilter {
  platform?: readonly string[] | null;
  risk_categories?: readonly string[] | null;
  narrative?: readonly string[] | null;
}

const admits = (list: readonly string[] | null | undefined, value: string) => !list || list.length === 0 || list.includes(value);

export function bucketMatches(b: { platform: string; risk_category: string; narrative: string }, f: BucketFilter): boolean {
  return admits(f.platform, b.platform) && admits(f.risk_categories, b.risk_category) && admits(f.narrative, b.narrative);
}

/** A metric over buckets: post_count sums; risk_score is the post-weighted mean (0 with no posts). */
export function aggregate(metric: 'post_count' | 'risk_score', rows: ReadonlyArray<{ value: number; weight: number }>): number {
  if (metric === 'post_count') return rows.reduce((s, r) => s + r.value, 0);
  const posts = rows.reduce((s, r) => s + r.weight, 0);
  if (posts === 0) return 0;
  return Math.round((rows.reduce((s, r) => s + r.value * r.weight, 0) / posts) * 100) / 100;
}
