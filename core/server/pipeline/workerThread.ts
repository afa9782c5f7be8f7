import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Runs one exported function of a TypeScript module in a worker thread, so a CPU-heavy analysis (topic
 * clustering, coordination detection, NLP) does not stall the API and the pipeline's heartbeats.
 *
 * Workers register tsx's loader themselves: neither `npm start` (tsx) nor Vitest hand their TypeScript loader to
 * worker threads. Loading the loader and an analysis module costs about a second of CPU, so finished workers wait
 * in a small pool (their module cache warm) and are reused by the next call; an idle worker exits after
 * `IDLE_MS` and never keeps the process alive. Input and output cross the thread boundary by structured clone:
 * pass plain data (arrays, objects, typed arrays), not class instances or functions.
 *
 * `runInWorker` uses one shared pool without a thread limit; a `WorkerPool` of one's own sets a limit, keeps a
 * thread warm for good, and with `timeoutMs` stops a call that runs too long (the local archive's query threads,
 * plugins/posts/server/collect/localArchive.ts).
 */
export interface WorkerCallOptions {
  signal?: AbortSignal;
  transferList?: ArrayBuffer[];
  /**
   * false: the worker exits once it has answered instead of waiting in the pool. A worker keeps the heap of its
   * last call while it waits, so after a very large job the caller's next phase (writing the result) would run
   * next to a heap it no longer needs; the next call then pays the worker's start-up instead.
   */
  keepWarm?: boolean;
  /**
   * How long the function may run, counted from the moment the thread starts it (its module loaded, so a thread's
   * start-up is not counted); past it the thread is terminated and the call rejects with `WorkerTimeoutError`. A
   * call that finds the pool at `maxThreads` also waits at most this long for a thread.
   */
  timeoutMs?: number;
}

/** A call ran (or waited for a thread) past its `timeoutMs`. */
export class WorkerTimeoutError extends Error {
  constructor(readonly timeoutMs: number, readonly waiting: boolean) {
    super(waiting ? `no worker thread was free within ${timeoutMs} ms` : `the worker ran past its ${timeoutMs} ms`);
    this.name = 'WorkerTimeoutError';
  }
}

/** Where a call's thread comes from: a pool's limits (see `WorkerPool`). */
export interface WorkerPoolOptions {
  /** Threads alive at once: working, parked, or still stopping after an abort. A call beyond it waits for one. */
  maxThreads?: number;
  /** How long a finished thread waits for the next call before it exits. */
  idleMs?: number;
  /** This many parked threads never time out: the next call finds one warm (its modules and state loaded). */
  keepIdle?: number;
}

/**
 * Threads that run calls, one at a time each. A call takes a parked thread or starts one; past `maxThreads` it
 * waits (its signal still aborts the wait). An aborted call terminates its thread, which counts against
 * `maxThreads` until it has exited: a thread inside a long native call (a SQLite statement) stops only when that
 * call returns to JavaScript, and meanwhile still uses a core.
 */
export class WorkerPool {
  private readonly idle: PooledWorker[] = [];
  private readonly waiting: Waiter[] = [];
  private live = 0;
  private readonly maxThreads: number;
  private readonly idleMs: number;
  private readonly keepIdle: number;

  constructor(opts: WorkerPoolOptions = {}) {
    this.maxThreads = opts.maxThreads ?? Infinity;
    this.idleMs = opts.idleMs ?? IDLE_MS;
    this.keepIdle = opts.keepIdle ?? 0;
  }

  /** Threads alive now (working, parked or stopping). */
  get threads(): number {
    return this.live;
  }

  async run<I, O>(moduleUrl: URL | string, exportName: string, input: I, opts: WorkerCallOptions = {}): Promise<O> {
    opts.signal?.throwIfAborted();
    const worker = this.idle.pop() ?? (this.live < this.maxThreads ? this.spawn() : await this.waitForThread(opts.signal, opts.timeoutMs));
    clearTimeout(worker.idleTimer);
    worker.thread.ref();
    const id = ++lastCallId;
    const answer = this.answerOf<O>(worker, id, exportName, opts);
    // Posted here rather than from a closure: the listeners waiting for the answer must not keep the input alive, so
    // a caller that lets go of a large input (hundreds of MB for a million posts) frees it while the worker runs.
    worker.thread.postMessage({ id, moduleUrl: String(moduleUrl), exportName, input }, opts.transferList ?? []);
    return answer;
  }

