import { englishTokens, SENTENCE_END } from '../text/englishTokens';
import {
  CALL_MODALS, CALLERS, GAME_CONTEXT, HYPOTHETICAL, IDIOMS, INTENT, NEEDS_PERSON_TARGET, NEGATIONS, PERSON_NOUNS,
  PLACE_TARGETS, PLACE_VERBS, REPORTING, SPEAKERS, VIOLENT_PHRASES, VIOLENT_VERBS, WEAPONS,
} from './lexicon';

/**
 * Threats of violence, transparently: a post threatens when a violent verb is bound to
 *   (a) the speaker's intent (I/we + will, going to, plan to ... + verb), or
 *   (b) a call to others (someone should, let's, everyone ..., an imperative "Hang the traitors"), or
 *   (c) a future or deserved fate of a target ("you're dead", "the officials will hang", "should be shot"),
 * and aimed at a target (a person or group word, a pronoun, an @mention, or a place for arson and bombing).
 * Blockers lower the score: negation ("I would never hurt her"), quoted or reported speech ("he said 'I will
 * kill you'", "arrested after threatening to ..."), questions and hypotheticals, game and sport context, and
 * idioms ("killing it", "mom is going to kill me"). The score is the best occurrence's; `evidence` lists the
 * cues that fired and `blockedBy` the blockers, so an analyst can see why a post was or was not flagged.
 */

export interface ThreatResult {
  threat: boolean;
  /** 0..1; `threat` is `score >= THREAT_THRESHOLD`. */
  score: number;
  /** The cues of the best occurrence, e.g. `verb:kill`, `speaker+intent:i will`, `target:you`. */
  evidence: string[];
  /** The blockers applied to the best occurrence, e.g. `negation:never`, `reported:said`, `game:round`. */
  blockedBy: string[];
}

export const THREAT_THRESHOLD = 0.5;

/** A fresh result each time: callers may add to the arrays. */
const none = (): ThreatResult => ({ threat: false, score: 0, evidence: [], blockedBy: [] });

/**
 * Cheap first pass: most posts contain no violent word at all and never reach the tokeniser. Built from the
 * lexicon itself so the two cannot drift apart: verbs of four letters or more match as word starts (so
 * "killer", "shootout" pass and are then dismissed by the tokenised lookup), shorter ones as whole words ("cut",
 * not "cute"), phrases whole.
 */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LONG_VERBS = [...VIOLENT_VERBS.keys()].filter((w) => w.length >= 4);
const SHORT_VERBS = [...VIOLENT_VERBS.keys()].filter((w) => w.length < 4);
export const VIOLENT_STEM = new RegExp(
  `\\b(?:${LONG_VERBS.map(escape).join('|')}|(?:${SHORT_VERBS.map(escape).join('|')})\\b|${[...VIOLENT_PHRASES.keys()].map((p) => p.split(' ').map(escape).join('\\s+')).join('|')})`,
  'i',
);

const IMPERATIVE_LEAD = new Set(['go', 'just', 'please', 'now', 'and', 'then', 'so', '"', 'lets', 'let', 'us', 'all', 'you', 'guys', 'everyone', 'everybody']);
const CHAT_LEAD = new Set(['lol', 'ok', 'okay', 'yeah', 'swear', 'honestly', 'and', 'so', 'just', 'fr', 'bro', 'tbh']);
const BE_GET = new Set(['be', 'get', 'gets', 'getting', 'got', 'are', 'is', 'am', 'being']);
const FATE_WORDS = new Set(['dead', 'die', 'shot', 'killed', 'hanged', 'hang', 'stabbed', 'executed', 'lynched', 'bullet', 'bullets', 'bleed', 'beheaded', 'murdered', 'flattened', 'throat cut', 'met with bullets', 'lined up and shot']);
/** Phrases that predict harm by themselves ("your days are numbered"). */
const STANDALONE_FATE = new Set(['days are numbered', 'body bag', 'watch your back']);
const TIME_AHEAD = new Set(['tomorrow', 'tonight', 'soon']);
const SUBJECTS = new Set(['i', 'we', 'you', 'he', 'she', 'they', 'it', 'who', 'someone', 'somebody', 'nobody', 'everyone', 'people']);
const PAST_FORMS = new Set(['shot', 'hung', 'hanged', 'killed', 'murdered', 'stabbed', 'beaten', 'bombed', 'burned', 'burnt']);

interface Occurrence { start: number; end: number; verb: string; weight: number }

