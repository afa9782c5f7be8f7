import { THEME_ORDER, type ThemeName } from '../../shared/themes';
import { LEXICON, type ThemeLexicon } from './lexicon';

/** The lowest score that makes a post a theme's: one cue that names it, or a few that point at it together. */
export const MIN_SCORE = 3;
/** Bump when the lexicon or the rule changes: the stage's stored themes are recomputed. */
export const CLASSIFIER_VERSION = 1;

export interface ThemeMatch { theme: ThemeName; score: number; cues: string[] }

interface Cue { theme: ThemeName; words: string[]; prefixLast: boolean; weight: number; label: string }

/** Lower case, accents removed (Unicode NFKD), so `Elección` and `eleccion` are one word. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Latin-script and digit words of the folded text; hashtags and cashtags lose their sign. */
export function words(folded: string): string[] {
  return folded.match(/[\p{Script=Latin}\p{N}]+/gu) ?? [];
}

/** Cues indexed by their first word: exact first words in a map, prefix first words by their prefix. */
class CueIndex {
  private readonly exact = new Map<string, Cue[]>();
  private readonly prefix = new Map<string, Cue[]>();
  private maxPrefix = 0;

  add(cue: Cue): void {
    const first = cue.words[0]!;
    const prefixFirst = cue.words.length === 1 && cue.prefixLast;
    const map = prefixFirst ? this.prefix : this.exact;
    const list = map.get(first);
    if (list) list.push(cue);
    else map.set(first, [cue]);
    if (prefixFirst) this.maxPrefix = Math.max(this.maxPrefix, first.length);
  }

  /** Cues whose words start at `tokens[i]`. */
  *at(tokens: readonly string[], i: number): Generator<Cue> {
    const token = tokens[i]!;
    for (const cue of this.exact.get(token) ?? []) if (matchesFrom(cue, tokens, i)) yield cue;
    for (let len = Math.min(token.length, this.maxPrefix); len >= 1; len -= 1) {
      for (const cue of this.prefix.get(token.slice(0, len)) ?? []) yield cue;
    }
  }
}

function matchesFrom(cue: Cue, tokens: readonly string[], i: number): boolean {
  for (let k = 1; k < cue.words.length; k += 1) {
    const token = tokens[i + k];
    if (token === undefined) return false;
    const word = cue.words[k]!;
    const last = k === cue.words.length - 1;
    if (last && cue.prefixLast ? !token.startsWith(word) : token !== word) return false;
  }
  return true;
}

function buildIndex(lexicon: Readonly<Record<ThemeName, ThemeLexicon>>) {
  const index = new CueIndex();
  const han: Array<{ theme: ThemeName; text: string; weight: number }> = [];
  for (const theme of THEME_ORDER) {
    for (const [label, weight] of Object.entries(lexicon[theme].words)) {
      const prefixLast = label.endsWith('*');
      const ws = fold(prefixLast ? label.slice(0, -1) : label).split(' ').filter(Boolean);
      index.add({ theme, words: ws, prefixLast, weight, label });
    }
    for (const [text, weight] of Object.entries(lexicon[theme].zh)) han.push({ theme, text: fold(text), weight });
  }
  return { index, han };
}

const { index: INDEX, han: HAN } = buildIndex(LEXICON);
const HAS_HAN = /\p{Script=Han}/u;

/**
 * The theme of a post's text, or null when no theme reaches MIN_SCORE. Each cue counts once per post; a tie goes to
 * the theme first in the spec's order (deterministic). `cues` are the positive cues found, for the theme summary.
 */
export function classify(text: string): ThemeMatch | null {
  const folded = fold(text);
  const tokens = words(folded);
  const scores = new Map<ThemeName, number>();
  const found = new Map<ThemeName, string[]>();
  const seen = new Set<Cue>();
  const count = (theme: ThemeName, weight: number, label: string) => {
    scores.set(theme, (scores.get(theme) ?? 0) + weight);
    if (weight > 0) {
      const list = found.get(theme);
      if (list) list.push(label);
      else found.set(theme, [label]);
    }
  };
  for (let i = 0; i < tokens.length; i += 1) {
    for (const cue of INDEX.at(tokens, i)) {
      if (seen.has(cue)) continue;
      seen.add(cue);
      count(cue.theme, cue.weight, cue.label.replace(/\*$/, ''));
    }
  }
  if (HAS_HAN.test(folded)) for (const cue of HAN) if (folded.includes(cue.text)) count(cue.theme, cue.weight, cue.text);
  let best: ThemeMatch | null = null;
  for (const theme of THEME_ORDER) {
    const score = scores.get(theme) ?? 0;
    if (score >= MIN_SCORE && (best === null || score > best.score)) best = { theme, score, cues: found.get(theme) ?? [] };
  }
  return best;
}
