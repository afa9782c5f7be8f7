/**
 * A small English tokeniser for the rule-based analysers (threats, sentiment): lower case, curly quotes
 * straightened, contractions and chat spellings expanded ("i'll" -> "i will", "gonna" -> "going to",
 * "u" -> "you"), so the rules are written once against plain words. Punctuation that matters to rules (sentence
 * ends, quotes, `?`, `!`) is kept as tokens; URLs are dropped.
 */

const EXPANSIONS = new Map<string, string[]>(Object.entries({
  "i'll": ['i', 'will'], "you'll": ['you', 'will'], "we'll": ['we', 'will'], "he'll": ['he', 'will'], "she'll": ['she', 'will'],
  "they'll": ['they', 'will'], "it'll": ['it', 'will'], 'ill': ['i', 'will'], 'imma': ['i', 'am', 'going', 'to'],
  'ima': ['i', 'am', 'going', 'to'], "i'ma": ['i', 'am', 'going', 'to'], "i'mma": ['i', 'am', 'going', 'to'],
  'gonna': ['going', 'to'], 'gunna': ['going', 'to'], 'finna': ['going', 'to'], 'wanna': ['want', 'to'], 'gotta': ['got', 'to'],
  "i'm": ['i', 'am'], 'im': ['i', 'am'], "you're": ['you', 'are'], 'youre': ['you', 'are'], 'ur': ['your'], 'u': ['you'], 'r': ['are'],
  "we're": ['we', 'are'], "they're": ['they', 'are'], "he's": ['he', 'is'], "she's": ['she', 'is'], "it's": ['it', 'is'],
  "that's": ['that', 'is'], "i've": ['i', 'have'], "we've": ['we', 'have'], "i'd": ['i', 'would'], "we'd": ['we', 'would'],
  "you'd": ['you', 'would'], "he'd": ['he', 'would'], "she'd": ['she', 'would'], "they'd": ['they', 'would'],
  "won't": ['will', 'not'], 'wont': ['will', 'not'], "can't": ['can', 'not'], 'cant': ['can', 'not'], 'cannot': ['can', 'not'],
  "don't": ['do', 'not'], 'dont': ['do', 'not'], "doesn't": ['does', 'not'], 'doesnt': ['does', 'not'], "didn't": ['did', 'not'],
  'didnt': ['did', 'not'], "isn't": ['is', 'not'], 'isnt': ['is', 'not'], "aren't": ['are', 'not'], "wasn't": ['was', 'not'],
  "weren't": ['were', 'not'], "wouldn't": ['would', 'not'], 'wouldnt': ['would', 'not'], "shouldn't": ['should', 'not'],
  'shouldnt': ['should', 'not'], "couldn't": ['could', 'not'], "ain't": ['am', 'not'], 'aint': ['am', 'not'],
  "let's": ['let', 'us'], 'lets': ['let', 'us'], 'bout': ['about'], 'tmrw': ['tomorrow'], '2morrow': ['tomorrow'],
  "nobody's": ['nobody', 'is'], "someone's": ['someone', 'is'], "who's": ['who', 'is'], "there's": ['there', 'is'],
}));

/** Words, `@mentions`, `#hashtags`, numbers, and the punctuation the rules look at. */
const TOKEN = /[@#]?[\p{L}\p{N}]+(?:['’][\p{L}]+)*|[.!?;:"“”()]|[\u{1F300}-\u{1FAFF}\u{2600}-\u{27BF}]/gu;
const URL = /\bhttps?:\/\/\S+|\bwww\.\S+/gi;

export function englishTokens(text: string): string[] {
  const out: string[] = [];
  const cleaned = text.replace(URL, ' ').replace(/&amp;/g, '&').replace(/[’‘]/g, "'");
  for (const match of cleaned.toLowerCase().matchAll(TOKEN)) {
    const token = match[0] === '“' || match[0] === '”' ? '"' : match[0];
    // A Map, not an object: a post saying "constructor" must not reach Object.prototype.
    const expanded = EXPANSIONS.get(token);
    if (expanded) out.push(...expanded);
    // Possessives name the owner: "that senator's head" aims at the senator.
    else if (token.endsWith("'s") && token.length > 3) out.push(token.slice(0, -2));
    else out.push(token);
  }
  return out;
}

export const SENTENCE_END: ReadonlySet<string> = new Set(['.', '!', '?', ';']);
