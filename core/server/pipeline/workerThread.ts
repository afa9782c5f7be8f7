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
}

export async function runInWorker<I, O>(moduleUrl: URL | string, exportName: string, input: I, opts: WorkerCallOptions = {}): Promise<O> {
  opts.signal?.throwIfAborted();
  const worker = idle.pop() ?? spawn();
  clearTimeout(worker.idleTimer);
  worker.thread.ref();
  const id = ++lastCallId;
  const answer = answerOf<O>(worker, id, exportName, opts);
  // Posted here rather than from a closure: the listeners waiting for the answer must not keep the input alive, so
  // a caller that lets go of a large input (hundreds of MB for a million posts) frees it while the worker runs.
  worker.thread.postMessage({ id, moduleUrl: String(moduleUrl), exportName, input }, opts.transferList ?? []);
  return answer;
}

function answerOf<O>(worker: PooledWorker, id: number, exportName: string, opts: WorkerCallOptions): Promise<O> {
  return new Promise<O>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void, reusable: boolean) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      worker.thread.off('message', onMessage);
      worker.thread.off('error', onError);
      worker.thread.off('exit', onExit);
      if (reusable) park(worker);
      else void worker.thread.terminate();
      fn();
    };
    const onAbort = () => settle(() => reject(opts.signal?.reason ?? new Error('aborted')), false);
    const onMessage = (message: Reply<O>) => {
      if (message.id !== id) return;
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

/** How long a finished worker waits for the next call before it exits. */
export const IDLE_MS = 30_000;

type Reply<O> = { id: number; ok: true; value: O } | { id: number; ok: false; error: string; stack?: string };
interface PooledWorker { thread: Worker; idleTimer?: NodeJS.Timeout }

const idle: PooledWorker[] = [];
let lastCallId = 0;

function spawn(): PooledWorker {
  const worker: PooledWorker = { thread: new Worker(BOOTSTRAP, { eval: true, workerData: { tsxApi: tsxApiUrl() } }) };
  // A worker that dies while parked (out of memory, terminated) just leaves the pool.
  worker.thread.on('exit', () => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  });
  return worker;
}

function park(worker: PooledWorker): void {
  worker.thread.unref();
  worker.idleTimer = setTimeout(() => {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    void worker.thread.terminate();
  }, IDLE_MS);
  worker.idleTimer.unref();
  idle.push(worker);
}

let cachedTsxApi: string | null = null;
function tsxApiUrl(): string {
  // The ESM build of tsx's API (its CommonJS build cannot register the ESM loader from an eval'd worker).
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  cachedTsxApi ??= pathToFileURL(path.join(path.dirname(packageJson), 'dist/esm/api/index.mjs')).href;
  return cachedTsxApi;
}

// CommonJS (eval'd workers are scripts); dynamic import() brings in tsx's ESM loader once, then each call's module
// (cached by the module loader for the next call).
const BOOTSTRAP = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = import(workerData.tsxApi).then(({ register }) => register());
parentPort.on('message', async ({ id, moduleUrl, exportName, input }) => {
  try {
    await ready;
    const mod = await import(moduleUrl);
    const fn = mod[exportName];
    if (typeof fn !== 'function') throw new Error("module " + moduleUrl + " has no exported function '" + exportName + "'");
    const value = await fn(input);
    parentPort.postMessage({ id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: error && error.message ? error.message : String(error), stack: error && error.stack });
  }
});
`;
