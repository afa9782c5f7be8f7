import type { Logger } from '../logger';
import type { PipelineOptions } from './options';
import type { Run } from './runs';
import { newActiveRun, stopActiveRun, type ActiveRun } from './stageExecution';

/**
 * The worker side of one process: the runs it is executing, the polling loop that calls the Pipeline's `tick`
 * (sleeping `pollMs` when idle, woken at once when this process queues a run or a slot frees up), the
 * `concurrency` limit, and a graceful stop. What a tick does (periodic tasks, recovery, claiming) is the
 * Pipeline's; how one run executes is stageExecution.ts's.
 */
export class WorkerLoop {
  /** Runs this process is executing, by id (cancel stops them at once; recovery leaves them alone). */
  readonly active = new Map<string, ActiveRun>();
  private loopPromise: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly logger: Logger,
    private readonly options: Pick<PipelineOptions, 'pollMs' | 'concurrency' | 'shutdownGraceMs'>,
    /** One pass of the worker; answers how many runs it claimed. */
    private readonly tick: () => Promise<number>,
  ) {}

  /** Lets ticks claim again after a stop (a stopped Pipeline can be started again). */
  reopen(): void {
    this.stopping = false;
  }

  /** Starts the polling loop unless it runs already. */
  startLoop(): void {
    if (!this.loopPromise) this.loopPromise = this.loop();
  }

  /** Whether a tick may claim another run now: not stopping, and below `concurrency`. */
  hasRoom(): boolean {
    return !this.stopping && this.active.size < this.options.concurrency;
  }

  /** Starts executing a claimed run and tracks it until it ends; a freed slot wakes the loop to claim the next. */
  track(run: Run, execute: (active: ActiveRun) => Promise<void>): ActiveRun {
    const active = newActiveRun(run);
    this.active.set(run.id, active);
    active.done = execute(active)
      .catch((error: unknown) => this.logger.error({ err: error, runId: run.id }, 'pipeline run bookkeeping failed'))
      .finally(() => {
        this.active.delete(run.id);
        this.wakeUp();
      });
    return active;
  }

  /** Ends the loop's current sleep, if it is sleeping. */
  wakeUp(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  /**
   * Stops the loop. Runs in progress are aborted ('shutdown': they go back to the queue); a stage that ignores its
   * signal for `shutdownGraceMs` is left to crash recovery, so a stuck stage cannot hang the process's exit.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeUp();
    for (const active of this.active.values()) stopActiveRun(active, 'shutdown');
    const all = Promise.allSettled([...this.active.values()].map((a) => a.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((resolve) => { timer = setTimeout(resolve, this.options.shutdownGraceMs); })]);
    clearTimeout(timer);
    await this.loopPromise;
    this.loopPromise = null;
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let claimed = 0;
      try {
        claimed = await this.tick();
      } catch (error) {
        // A failing tick (database briefly unreachable) must not end the worker: the next poll tries again.
        this.logger.error({ err: error }, 'pipeline worker tick failed');
      }
      if (this.stopping) break;
      // Claimed something and still has room: the queue may hold more, so look again without sleeping.
      if (claimed > 0 && this.active.size < this.options.concurrency) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => { this.wake = null; resolve(); }, this.options.pollMs);
        this.wake = () => { clearTimeout(timer); resolve(); };
      });
    }
  }
}
