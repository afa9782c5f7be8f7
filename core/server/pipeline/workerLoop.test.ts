import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { nowIso } from '../storage/database';
import { newRunRow } from './queue';
import { runFromRow, type Run } from './runs';
import type { ActiveRun, RunStopped } from './stageExecution';
import { runRequest } from './testing/runRequest';
import { WorkerLoop } from './workerLoop';

const logger = createLogger('silent');
const loops: WorkerLoop[] = [];
afterEach(async () => { for (const l of loops.splice(0)) await l.stop(); });

function workerLoop(tick: () => Promise<number>, over: Partial<{ pollMs: number; concurrency: number; shutdownGraceMs: number }> = {}) {
  const loop = new WorkerLoop(logger, { pollMs: 60_000, concurrency: 2, shutdownGraceMs: 10_000, ...over }, tick);
  loops.push(loop);
  return loop;
}

const aRun = (): Run => runFromRow(newRunRow(runRequest(), null, nowIso()));

/** An execution that ends when its run is stopped, as a well-behaved stage does. */
const untilAborted = (active: ActiveRun) => new Promise<void>((r) => { active.controller.signal.addEventListener('abort', () => r()); });

describe('the worker loop', () => {
  it('ticks at once, then sleeps until woken (a run queued by this process does not wait for the poll)', async () => {
    let ticks = 0;
    const loop = workerLoop(async () => { ticks += 1; return 0; });
    loop.startLoop();
    await expect.poll(() => ticks).toBe(1);
    await new Promise((r) => setTimeout(r, 50));
    expect(ticks).toBe(1); // pollMs is a minute
    loop.wakeUp();
    await expect.poll(() => ticks).toBe(2);
  });

  it('keeps ticking while failing ticks throw', async () => {
    let ticks = 0;
    const loop = workerLoop(async () => { ticks += 1; throw new Error('database unreachable'); }, { pollMs: 10 });
    loop.startLoop();
    await expect.poll(() => ticks).toBeGreaterThanOrEqual(3);
  });

  it('has room below concurrency, frees a slot when a run ends, and none once stopping', async () => {
    const loop = workerLoop(async () => 0);
    let finish!: () => void;
    const first = loop.track(aRun(), () => new Promise<void>((r) => { finish = r; }));
    expect(loop.hasRoom()).toBe(true);
    loop.track(aRun(), async () => undefined);
    loop.track(aRun(), untilAborted);
    expect(loop.hasRoom()).toBe(false);
    finish();
    await first.done;
    expect(loop.active.has(first.run.id)).toBe(false);
    expect(loop.hasRoom()).toBe(true);
    const stopping = loop.stop();
    expect(loop.hasRoom()).toBe(false);
    loop.reopen();
    expect(loop.hasRoom()).toBe(true);
    await stopping;
  });

  it('a run whose execution throws is logged and untracked, not left holding a slot', async () => {
    const loop = workerLoop(async () => 0);
    const active = loop.track(aRun(), async () => { throw new Error('bookkeeping broke'); });
    await active.done;
    expect(loop.active.size).toBe(0);
  });

  it('stop aborts running runs for shutdown and waits at most shutdownGraceMs for one that ignores it', async () => {
    const loop = workerLoop(async () => 0, { shutdownGraceMs: 100 });
    const polite = loop.track(aRun(), untilAborted);
    const stuck = loop.track(aRun(), () => new Promise<void>(() => undefined));
    const started = Date.now();
    await loop.stop();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((polite.controller.signal.reason as RunStopped).reason).toBe('shutdown');
    expect(loop.active.has(polite.run.id)).toBe(false);
    // Left to crash recovery: still this process's as far as the loop knows.
    expect(loop.active.has(stuck.run.id)).toBe(true);
  });
});
