/** What other plugins may import from the insights plugin. */
export { INSIGHT_DIMENSIONS } from './dimensions';
export { RISK_CATEGORIES, RISK_CATEGORIES_MAP, SUBCATEGORIES, riskCategoryOf, type RiskCategory } from './vocabulary';
export { insightSchema, INSIGHTS_PATH, type Insight } from './api';
export { insightLookupKey, accountKey, type InsightLookup, type AccountMatcher, type AccountRef } from './service';
export {
  insightsPopupSectionsKey, type InsightsPopupSections, type PopupAccount, type AccountInsightsSectionProps,
  type DomainInsightsSectionProps,
} from './ui';
