/**
 * Extractive titles and descriptions: the title is the best keyphrases, the description names the size and
 * quotes the exemplar post (the post nearest the topic centroid). Plain text: callers render it as text.
 */
const MAX_SNIPPET = 200;

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

export function extractiveTitle(ngrams: string[], exemplarText: string, postCount: number, share: number): { title: string; description: string } {
  const top = ngrams.slice(0, 3);
  const quote = snippet(exemplarText);
  const title = top.length ? capitalise(top.join(' · ')) : capitalise(snippet(exemplarText, 60)) || 'Untitled topic';
  const pct = share >= 0.01 ? `${Math.round(share * 100)}%` : '<1%';
  const about = top.length ? ` about ${list(top)}` : '';
  const description = `${postCount} post${postCount === 1 ? '' : 's'} (${pct} of the conversation)${about}.`
    + (quote ? ` Representative post: "${quote}"` : '');
  return { title, description };
}
