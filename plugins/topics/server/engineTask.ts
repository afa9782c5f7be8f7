import type { TopicInputPost, TopicRunResult } from '../shared/types';
import { runTopicEngine, type TopicEngineOptions } from './engine';
import { unpackTopicPosts, type PackedTopicPosts } from './runPosts';

export interface EngineTaskInput {
  /** The posts, or (the stage) the same posts packed by `loadRunPostsPacked`, transferred to the thread. */
  posts: TopicInputPost[] | PackedTopicPosts;
  options: Partial<TopicEngineOptions>;
}

/**
 * The worker-thread entry of the stage (`runInWorker(url, 'computeTopics', input)`): the engine is synchronous
 * and holds its thread for seconds, so it runs off the server's event loop. Plain data in and out.
 */
export function computeTopics(input: EngineTaskInput): TopicRunResult {
  return runTopicEngine(Array.isArray(input.posts) ? input.posts : unpackTopicPosts(input.posts), input.options);
}
