import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { filterPredicate, isEmptyFilters, type FilterColumns, type Filters } from '@core/shared/filters';
import type { ClusterData } from '../../shared/api';
import { clusterPreviewSchema, type ClusterPreview, type EvidenceType } from '../../shared/types';
import type { CoordinationTables } from '../tables';
import { ACCOUNT_REF_COLUMNS, accountRef, type Db, type Schema } from './resolve';

/**
 * ClusterData (accounts, filtered edges, evidence summary) for any number of clusters of one detection, shared by
 * the `/cluster` call (one cluster) and the graph call (all of them): the number of SQL queries depends only on
 * the number of `IN_LIST` chunks of cluster ids, never on the number of accounts or edges.
 */

export type ClusterRow = Selectable<CoordinationTables['coordination_clusters']>;

/** Ids per `in (...)` list: SQLite and PostgreSQL cap the parameters of one statement. */
const IN_LIST = 500;

const chunksOf = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / IN_LIST) }, (_, k) => items.slice(k * IN_LIST, (k + 1) * IN_LIST));
export const previewOf = (json: string): ClusterPreview => clusterPreviewSchema.parse(JSON.parse(json));
// One collator for every sort: String#localeCompare orders the same but sets one up per comparison.
const byName = new Intl.Collator();

/**
 * The detection's clusters, largest first. With filters, only those with a proving post the filters select;
 * clusters proven by profiles alone (no posts to filter) always stay.
 */
export async function clustersPassing(db: Db, organizationId: string, runId: string, filters: Filters, columns: FilterColumns): Promise<ClusterRow[]> {
  const rows = await db.selectFrom('coordination_clusters').selectAll()
    .where('organization_id', '=', organizationId).where('run_id', '=', runId).orderBy('position').execute();
  if (isEmptyFilters(filters)) return rows;
  const kept = await db.selectFrom('coordination_post_clusters as pc').innerJoin('posts_posts as p', 'p.id', 'pc.post_id')
    .select('pc.cluster_id').distinct()
    .where('pc.run_id', '=', runId).where('pc.organization_id', '=', organizationId)
    .where((eb) => filterPredicate(eb, filters, columns)).execute();
  const keep = new Set(kept.map((k) => k.cluster_id));
  return rows.filter((row) => keep.has(row.cluster_id) || row.number_posts === 0);
}

/**
 * With filters, an edge (aliased `e`, of one of `clusterIds`) stays when one of its proving posts passes them, or
 * when it is proven by profiles alone (no posts to filter).
 *
 * The passing posts are one uncorrelated subquery (the clusters' proving posts, `coordination_post_clusters`, that
 * the filters select): SQLite and PostgreSQL build it once and probe it per evidence row. Correlating the posts
 * instead lets either planner pick an index of posts_posts by organisation and platform and walk it for every
 * evidence row (PostgreSQL before its statistics exist, SQLite for `p.id in (x.post_i, x.post_j)`): tens of
 * seconds instead of a fraction of one at 100k edges.
 */
export function edgePasses(organizationId: string, runId: string, filters: Filters, columns: FilterColumns, clusterIds: readonly string[]) {
  return (eb: ExpressionBuilder<Schema & { e: CoordinationTables['coordination_edges'] }, 'e'>) => {
    const passing = eb.selectFrom('coordination_post_clusters as pc').innerJoin('posts_posts as p', 'p.id', 'pc.post_id').select('pc.post_id')
      .where('pc.run_id', '=', runId).where('pc.organization_id', '=', organizationId).where('pc.cluster_id', 'in', clusterIds)
      .where('p.organization_id', '=', organizationId)
      .where((inner) => filterPredicate(inner, filters, columns));
    const evidence = () => eb.selectFrom('coordination_evidence as x').select(sql<number>`1`.as('one'))
      .whereRef('x.run_id', '=', 'e.run_id').whereRef('x.edge_id', '=', 'e.edge_id');
    return eb.or([
      eb.not(eb.exists(evidence().where('x.post_i', 'is not', null))),
      eb.exists(evidence().where((x) => x.or([x('x.post_i', 'in', passing), x('x.post_j', 'in', passing)]))),
    ]);
  };
}

/** The clusters' data in the order given: members by name, edges strongest first (those passing the filters). */
export async function clusterDataOf(db: Db, organizationId: string, runId: string, filters: Filters, columns: FilterColumns, clusters: readonly ClusterRow[]): Promise<ClusterData[]> {
  const members = new Map<string, ClusterData['accounts']>(clusters.map((c) => [c.cluster_id, []]));
  const edges = new Map<string, Array<{ i: number; j: number; weight: number; coordination_types: string }>>(clusters.map((c) => [c.cluster_id, []]));
  const ridOf = new Map<number, string>();
  for (const ids of chunksOf(clusters.map((c) => c.cluster_id))) {
    const [vertexRows, edgeRows] = await Promise.all([
      db.selectFrom('coordination_vertices as v').innerJoin('posts_actors as a', 'a.id', 'v.actor_id')
        .select(['v.cluster_id', 'v.topic_id', ...ACCOUNT_REF_COLUMNS.map((c) => `a.${c}` as const)])
        .where('v.run_id', '=', runId).where('v.organization_id', '=', organizationId).where('v.cluster_id', 'in', ids)
        .where('a.organization_id', '=', organizationId).execute(),
      db.selectFrom('coordination_edges as e').select(['e.cluster_id', 'e.i', 'e.j', 'e.weight', 'e.coordination_types'])
        .where('e.run_id', '=', runId).where('e.organization_id', '=', organizationId).where('e.cluster_id', 'in', ids)
        .$if(!isEmptyFilters(filters), (q) => q.where(edgePasses(organizationId, runId, filters, columns, ids)))
        .orderBy('e.weight', 'desc').orderBy('e.edge_id').execute(),
    ]);
    for (const v of vertexRows) {
      ridOf.set(v.id, v.rid);
      members.get(v.cluster_id)!.push({ ...accountRef(v), topic_id: v.topic_id });
    }
    for (const e of edgeRows) edges.get(e.cluster_id)!.push(e);
  }
  const rid = (id: number) => ridOf.get(id) ?? String(id);
  // A detection has a handful of distinct type lists: parse each once, not once per edge (100k edges).
  const typeLists = new Map<string, EvidenceType[]>();
  const types = (json: string) => typeLists.get(json) ?? typeLists.set(json, JSON.parse(json) as EvidenceType[]).get(json)!;
  return clusters.map((cluster) => {
    const p = previewOf(cluster.preview);
    return {
      cluster_id: cluster.cluster_id, platform: cluster.platform, coordinations: p.evidences,
      accounts: members.get(cluster.cluster_id)!.sort((a, b) => byName.compare(a.screen_name ?? a.rid, b.screen_name ?? b.rid) || a.id - b.id),
      preview: p,
      edges: edges.get(cluster.cluster_id)!.map((e) => ({ i: rid(e.i), j: rid(e.j), weight: e.weight, coordination_types: types(e.coordination_types) })),
    };
  });
}
