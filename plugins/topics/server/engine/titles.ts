/**
 * Extractive titles and descriptions: the title is a phrase taken from the exemplar post (the post nearest the topic
 * centroid): its sentence that carries the most keyphrase words, cut at a clause; the keyphrases are shown below it
 * (the ngrams). The description names the size and quotes the exemplar. Plain text: callers render it as text.
 */
const MAX_SNIPPET = 200;
/** A title reads as a headline: at most this many characters, cut at a clause or word boundary. */
export const MAX_TITLE = 80;
/** A sentence shorter than this many words says too little to title a narrative ("Finally!"). */
const MIN_TITLE_WORDS = 3;

function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

/** Whitespace collapsed, control characters removed, cut at a word boundary with an ellipsis. */
export function snippet(text: string, max = MAX_SNIPPET): string {
  const clean = text.replace(/\p{Cc}+/gu, ' ').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

/** The text a title may quote: no links, mentions, leading or trailing hashtags, or emoji-like symbols. */
function titleText(text: string): string {
  return text
    .replace(/https?:\/\/\S+|www\.\S+/gi, ' ')
    .replace(/(^|\s)@\w+/g, ' ')
    .replace(/[\p{So}\p{Cs}\p{Co}\uFE0F\u200D]+/gu, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^(#\w+\s*)+|(\s*#\w+)+$/g, '')
    .trim();
}

/** Cut to MAX_TITLE at the last clause mark (, ; : – —) of at least 20 characters, else at a word with an ellipsis; no end punctuation. */
function headline(sentence: string): string {
  let out = sentence;
  if (out.length > MAX_TITLE) {
    const cut = out.slice(0, MAX_TITLE);
    const clause = Math.max(...[',', ';', ':', ' – ', ' — ', ' - '].map((m) => cut.lastIndexOf(m)));
    const space = cut.lastIndexOf(' ');
    out = clause >= 20 ? cut.slice(0, clause) : `${cut.slice(0, space > 0 ? space : MAX_TITLE)}…`;
  }
  return out.replace(/[\s,;:.!?–—-]+$/u, '').replace(/^["'“”‘’\s]+|["'“”‘’\s]+$/gu, '').trim();
}

/**
 * The phrase that titles a topic: the exemplar's sentence sharing the most words with the keyphrases (earlier
 * sentences win ties: posts lead with their point), as a headline. Null when no sentence has MIN_TITLE_WORDS words.
 */
export function phraseTitle(ngrams: readonly string[], exemplarText: string): string | null {
  const keywords = new Set(ngrams.flatMap(words));
  const sentences = titleText(exemplarText).split(/(?<=[.!?…])\s+|\n+/u).map((x) => x.trim()).filter((x) => words(x).length >= MIN_TITLE_WORDS);
  let best: { sentence: string; score: number } | null = null;
  for (const sentence of sentences) {
    const score = new Set(words(sentence).filter((w) => keywords.has(w))).size;
    if (!best || score > best.score) best = { sentence, score };
  }
  if (!best) return null;
  const title = headline(best.sentence);
  return words(title).length >= MIN_TITLE_WORDS ? capitalise(title) : null;
}

export function extractiveTitle(ngrams: string[], exemplarText: string, postCount: number, share: number): { title: string; description: string } {
  const top = ngrams.slice(0, 3);
  const quote = snippet(exemplarText);
  // A phrase from the exemplar reads as a title; the joined keyphrases only when the exemplar has no usable sentence.
  const title = phraseTitle(ngrams, exemplarText) ?? (top.length ? capitalise(top.join(' · ')) : capitalise(snippet(exemplarText, 60)) || 'Untitled topic');
  const pct = share >= 0.01 ? `${Math.round(share * 100)}%` : '<1%';
  const about = top.length ? ` about ${list(top)}` : '';
  const description = `${postCount} post${postCount === 1 ? '' : 's'} (${pct} of the conversation)${about}.`
    + (quote ? ` Representative post: "${quote}"` : '');
  return { title, description };
}
