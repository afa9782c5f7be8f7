import { transferOnReply } from '@core/server/pipeline/workerThread';
import { detectCoordinationPacked, type PackedInput } from '../engine/detect';
import type { CoordinationConfig, CoordinationResult } from '../engine/types';
import { fullCollection } from './fullCollection';
import { EvidenceColumns, type PackedEvidence } from './packedEvidence';
import { readRunLists } from './readSqlite';

export interface WorkerAnswer { result: CoordinationResult; evidence: PackedEvidence }

/** Runs from this size collect their heap at the detection's phase boundaries (below it the pauses buy little). */
export const COLLECT_FROM_POSTS = 200_000;

/**
 * Runs in a worker thread (`runInWorker`): the engine is synchronous and takes seconds on large runs. The run
 * arrives in columns whose buffers were transferred, not copied, so the detection may empty them once read; on a
 * large run the worker collects its heap after the copypasta families, after the scans and before it answers (ADR
 * 0016 addendum, item 12). The evidence samples go into columns as the engine reports them, never one object each (item 13; ADR 0016).
 */
export function detectInWorker(job: { input: PackedInput; config: CoordinationConfig }): WorkerAnswer {
  const large = job.input.posts.n >= COLLECT_FROM_POSTS;
  const evidence = new EvidenceColumns();
  const result = detectCoordinationPacked(job.input, job.config, { consumeInput: true, collect: large ? fullCollection : undefined, evidence });
  // done() lets go of the engine's key-text closure; then the engine's working set (its arena, the graph, the pair
  // lists) is garbage: freed before the answer is serialised next to it and rebuilt on the stage's thread
  const columns = evidence.done();
  if (large) fullCollection();
  // the evidence columns are handed over, not copied (at 5M posts several million rows, 53 bytes each)
  const { n: _n, keys: _keys, ...arrays } = columns;
  return transferOnReply({ result, evidence: columns }, Object.values(arrays).map((a) => a.buffer as ArrayBuffer));
}

/** Nothing: a call that loads this module (and the engine) in a worker while the stage still reads the run. */
export function warmUp(): null {
  return null;
}

/** The run's links and hashtags (SQLite), read while the stage's own thread reads the posts. */
export { readRunLists };
