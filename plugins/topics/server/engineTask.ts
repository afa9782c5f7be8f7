import type { TopicInputPost, TopicRunResult } from '../shared/types';
import { runTopicEngine, type TopicEngineOptions } from './engine';

export interface EngineTaskInput {
  posts: TopicInputPost[];
  options: Partial<TopicEngineOptions>;
}

/**
 * The worker-thread entry of the stage (`runInWorker(url, 'computeTopics', input)`): the engine is synchronous
 * and holds its thread for seconds, so it runs off the server's event loop. Plain data in and out.
 */
export function computeTopics(input: EngineTaskInput): TopicRunResult {
  return runTopicEngine(input.posts, input.options);
}
