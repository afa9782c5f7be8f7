import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Runs one exported function of a TypeScript module in a worker thread, so a CPU-heavy analysis (topic
 * clustering, coordination detection, NLP) does not stall the API and the pipeline's heartbeats.
 *
 * The worker registers tsx's loader itself: neither `npm start` (tsx) nor Vitest hand their TypeScript loader to
 * worker threads. Input and output cross the thread boundary by structured clone, so pass plain data (arrays,
 * objects, typed arrays), not class instances or functions.
 */
export async function runInWorker<I, O>(
  moduleUrl: URL | string,
  exportName: string,
  input: I,
  opts: { signal?: AbortSignal; transferList?: ArrayBuffer[] } = {},
): Promise<O> {
  opts.signal?.throwIfAborted();
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { tsxApi: tsxApiUrl(), moduleUrl: String(moduleUrl), exportName, input },
    transferList: opts.transferList,
  });
  return new Promise<O>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      settle(() => reject(opts.signal?.reason ?? new Error('aborted')));
      void worker.terminate();
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (message: { ok: true; value: O } | { ok: false; error: string; stack?: string }) => {
      settle(() => {
        if (message.ok) resolve(message.value);
        else reject(Object.assign(new Error(message.error), { stack: message.stack ?? message.error }));
      });
      void worker.terminate();
    });
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`worker for '${exportName}' exited with code ${code} before answering`))));
  });
}

let cachedTsxApi: string | null = null;
function tsxApiUrl(): string {
  // The ESM build of tsx's API (its CommonJS build cannot register the ESM loader from an eval'd worker).
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  cachedTsxApi ??= pathToFileURL(path.join(path.dirname(packageJson), 'dist/esm/api/index.mjs')).href;
  return cachedTsxApi;
}

// CommonJS (eval'd workers are scripts); dynamic import() brings in tsx's ESM loader, then the module.
const BOOTSTRAP = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  try {
    const { register } = await import(workerData.tsxApi);
    register();
    const mod = await import(workerData.moduleUrl);
    const fn = mod[workerData.exportName];
    if (typeof fn !== 'function') throw new Error("module " + workerData.moduleUrl + " has no exported function '" + workerData.exportName + "'");
    const value = await fn(workerData.input);
    parentPort.postMessage({ ok: true, value });
  } catch (error) {
    parentPort.postMessage({ ok: false, error: error && error.message ? error.message : String(error), stack: error && error.stack });
  }
})();
`;
