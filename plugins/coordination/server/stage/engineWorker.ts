import { detectCoordinationPacked, type PackedInput } from '../engine/detect';
import type { CoordinationConfig, CoordinationResult } from '../engine/types';
import { packEvidence, type PackedEvidence } from './packedEvidence';
import { readRunLists } from './readSqlite';

export interface WorkerAnswer { result: CoordinationResult; evidence: PackedEvidence }

/**
 * Runs in a worker thread (`runInWorker`): the engine is synchronous and takes seconds on large runs. The run
 * arrives in columns whose buffers were transferred, not copied; the evidence samples go back in columns (ADR 0016).
 */
export function detectInWorker(job: { input: PackedInput; config: CoordinationConfig }): WorkerAnswer {
  const result = detectCoordinationPacked(job.input, job.config);
  return { result, evidence: packEvidence(result) };
}

/** Nothing: a call that loads this module (and the engine) in a worker while the stage still reads the run. */
export function warmUp(): null {
  return null;
}

/** The run's links and hashtags (SQLite), read while the stage's own thread reads the posts. */
export { readRunLists };
