import { RISK_CATEGORIES_MAP } from '@plugins/insights/shared/public';
import {
  RISKY_INSIGHT_CATEGORIES, type InsightRisk, type InsightRiskType, type RiskAssessment, type RiskLevel,
  type RiskSignal, type RiskSignalName, type TopicInputPost,
} from '../../shared/types';
import {
  SIGNAL_COORDINATED, SIGNAL_GOVT_OFFICIAL, SIGNAL_HIGH_ENGAGEMENT, SIGNAL_NICHE, SIGNAL_STATE_ACTOR, SIGNAL_THREAT,
  tableOfPosts, type TopicPostTable,
} from './postTable';

/**
 * Narrative (and conversation) risk from input signals, with the evidence kept.
 *
 * Each signal is the share of posts carrying it; it fires at MEDIUM or HIGH by share thresholds and needs at
 * least `minPosts` posts so that one post in a tiny narrative does not raise it:
 * - violent_rhetoric: posts flagged as threats of violence;
 * - coordination: posts in at least one coordination cluster;
 * - nicheness: posts from niche platforms;
 * - state_actor: posts by accounts whose analyst insights say 'State Associated - ...';
 * - influencer: posts with high engagement;
 * - govt_official: posts by accounts with a 'U.S. Government' insight;
 * plus other risky insight categories (Combined Risky, Persistent Threat Actor, Pink Slime) counted with
 * state_actor.
 *
 * Level: the highest level any *primary* signal (violent rhetoric, coordination, state actor) asks for; the
 * *contextual* signals (nicheness, influencer, govt official) alone give at most MEDIUM; two or more firing
 * signals of which one is primary give HIGH. Each firing signal becomes an insight risk entry of the
 * specification (NAIVE_* when it fires alone, *_WITH_OTHER_FACTORS when others fire too).
 */
export interface RiskThresholds { medium: number; high: number }

export interface RiskOptions {
  thresholds: Record<RiskSignalName, RiskThresholds>;
  minPosts: number;
  maxDrivingPosts: number;
}

export const DEFAULT_RISK_OPTIONS: RiskOptions = {
  thresholds: {
    violent_rhetoric: { medium: 0.01, high: 0.05 },
    coordination: { medium: 0.1, high: 0.3 },
    state_actor: { medium: 0.02, high: 0.1 },
    nicheness: { medium: 0.25, high: 0.6 },
    influencer: { medium: 0.4, high: 0.7 },
    govt_official: { medium: 0.05, high: 0.2 },
  },
  minPosts: 2,
  maxDrivingPosts: 10,
};

const ORDER: RiskSignalName[] = ['violent_rhetoric', 'coordination', 'state_actor', 'nicheness', 'influencer', 'govt_official'];
const PRIMARY = new Set<RiskSignalName>(['violent_rhetoric', 'coordination', 'state_actor']);
const RANK: Record<RiskLevel, number> = { LOW_RISK: 0, MEDIUM_RISK: 1, HIGH_RISK: 2 };
const LEVELS: RiskLevel[] = ['LOW_RISK', 'MEDIUM_RISK', 'HIGH_RISK'];
const LABEL: Record<RiskSignalName, string> = {
  violent_rhetoric: 'threats of violence', coordination: 'coordinated accounts', state_actor: 'state-associated or risky sources',
  nicheness: 'niche platforms', influencer: 'high engagement', govt_official: 'government accounts',
};

/** The signal bit of each signal (postTable.ts `signalsOf` sets them from a post's fields). */
const BIT: Record<RiskSignalName, number> = {
  violent_rhetoric: SIGNAL_THREAT,
  coordination: SIGNAL_COORDINATED,
  state_actor: SIGNAL_STATE_ACTOR,
  nicheness: SIGNAL_NICHE,
  influencer: SIGNAL_HIGH_ENGAGEMENT,
  govt_official: SIGNAL_GOVT_OFFICIAL,
};

/** The insight_subcategories filter entries of risk categories: the filter's values are subcategories. */
const subcategoriesOf = (categories: readonly string[]) => categories
  .flatMap((c) => [...(RISK_CATEGORIES_MAP as Record<string, readonly string[]>)[c] ?? []])
  .map((value) => ({ key: 'insight_subcategories', value }));

/** Filters (spec section 3 filter dimensions) that show the posts behind a signal. */
function filtersFor(signal: RiskSignalName, narrativeId: string | null): Array<{ key: string; value: string }> {
  const base = narrativeId ? [{ key: 'narratives', value: narrativeId }] : [];
  switch (signal) {
    case 'violent_rhetoric': return [...base, { key: 'contains_threatening_language', value: 'true' }];
    case 'coordination': return [...base, { key: 'coordination_only', value: 'true' }];
    case 'state_actor': return [...base, ...subcategoriesOf(RISKY_INSIGHT_CATEGORIES)];
    case 'nicheness': return [...base, { key: 'is_niche', value: 'true' }];
    case 'influencer': return [...base, { key: 'engagement_score', value: 'high' }];
    case 'govt_official': return [...base, ...subcategoriesOf(['U.S. Government'])];
  }
}

