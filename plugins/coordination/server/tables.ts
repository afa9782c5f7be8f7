/** The coordination plugin's tables (server/migrations.ts). JSON columns are text. */
export interface CoordinationRunRow {
  run_id: string; organization_id: string; conversation_id: string; stage_version: number; config: string; stats: string;
  number_posts: number; number_accounts: number; created_at: string;
}
export interface CoordinationClusterRow {
  run_id: string; cluster_id: string; organization_id: string; position: number; platform: string | null;
  number_accounts: number; number_posts: number; preview: string;
}
export interface CoordinationVertexRow { run_id: string; actor_id: number; cluster_id: string; organization_id: string; topic_id: string | null }
export interface CoordinationEdgeRow {
  run_id: string; edge_id: number; cluster_id: string; organization_id: string; i: number; j: number; weight: number;
  coordination_types: string; evidence: string;
}
export interface CoordinationEvidenceRow {
  run_id: string; edge_id: number; seq: number; type: string; key: string; post_i: number | null; post_j: number | null;
  time_i: string | null; time_j: string | null; delta_ms: number | null;
}
export interface CoordinationPostClusterRow { run_id: string; post_id: number; cluster_id: string; organization_id: string }

export interface CoordinationTables {
  coordination_runs: CoordinationRunRow;
  coordination_clusters: CoordinationClusterRow;
  coordination_vertices: CoordinationVertexRow;
  coordination_edges: CoordinationEdgeRow;
  coordination_evidence: CoordinationEvidenceRow;
  coordination_post_clusters: CoordinationPostClusterRow;
}
