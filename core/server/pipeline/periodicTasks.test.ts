import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { PeriodicTasks } from './periodicTasks';

describe('periodic tasks', () => {
  it('a task is due once its interval has passed since it last ran; force runs every task now', async () => {
    const tasks = new PeriodicTasks(createLogger('silent'));
    const calls: number[] = [];
    tasks.add({ id: 'count', intervalMs: 1000, run: async (now) => { calls.push(now.getTime()); } });
    await tasks.runDue(new Date(10_000), false);
    await tasks.runDue(new Date(10_999), false);
    await tasks.runDue(new Date(11_000), false);
    await tasks.runDue(new Date(11_001), true);
    expect(calls).toEqual([10_000, 11_000, 11_001]);
    // Forcing counts as running: the interval starts again from there.
    await tasks.runDue(new Date(12_000), false);
    expect(calls).toEqual([10_000, 11_000, 11_001]);
  });

  it('a failing task neither stops the others nor stays due before its interval', async () => {
    const tasks = new PeriodicTasks(createLogger('silent'));
    let broken = 0;
    const ran: string[] = [];
    tasks.add({ id: 'broken', intervalMs: 1000, run: async () => { broken += 1; throw new Error('nope'); } });
    tasks.add({ id: 'fine', intervalMs: 1000, run: async () => { ran.push('fine'); } });
    await tasks.runDue(new Date(5_000), false);
    await tasks.runDue(new Date(5_500), false);
    expect([broken, ran]).toEqual([1, ['fine']]);
  });

  it('refuses a second task under one id until the first is disposed of', async () => {
    const tasks = new PeriodicTasks(createLogger('silent'));
    const dispose = tasks.add({ id: 'scheduler', intervalMs: 1, run: async () => undefined });
    expect(() => tasks.add({ id: 'scheduler', intervalMs: 1, run: async () => undefined })).toThrow("Periodic task 'scheduler' is already registered");
    dispose();
    let ran = false;
    tasks.add({ id: 'scheduler', intervalMs: 1, run: async () => { ran = true; } });
    await tasks.runDue(new Date(1_000), false);
    expect(ran).toBe(true);
  });
});