function insightType(signal: RiskSignalName, alone: boolean): InsightRiskType | null {
  switch (signal) {
    case 'violent_rhetoric': return alone ? 'NAIVE_VIOLENT_RHETORIC' : 'VIOLENT_RHETORIC_WITH_OTHER_FACTORS';
    case 'coordination': return alone ? 'NAIVE_COORDINATION' : 'COORDINATION_WITH_OTHER_FACTORS';
    case 'nicheness': return alone ? 'NAIVE_NICHENESS' : 'NICHENESS_WITH_OTHER_FACTORS';
    case 'influencer': return alone ? 'NAIVE_INFLUENCER' : 'INFLUENCER_WITH_OTHER_FACTORS';
    // The specification only names these two with other factors.
    case 'state_actor': return 'STATE_ACTOR_WITH_OTHER_FACTORS';
    case 'govt_official': return alone ? null : 'GOVT_OFFICIAL_WITH_OTHER_FACTORS';
  }
}

export function assessRisk(
  posts: readonly TopicInputPost[],
  narrativeId: string | null = null,
  options: RiskOptions = DEFAULT_RISK_OPTIONS,
): RiskAssessment {
  return assessRiskOf(tableOfPosts(posts), null, narrativeId, options);
}

/** Whether post a comes before b among the driving posts: most recent first, then by id. */
function drivesBefore(table: TopicPostTable, a: number, b: number): boolean {
  const byDate = table.compareDates(a, b);
  return byDate > 0 || (byDate === 0 && table.compareIds(a, b) < 0);
}

/** `assessRisk` of the posts `members` of `table` (null: all of them), read from the table's signal bits. */
export function assessRiskOf(
  table: TopicPostTable,
  members: ArrayLike<number> | null,
  narrativeId: string | null = null,
  options: RiskOptions = DEFAULT_RISK_OPTIONS,
): RiskAssessment {
  const n = members ? members.length : table.count;
  const signals: RiskSignal[] = ORDER.map((name) => {
    const bit = BIT[name];
    const th = options.thresholds[name];
    // The most recent `maxDrivingPosts` carrying posts, kept in order as they are met (no sort of all of them).
    const driving: number[] = [];
    let count = 0;
    for (let x = 0; x < n; x++) {
      const p = members ? members[x]! : x;
      if (!(table.signals[p]! & bit)) continue;
      count++;
      const max = options.maxDrivingPosts;
      if (driving.length === max && (max === 0 || !drivesBefore(table, p, driving[max - 1]!))) continue;
      let j = driving.length < max ? driving.length : max - 1;
      if (driving.length < max) driving.push(p);
      while (j > 0 && drivesBefore(table, p, driving[j - 1]!)) { driving[j] = driving[j - 1]!; j--; }
      driving[j] = p;
    }
    const share = n ? count / n : 0;
    let level: RiskLevel = 'LOW_RISK';
    if (count >= options.minPosts) {
      if (share >= th.high) level = 'HIGH_RISK';
      else if (share >= th.medium) level = 'MEDIUM_RISK';
    }
    if (!PRIMARY.has(name) && level === 'HIGH_RISK') level = 'MEDIUM_RISK';
    return { signal: name, count, share, level, thresholds: { ...th }, post_ids: driving.map((p) => table.id(p)) };
  });
  const firing = signals.filter((s) => s.level !== 'LOW_RISK');
  let rank = Math.max(0, ...firing.map((s) => RANK[s.level]));
  if (firing.length >= 2 && firing.some((s) => PRIMARY.has(s.signal))) rank = 2;
  const risk_level = LEVELS[rank]!;
  const alone = firing.length === 1;
  const insight_risks: InsightRisk[] = [];
  for (const s of firing) {
    const type = insightType(s.signal, alone);
    if (type) insight_risks.push({ type_name: type, risk_level, filters: filtersFor(s.signal, narrativeId) });
  }
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const explanation = firing.length === 0
    ? `Low risk: no signal reaches its threshold in ${n} post${n === 1 ? '' : 's'}.`
    : `${risk_level === 'HIGH_RISK' ? 'High' : 'Medium'} risk: ${firing.map((s) => `${pct(s.share)} ${LABEL[s.signal]} (${s.count} post${s.count === 1 ? '' : 's'})`).join(', ')}`
      + (firing.length >= 2 && rank === 2 && firing.every((s) => s.level !== 'HIGH_RISK') ? '; several signals together.' : '.');
  return { risk_level, signals, insight_risks, explanation };
}
