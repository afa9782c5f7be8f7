import { sql, type Kysely } from 'kysely';
import type { Storage } from '@core/server/storage/database';
import type { RunIndex } from './runIndex';

/**
 * "Text count" (spec part 2 section 3 "Chart data"): how often the same text was posted among the selected posts,
 * the copy-paste signal an analyst looks for. Texts are compared case-insensitively with whitespace collapsed.
 *
 * Bodies are not in the run index (they would multiply its memory): each post's text is hashed once per index
 * (52 bits from two FNV-1a passes, so a 200k-post run has no expected collision) and the hashes are cached with
 * the index; a request counts hashes over its matching positions and reads only the top texts' bodies.
 */

/** What two texts must share to count as the same: lower case, single spaces, no outer whitespace. */
export const normaliseText = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

function hash52(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0) * 0x100000 + ((b >>> 0) & 0xfffff);
}

interface TextHashes { hashes: Float64Array }
const cache = new WeakMap<RunIndex, Promise<TextHashes>>();

function textHashes(storage: Storage, index: RunIndex): Promise<TextHashes> {
  let cached = cache.get(index);
  if (!cached) {
    cached = (async () => {
      const db = storage.db as unknown as Kysely<any>;
      const rows = (await sql<{ id: number; text: string | null }>`select p.id, coalesce(nullif(p.body, ''), p.title, p.subject) as text
        from posts_explorer_facts f join posts_posts p on p.id = f.id where f.run_id = ${index.runId}`.execute(db)).rows;
      const positionOf = new Map<number, number>();
      index.ids.forEach((id, i) => positionOf.set(id, i));
      // NaN marks a post without text: never counted.
      const hashes = new Float64Array(index.size).fill(Number.NaN);
      for (const r of rows) {
        const at = positionOf.get(Number(r.id));
        const text = r.text ? normaliseText(r.text) : '';
        if (at !== undefined && text) hashes[at] = hash52(text);
      }
      return { hashes };
    })();
    cache.set(index, cached);
    cached.catch(() => cache.delete(index));
  }
  return cached;
}

/** The `topN` most repeated texts among the matching positions, most first (ties by text), each shown as first posted there. */
export async function textCounts(storage: Storage, index: RunIndex, positions: readonly number[], topN: number): Promise<Array<{ text: string; count: number }>> {
  const { hashes } = await textHashes(storage, index);
  const counts = new Map<number, { count: number; position: number }>();
  for (const p of positions) {
    const h = hashes[p]!;
    if (Number.isNaN(h)) continue;
    const c = counts.get(h);
    // positions run newest first: the last one seen is the oldest, the text's first posting
    if (c) { c.count += 1; c.position = p; } else counts.set(h, { count: 1, position: p });
  }
  const candidates = [...counts.values()].sort((x, y) => y.count - x.count);
  // Ties at the cut are settled by text, so read every text tied with the last one kept.
  const cut = candidates[Math.min(topN, candidates.length) - 1]?.count ?? 0;
  const kept = candidates.filter((c, k) => k < topN || c.count === cut);
  if (kept.length === 0) return [];
  const db = storage.db as unknown as Kysely<any>;
  const ids = kept.map((c) => index.ids[c.position]!);
  const texts = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = (await sql<{ id: number; text: string | null }>`select p.id, coalesce(nullif(p.body, ''), p.title, p.subject) as text
      from posts_posts p where p.id in (${sql.join(ids.slice(i, i + 500))})`.execute(db)).rows;
    for (const r of rows) texts.set(Number(r.id), (r.text ?? '').replace(/\s+/g, ' ').trim());
  }
  return kept.map((c) => ({ text: texts.get(index.ids[c.position]!) ?? '', count: c.count }))
    .sort((x, y) => y.count - x.count || (x.text < y.text ? -1 : x.text > y.text ? 1 : 0)).slice(0, topN);
}
