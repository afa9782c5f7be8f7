import { createRequire } from 'node:module';
import type Compromise from 'compromise';

/**
 * compromise is loaded on the first gazetteer() call, not on import: it takes ~0.7-1 s to load and every process that
 * imports the enrichment plugin (the server, each test file) would pay it, while only the entities stage needs it.
 * Its CommonJS build is one file (the ES build is hundreds) and holds the same lexicon.
 */
const loadCompromise = () => createRequire(import.meta.url)('compromise') as typeof Compromise;

/**
 * Names of people, places and organisations from compromise's English lexicon (MIT): ~3,000 first names, ~900
 * family names, ~250 full person names, ~250 countries, ~500 cities, regions, ~350 organisations and ~130
 * sports teams. compromise's own tagger runs at ~800 posts/s, too slow for a pipeline stage (100k posts must
 * take seconds), so only its word lists are used, by the fast span tagger in tagEntities.ts.
 */

export type GazetteerType = 'PERSON' | 'PLACE' | 'ORGANIZATION';

export interface Gazetteer {
  /** Full lower-case names ("barack obama", "new york", "procter & gamble"). */
  names: Map<string, GazetteerType>;
  firstNames: Set<string>;
  lastNames: Set<string>;
}

function typeOfTags(tags: string): GazetteerType | 'FIRST' | 'LAST' | null {
  if (/\bPerson\b/.test(tags)) return 'PERSON';
  if (/\b(Country|City|Place|Region)\b/.test(tags)) return 'PLACE';
  if (/\b(Organization|SportsTeam|Company)\b/.test(tags)) return 'ORGANIZATION';
  if (/\b(FirstName|MaleName|FemaleName)\b/.test(tags)) return 'FIRST';
  if (/\bLastName\b/.test(tags)) return 'LAST';
  return null;
}

/** Organisations known by their acronym, which compromise's list lacks. */
const ACRONYMS = [
  'FBI', 'CIA', 'NSA', 'DHS', 'DOJ', 'ICE', 'ATF', 'IRS', 'CDC', 'FDA', 'NASA', 'NATO', 'UN', 'EU', 'WHO', 'IMF', 'WTO',
  'OPEC', 'UNESCO', 'UNICEF', 'GOP', 'DNC', 'RNC', 'BBC', 'CNN', 'NBC', 'ABC', 'CBS', 'MSNBC', 'NPR', 'PBS', 'AP', 'AFP',
  'NYT', 'WSJ', 'RT', 'KGB', 'FSB', 'MI5', 'MI6', 'IDF', 'PLA', 'CCP', 'ANC', 'NHS', 'FIFA', 'UEFA', 'NFL', 'NBA', 'MLB',
  'NHL', 'IOC', 'ISIS', 'NRA', 'ACLU', 'SEC', 'FTC', 'FCC', 'EPA', 'UAW', 'OSCE', 'ASEAN', 'PSOE', 'PRI', 'PAN', 'MORENA',
];

let cached: Gazetteer | null = null;

export function gazetteer(): Gazetteer {
  if (cached) return cached;
  const names = new Map<string, GazetteerType>();
  const firstNames = new Set<string>();
  const lastNames = new Set<string>();
  const lexicon = (loadCompromise().model() as { one: { lexicon: Record<string, string | string[]> } }).one.lexicon;
  for (const [word, tag] of Object.entries(lexicon)) {
    const type = typeOfTags(Array.isArray(tag) ? tag.join('|') : tag);
    if (type === 'FIRST') firstNames.add(word);
    else if (type === 'LAST') lastNames.add(word);
    else if (type) names.set(word, type);
  }
  for (const acronym of ACRONYMS) names.set(acronym.toLowerCase(), 'ORGANIZATION');
  cached = { names, firstNames, lastNames };
  return cached;
}
