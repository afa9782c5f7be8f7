/**
 * The parse thread of a large JSON-lines import: it splits the file's bytes into lines and parses, maps,
 * normalises and prepares them (parseChunk.ts) while the importing thread writes the batches before them, so the two
 * halves of an import (about equal in CPU, docs/benchmarks.md issue 19) run on two cores instead of one after the
 * other. Messages are answered in the order they were sent (one thread, one at a time), their posts packed as one
 * flat array of primitives.
 *
 * The thread registers tsx's loader itself, as core's worker pool does (core/server/pipeline/workerThread.ts), and
 * is not that pool's: its threads run at the lowest priority so that an analysis never delays the API, but an
 * import is an operator's foreground job whose writes wait for this thread.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { unpackPrepared } from '@core/server/postStore/prepared';
import type { BytesMessage, PackedChunk, ParsedChunk } from './parseChunk';

const BOOTSTRAP = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.tsxApi)
  .then(({ register }) => { register(); return import(workerData.moduleUrl); })
  .then((mod) => {
    parentPort.on('message', ({ id, message }) => {
      try {
        parentPort.postMessage({ id, ok: true, value: mod.parseBytes(message) });
      } catch (error) {
        parentPort.postMessage({ id, ok: false, error: error && error.message ? error.message : String(error) });
      }
    });
    parentPort.postMessage({ ready: true });
  })
  .catch((error) => parentPort.postMessage({ failed: error && error.message ? error.message : String(error) }));
`;

function tsxApiUrl(): string {
  // The ESM build of tsx's API (its CommonJS build cannot register the ESM loader from an eval'd worker).
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  return pathToFileURL(path.join(path.dirname(packageJson), 'dist/esm/api/index.mjs')).href;
}

type Reply = { ready: true } | { failed: string } | { id: number; ok: true; value: PackedChunk } | { id: number; ok: false; error: string };

export class ParseThread {
  private readonly thread: Worker;
  private readonly pending = new Map<number, { resolve: (v: ParsedChunk) => void; reject: (e: Error) => void }>();
  private lastId = 0;
  private failure: Error | null = null;
  /** True once the thread has loaded its modules: chunks sent from then on are parsed without waiting. */
  ready = false;

  constructor() {
    const workerData = { tsxApi: tsxApiUrl(), moduleUrl: new URL('./parseChunk.ts', import.meta.url).href };
    this.thread = new Worker(BOOTSTRAP, { eval: true, workerData });
    this.thread.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        this.ready = true;
        return;
      }
      if ('failed' in reply) return this.fail(new Error(`import parse thread: ${reply.failed}`));
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve({ lines: reply.value.lines, reasons: reply.value.reasons, posts: unpackPrepared(reply.value.cells) });
      else waiter.reject(new Error(`import parse thread: ${reply.error}`));
    });
    this.thread.on('error', (error) => this.fail(error));
    this.thread.on('exit', (code) => this.fail(new Error(`import parse thread exited with code ${code}`)));
  }

  /** Sends bytes of the file; answers the records of the lines that end in them (answered in the order sent). */
  parse(message: BytesMessage): Promise<ParsedChunk> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.thread.postMessage({ id, message });
    });
  }

  async close(): Promise<void> {
    this.fail(new Error('import parse thread closed'));
    await this.thread.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const [id, waiter] of this.pending) {
      this.pending.delete(id);
      waiter.reject(error);
    }
  }
}
