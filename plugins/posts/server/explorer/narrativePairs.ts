import type { PostFacetRegistry } from '@core/server/facets/contract';
import type { ChartData } from '../../shared/explorerApi';
import type { Storage } from '@core/server/storage/database';
import { rowsFor } from './rows';
import type { RunIndex } from './runIndex';
import type { ExplorerScope } from './scope';

/**
 * "Narrative-pair activity" (spec part 2 section 3 "Chart data"): the posts of two narratives side by side, so an
 * analyst sees when each was active and who carried it. The pair is the two narratives with the most selected
 * posts: filtering narratives to two picks the pair; every other filter narrows their posts. Each narrative
 * brings its `topN` newest selected posts; rows are newest first. `entity_rid` is the narrative a post belongs to,
 * `labels` its title (the narratives dimension comes from the topics plugin; without it there is no pair).
 */
export async function narrativePairActivity(
  storage: Storage, registry: PostFacetRegistry, scope: ExplorerScope, index: RunIndex, positions: readonly number[], topN: number,
): Promise<ChartData<'narrative_pair_activity'>> {
  const column = index.lists.get('narratives');
  if (!column) return [];
  const posts = new Float64Array(column.dict.length);
  for (const p of positions) for (let k = column.offsets[p]!; k < column.offsets[p + 1]!; k += 1) posts[column.codes[k]!]! += 1;
  const pair = [...posts].map((n, code) => ({ code, n })).filter((x) => x.n > 0)
    .sort((x, y) => y.n - x.n || (column.dict[x.code]! < column.dict[y.code]! ? -1 : 1)).slice(0, 2).map((x) => x.code);
  // positions run newest first: the first topN of each narrative are its newest
  const picked: Array<{ position: number; narrative: string }> = [];
  const taken = new Map<number, number>(pair.map((c) => [c, 0]));
  for (const p of positions) {
    for (let k = column.offsets[p]!; k < column.offsets[p + 1]!; k += 1) {
      const code = column.codes[k]!;
      const n = taken.get(code);
      if (n === undefined || n >= topN) continue;
      taken.set(code, n + 1);
      picked.push({ position: p, narrative: column.dict[code]! });
    }
  }
  const rows = new Map((await rowsFor(storage, registry, scope, [...new Set(picked.map((x) => index.ids[x.position]!))])).map((r) => [r.id, r]));
  return picked.flatMap(({ position, narrative }) => {
    const row = rows.get(index.ids[position]!);
    if (!row) return [];
    const title = typeof row.narrative === 'string' && row.narrative ? row.narrative : null;
    return [{
      class: row.class, creator: row.creator, domains: row.domains, entities: row.entities ?? null, entity_rid: narrative,
      labels: title ? [title] : [], published_at: row.published_at, rid: row.rid, urls: row.urls,
    }];
  });
}
