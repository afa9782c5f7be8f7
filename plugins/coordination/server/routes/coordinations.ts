import { z } from 'zod';
import type { RouteRegistrar } from '@core/server/http/routes';
import { requireUser, type RouteContext } from '@core/server/http/routes';
import { notFound } from '@core/server/http/errors';
import { isEmptyFilters, type FilterColumns } from '@core/shared/filters';
import {
  clusterDataSchema, clusterParamsSchema, conversationClustersSchema, conversationParamsSchema, conversationQuerySchema,
  COORDINATIONS_PATH, edgeDataSchema, edgeQuerySchema, MESSAGES, nodeDataSchema, nodeQuerySchema, type EdgeCoordination,
} from '../../shared/api';
import { EVIDENCE_GROUP_OF, type EvidenceType } from '../../shared/types';
import { clusterDataOf, clustersPassing, edgePasses, previewOf } from './clusterData';
import { accountRefs, actorByRid, actorClasses, conversationView, dbOf, filtersOf, passingPosts, type Db } from './resolve';
import { sameOrganization } from '@core/server/storage/byIds';

const types = (json: string) => JSON.parse(json) as EvidenceType[];

async function clusterRow(db: Db, organizationId: string, runId: string | null, clusterId: string) {
  const row = runId === null ? undefined : await db.selectFrom('coordination_clusters').selectAll()
    .where('organization_id', '=', organizationId).where('run_id', '=', runId).where('cluster_id', '=', clusterId).executeTakeFirst();
  if (!row) throw notFound(MESSAGES.clusterNotFound);
  return row;
}

/** What the cluster, edge and node calls start from: the caller, the filters and the cluster of the latest detection. */
async function clusterRequest(ctx: RouteContext<{ conversation_id: string } & Record<string, unknown>, { clusterId: string }, unknown>) {
  const user = requireUser(ctx);
  const db = dbOf(ctx.app.storage);
  const filters = filtersOf(ctx.query);
  const view = await conversationView(ctx.app, user.organization_id, ctx.query.conversation_id);
  const cluster = await clusterRow(db, user.organization_id, view.detection?.run_id ?? null, ctx.params.clusterId);
  return { user, db, filters, columns: view.columns, cluster };
}