  private answerOf<O>(worker: PooledWorker, id: number, exportName: string, opts: WorkerCallOptions): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      let settled = false;
      let timer: NodeJS.Timeout | undefined;
      const settle = (fn: () => void, reusable: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        worker.thread.off('message', onMessage);
        worker.thread.off('error', onError);
        worker.thread.off('exit', onExit);
        if (reusable) this.park(worker);
        else void worker.thread.terminate();
        fn();
      };
      const onAbort = () => settle(() => reject(opts.signal?.reason ?? new Error('aborted')), false);
      const onMessage = (message: Reply<O>) => {
        if (message.id !== id) return;
        if ('started' in message) {
          const ms = opts.timeoutMs;
          if (ms !== undefined) timer = setTimeout(() => settle(() => reject(new WorkerTimeoutError(ms, false)), false), ms);
          return;
        }
        const reusable = opts.keepWarm !== false;
        if (message.ok) settle(() => resolve(message.value), reusable);
        else settle(() => reject(Object.assign(new Error(message.error), { stack: message.stack ?? message.error })), reusable);
      };
      const onError = (error: Error) => settle(() => reject(error), false);
      const onExit = (code: number) => settle(() => reject(new Error(`worker for '${exportName}' exited with code ${code} before answering`)), false);
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      worker.thread.on('message', onMessage);
      worker.thread.once('error', onError);
      worker.thread.once('exit', onExit);
    });
  }

  private spawn(): PooledWorker {
    const worker: PooledWorker = { thread: new Worker(BOOTSTRAP, { eval: true, workerData: { tsxApi: tsxApiUrl() } }) };
    this.live++;
    // A worker that dies while parked (out of memory, terminated) just leaves the pool; its place goes to a waiting call.
    worker.thread.on('exit', () => {
      this.live--;
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      const next = this.waiting.shift();
      if (next) next.give(this.spawn());
    });
    return worker;
  }

  private waitForThread(signal: AbortSignal | undefined, timeoutMs: number | undefined): Promise<PooledWorker> {
    return new Promise<PooledWorker>((resolve, reject) => {
      const leave = (error: unknown) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(error);
      };
      const onAbort = () => leave(signal?.reason ?? new Error('aborted'));
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => leave(new WorkerTimeoutError(timeoutMs, true)), timeoutMs);
      const waiter: Waiter = {
        give: (worker) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(worker);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private park(worker: PooledWorker): void {
    const next = this.waiting.shift();
    if (next) {
      next.give(worker);
      return;
    }
    worker.thread.unref();
    worker.idleTimer = setTimeout(() => {
      // The last `keepIdle` parked threads stay (without a timer) until a call takes them.
      if (this.idle.length <= this.keepIdle) return;
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      void worker.thread.terminate();
    }, this.idleMs);
    worker.idleTimer.unref();
    this.idle.push(worker);
  }
}

/** How long a finished worker waits for the next call before it exits. */
export const IDLE_MS = 30_000;

type Reply<O> = { id: number; started: true } | { id: number; ok: true; value: O } | { id: number; ok: false; error: string; stack?: string };
interface PooledWorker { thread: Worker; idleTimer?: NodeJS.Timeout }
interface Waiter { give(worker: PooledWorker): void }

let lastCallId = 0;

/** The pool of `runInWorker`: no limit on threads, each parked for `IDLE_MS`. */
const analysisPool = new WorkerPool({ idleMs: IDLE_MS });

export async function runInWorker<I, O>(moduleUrl: URL | string, exportName: string, input: I, opts: WorkerCallOptions = {}): Promise<O> {
  return analysisPool.run(moduleUrl, exportName, input, opts);
}

let cachedTsxApi: string | null = null;
function tsxApiUrl(): string {
  // The ESM build of tsx's API (its CommonJS build cannot register the ESM loader from an eval'd worker).
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  cachedTsxApi ??= pathToFileURL(path.join(path.dirname(packageJson), 'dist/esm/api/index.mjs')).href;
  return cachedTsxApi;
}

/**
 * The worker's answer may hand over array buffers instead of copying them (issue 19: the coordination stage's
 * evidence columns, hundreds of MB at 5M posts, were cloned next to the worker's own copy): `transferOnReply(value,
 * buffers)` marks the returned value; the marker is a symbol-keyed property, which the structured clone leaves out.
 */
const TRANSFER_ON_REPLY = 'narrascope.workerTransfer';
export function transferOnReply<T extends object>(value: T, buffers: ArrayBuffer[]): T {
  Object.defineProperty(value, Symbol.for(TRANSFER_ON_REPLY), { value: buffers, enumerable: false });
  return value;
}

/** The nice value of pooled threads (19: the lowest priority; an unprivileged process may always lower its own). */
export const WORKER_NICE = 19;

// CommonJS (eval'd workers are scripts); dynamic import() brings in tsx's ESM loader once, then each call's module
// (cached by the module loader for the next call).
const BOOTSTRAP = `
const { parentPort, workerData } = require('node:worker_threads');
// Analysis and query threads yield the CPU to the API's event loop: on Linux the nice value is per thread, set on
// the thread's own id, so a hostile preview or a long detection on a 2-core machine never delays a page or a health
// check while the API has work (an idle API leaves them every core). Elsewhere it stays at the process's priority.
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) require('node:os').setPriority(tid, ${WORKER_NICE});
} catch {}
const ready = import(workerData.tsxApi).then(({ register }) => register());
const modules = new Map();
parentPort.on('message', async ({ id, moduleUrl, exportName, input }) => {
  try {
    await ready;
    // Kept: import() of a loaded module still asks the loader hooks (a round trip to their thread, ~0.3 ms).
    let mod = modules.get(moduleUrl);
    if (!mod) {
      mod = await import(moduleUrl);
      modules.set(moduleUrl, mod);
    }
    const fn = mod[exportName];
    if (typeof fn !== 'function') throw new Error("module " + moduleUrl + " has no exported function '" + exportName + "'");
    parentPort.postMessage({ id, started: true });
    const value = await fn(input);
    const transfer = value !== null && typeof value === 'object' ? value[Symbol.for('${TRANSFER_ON_REPLY}')] : undefined;
    parentPort.postMessage({ id, ok: true, value }, Array.isArray(transfer) ? transfer : []);
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error && error.message ? error.message : String(error), stack: error && error.stack });
  }
});
`;
