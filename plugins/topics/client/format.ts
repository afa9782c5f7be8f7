import { RISK_LEVEL_LABELS, type RiskLevel } from '../shared/types';
import type { ApiNarrative, NarrativeEntity } from '../shared/api';

/** Risk levels are shown Low / Medium / High (spec part 2 section 3). */
export const riskLabel = (level: RiskLevel) => RISK_LEVEL_LABELS[level];
const RISK_ORDER: Record<RiskLevel, number> = { LOW_RISK: 0, MEDIUM_RISK: 1, HIGH_RISK: 2 };

/** Percentages have no decimals (spec part 2 section 9). */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Post counts with thousands separators, as the raw data table and the filters panel print them ("13,138 posts"). */
export const posts = (count: number) => `${count.toLocaleString('en-US')} posts`;

export const NARRATIVE_SORTS = ['size', 'risk', 'engagement'] as const;
export type NarrativeSort = (typeof NARRATIVE_SORTS)[number];
export const SORT_LABELS: Record<NarrativeSort, string> = { size: 'Size', risk: 'Risk', engagement: 'Engagement' };

/** Largest first; ties broken by size, then by id, so the order is stable. */
export function sortNarratives(list: readonly ApiNarrative[], by: NarrativeSort): ApiNarrative[] {
  const key = (n: ApiNarrative) => (by === 'risk' ? RISK_ORDER[n.risk_level] : by === 'engagement' ? n.engagement_score : n.post_count);
  return [...list].sort((a, b) => key(b) - key(a) || b.post_count - a.post_count || a.id.localeCompare(b.id));
}

/** How the narrative popup names each entity type, in the order it shows them. */
export const ENTITY_TYPE_LABELS: Record<NarrativeEntity['entity_type'], string> = {
  PERSON: 'People', ORGANIZATION: 'Organisations', PLACE: 'Places', HASHTAG: 'Hashtags', MENTION: 'Mentions',
};
