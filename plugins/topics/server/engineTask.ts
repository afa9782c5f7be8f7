import type { TopicInputPost, TopicRunResult } from '../shared/types';
import { runTopicEngine, runTopicEngineOn, type TopicEngineOptions } from './engine';
import type { TopicRunColumns } from './engine/columns';
import { PackedTopicTable, type PackedTopicColumns } from './engine/packedPosts';

export interface EngineTaskInput<P> {
  posts: P;
  options: Partial<TopicEngineOptions>;
}

/**
 * The worker-thread entries (`runInWorker(url, 'computeTopics' | 'computeTopicsPacked', input)`): the engine is
 * synchronous and holds its thread for seconds, so it runs off the server's event loop. Plain data in and out.
 */
export function computeTopics(input: EngineTaskInput<TopicInputPost[]>): TopicRunResult {
  return runTopicEngine(input.posts, input.options);
}

/** The stage's entry: the run in columns (transferred), the result in columns (a few bytes per post to clone back). */
export function computeTopicsPacked(input: EngineTaskInput<PackedTopicColumns>): TopicRunColumns {
  return runTopicEngineOn(new PackedTopicTable(input.posts), input.options);
}
