import { describe, expect, it } from 'vitest';
import { WORKER_NICE, WorkerPool, WorkerTimeoutError, runInWorker } from './workerThread';

const fixture = new URL('./testing/workerFixture.ts', import.meta.url);

describe('runInWorker', () => {
  it('runs an exported function of a TypeScript module (with its own imports) in a worker and answers its value', async () => {
    await expect(runInWorker(fixture, 'squareSum', { values: [1, 2, 3] })).resolves.toEqual({ total: 14 });
  });

  it('runs its threads at the lowest CPU priority, the API thread keeping its own', async () => {
    const { niceness } = await import('./testing/workerFixture');
    const before = await niceness();
    await expect(runInWorker(fixture, 'niceness', {})).resolves.toBe(WORKER_NICE);
    expect(await niceness()).toBe(before);
  });

  it('hands over the buffers an answer marks with transferOnReply instead of copying them', async () => {
    const answer = await runInWorker<{ n: number }, { values: Float64Array }>(fixture, 'handOver', { n: 1000 });
    expect(Object.keys(answer)).toEqual(['values']);
    expect(Object.getOwnPropertySymbols(answer)).toEqual([]);
    expect(answer.values.length).toBe(1000);
    expect(answer.values[999]).toBe(999 * 1.5);
    // the same (parked) thread: its column was detached by the transfer
    await expect(runInWorker(fixture, 'handedOverBytes', {})).resolves.toBe(0);
  });

  it('rejects with the error the function threw', async () => {
    await expect(runInWorker(fixture, 'failing', { message: 'engine broke' })).rejects.toThrow('engine broke');
  });

  it('rejects naming a missing export', async () => {
    await expect(runInWorker(fixture, 'nope', {})).rejects.toThrow("has no exported function 'nope'");
  });

  it('reuses a finished worker for the next call, and not one that was aborted', async () => {
    const first = await runInWorker<unknown, number>(fixture, 'whoAmI', {});
    const second = await runInWorker<unknown, number>(fixture, 'whoAmI', {});
    expect(second).toBe(first);
    const [a, b] = await Promise.all([runInWorker<unknown, number>(fixture, 'whoAmI', {}), runInWorker<unknown, number>(fixture, 'whoAmI', {})]);
    expect(a).not.toBe(b);
  });

  it('with keepWarm: false the worker exits after answering, so the next call gets a new one', async () => {
    const cold = await runInWorker<unknown, number>(fixture, 'whoAmI', {}, { keepWarm: false });
    const next = await runInWorker<unknown, number>(fixture, 'whoAmI', {});
    expect(next).not.toBe(cold);
    // the default still parks it
    expect(await runInWorker<unknown, number>(fixture, 'whoAmI', {})).toBe(next);
  });

  it('stops a busy worker when the signal aborts', async () => {
    const parked = await runInWorker<unknown, number>(fixture, 'whoAmI', {});
    const controller = new AbortController();
    const started = Date.now();
    const run = runInWorker(fixture, 'spin', { ms: 20_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('run cancelled')), 200);
    await expect(run).rejects.toThrow('run cancelled');
    expect(Date.now() - started).toBeLessThan(10_000);
    // The aborted worker was terminated, so it is not the one that answers next.
    expect(await runInWorker<unknown, number>(fixture, 'whoAmI', {})).not.toBe(parked);
  });
});

describe('WorkerPool', () => {
  const whoAmI = (pool: WorkerPool, opts = {}) => pool.run<unknown, number>(fixture, 'whoAmI', {}, opts);

  it('stops a call past timeoutMs (counted from the start of the function, not the thread\'s start-up)', async () => {
    const pool = new WorkerPool({ maxThreads: 1 });
    // A cold thread takes far longer than 50 ms to load tsx and the module: not counted.
    await expect(pool.run(fixture, 'squareSum', { values: [2] }, { timeoutMs: 50 })).resolves.toEqual({ total: 4 });
    const first = await whoAmI(pool);
    const started = Date.now();
    const error = await pool.run(fixture, 'spin', { ms: 20_000 }, { timeoutMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTimeoutError);
    expect(error).toMatchObject({ timeoutMs: 100, waiting: false });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await whoAmI(pool)).not.toBe(first);
  });

  it('at maxThreads a call waits for a free thread, at most timeoutMs', async () => {
    const pool = new WorkerPool({ maxThreads: 1 });
    const busy = await whoAmI(pool);
    const spinning = pool.run(fixture, 'spin', { ms: 600 });
    const waited = await pool.run(fixture, 'spin', { ms: 0 }, { timeoutMs: 100 }).catch((e: unknown) => e);
    expect(waited).toMatchObject({ name: 'WorkerTimeoutError', waiting: true });
    // Without a limit the next call gets the same thread once it is free.
    const [, next] = await Promise.all([spinning, whoAmI(pool)]);
    expect(next).toBe(busy);
    expect(pool.threads).toBe(1);
  });

  it('keeps keepIdle parked threads past idleMs; others exit', async () => {
    const kept = new WorkerPool({ idleMs: 50, keepIdle: 1 });
    const dropped = new WorkerPool({ idleMs: 50 });
    const [a, b] = [await whoAmI(kept), await whoAmI(dropped)];
    await new Promise((resolve) => setTimeout(resolve, 400));
    // A thread's exit is asynchronous: on a loaded machine it can come well after idleMs.
    await expect.poll(() => dropped.threads, { timeout: 15_000 }).toBe(0);
    expect(kept.threads).toBe(1);
    expect(await whoAmI(kept)).toBe(a);
    expect(await whoAmI(dropped)).not.toBe(b);
  });
});
