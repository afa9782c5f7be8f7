import type { Logger } from '../logger';

/** A job the worker loop runs now and then (the continuous-conversation scheduler). Must be safe to run from
 * several processes at once: it decides with conditional writes, not with what it read. */
export interface PeriodicTask {
  id: string;
  intervalMs: number;
  run: (now: Date) => Promise<void>;
}

/** The periodic tasks of one Pipeline, and when each last ran (in this process only: see PeriodicTask). */
export class PeriodicTasks {
  private readonly tasks = new Map<string, PeriodicTask & { lastRun: number }>();

  constructor(private readonly logger: Logger) {}

  /** Registers a task (ids are unique: two schedulers under one id would be a plugin bug). Returns a disposer. */
  add(task: PeriodicTask): () => void {
    if (this.tasks.has(task.id)) throw new Error(`Periodic task '${task.id}' is already registered`);
    this.tasks.set(task.id, { ...task, lastRun: 0 });
    return () => { this.tasks.delete(task.id); };
  }

  /**
   * Runs every task whose interval has passed since it last ran (or all with `force`), one after another. A
   * failing task is logged and does not stop the others or the worker loop; it is due again after its interval.
   */
  async runDue(now: Date, force: boolean): Promise<void> {
    for (const task of this.tasks.values()) {
      if (!force && now.getTime() - task.lastRun < task.intervalMs) continue;
      task.lastRun = now.getTime();
      try {
        await task.run(now);
      } catch (error) {
        this.logger.error({ err: error, task: task.id }, 'periodic pipeline task failed');
      }
    }
  }
}
