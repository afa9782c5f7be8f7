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
