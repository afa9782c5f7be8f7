import { describe, expect, it } from 'vitest';
import { runInWorker } from './workerThread';

const fixture = new URL('./testing/workerFixture.ts', import.meta.url);

describe('runInWorker', () => {
  it('runs an exported function of a TypeScript module (with its own imports) in a worker and answers its value', async () => {
    await expect(runInWorker(fixture, 'squareSum', { values: [1, 2, 3] })).resolves.toEqual({ total: 14 });
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
