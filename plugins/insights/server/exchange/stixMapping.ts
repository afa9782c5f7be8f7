import { riskCategoryOf, type RiskCategory } from '../../shared/vocabulary';

/**
 * Which insights are threat actors, and of which STIX 2.1 threat-actor-type-ov kind.
 *
 * - A state association, or any "State Associated - ..." subcategory: `nation-state`.
 * - Combined Risky: Extremist Group and Hyperpartisan Outlet push a political cause (`activist`); a Conspiracy Outlet
 *   trades on sensation (`sensationalist`).
 * - Persistent Threat Actor (including Coordinated Inauthentic Network): a threat of unstated kind (`unknown`),
 *   unless another rule already names a kind.
 * - Mainstream, U.S. Government, Pink Slime, Market Mover and Default subcategories do not make a threat actor (an
 *   outlet's bias or a market role is not malicious intent). No subcategory implies crime, so `criminal` is unused.
 */
const BY_SUBCATEGORY: Record<string, string> = {
  'Extremist Group': 'activist',
  'Hyperpartisan Outlet': 'activist',
  'Conspiracy Outlet': 'sensationalist',
};

const BY_CATEGORY: Partial<Record<RiskCategory, string>> = {
  'State Associated - China': 'nation-state',
  'State Associated - Russia': 'nation-state',
  'State Associated - Other': 'nation-state',
  'Persistent Threat Actor': 'unknown',
};

/** The threat_actor_types of an insight; empty when it is not a threat actor. */
export function threatActorTypes(stateAssociation: string | null, subcategories: readonly string[]): string[] {
  const types = new Set<string>();
  if (stateAssociation) types.add('nation-state');
  for (const s of subcategories) {
    const type = BY_SUBCATEGORY[s] ?? BY_CATEGORY[riskCategoryOf(s)];
    if (type) types.add(type);
  }
  if (types.size > 1) types.delete('unknown');
  return [...types];
}
