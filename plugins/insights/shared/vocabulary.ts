/**
 * The closed vocabularies of an analyst insight (spec part 2 sections 3 and 5): statuses, types, sources, and the
 * risk categories map whose subcategories are the options of the form's Subcategory field.
 */
export const INSIGHT_STATUSES = ['pending', 'approved', 'rejected', 'deleted'] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];

export const ANALYZABLE_TYPES = ['account', 'domain'] as const;
export type AnalyzableType = (typeof ANALYZABLE_TYPES)[number];

export const INSIGHT_SOURCES = ['manual', 'import'] as const;
export type InsightSource = (typeof INSIGHT_SOURCES)[number];

/** How sure the analyst is (not in the spec's lists: the admiralty-style three levels analysts already use). */
export const CONFIDENCE_LEVELS = ['low', 'medium', 'high'] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];

/** Whether the attribution is expected to hold (an outlet's ownership) or may lapse (a campaign's account). */
export const PERMANENCE_LEVELS = ['permanent', 'temporary'] as const;
export type Permanence = (typeof PERMANENCE_LEVELS)[number];

/**
 * Risk category -> its subcategories (spec: "Risk category map keys ... each a list of subcategory strings").
 * `Categories` lists the categories themselves, in display order. A subcategory belongs to exactly one category.
 */
export const RISK_CATEGORIES_MAP = {
  'State Associated - China': ['Chinese State Media', 'Chinese Government Official', 'Chinese State-Affiliated Influencer'],
  'State Associated - Russia': ['Russian State Media', 'Russian Government Official', 'Russian State-Affiliated Influencer'],
  'State Associated - Other': ['Other State Media', 'Other Government Official', 'Other State-Affiliated Influencer'],
  'Combined Risky': ['Conspiracy Outlet', 'Hyperpartisan Outlet', 'Extremist Group'],
  Mainstream: ['Mainstream News', 'Wire Service', 'Public Broadcaster'],
  'Persistent Threat Actor': ['Persistent Threat Actor', 'Coordinated Inauthentic Network'],
  'U.S. Government': ['U.S. Federal Government', 'U.S. State or Local Government', 'U.S. Elected Official'],
  'Pink Slime': ['Pink Slime Local News'],
  'Market Mover': ['Financial Influencer', 'Short Seller', 'Market News'],
  Default: ['Other'],
} as const satisfies Record<string, readonly string[]>;

export type RiskCategory = keyof typeof RISK_CATEGORIES_MAP;
export const RISK_CATEGORIES = Object.keys(RISK_CATEGORIES_MAP) as RiskCategory[];
export const SUBCATEGORIES: readonly string[] = RISK_CATEGORIES.flatMap((c) => RISK_CATEGORIES_MAP[c]);

const CATEGORY_OF = new Map<string, RiskCategory>(RISK_CATEGORIES.flatMap((c) => RISK_CATEGORIES_MAP[c].map((s) => [s, c] as const)));

/** The risk category a subcategory belongs to; `Default` for one outside the map (kept by imports and repairs). */
export function riskCategoryOf(subcategory: string): RiskCategory {
  return CATEGORY_OF.get(subcategory) ?? 'Default';
}

/** The map as the API answers it: the categories plus `Categories`, the list of category names. */
export function riskCategoriesMapAnswer(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const c of RISK_CATEGORIES) out[c] = [...RISK_CATEGORIES_MAP[c]];
  out.Categories = [...RISK_CATEGORIES];
  return out;
}

export const REGIONS = [
  'Africa', 'Central Asia', 'East Asia', 'Europe', 'Latin America and the Caribbean', 'Middle East and North Africa',
  'North America', 'Oceania', 'South Asia', 'Southeast Asia',
] as const;

export const ROLES = [
  'Academic', 'Activist', 'Business', 'Government Official', 'Influencer', 'Journalist', 'Media Outlet', 'Military',
  'Politician', 'Other',
] as const;
