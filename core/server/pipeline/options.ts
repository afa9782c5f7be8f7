import { z } from 'zod';

/** How this process takes part in the pipeline. Documented in core/server/pipeline/README.md. */
export interface PipelineOptions {
  /** Run a worker loop in this process. Off for API-only processes (PostgreSQL deployments scale them apart). */
  worker: boolean;
  /** How often an idle worker looks for queued runs; a run queued by this process wakes it at once. */
  pollMs: number;
  /** How often a running run's heartbeat is written (and a cancel request noticed). */
  heartbeatMs: number;
  /** A RUNNING run whose heartbeat is older than this belongs to a dead worker (PostgreSQL: many processes). */
  staleAfterMs: number;
  /** Claims of one run before an interrupted run is marked FAILED instead of resumed again. */
  maxAttempts: number;
  /** Runs executed at once by this process (always 1 on SQLite: one writer). */
  concurrency: number;
  /** How long `stop()` waits for a running stage to notice its abort signal before giving up on it. */
  shutdownGraceMs: number;
}

export const DEFAULT_PIPELINE_OPTIONS: PipelineOptions = {
  worker: true,
  pollMs: 1000,
  heartbeatMs: 5000,
  staleAfterMs: 60_000,
  maxAttempts: 3,
  concurrency: 1,
  shutdownGraceMs: 10_000,
};

const envSchema = z.object({
  NARRASCOPE_PIPELINE_WORKER: z.enum(['on', 'off']).optional(),
  NARRASCOPE_PIPELINE_POLL_MS: z.coerce.number().int().min(10).optional(),
  NARRASCOPE_PIPELINE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  NARRASCOPE_PIPELINE_STALE_AFTER_MS: z.coerce.number().int().min(1000).optional(),
  NARRASCOPE_PIPELINE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).optional(),
});

/** Options from the environment (NARRASCOPE_PIPELINE_*), over the defaults. */
export function pipelineOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): PipelineOptions {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid pipeline configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return {
    ...DEFAULT_PIPELINE_OPTIONS,
    ...(e.NARRASCOPE_PIPELINE_WORKER ? { worker: e.NARRASCOPE_PIPELINE_WORKER === 'on' } : {}),
    ...(e.NARRASCOPE_PIPELINE_POLL_MS ? { pollMs: e.NARRASCOPE_PIPELINE_POLL_MS } : {}),
    ...(e.NARRASCOPE_PIPELINE_CONCURRENCY ? { concurrency: e.NARRASCOPE_PIPELINE_CONCURRENCY } : {}),
    ...(e.NARRASCOPE_PIPELINE_STALE_AFTER_MS ? { staleAfterMs: e.NARRASCOPE_PIPELINE_STALE_AFTER_MS } : {}),
    ...(e.NARRASCOPE_PIPELINE_MAX_ATTEMPTS ? { maxAttempts: e.NARRASCOPE_PIPELINE_MAX_ATTEMPTS } : {}),
  };
}
