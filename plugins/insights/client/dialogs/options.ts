import { useQuery } from '@tanstack/react-query';
import type { InsightOptions } from '../../shared/api';
import { REGIONS, RISK_CATEGORIES_MAP, ROLES } from '../../shared/vocabulary';
import { optionsQuery, riskCategoriesMapQuery } from '../api';

export interface OptionGroup {
  category: string;
  options: string[];
}

export interface FormOptions {
  country: string[];
  region: string[];
  role: string[];
  language: string[];
  subcategory: string[];
  /** Risk category -> its subcategories (spec "Risk category map"): the Subcategory field's groups. */
  riskMap: Record<string, string[]>;
}

/** The map's categories in display order: its `Categories` entry when present, else its keys. */
function categoriesOf(map: Record<string, string[]>): string[] {
  return map.Categories ?? Object.keys(map).filter((k) => k !== 'Categories');
}

/**
 * Groups `subcategories` by the risk category the map puts them in, in the map's order; one outside the map joins
 * `Default` (as the server's `riskCategoryOf` does).
 */
export function groupSubcategories(subcategories: readonly string[], map: Record<string, string[]>): OptionGroup[] {
  const categories = categoriesOf(map);
  const categoryOf = new Map<string, string>();
  for (const c of categories) for (const s of map[c] ?? []) categoryOf.set(s, c);
  const groups = new Map<string, string[]>(categories.map((c) => [c, []]));
  for (const s of subcategories) {
    const c = categoryOf.get(s) ?? 'Default';
    if (!groups.has(c)) groups.set(c, []);
    groups.get(c)!.push(s);
  }
  return [...groups].filter(([, options]) => options.length).map(([category, options]) => ({ category, options }));
}

const VOCABULARY_MAP: Record<string, string[]> = Object.fromEntries(Object.entries(RISK_CATEGORIES_MAP).map(([k, v]) => [k, [...v]]));

/**
 * The form's choice lists from GET /api/v2/insights/options, subcategories grouped by GET
 * /api/v2/insights/risk_categories_map. Until (or unless) the calls answer, the shared vocabulary stands in, so the
 * form is usable at once.
 */
export function useFormOptions(): FormOptions {
  const options = useQuery(optionsQuery()).data ?? null;
  const map = useQuery(riskCategoriesMapQuery()).data ?? VOCABULARY_MAP;
  const fallback: InsightOptions = {
    country: [], region: [...REGIONS], role: [...ROLES], language: [], subcategory: Object.values(VOCABULARY_MAP).flat(),
  };
  const o = options ?? fallback;
  return { ...o, riskMap: map };
}
