import { TOPIC_RADAR_THEMES } from '@core/shared/access/api';

/** The nine Topic Radar themes (spec part 2 section 3), one name each; permanent (stored, in URLs, in settings). */
export type ThemeName = (typeof TOPIC_RADAR_THEMES)[number];
export { TOPIC_RADAR_THEMES };

/** The order of the cards (spec part 2 section 2, "Theme order"). */
export const THEME_ORDER: readonly ThemeName[] = [
  'DEI', 'BOYCOTT', 'UNION', 'ELECTION_DENIAL', 'FINANCE', 'SHORTSELLING', 'QANON', 'MAHA_AND_VACCINE', 'TARIFF',
];

/** Labels the spec gives; the others show their name. */
export const THEME_LABELS: Readonly<Record<ThemeName, string>> = {
  DEI: 'DEI', BOYCOTT: 'BOYCOTT', UNION: 'Labor', ELECTION_DENIAL: 'Election Denial', FINANCE: 'FINANCE',
  SHORTSELLING: 'Short Selling', QANON: 'QAnon', MAHA_AND_VACCINE: 'MAHA & Vaccine', TARIFF: 'TARIFF',
};

export const isThemeName = (value: string): value is ThemeName => (THEME_ORDER as readonly string[]).includes(value);

/** The themes an organisation enabled, in card order; unknown names are dropped. */
export function orderThemes(names: readonly string[]): ThemeName[] {
  const wanted = new Set(names);
  return THEME_ORDER.filter((t) => wanted.has(t));
}
