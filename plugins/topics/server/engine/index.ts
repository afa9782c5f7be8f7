/** The topic engine's public surface for the server half (pipeline stage, routes, benchmark). */
export { runTopicEngine, runTopicEngineOn, DEFAULT_ENGINE_OPTIONS, type TopicEngineOptions } from './engine';
export { membersOf, resultObjects, topicPostDates, type TopicRunColumns } from './columns';
export { PackedTopicColumnsBuilder, PackedTopicTable, packTopicPosts, packedColumnBuffers, type PackedTopicColumns } from './packedPosts';
export { tableOfPosts, type TopicPostTable } from './postTable';
export { applyLlmTitles, applyLlmTitlesWith, llmConfigFromEnv, requestTitle, parseTitleAnswer, DEFAULT_LLM_OPTIONS, type LlmConfig, type LlmOptions } from './llm';
export { assessRisk, assessRiskOf, DEFAULT_RISK_OPTIONS, type RiskOptions, type RiskThresholds } from './risk';
export { tokenize, phrases, normalizeWord, urlHost } from './tokenize';
export { vectorize, type TfidfMatrix } from './vectorize';
export { approximateKnn, exactKnn, knnRecall, type KnnGraph, type KnnOptions } from './knn';
export { louvain, modularity, type LouvainResult } from './louvain';
export { extractKeyphrases } from './keyphrases';
export { extractiveTitle } from './titles';
