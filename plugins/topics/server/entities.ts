import type { FacetScope, PostFacetRegistry } from '@core/server/facets/contract';
import { ENTITY_TYPES, type EntityGroups, type EntityType } from '@plugins/enrichment/shared/public';
import type { NarrativeEntity } from '../shared/api';

/** At most this many entities of each type per narrative. */
export const TOP_ENTITIES_PER_TYPE = 10;
/** Posts asked for per `fields` call: bounds what one answer holds in memory. */
const FIELDS_BATCH = 2000;

const TYPE_OF_GROUP: Record<keyof EntityGroups, EntityType> = {
  people: 'PERSON', organisations: 'ORGANIZATION', places: 'PLACE', hashtags: 'HASHTAG', mentions: 'MENTION',
};

/** A post's entities as `[type, name]`, from the `entities` row field (EntityGroups); anything else reads as none. */
export function entitiesOfField(value: unknown): Array<[EntityType, string]> {
  if (!value || typeof value !== 'object') return [];
  const out: Array<[EntityType, string]> = [];
  for (const [group, type] of Object.entries(TYPE_OF_GROUP) as Array<[keyof EntityGroups, EntityType]>) {
    const names = (value as Partial<Record<keyof EntityGroups, unknown>>)[group];
    if (!Array.isArray(names)) continue;
    for (const name of names) if (typeof name === 'string' && name.trim()) out.push([type, name.trim()]);
  }
  return out;
}

/**
 * The entities of posts, read through the `entities` row field of the post facet providers (the enrichment plugin
 * stores them per post, ADR 0005), so this plugin reads no other plugin's tables. Our own provider is skipped (it
 * has no entities and would read this run's half-written rows). No provider: an empty map.
 */
export async function readPostEntities(facets: PostFacetRegistry | null, postIds: readonly number[],
  scope: FacetScope): Promise<Map<number, Array<[EntityType, string]>>> {
  const out = new Map<number, Array<[EntityType, string]>>();
  const providers = (facets?.providers() ?? []).filter((p) => p.owner !== 'topics' && p.fields);
  for (const provider of providers) {
    for (let i = 0; i < postIds.length; i += FIELDS_BATCH) {
      const fields = await provider.fields!(postIds.slice(i, i + FIELDS_BATCH), scope);
      for (const [postId, row] of fields) {
        const found = entitiesOfField(row.entities);
        if (found.length) out.set(postId, [...(out.get(postId) ?? []), ...found]);
      }
    }
  }
  return out;
}

/** Entity tallies per narrative: narrative -> "type\u0000key" -> posts and spellings. */
type EntityCounts = Map<string, Map<string, { type: EntityType; posts: number; spellings: Map<string, number> }>>;

/** A post's narrative (null: the outlier bucket). */
export interface PostNarrative { post_id: string | number; topic_rid: string | null }

/** Adds the entities of `assignments`' posts to `counts` (each entity once per post; outliers count for nobody). */
function countEntities(counts: EntityCounts, assignments: readonly PostNarrative[], entitiesByPost: ReadonlyMap<number, ReadonlyArray<[EntityType, string]>>): void {
  for (const a of assignments) {
    if (!a.topic_rid) continue;
    const found = entitiesByPost.get(Number(a.post_id));
    if (!found?.length) continue;
    let byKey = counts.get(a.topic_rid);
    if (!byKey) counts.set(a.topic_rid, (byKey = new Map()));
    const seen = new Set<string>();
    for (const [type, name] of found) {
      const key = `${type}\u0000${name.toLocaleLowerCase('en-US')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      let entry = byKey.get(key);
      if (!entry) byKey.set(key, (entry = { type, posts: 0, spellings: new Map() }));
      entry.posts += 1;
      entry.spellings.set(name, (entry.spellings.get(name) ?? 0) + 1);
    }
  }
}

const byOrder = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

function topOf(counts: EntityCounts, perType: number): Map<string, NarrativeEntity[]> {
  const out = new Map<string, NarrativeEntity[]>();
  for (const [narrativeId, byKey] of counts) {
    const list: NarrativeEntity[] = [];
    for (const type of ENTITY_TYPES) {
      const ofType = [...byKey.values()].filter((e) => e.type === type)
        .map((e) => ({ entity_name: [...e.spellings].sort(byOrder)[0]![0], entity_type: type, post_count: e.posts }))
        .sort((a, b) => byOrder([a.entity_name, a.post_count], [b.entity_name, b.post_count]));
      list.push(...ofType.slice(0, perType));
    }
    out.set(narrativeId, list);
  }
  return out;
}

/**
 * Top entities per narrative: each entity counted once per post of the narrative, case-insensitively (the spelling
 * shown is the most frequent one), most posts first, ties by name; at most `perType` of each type, in the order
 * PERSON, ORGANIZATION, PLACE, HASHTAG, MENTION. Narratives whose posts carry no entity get an empty list.
 */
export function topNarrativeEntities(assignments: readonly PostNarrative[], entitiesByPost: ReadonlyMap<number, ReadonlyArray<[EntityType, string]>>,
  perType = TOP_ENTITIES_PER_TYPE): Map<string, NarrativeEntity[]> {
  const counts: EntityCounts = new Map();
  countEntities(counts, assignments, entitiesByPost);
  return topOf(counts, perType);
}

/** The run's posts as the stage holds them: post i's id and its narrative's id. */
export interface RunNarratives {
  count: number;
  postId(i: number): number;
  narrativeOf(i: number): string | null;
}

/**
 * `topNarrativeEntities` of a whole run without holding every post's entities: the assigned posts are read
 * (readPostEntities) and counted `FIELDS_BATCH` at a time, so memory stays that of one batch and the tallies.
 */
export async function narrativeEntitiesOfRun(facets: PostFacetRegistry | null, run: RunNarratives,
  scope: FacetScope, perType = TOP_ENTITIES_PER_TYPE): Promise<Map<string, NarrativeEntity[]>> {
  const counts: EntityCounts = new Map();
  const assigned: number[] = [];
  for (let i = 0; i < run.count; i++) if (run.narrativeOf(i)) assigned.push(i);
  // In post id order, as the posts were read: each batch is then a range of the providers' indexes, not scattered pages.
  const order = Int32Array.from(assigned).sort((a, b) => run.postId(a) - run.postId(b));
  for (let i = 0; i < order.length; i += FIELDS_BATCH) {
    const batch = Array.from(order.subarray(i, i + FIELDS_BATCH), (p) => ({ post_id: run.postId(p), topic_rid: run.narrativeOf(p) }));
    countEntities(counts, batch, await readPostEntities(facets, batch.map((a) => a.post_id), scope));
  }
  return topOf(counts, perType);
}