export function registerCoordinationRoutes(r: RouteRegistrar): void {
  r.get('/api/v2/conversations/:id/coordination_clusters', {
    summary: "A conversation's coordination clusters with their previews, largest first",
    description: 'From the latest detection of the conversation. With filters, only clusters with a proving post the filters select (clusters proven by profiles alone always stay).',
    params: conversationParamsSchema, query: z.looseObject({}), response: conversationClustersSchema,
  }, async (ctx) => {
    const user = requireUser(ctx);
    const db = dbOf(ctx.app.storage);
    const filters = filtersOf(ctx.query);
    const view = await conversationView(ctx.app, user.organization_id, ctx.params.id);
    if (!view.detection) return { run_id: null, detected_at: null, clusters: [] };
    const runId = view.detection.run_id;
    const rows = await clustersPassing(db, user.organization_id, runId, filters, view.columns);
    return {
      run_id: runId, detected_at: view.detection.created_at,
      clusters: rows.map((row) => ({ cluster_id: row.cluster_id, platform: row.platform, preview: previewOf(row.preview) })),
    };
  });

  r.get(`${COORDINATIONS_PATH}/:clusterId/cluster`, {
    summary: 'Cluster data: its evidence (coordinations), accounts and edges',
    params: clusterParamsSchema, query: conversationQuerySchema, response: clusterDataSchema,
  }, async (ctx) => {
    const { user, db, filters, columns, cluster } = await clusterRequest(ctx);
    const [data] = await clusterDataOf(db, user.organization_id, cluster.run_id, filters, columns, [cluster]);
    return data!;
  });

  r.get(`${COORDINATIONS_PATH}/:clusterId/edge`, {
    summary: 'Edge data: the two accounts (rids i and j) and the coordinations that link them, with the posts that prove each',
    params: clusterParamsSchema, query: edgeQuerySchema, response: edgeDataSchema,
  }, async (ctx) => {
    const { user, db, filters, columns, cluster } = await clusterRequest(ctx);
    const [a, b] = await Promise.all([
      actorByRid(db, user.organization_id, cluster.run_id, ctx.query.i), actorByRid(db, user.organization_id, cluster.run_id, ctx.query.j),
    ]);
    const edge = a === null || b === null ? undefined : await db.selectFrom('coordination_edges').selectAll()
      .where('run_id', '=', cluster.run_id).where('cluster_id', '=', cluster.cluster_id)
      .where((eb) => eb.or([eb.and([eb('i', '=', a), eb('j', '=', b)]), eb.and([eb('i', '=', b), eb('j', '=', a)])]))
      .executeTakeFirst();
    if (!edge) throw notFound(MESSAGES.edgeNotFound);
    const refs = await accountRefs(db, user.organization_id, [edge.i, edge.j]);
    const coordinations = await edgeCoordinations(db, user.organization_id, cluster.run_id, filters, columns, edge);
    // Answer in the caller's orientation: i is the account the caller named first.
    const flip = edge.i !== a;
    return {
      cluster_id: cluster.cluster_id, i: refs.get(flip ? edge.j : edge.i)!, j: refs.get(flip ? edge.i : edge.j)!, weight: edge.weight,
      coordination_types: types(edge.coordination_types),
      coordinations: flip ? coordinations.map((c) => ({ ...c, evidence: c.evidence.map((x) => ({ ...x, post_i: x.post_j, post_j: x.post_i, time_i: x.time_j, time_j: x.time_i })) })) : coordinations,
    };
  });

  r.get(`${COORDINATIONS_PATH}/:clusterId/node`, {
    summary: "Node data: an account's class and the accounts it is linked to in the cluster, strongest first",
    params: clusterParamsSchema, query: nodeQuerySchema, response: nodeDataSchema,
  }, async (ctx) => {
    const { user, db, filters, columns, cluster } = await clusterRequest(ctx);
    const actor = await actorByRid(db, user.organization_id, cluster.run_id, ctx.query.user_rid);
    const member = actor === null ? undefined : await db.selectFrom('coordination_vertices').select('actor_id')
      .where('run_id', '=', cluster.run_id).where('cluster_id', '=', cluster.cluster_id).where('actor_id', '=', actor).executeTakeFirst();
    if (!member) throw notFound(MESSAGES.accountNotFound);
    const kept = await db.selectFrom('coordination_edges as e').select(['e.i', 'e.j', 'e.weight', 'e.coordination_types'])
      .where('e.run_id', '=', cluster.run_id).where('e.cluster_id', '=', cluster.cluster_id)
      .where((eb) => eb.or([eb('e.i', '=', member.actor_id), eb('e.j', '=', member.actor_id)]))
      .$if(!isEmptyFilters(filters), (q) => q.where(edgePasses(user.organization_id, cluster.run_id, filters, columns, [cluster.cluster_id])))
      .orderBy('e.weight', 'desc').orderBy('e.edge_id').execute();
    const refs = await accountRefs(db, user.organization_id, [member.actor_id, ...kept.flatMap((e) => [e.i, e.j])]);
    const self = refs.get(member.actor_id)!;
    return {
      cluster_id: cluster.cluster_id, account: self, actor_class: actorClasses(self.platform).actor,
      connected_accounts: kept.map((e) => {
        const other = refs.get(e.i === member.actor_id ? e.j : e.i)!;
        return { screen_name: other.screen_name, rid: other.rid, profile_url: other.profile_url, weight: { value: e.weight, coordination_types: types(e.coordination_types) } };
      }),
    };
  });
}

/** An edge's evidence by type, each with its proving post pairs (filtered) and the seconds between them. */
async function edgeCoordinations(db: Db, organizationId: string, runId: string, filters: ReturnType<typeof filtersOf>, columns: FilterColumns, edge: { edge_id: number; evidence: string }): Promise<EdgeCoordination[]> {
  const samples = await db.selectFrom('coordination_evidence').selectAll().where('run_id', '=', runId).where('edge_id', '=', edge.edge_id).orderBy('seq').execute();
  const postIds = samples.flatMap((s) => [s.post_i, s.post_j]).filter((x): x is number => x !== null);
  const posts = postIds.length === 0 ? [] : await db.selectFrom('posts_posts').select(['id', 'rid', 'body', 'published_at', 'source_url'])
    .where(sameOrganization(organizationId)).where('id', 'in', [...new Set(postIds)]).execute();
  const byId = new Map(posts.map((p) => [p.id, p]));
  const passing = await passingPosts(db, organizationId, columns, filters, postIds);
  const summary = JSON.parse(edge.evidence) as Array<{ type: EvidenceType; co_actions: number; weight: number }>;
  return summary.map((s) => ({
    type: s.type, group: EVIDENCE_GROUP_OF[s.type], co_actions: s.co_actions, weight: s.weight,
    evidence: samples.filter((x) => x.type === s.type)
      .filter((x) => x.post_i === null || passing.has(x.post_i) || (x.post_j !== null && passing.has(x.post_j)))
      .map((x) => ({
        key: x.key, post_i: x.post_i === null ? null : byId.get(x.post_i) ?? null, post_j: x.post_j === null ? null : byId.get(x.post_j) ?? null,
        time_i: x.time_i, time_j: x.time_j, delta_seconds: x.delta_ms === null ? null : x.delta_ms / 1000,
      })),
  }));
}
