import { detectCoordinationPacked, type PackedInput } from '../engine/detect';
import type { CoordinationConfig, CoordinationResult } from '../engine/types';

/**
 * Runs in a worker thread (`runInWorker`): the engine is synchronous and takes seconds on large runs. The run
 * arrives in columns whose buffers were transferred, not copied (ADR 0016).
 */
export function detectInWorker(job: { input: PackedInput; config: CoordinationConfig }): CoordinationResult {
  return detectCoordinationPacked(job.input, job.config);
}
