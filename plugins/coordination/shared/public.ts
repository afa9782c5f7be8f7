/** What other plugins may import from the coordination plugin. */
export {
  EVIDENCE_TYPES, EVIDENCE_GROUPS, EVIDENCE_GROUP_OF, BEHAVIOURAL_TYPES, IDENTITY_TYPES,
  evidenceTypeSchema, evidenceSampleSchema, edgeEvidenceSchema, coordinationEdgeSchema, evidenceSummarySchema,
  clusterPreviewSchema, coordinationClusterSchema,
} from './types';
export type {
  EvidenceType, EvidenceGroup, EvidenceSample, EdgeEvidence, CoordinationEdge, EvidenceSummary, ClusterPreview,
  CoordinationCluster,
} from './types';
export {
  COORDINATIONS_PATH, ACCOUNTS_PATH, conversationClustersPath, conversationClustersSchema, clusterDataSchema, edgeDataSchema,
  nodeDataSchema, actorSchema, accountUrlsSchema, MESSAGES as COORDINATION_MESSAGES,
} from './api';
export type { ConversationClusters, ClusterData, EdgeData, NodeData, Actor, AccountUrls } from './api';
export { COORDINATION_DIMENSIONS } from './dimensions';
