import { nowIso, tablesOf, type Storage } from '@core/server/storage/database';
import type { CoordinationConfig, CoordinationResult } from '../engine/types';
import type { CoordinationTables } from '../tables';

/** Rows per insert: 500 rows of at most 10 columns stay under both SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 500;

export const COORDINATION_TABLES = [
  'coordination_post_clusters', 'coordination_evidence', 'coordination_edges', 'coordination_vertices', 'coordination_clusters', 'coordination_runs',
] as const;

const iso = (ms: number | null) => (ms === null || !Number.isFinite(ms) ? null : new Date(ms).toISOString());
const num = (id: string | null) => (id === null ? null : Number(id));

export interface RunKey { runId: string; organizationId: string; conversationId: string; stageVersion: number }

/**
 * Replaces the run's detection in one transaction: a rerun of the stage (or a resumed run) never leaves half of
 * an old result next to half of a new one.
 */
export async function writeRun(storage: Storage, key: RunKey, result: CoordinationResult, config: CoordinationConfig, accountTopics: ReadonlyMap<string, string> = new Map()): Promise<void> {
  const { runId, organizationId } = key;
  await tablesOf<CoordinationTables>(storage).transaction().execute(async (trx) => {
    for (const table of COORDINATION_TABLES) await trx.deleteFrom(table).where('run_id', '=', runId).execute();
    await trx.insertInto('coordination_runs').values({
      run_id: runId, organization_id: organizationId, conversation_id: key.conversationId, stage_version: key.stageVersion,
      config: JSON.stringify(config), stats: JSON.stringify(result.stats),
      number_posts: result.stats.posts, number_accounts: result.stats.accounts, created_at: nowIso(),
    }).execute();

    const clusters = result.clusters.map((c, position) => ({
      run_id: runId, cluster_id: c.cluster_id, organization_id: organizationId, position, platform: c.platform,
      number_accounts: c.preview.number_accounts, number_posts: c.preview.number_posts, preview: JSON.stringify(c.preview),
    }));
    const vertices = result.clusters.flatMap((c) => c.vertices.map((v) => ({ run_id: runId, actor_id: Number(v), cluster_id: c.cluster_id, organization_id: organizationId, topic_id: accountTopics.get(v) ?? null })));
    let edgeId = 0;
    const edges = [];
    const evidence = [];
    for (const c of result.clusters) {
      for (const e of c.edges) {
        edgeId += 1;
        edges.push({
          run_id: runId, edge_id: edgeId, cluster_id: c.cluster_id, organization_id: organizationId, i: Number(e.i), j: Number(e.j),
          weight: e.weight, coordination_types: JSON.stringify(e.coordination_types),
          evidence: JSON.stringify(e.evidence.map((x) => ({ type: x.type, co_actions: x.co_actions, weight: x.weight }))),
        });
        let seq = 0;
        for (const x of e.evidence) {
          for (const s of x.samples) {
            evidence.push({
              run_id: runId, edge_id: edgeId, seq: seq++, type: x.type, key: s.key, post_i: num(s.post_i), post_j: num(s.post_j),
              time_i: iso(s.time_i), time_j: iso(s.time_j), delta_ms: s.delta_ms,
            });
          }
        }
      }
    }
    const postClusters = [];
    for (const [postId, ids] of result.postClusters) {
      for (const clusterId of ids) postClusters.push({ run_id: runId, post_id: Number(postId), cluster_id: clusterId, organization_id: organizationId });
    }
    for (const [table, rows] of [
      ['coordination_clusters', clusters], ['coordination_vertices', vertices], ['coordination_edges', edges],
      ['coordination_evidence', evidence], ['coordination_post_clusters', postClusters],
    ] as const) {
      for (let k = 0; k < rows.length; k += CHUNK) await trx.insertInto(table).values(rows.slice(k, k + CHUNK) as never).execute();
    }
  });
}
