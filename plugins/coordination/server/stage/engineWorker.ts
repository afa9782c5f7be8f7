import { detectCoordination } from '../engine/detect';
import type { CoordinationConfig, CoordinationInput, CoordinationResult } from '../engine/types';

/** Runs in a worker thread (`runInWorker`): the engine is synchronous and takes seconds on large runs. */
export function detectInWorker(job: { input: CoordinationInput; config: CoordinationConfig }): CoordinationResult {
  return detectCoordination(job.input, job.config);
}