/** First words of the phrases: only tokens among them are worth joining with their neighbours. */
const PHRASE_STARTS = new Set([...VIOLENT_PHRASES.keys()].map((p) => p.split(' ')[0]!));

function findVerbs(tokens: readonly string[], from: number, to: number): Occurrence[] {
  const out: Occurrence[] = [];
  for (let i = from; i < to; i++) {
    let matched = false;
    if (PHRASE_STARTS.has(tokens[i]!)) for (const n of [5, 4, 3, 2]) {
      if (i + n > to) continue;
      const phrase = tokens.slice(i, i + n).join(' ');
      const weight = VIOLENT_PHRASES.get(phrase);
      if (weight !== undefined) {
        out.push({ start: i, end: i + n, verb: phrase, weight });
        i += n - 1;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const weight = VIOLENT_VERBS.get(tokens[i]!);
    if (weight !== undefined) out.push({ start: i, end: i + 1, verb: tokens[i]!, weight });
  }
  return out;
}

/** "going" and "about" mark intent only before "to" (not "going home", "talked about"). */
function isIntent(tokens: readonly string[], i: number): boolean {
  const t = tokens[i]!;
  if (!INTENT.has(t)) return false;
  return (t !== 'going' && t !== 'about') || tokens[i + 1] === 'to';
}

function isTarget(token: string): boolean {
  return token.startsWith('@') || PERSON_NOUNS.has(token);
}

export function detectThreat(text: string): ThreatResult {
  if (!text || !VIOLENT_STEM.test(text)) return none();
  const tokens = englishTokens(text);
  // Text-wide blockers, computed once and only if some occurrence gets as far as the blockers.
  let textContext: { idiom: RegExp | undefined; gameWord: string | undefined } | null = null;
  const blockersOfText = () => {
    if (textContext) return textContext;
    const joined = tokens.join(' ');
    textContext = {
      idiom: IDIOMS.find((re) => re.test(joined)),
      gameWord: tokens.find((t) => GAME_CONTEXT.has(t.startsWith('#') ? t.slice(1) : t)),
    };
    return textContext;
  };

  let best: ThreatResult = none();
  let clauseStart = 0;
  // Which tokens lie inside double quotes (only worked out when the text has a quote mark at all).
  let quoted: boolean[] | null = null;
  if (tokens.includes('"')) {
    let inQuote = false;
    quoted = tokens.map((t) => {
      if (t === '"') inQuote = !inQuote;
      return inQuote;
    });
  }
  for (let end = 0; end <= tokens.length; end++) {
    if (end < tokens.length && !SENTENCE_END.has(tokens[end]!)) continue;
    const isQuestion = tokens[end] === '?';
    for (const occurrence of findVerbs(tokens, clauseStart, end)) {
      const result = scoreOccurrence(tokens, clauseStart, end, occurrence, { quoted: quoted?.[occurrence.start] ?? false, isQuestion, textBlockers: blockersOfText });
      if (result.score > best.score) best = result;
    }
    clauseStart = end + 1;
  }
  return best;
}

interface Context {
  quoted: boolean;
  isQuestion: boolean;
  textBlockers: () => { idiom: RegExp | undefined; gameWord: string | undefined };
}

function scoreOccurrence(tokens: readonly string[], clauseStart: number, clauseEnd: number, o: Occurrence, context: Context): ThreatResult {
  const evidence = [`verb:${o.verb}`];
  const blockedBy: string[] = [];
  const backFrom = Math.max(clauseStart, o.start - 10);
  const back = tokens.slice(backFrom, o.start);
  const lead = tokens.slice(clauseStart, o.start);
  const forward = tokens.slice(o.end, Math.min(clauseEnd, o.end + 6));

  // (a) speaker + intent: "i will", "we are going to", "i am about to"; chat drops the "I": "gonna beat him".
  const speakerAt = back.findLastIndex((t) => SPEAKERS.has(t));
  // A time word anywhere before the verb also marks a plan: "tomorrow we kill ...".
  const intentAfterSpeaker = speakerAt >= 0
    ? back.find((t, k) => (k > speakerAt && isIntent(back, k)) || TIME_AHEAD.has(t)) : undefined;
  const firstWord = lead.find((t) => !CHAT_LEAD.has(t) && !t.startsWith('@') && t !== '"');
  const implicitSpeaker = speakerAt < 0 && firstWord !== undefined && ['going', 'will', 'about', 'finna', 'plan', 'planning'].includes(firstWord);
  const speakerIntent = (speakerAt >= 0 && intentAfterSpeaker !== undefined) || implicitSpeaker;
  if (speakerIntent) evidence.push(implicitSpeaker ? `intent:${firstWord}` : `speaker+intent:${back[speakerAt]} ${intentAfterSpeaker}`);

  // (b) call to others: "someone should", "let's", "whoever sees him, cut him", or an imperative opening the clause
  // (or its last coordinated part: "drag him out and beat him").
  const callerAt = back.findIndex((t) => CALLERS.has(t));
  const caller = callerAt >= 0 ? back[callerAt] : undefined;
  const callModal = back.find((t) => CALL_MODALS.has(t));
  const baseForm = !PAST_FORMS.has(o.verb) && !o.verb.endsWith('ing') && !o.verb.endsWith('ed');
  const lastPart = lead.slice(lead.findLastIndex((t) => t === 'and' || t === 'then') + 1);
  const imperative = baseForm && !lead.some((t) => SUBJECTS.has(t))
    && (lead.every((t) => IMPERATIVE_LEAD.has(t) || t.startsWith('#') || t.startsWith('@')) || (lastPart.length === 0 && lead.length > 0));
  const call = (caller !== undefined && (callModal !== undefined || baseForm)) || (callModal !== undefined && speakerAt < 0) || imperative;
  if (call) evidence.push(imperative ? 'imperative' : `call:${[caller, callModal].filter(Boolean).join(' ')}`);

  // (c) fate of a target: "you are dead", "they will hang", "these reporters should be shot", "you will die".
  const backTargetWord = back.find((t) => isTarget(t));
  const fate = (FATE_WORDS.has(o.verb) && back.some((t, k) => isIntent(back, k) || BE_GET.has(t)) && backTargetWord !== undefined)
    || STANDALONE_FATE.has(o.verb);
  if (fate) evidence.push('fate');

  // The target: inside the phrase ("slit your throat"), after the verb, or, for weapons, fates and arson, before it.
  const anchor = Math.max(speakerAt, callerAt);
  const inside = o.verb.split(' ').slice(1).find((t) => isTarget(t));
  const placeOk = PLACE_VERBS.has(o.verb);
  const forwardTarget = forward.find((t) => isTarget(t) || (placeOk && PLACE_TARGETS.has(t)));
  const lookBack = fate || WEAPONS.has(o.verb) || o.verb === 'on fire' || o.weight >= 0.9;
  const backTarget = lookBack ? back.slice(anchor + 1).find((t) => isTarget(t) || (placeOk && PLACE_TARGETS.has(t))) : undefined;
  const target = inside ?? forwardTarget ?? backTarget ?? (fate ? backTargetWord : undefined);
  if (target) evidence.push(`target:${target}`);
  const selfOnly = forward[0] === 'me' || forward[0] === 'myself';

  if (!(speakerIntent || call || fate)) return { threat: false, score: 0.1 * o.weight, evidence, blockedBy };
  let score: number;
  if (target && !selfOnly) score = 0.55 + 0.4 * o.weight;
  else score = NEEDS_PERSON_TARGET.has(o.verb) || selfOnly ? 0.15 : 0.45 * o.weight;

  // Blockers.
  const firstAnchor = speakerAt >= 0 ? (callerAt >= 0 ? Math.min(speakerAt, callerAt) : speakerAt) : Math.max(0, callerAt);
  const negation = back.slice(firstAnchor).find((t) => NEGATIONS.has(t));
  if (negation) { blockedBy.push(`negation:${negation}`); score *= 0.1; }
  if (context.quoted) { blockedBy.push('quoted'); score *= 0.1; }
  const reported = lead.find((t) => REPORTING.has(t));
  if (reported) { blockedBy.push(`reported:${reported}`); score *= 0.2; }
  const hypothetical = context.isQuestion ? '?' : back.find((t) => HYPOTHETICAL.has(t));
  if (hypothetical) { blockedBy.push(`hypothetical:${hypothetical}`); score *= 0.3; }
  const { gameWord, idiom } = context.textBlockers();
  if (gameWord) { blockedBy.push(`game:${gameWord}`); score *= 0.3; }
  if (idiom) { blockedBy.push(`idiom:${idiom.source}`); score *= 0.1; }

  score = Math.min(1, score);
  return { threat: score >= THREAT_THRESHOLD, score: Math.round(score * 1000) / 1000, evidence, blockedBy };
}
