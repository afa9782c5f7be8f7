import { CompiledQuery, type Kysely } from 'kysely';
import { nowIso, tablesOf, type DialectName, type Storage } from '@core/server/storage/database';
import { withPageCache } from '@core/server/storage/pageCache';
import type { CoordinationConfig, CoordinationResult } from '../engine/types';
import type { CoordinationTables } from '../tables';
import { packedEvidenceRows, type PackedEvidence } from './packedEvidence';

export const COORDINATION_TABLES = [
  'coordination_post_clusters', 'coordination_evidence', 'coordination_edges', 'coordination_vertices', 'coordination_clusters', 'coordination_runs',
] as const;

type Cell = string | number | null;

const iso = (ms: number | null) => (ms === null || !Number.isFinite(ms) ? null : new Date(ms).toISOString());
const num = (id: string | null) => (id === null ? null : Number(id));

export interface RunKey { runId: string; organizationId: string; conversationId: string; stageVersion: number }

/**
 * Replaces the run's detection in one transaction: a rerun of the stage (or a resumed run) never leaves half of
 * an old result next to half of a new one. The evidence rows come from the result's samples, or from `evidence`
 * when the worker answered them in columns (`packEvidence`, which leaves the samples empty). With the larger page
 * cache of a stage's big write (core pageCache.ts): at 5M posts 7.3M evidence rows, whose transaction otherwise
 * spilled its pages to the WAL as it went (stage-only probes: the write 69 -> 56 s; 1M 7.5 -> 6.8 s).
 */
export async function writeRun(
  storage: Storage, key: RunKey, result: CoordinationResult, config: CoordinationConfig,
  accountTopics: ReadonlyMap<string, string> = new Map(), evidence?: PackedEvidence,
): Promise<void> {
  const { runId, organizationId } = key;
  await tablesOf<CoordinationTables>(storage).transaction().execute((trx) => withPageCache(trx, storage.dialect, async () => {
    for (const table of COORDINATION_TABLES) await trx.deleteFrom(table).where('run_id', '=', runId).execute();
    await trx.insertInto('coordination_runs').values({
      run_id: runId, organization_id: organizationId, conversation_id: key.conversationId, stage_version: key.stageVersion,
      config: JSON.stringify(config), stats: JSON.stringify(result.stats),
      number_posts: result.stats.posts, number_accounts: result.stats.accounts, created_at: nowIso(),
    }).execute();
    // Every row of the run starts with its run and (except evidence, reached through its edge) its organisation.
    const insert = (table: keyof CoordinationTables, columns: readonly string[], rows: Iterable<Cell[]>) =>
      insertRows(trx as unknown as Kysely<any>, storage.dialect, table,
        table === 'coordination_evidence' ? [['run_id', runId]] : [['run_id', runId], ['organization_id', organizationId]], columns, rows);

    await insert('coordination_clusters', ['cluster_id', 'position', 'platform', 'number_accounts', 'number_posts', 'preview'],
      result.clusters.map((c, position) => [c.cluster_id, position, c.platform, c.preview.number_accounts, c.preview.number_posts, JSON.stringify(c.preview)]));
    await insert('coordination_vertices', ['actor_id', 'cluster_id', 'topic_id'],
      result.clusters.flatMap((c) => c.vertices.map((v) => [Number(v), c.cluster_id, accountTopics.get(v) ?? null])));
    // Edges are numbered 1.. in cluster order; the evidence rows below walk them in the same order.
    await insert('coordination_edges', ['edge_id', 'cluster_id', 'i', 'j', 'weight', 'coordination_types', 'evidence'], (function* edges() {
      let edgeId = 0;
      for (const c of result.clusters) {
        for (const e of c.edges) {
          yield [
            ++edgeId, c.cluster_id, Number(e.i), Number(e.j), e.weight, JSON.stringify(e.coordination_types),
            JSON.stringify(e.evidence.map((x) => ({ type: x.type, co_actions: x.co_actions, weight: x.weight }))),
          ];
        }
      }
    })());
    await insert('coordination_evidence', ['edge_id', 'seq', 'type', 'key', 'post_i', 'post_j', 'time_i', 'time_j', 'delta_ms'], evidence ? packedEvidenceRows(evidence) : (function* samples() {
      let edgeId = 0;
      for (const c of result.clusters) {
        for (const e of c.edges) {
          edgeId += 1;
          let seq = 0;
          for (const x of e.evidence) {
            for (const s of x.samples) yield [edgeId, seq++, x.type, s.key, num(s.post_i), num(s.post_j), iso(s.time_i), iso(s.time_j), s.delta_ms];
          }
        }
      }
    })());
    await insert('coordination_post_clusters', ['post_id', 'cluster_id'], (function* postClusters() {
      for (const [postId, ids] of result.postClusters) for (const clusterId of ids) yield [Number(postId), clusterId];
    })());
  }));
}

/** Parameters per statement: under SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_PARAMETERS = 30_000;

/**
 * Inserts rows in multi-row statements compiled here, streamed chunk by chunk (a 1M-post run writes 650k rows,
 * most of them evidence): the query builder's per-row work was half of the time of writing them, and all rows
 * built before the first insert were held at the stage's memory peak. `fixed` columns hold the same value on every
 * row. (SQLite's json_each with one JSON parameter per chunk measured no faster: not worth a second code path.)
 */
async function insertRows(
  db: Kysely<any>, dialect: DialectName, table: string, fixed: ReadonlyArray<readonly [string, Cell]>, columns: readonly string[], rows: Iterable<Cell[]>,
): Promise<void> {
  const width = fixed.length + columns.length;
  const perStatement = Math.floor(MAX_PARAMETERS / width);
  const names = [...fixed.map(([name]) => name), ...columns].join(', ');
  const texts = new Map<number, string>(); // one statement text per chunk size
  const flush = async (chunk: Cell[][]) => {
    if (chunk.length === 0) return;
    let text = texts.get(chunk.length);
    if (text === undefined) {
      const tuples = chunk.map((_, r) => `(${Array.from({ length: width }, (_, c) => (dialect === 'postgres' ? `$${r * width + c + 1}` : '?')).join(', ')})`);
      texts.set(chunk.length, (text = `insert into ${table} (${names}) values ${tuples.join(', ')}`));
    }
    const params: Cell[] = [];
    for (const row of chunk) {
      for (const [, value] of fixed) params.push(value);
      for (const cell of row) params.push(cell);
    }
    await db.executeQuery(CompiledQuery.raw(text, params));
  };
  let chunk: Cell[][] = [];
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === perStatement) { await flush(chunk); chunk = []; }
  }
  await flush(chunk);
}
