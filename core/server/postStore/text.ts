/**
 * The post-store text helpers that the local archive's query thread needs (plugins/posts/server/collect): kept apart
 * from normalize.ts so that thread loads no more than these lines (normalize.ts brings in tldts). Re-exported by
 * normalize.ts.
 */

/**
 * The text a conversation's query is matched against: title, subject and body (the spec's body "falls back to
 * title or subject"; a Reddit title and its self-text are both searched). Duplicates are dropped.
 */
export function matchableText(post: { title?: string | null; subject?: string | null; body?: string | null }): string {
  const parts: string[] = [];
  for (const part of [post.title, post.subject, post.body]) {
    if (part && !parts.includes(part)) parts.push(part);
  }
  return parts.join('\n');
}

/** `en-US` → `en`; `English`/`Spanish`/`Chinese` → codes; empty, `und`, `all` → null. */
export function normalizeLanguage(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toLowerCase();
  if (!v || v === 'und' || v === 'all' || v === 'any') return null;
  const named: Record<string, string> = { english: 'en', spanish: 'es', español: 'es', chinese: 'zh', '中文': 'zh' };
  if (named[v]) return named[v]!;
  const primary = v.split(/[-_]/)[0]!;
  return /^[a-z]{2,3}$/.test(primary) ? primary : null;
}
